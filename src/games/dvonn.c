/* dvonn.c -- DVONN (Kris Burm) behind struct game_ops: rules.md section 1.
 *
 * Board: the 49 cells in rules.md index order (A1=0 .. K5=48), one bit each
 * in a uint64_t; geometry comes from the generated tables in dvonn_tables.h.
 * The hot data are bitboards (occupied, white-topped, black-topped, holding
 * a DVONN piece) plus one height byte per cell.  The exact composition of
 * every stack, needed only by the position string, is kept as linked lists
 * of the 49 original pieces (each piece knows the piece above it, each cell
 * its bottom and top piece), so a stacking move links two lists in O(1).
 *
 * Move encoding (move_t): bits 0-5 the cell (placement) or the origin,
 * bits 6-11 the destination, bits 12-13 the kind (1 place, 2 stack,
 * 3 pass).  The kind is never 0, so no move equals MOVE_NONE.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/rng.h"
#include "core/zobrist.h"
#include "games/dvonn_tables.h"
#include "games/games.h"

enum {
    NCELLS = 49,
    NRED = 3,
    NWHITE = 23,
    NBLACK = 23,
    FIRST_WHITE = NRED,              /* piece ids: 0-2 red, 3-25 white, */
    FIRST_BLACK = NRED + NWHITE,     /* 26-48 black                     */
    NO_PIECE = 0xFF,
    MAX_MOVES = 138,                 /* <= 23 own-topped stacks x 6 dirs */
    MAX_PLIES = 145                  /* 49 placements + 48 moves + 48 passes */
};

/* Colours of pieces and stack tops; WHITE and BLACK equal the side numbers. */
enum { WHITE = 0, BLACK = 1, RED = 2 };

enum { PHASE_PLACE = 0, PHASE_STACK = 1 };

enum { KIND_PLACE = 1, KIND_STACK = 2, KIND_PASS = 3 };

#define ALL_CELLS ((bb_t)0x1FFFFFFFFFFFFULL)
#define HASH_TAG 0xD7044E5u
#define HASH_SIDE 0x7FFFFFF0u        /* feature: Black to move      */
#define HASH_PHASE 0x7FFFFFF1u       /* feature: stacking phase     */

static const char COL_LETTERS[] = "ABCDEFGHIJK";

struct dv_state {
    bb_t occ;              /* occupied cells                             */
    bb_t own[2];           /* stacks topped by a white / black piece     */
    bb_t red;              /* stacks holding at least one DVONN piece    */
    uint64_t hash;         /* incremental Zobrist hash                   */
    uint8_t height[NCELLS];   /* stack height per cell, 0 when empty     */
    uint8_t bottom[NCELLS];   /* piece id at the bottom of each stack    */
    uint8_t top[NCELLS];      /* piece id on top of each stack           */
    uint8_t next[NCELLS];     /* per piece: the piece just above it      */
    uint8_t side;          /* side to move                               */
    uint8_t phase;         /* PHASE_PLACE or PHASE_STACK                 */
    uint8_t placed;        /* pieces placed so far (49 in phase S)       */
};

/* ---- small helpers ------------------------------------------------- */

static inline move_t mk_place(int cell)
{
    return (move_t)(KIND_PLACE << 12 | cell);
}

static inline move_t mk_stack(int from, int to)
{
    return (move_t)(KIND_STACK << 12 | to << 6 | from);
}

static inline move_t mk_pass(void)
{
    return (move_t)(KIND_PASS << 12);
}

static inline int mv_kind(move_t m)
{
    return (int)(m >> 12) & 3;
}

static inline int mv_from(move_t m)
{
    return (int)(m & 63);
}

static inline int mv_to(move_t m)
{
    return (int)(m >> 6) & 63;
}

static inline int piece_colour(int id)
{
    return id < FIRST_WHITE ? RED : id < FIRST_BLACK ? WHITE : BLACK;
}

/* The piece the k-th placement (k = 0..48) puts down: plies 1-3 are the
 * DVONN pieces, then Black and White alternate, Black first. */
static inline int placement_piece(int k)
{
    if (k < NRED)
        return k;
    return (k & 1) ? FIRST_BLACK + (k - 3) / 2 : FIRST_WHITE + (k - 4) / 2;
}

static inline int top_colour(const struct dv_state *p, int cell)
{
    bb_t b = bb_bit(cell);
    return (p->own[WHITE] & b) ? WHITE : (p->own[BLACK] & b) ? BLACK : RED;
}

/* Zobrist key of a stack: what play and score depend on (cell, owner,
 * DVONN content, height); the inner order of pieces is not hashed. */
static inline uint64_t stack_key(int cell, int colour, int has_red, int h)
{
    uint32_t f = (uint32_t)((((cell * 3 + colour) * 2 + has_red) << 6) | h);
    return zobrist_key(HASH_TAG, f);
}

static inline uint64_t cell_key(const struct dv_state *p, int cell)
{
    return stack_key(cell, top_colour(p, cell),
                     (p->red >> cell) & 1, p->height[cell]);
}

/* The index of the cell in column c (0..10), row r (0..4), or -1. */
static int cell_at(int c, int r)
{
    static const int8_t first[5] = { 0, 0, 0, 1, 2 };
    static const int8_t last[5] = { 8, 9, 10, 10, 10 };
    static const int8_t start[5] = { 0, 9, 19, 30, 40 };
    if (r < 0 || r > 4 || c < first[r] || c > last[r])
        return -1;
    return start[r] + c - first[r];
}

static void cell_name(int cell, char out[3])
{
    out[0] = COL_LETTERS[DV_COL[cell]];
    out[1] = (char)('1' + DV_ROW[cell]);
    out[2] = '\0';
}

static inline int dest_index(int h)
{
    return h <= 10 ? h : 0;
}

/* ---- move generation ------------------------------------------------ */

/* Own stacks that are not surrounded: DV_OPEN makes perimeter stacks free. */
static inline bool can_leave(const struct dv_state *p, int s)
{
    return (DV_OPEN[s] & ~p->occ) != 0;
}

static inline bb_t targets(const struct dv_state *p, int s)
{
    return DV_DEST[s][dest_index(p->height[s])] & p->occ;
}

/* Per-byte bit counts of x (each byte of the result is 0..8).  Plain -O2
 * builds have no popcount instruction and __builtin_popcountll becomes a
 * library call, so the bulk counter adds these byte vectors instead. */
static inline uint64_t byte_counts(bb_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
}

/* The number of stacking moves of side.  Every byte of the sum stays
 * below 256 because the total is at most MAX_MOVES (138). */
static long count_stacking(const struct dv_state *p, int side)
{
    uint64_t acc = 0;
    for (bb_t m = p->own[side]; m; ) {
        int s = bb_pop(&m);
        if (can_leave(p, s))
            acc += byte_counts(targets(p, s));
    }
    return (long)((acc * 0x0101010101010101ULL) >> 56);
}

static bool has_stacking(const struct dv_state *p, int side)
{
    for (bb_t m = p->own[side]; m; ) {
        int s = bb_pop(&m);
        if (can_leave(p, s) && targets(p, s))
            return true;
    }
    return false;
}

static int gen_stacking(const struct dv_state *p, int side, move_t *out)
{
    int n = 0;
    for (bb_t m = p->own[side]; m; ) {
        int s = bb_pop(&m);
        if (!can_leave(p, s))
            continue;
        for (bb_t t = targets(p, s); t; )
            out[n++] = mk_stack(s, bb_pop(&t));
    }
    return n;
}

static int dv_gen_moves(const void *st, move_t *out)
{
    const struct dv_state *p = st;
    if (p->phase == PHASE_PLACE) {
        int n = 0;
        for (bb_t e = ALL_CELLS & ~p->occ; e; )
            out[n++] = mk_place(bb_pop(&e));
        return n;
    }
    int n = gen_stacking(p, p->side, out);
    if (n == 0 && has_stacking(p, !p->side))
        out[n++] = mk_pass();
    return n;
}

static long dv_count_moves(const void *st)
{
    const struct dv_state *p = st;
    if (p->phase == PHASE_PLACE)
        return NCELLS - p->placed;
    long n = count_stacking(p, p->side);
    if (n == 0 && has_stacking(p, !p->side))
        n = 1;
    return n;
}

/* Exactly the membership test of dv_gen_moves' list, without the list. */
static bool dv_is_legal(const void *st, move_t m)
{
    const struct dv_state *p = st;
    if (m >> 14)
        return false;
    int from = mv_from(m);
    int to = mv_to(m);
    if (p->phase == PHASE_PLACE)
        return mv_kind(m) == KIND_PLACE && to == 0 && from < NCELLS &&
               !(p->occ & bb_bit(from));
    switch (mv_kind(m)) {
    case KIND_STACK:
        return from < NCELLS && to < NCELLS &&
               (p->own[p->side] & bb_bit(from)) && can_leave(p, from) &&
               (targets(p, from) & bb_bit(to));
    case KIND_PASS:
        return from == 0 && to == 0 && !has_stacking(p, p->side) &&
               has_stacking(p, !p->side);
    default:
        return false;
    }
}

/* ---- making moves --------------------------------------------------- */

/* The occupied cells joined to a DVONN piece by a chain of stacks. */
static bb_t connected_to_dvonn(const struct dv_state *p)
{
    bb_t reached = p->red;
    bb_t todo = reached;
    while (todo) {
        int s = bb_pop(&todo);
        bb_t fresh = DV_NBR[s] & p->occ & ~reached;
        reached |= fresh;
        todo |= fresh;
    }
    return reached;
}

/* Every stack not connected to a DVONN stack leaves the game. */
static void remove_disconnected(struct dv_state *p)
{
    bb_t gone = p->occ & ~connected_to_dvonn(p);
    for (bb_t g = gone; g; ) {
        int s = bb_pop(&g);
        p->hash ^= cell_key(p, s);
        p->height[s] = 0;
    }
    p->occ &= ~gone;
    p->own[WHITE] &= ~gone;
    p->own[BLACK] &= ~gone;
}

/* Removing the stack at s can only disconnect something when s's occupied
 * neighbours do not form one contiguous arc of its ring (any path through
 * s can otherwise go round it), or when the stack carried DVONN pieces
 * away from its group. */
static bool may_disconnect(const struct dv_state *p, int s, bool had_red)
{
    if (had_red)
        return true;
    const uint8_t *ring = DV_RING[s];
    unsigned pat = 0;
    for (int i = 0; i < 6; i++)
        pat |= (unsigned)((p->occ >> ring[i]) & 1) << i;
    return DV_RUNS[pat] > 1;
}

/* The hash change of a placement on cell. */
static uint64_t place_delta(const struct dv_state *p, int cell)
{
    int colour = piece_colour(placement_piece(p->placed));
    return stack_key(cell, colour, colour == RED, 1) ^
           zobrist_key(HASH_TAG, p->placed + 1 == NCELLS ? HASH_PHASE
                                                           : HASH_SIDE);
}

/* The hash change of the stacking move s-t, before any stack it cuts off
 * is removed. */
static uint64_t stack_delta(const struct dv_state *p, int s, int t)
{
    int side = p->side;
    int hs = p->height[s];
    int ht = p->height[t];
    int red_s = (int)(p->red >> s) & 1;
    int red_t = (int)(p->red >> t) & 1;
    return stack_key(s, side, red_s, hs) ^
           stack_key(t, top_colour(p, t), red_t, ht) ^
           stack_key(t, side, red_s | red_t, hs + ht) ^
           zobrist_key(HASH_TAG, HASH_SIDE);
}

/* Exact unless the move cuts stacks off (rare). */
static uint64_t dv_hash_after(const void *st, move_t m)
{
    const struct dv_state *p = st;
    switch (mv_kind(m)) {
    case KIND_PLACE:
        return p->hash ^ place_delta(p, mv_from(m));
    case KIND_STACK:
        return p->hash ^ stack_delta(p, mv_from(m), mv_to(m));
    default:
        return p->hash ^ zobrist_key(HASH_TAG, HASH_SIDE);
    }
}

static void play_place(struct dv_state *p, int cell)
{
    int id = placement_piece(p->placed);
    int colour = piece_colour(id);
    bb_t b = bb_bit(cell);
    p->occ |= b;
    if (colour == RED)
        p->red |= b;
    else
        p->own[colour] |= b;
    p->height[cell] = 1;
    p->bottom[cell] = p->top[cell] = (uint8_t)id;
    p->next[id] = NO_PIECE;
    p->hash ^= place_delta(p, cell);
    /* White places the last piece and makes the first stacking move. */
    if (++p->placed == NCELLS)
        p->phase = PHASE_STACK;
    else
        p->side ^= 1;
}

static void play_stack(struct dv_state *p, int s, int t)
{
    int side = p->side;
    int hs = p->height[s];
    int ht = p->height[t];
    int tcol = top_colour(p, t);
    int red_s = (int)(p->red >> s) & 1;
    bb_t bs = bb_bit(s);
    bb_t bt = bb_bit(t);
    p->hash ^= stack_delta(p, s, t);
    p->next[p->top[t]] = p->bottom[s];
    p->top[t] = p->top[s];
    p->height[t] = (uint8_t)(hs + ht);
    p->height[s] = 0;
    p->occ &= ~bs;
    if (tcol != RED)
        p->own[tcol] &= ~bt;
    p->own[side] = (p->own[side] & ~bs) | bt;
    if (red_s)
        p->red = (p->red & ~bs) | bt;
    p->side = (uint8_t)!side;
    if (may_disconnect(p, s, red_s))
        remove_disconnected(p);
}

static void dv_play(void *st, move_t m)
{
    struct dv_state *p = st;
    switch (mv_kind(m)) {
    case KIND_PLACE:
        play_place(p, mv_from(m));
        break;
    case KIND_STACK:
        play_stack(p, mv_from(m), mv_to(m));
        break;
    default:
        p->side ^= 1;
        p->hash ^= zobrist_key(HASH_TAG, HASH_SIDE);
        break;
    }
}

/* ---- outcome, hash, side -------------------------------------------- */

static int side_score(const struct dv_state *p, int side)
{
    int sum = 0;
    for (bb_t m = p->own[side]; m; )
        sum += p->height[bb_pop(&m)];
    return sum;
}

static enum game_status dv_outcome(const void *st, int *margin)
{
    const struct dv_state *p = st;
    if (margin)
        *margin = 0;
    if (p->phase == PHASE_PLACE || has_stacking(p, WHITE) ||
        has_stacking(p, BLACK))
        return GAME_ONGOING;
    int diff = side_score(p, WHITE) - side_score(p, BLACK);
    if (margin)
        *margin = abs(diff);
    return diff > 0 ? GAME_WIN_FIRST : diff < 0 ? GAME_WIN_SECOND : GAME_DRAW;
}

static int dv_side_to_move(const void *st)
{
    return ((const struct dv_state *)st)->side;
}

static uint64_t dv_hash(const void *st)
{
    return ((const struct dv_state *)st)->hash;
}

static uint64_t dv_hash_full(const void *st)
{
    const struct dv_state *p = st;
    uint64_t h = 0;
    for (bb_t m = p->occ; m; )
        h ^= cell_key(p, bb_pop(&m));
    if (p->side)
        h ^= zobrist_key(HASH_TAG, HASH_SIDE);
    if (p->phase == PHASE_STACK)
        h ^= zobrist_key(HASH_TAG, HASH_PHASE);
    return h;
}

/* ---- setup ---------------------------------------------------------- */

static void clear_state(struct dv_state *p)
{
    memset(p, 0, sizeof *p);
    memset(p->next, NO_PIECE, sizeof p->next);
    memset(p->bottom, NO_PIECE, sizeof p->bottom);
    memset(p->top, NO_PIECE, sizeof p->top);
}

/* Puts piece id alone on an empty cell (setup and position strings). */
static void put_piece(struct dv_state *p, int cell, int id)
{
    int colour = piece_colour(id);
    bb_t b = bb_bit(cell);
    p->occ |= b;
    p->own[WHITE] &= ~b;
    p->own[BLACK] &= ~b;
    if (colour == RED)
        p->red |= b;
    else
        p->own[colour] |= b;
    if (p->height[cell] == 0)
        p->bottom[cell] = (uint8_t)id;
    else
        p->next[p->top[cell]] = (uint8_t)id;
    p->top[cell] = (uint8_t)id;
    p->next[id] = NO_PIECE;
    p->height[cell]++;
}

/* Reads a decimal unsigned 64-bit number, the whole string; -1 if not. */
static int parse_u64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

static void random_board(struct dv_state *p, uint64_t seed)
{
    uint8_t perm[NCELLS];
    struct rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < NCELLS; i++)
        perm[i] = (uint8_t)i;
    for (int i = NCELLS - 1; i > 0; i--) {   /* Fisher-Yates */
        int j = (int)rng_below(&r, (uint64_t)i + 1);
        uint8_t tmp = perm[i];
        perm[i] = perm[j];
        perm[j] = tmp;
    }
    for (int c = 0; c < NCELLS; c++)
        put_piece(p, c, perm[c]);
    p->placed = NCELLS;
    p->phase = PHASE_STACK;
    p->side = WHITE;
}

static int dv_setup(void *st, int argc, char *const argv[], uint64_t seed,
                    struct sbuf *err)
{
    struct dv_state *p = st;
    clear_state(p);
    if (argc > 1) {
        sbuf_puts(err, "too many arguments");
        return -1;
    }
    if (argc == 1) {
        const char *a = argv[0];
        if (strcmp(a, "random") == 0) {
            random_board(p, seed);
        } else if (strncmp(a, "random=", 7) == 0) {
            uint64_t s;
            if (parse_u64(a + 7, &s) != 0) {
                sbuf_puts(err, "random=SEED needs a decimal 64-bit seed");
                return -1;
            }
            random_board(p, s);
        } else {
            sbuf_puts(err, "unknown argument (expected random or "
                           "random=SEED)");
            return -1;
        }
    }
    p->hash = dv_hash_full(p);
    return 0;
}

/* ---- move notation -------------------------------------------------- */

/* Reads a cell name at s (two characters); -1 if not [A-Ka-k][1-5],
 * -2 if well formed but off the board. */
static int read_cell(const char *s)
{
    int c = toupper((unsigned char)s[0]) - 'A';
    int r = s[1] - '1';
    if (c < 0 || c > 10 || r < 0 || r > 4)
        return -1;
    int cell = cell_at(c, r);
    return cell < 0 ? -2 : cell;
}

static bool is_pass_token(const char *s)
{
    return strlen(s) == 4 && strncasecmp(s, "pass", 4) == 0;
}

/* Splits a token into one or two cells: 0 ok, else a parse error code. */
static enum move_parse split_token(const char *s, int *from, int *to,
                                   struct sbuf *why)
{
    size_t len = strnlen(s, 6);
    *to = -1;
    if (len != 2 && len != 4 && !(len == 5 && s[2] == '-')) {
        sbuf_puts(why, "expected a cell like E3, a move like E3F4, or PASS");
        return MOVE_PARSE_SYNTAX;
    }
    *from = read_cell(s);
    if (len > 2)
        *to = read_cell(s + len - 2);
    if (*from == -1 || (len > 2 && *to == -1)) {
        sbuf_puts(why, "cells are a letter A-K and a digit 1-5");
        return MOVE_PARSE_SYNTAX;
    }
    if (*from == -2 || *to == -2) {
        sbuf_puts(why, "no such cell on the DVONN board");
        return MOVE_PARSE_SYNTAX;
    }
    return MOVE_PARSE_OK;
}

static enum move_parse check_place(const struct dv_state *p, int cell,
                                   struct sbuf *why)
{
    char nm[3];
    cell_name(cell, nm);
    if (p->phase != PHASE_PLACE) {
        sbuf_puts(why, "the placement phase is over");
        return MOVE_PARSE_ILLEGAL;
    }
    if (p->occ & bb_bit(cell)) {
        sbuf_printf(why, "%s is occupied", nm);
        return MOVE_PARSE_ILLEGAL;
    }
    return MOVE_PARSE_OK;
}

static enum move_parse check_stack(const struct dv_state *p, int s, int t,
                                   struct sbuf *why)
{
    char ns[3], nt[3];
    cell_name(s, ns);
    cell_name(t, nt);
    if (p->phase != PHASE_STACK) {
        sbuf_puts(why, "stacking starts after the placement phase");
        return MOVE_PARSE_ILLEGAL;
    }
    if (!(p->occ & bb_bit(s))) {
        sbuf_printf(why, "%s is empty", ns);
    } else if (!(p->own[p->side] & bb_bit(s))) {
        if (top_colour(p, s) == RED)
            sbuf_printf(why, "%s is a lone DVONN piece", ns);
        else
            sbuf_printf(why, "%s belongs to %s", ns,
                        p->side ? "white" : "black");
    } else if (!can_leave(p, s)) {
        sbuf_printf(why, "%s is surrounded", ns);
    } else if (!(DV_DEST[s][dest_index(p->height[s])] & bb_bit(t))) {
        sbuf_printf(why, "%s is not %d cell%s from %s in a straight line",
                    nt, p->height[s], p->height[s] > 1 ? "s" : "", ns);
    } else if (!(p->occ & bb_bit(t))) {
        sbuf_printf(why, "%s is empty", nt);
    } else {
        return MOVE_PARSE_OK;
    }
    return MOVE_PARSE_ILLEGAL;
}

static bool game_over(const struct dv_state *p)
{
    return p->phase == PHASE_STACK && !has_stacking(p, WHITE) &&
           !has_stacking(p, BLACK);
}

static enum move_parse dv_parse_move(const void *st, const char *s,
                                     move_t *out, struct sbuf *why)
{
    const struct dv_state *p = st;
    int from, to;
    enum move_parse r;
    if (is_pass_token(s)) {
        from = to = -1;
    } else if ((r = split_token(s, &from, &to, why)) != MOVE_PARSE_OK) {
        return r;
    }
    if (game_over(p)) {
        sbuf_puts(why, "the game is over");
        return MOVE_PARSE_ILLEGAL;
    }
    if (from < 0) {
        if (p->phase == PHASE_PLACE) {
            sbuf_puts(why, "no pass during placement");
            return MOVE_PARSE_ILLEGAL;
        }
        if (has_stacking(p, p->side)) {
            sbuf_puts(why, "pass is only legal without a stacking move");
            return MOVE_PARSE_ILLEGAL;
        }
        *out = mk_pass();
        return MOVE_PARSE_OK;
    }
    r = to < 0 ? check_place(p, from, why) : check_stack(p, from, to, why);
    if (r == MOVE_PARSE_OK)
        *out = to < 0 ? mk_place(from) : mk_stack(from, to);
    return r;
}

static void dv_format_move(const void *st, move_t m, char buf[MOVE_STR_MAX])
{
    (void)st;
    switch (mv_kind(m)) {
    case KIND_PLACE:
        cell_name(mv_from(m), buf);
        break;
    case KIND_STACK:
        cell_name(mv_from(m), buf);
        cell_name(mv_to(m), buf + 2);
        break;
    default:
        strcpy(buf, "PASS");
        break;
    }
}

/* ---- position strings ----------------------------------------------- */

static void dv_to_string(const void *st, struct sbuf *out)
{
    static const char letters[] = "WBR";
    const struct dv_state *p = st;
    sbuf_printf(out, "dvonn:%c:%c:", p->phase == PHASE_PLACE ? 'P' : 'S',
                p->side == WHITE ? 'W' : 'B');
    for (int c = 0; c < NCELLS; c++) {
        if (c)
            sbuf_putc(out, ',');
        if (!(p->occ & bb_bit(c))) {
            sbuf_putc(out, '.');
            continue;
        }
        for (int id = p->bottom[c]; id != NO_PIECE; id = p->next[id])
            sbuf_putc(out, letters[piece_colour(id)]);
    }
}

/* Reads one field (len bytes at f) onto an empty cell: "." or W/B/R
 * letters bottom to top.  Pieces get ids by colour in reading order. */
static int read_field(struct dv_state *p, int cell, const char *f, size_t len,
                      int used[3], struct sbuf *err)
{
    static const int supply[3] = { NWHITE, NBLACK, NRED };
    static const int first[3] = { FIRST_WHITE, FIRST_BLACK, 0 };
    static const char *const names[3] = { "white", "black", "red" };
    char nm[3];
    cell_name(cell, nm);
    if (len == 1 && f[0] == '.')
        return 0;
    if (len == 0) {
        sbuf_printf(err, "cell %s is blank (use . for empty)", nm);
        return -1;
    }
    for (size_t i = 0; i < len; i++) {
        char ch = (char)toupper((unsigned char)f[i]);
        int colour = ch == 'W' ? WHITE : ch == 'B' ? BLACK :
                     ch == 'R' ? RED : -1;
        if (colour < 0) {
            sbuf_printf(err, "bad character in cell %s", nm);
            return -1;
        }
        if (used[colour] == supply[colour]) {
            sbuf_printf(err, "more than %d %s pieces", supply[colour],
                        names[colour]);
            return -1;
        }
        put_piece(p, cell, first[colour] + used[colour]++);
    }
    return 0;
}

/* Reads the 49 comma-separated cell fields of a position string. */
static int read_cells(struct dv_state *p, const char *s, struct sbuf *err)
{
    int used[3] = { 0, 0, 0 };
    for (int cell = 0;; cell++) {
        size_t len = strcspn(s, ",");
        if (cell == NCELLS) {
            sbuf_puts(err, "expected 49 cells");
            return -1;
        }
        if (read_field(p, cell, s, len, used, err) != 0)
            return -1;
        s += len;
        if (*s == '\0') {
            if (cell != NCELLS - 1) {
                sbuf_puts(err, "expected 49 cells");
                return -1;
            }
            return 0;
        }
        s++;
    }
}

static int count_colour(const struct dv_state *p, int colour)
{
    int n = 0;
    for (bb_t m = p->occ; m; ) {
        int c = bb_pop(&m);
        for (int id = p->bottom[c]; id != NO_PIECE; id = p->next[id])
            n += piece_colour(id) == colour;
    }
    return n;
}

static bool all_height_one(const struct dv_state *p)
{
    for (int c = 0; c < NCELLS; c++)
        if (p->height[c] > 1)
            return false;
    return true;
}

/* Phase P: the pieces must be exactly the first k of the placement order. */
static int check_placing(struct dv_state *p, struct sbuf *err)
{
    int k = bb_count(p->occ);
    if (!all_height_one(p)) {
        sbuf_puts(err, "no stacks during placement");
        return -1;
    }
    if (k == NCELLS) {
        sbuf_puts(err, "a full board is in the stacking phase");
        return -1;
    }
    int red = k < NRED ? k : NRED;
    int black = k > NRED ? (k - NRED + 1) / 2 : 0;
    int white = k - red - black;
    if (count_colour(p, RED) != red || count_colour(p, WHITE) != white ||
        count_colour(p, BLACK) != black) {
        sbuf_printf(err, "after %d placements expect %d red, %d white, "
                    "%d black", k, red, white, black);
        return -1;
    }
    if (p->side != (k & 1)) {
        sbuf_printf(err, "%s places piece %d", (k & 1) ? "black" : "white",
                    k + 1);
        return -1;
    }
    p->placed = (uint8_t)k;
    return 0;
}

static bool all_connected(const struct dv_state *p)
{
    return connected_to_dvonn(p) == p->occ;
}

static int check_stacking(struct dv_state *p, struct sbuf *err)
{
    if (count_colour(p, RED) != NRED) {
        sbuf_puts(err, "the stacking phase needs all 3 DVONN pieces");
        return -1;
    }
    for (bb_t m = p->red & ~p->own[WHITE] & ~p->own[BLACK]; m; ) {
        if (p->height[bb_pop(&m)] > 1) {
            sbuf_puts(err, "a DVONN piece cannot top a stack");
            return -1;
        }
    }
    bool start = p->occ == ALL_CELLS && all_height_one(p);
    if (start && p->side != WHITE) {
        sbuf_puts(err, "white makes the first stacking move");
        return -1;
    }
    if (!start && !all_connected(p)) {
        sbuf_puts(err, "a stack is not connected to a DVONN piece");
        return -1;
    }
    p->placed = NCELLS;
    return 0;
}

static int dv_from_string(void *st, const char *s, struct sbuf *err)
{
    struct dv_state *p = st;
    clear_state(p);
    if (strncmp(s, "dvonn:", 6) != 0) {
        sbuf_puts(err, "expected dvonn:PHASE:SIDE:CELLS");
        return -1;
    }
    s += 6;
    char ph = (char)toupper((unsigned char)s[0]);
    if ((ph != 'P' && ph != 'S') || s[1] != ':') {
        sbuf_puts(err, "phase must be P or S");
        return -1;
    }
    char sd = (char)toupper((unsigned char)s[2]);
    if ((sd != 'W' && sd != 'B') || s[3] != ':') {
        sbuf_puts(err, "side must be W or B");
        return -1;
    }
    p->phase = ph == 'P' ? PHASE_PLACE : PHASE_STACK;
    p->side = sd == 'W' ? WHITE : BLACK;
    if (read_cells(p, s + 4, err) != 0)
        return -1;
    int r = p->phase == PHASE_PLACE ? check_placing(p, err)
                                    : check_stacking(p, err);
    p->hash = dv_hash_full(p);
    return r;
}

/* ---- diagram -------------------------------------------------------- */

#define ANSI_RESET "\033[0m"

/* One cell, 6 columns wide: owner letter (W, B, or R for a lone DVONN
 * piece), height, '*' if the stack holds a DVONN piece; "." if empty. */
static void show_cell(const struct dv_state *p, int c, bool color,
                      struct sbuf *out)
{
    static const char *const ansi[3] = { "\033[1;97m", "\033[1;36m",
                                         "\033[1;31m" };
    if (!(p->occ & bb_bit(c))) {
        sbuf_puts(out, " .    ");
        return;
    }
    int col = top_colour(p, c);
    bool red = (p->red >> c) & 1;
    char tok[8];
    int n = snprintf(tok, sizeof tok, "%c%d%s", "WBR"[col], p->height[c],
                     red ? "*" : "");
    sbuf_putc(out, ' ');
    if (color)
        sbuf_puts(out, ansi[col]);
    sbuf_puts(out, tok);
    if (color)
        sbuf_puts(out, ANSI_RESET);
    sbuf_printf(out, "%*s", 5 - n, "");
}

/* Drops the spaces a row may end with (no trailing white space). */
static void trim_spaces(struct sbuf *out)
{
    while (out->len && out->buf[out->len - 1] == ' ')
        out->buf[--out->len] = '\0';
}

static void show_board(const struct dv_state *p, bool color,
                       struct sbuf *out)
{
    for (int r = 4; r >= 0; r--) {
        /* Column c of row r sits at 6c - 3r: rows lean like the board. */
        int first = r == 3 ? 1 : r == 4 ? 2 : 0;
        sbuf_printf(out, "%d %*s", r + 1, 6 * first - 3 * r + 12, "");
        for (int c = first; cell_at(c, r) >= 0; c++)
            show_cell(p, cell_at(c, r), color, out);
        trim_spaces(out);
        sbuf_putc(out, '\n');
    }
    /* Column letters continue the diagonals one row below row 1. */
    sbuf_printf(out, "%*s", 18, "");
    for (int c = 0; c <= 10; c++)
        sbuf_printf(out, "%c%s", COL_LETTERS[c], c < 10 ? "     " : "");
    sbuf_putc(out, '\n');
}

static void dv_show(const void *st, const struct show_info *info,
                    struct sbuf *out)
{
    const struct dv_state *p = st;
    show_board(p, info->color, out);
    const char *who = p->side == WHITE ? "white" : "black";
    if (p->phase == PHASE_PLACE) {
        int id = placement_piece(p->placed);
        sbuf_printf(out, "phase: placement, %s to place %s (piece %d of "
                    "49)\n", who, piece_colour(id) == RED ? "a DVONN piece"
                    : "one of its pieces", p->placed + 1);
    } else {
        int margin;
        enum game_status g = dv_outcome(p, &margin);
        if (g != GAME_ONGOING)
            sbuf_puts(out, "phase: stacking, game over\n");
        else
            sbuf_printf(out, "phase: stacking, %s to move%s\n", who,
                        has_stacking(p, p->side) ? "" : " (must pass)");
    }
    sbuf_printf(out, "score: white %d, black %d (pieces in owned stacks)\n",
                side_score(p, WHITE), side_score(p, BLACK));
    sbuf_printf(out, "move %d, last move %s\n", info->ply,
                info->last_move ? info->last_move : "none");
}

/* ---- evaluation ----------------------------------------------------- */

/* Cells next to any cell of b. */
static bb_t spread(bb_t b)
{
    bb_t n = 0;
    while (b)
        n |= DV_NBR[bb_pop(&b)];
    return n;
}

/* Placement: a piece next to a DVONN piece is hard to cut off (+12), a
 * perimeter piece can move at once when stacking starts (+6); DVONN
 * pieces are not material.  From White's point of view. */
static int eval_placing(const struct dv_state *p)
{
    bb_t near = spread(p->red);
    int v = 0;
    for (int s = WHITE; s <= BLACK; s++) {
        bb_t m = p->own[s];
        int t = 12 * bb_count(m & near);
        for (; m; ) {
            int c = bb_pop(&m);
            t += DV_OPEN[c] == ~(bb_t)0 ? 6 : 0;
        }
        v += s == WHITE ? t : -t;
    }
    return v;
}

/* Per piece of the tallest enemy stack the side to move can land on: the
 * capture it is about to make, so that a leaf after the opponent's
 * capture is not scored as if the exchange had ended (the iteration
 * scores swung by about 600 between odd and even depths).  Self-play
 * chose 100 (doc/games/dvonn.md); a tuning build may override it. */
#ifndef DV_CAPTURE_WEIGHT
#define DV_CAPTURE_WEIGHT 100
#endif
/* Per legal move: DV_MOBILITY when every cell holds a stack, rising by
 * DV_LATE_MOBILITY as the stacks leave the board.  In the endgame a move
 * is a capture or a tempo still to come, and the side that runs out of
 * moves first passes while the other keeps capturing: self-play raised
 * the late weight from 0 through 12, 24, 48, 96, 192 (each a clear win
 * over the one before) to a plateau at 192-384 (doc/games/dvonn.md). */
#ifndef DV_MOBILITY
#define DV_MOBILITY 6
#endif
#ifndef DV_LATE_MOBILITY
#define DV_LATE_MOBILITY 288
#endif

/* Stacking, per side: 100 per piece in owned stacks (the score), the
 * mobility weight above per legal stacking move, 25 per owned stack
 * touching or holding a DVONN piece, 40 per owned stack holding one (it
 * can never be removed), minus 15 per piece in owned stacks three or
 * more steps from every DVONN stack (isolation danger), and for the side
 * to move the capture bonus above.  One pass over the side's stacks
 * counts the pieces and the moves and collects the landing cells (the
 * tallest enemy stack among them is the capture), with the popcount
 * instruction when hw is true and with byte vectors (as count_stacking)
 * otherwise. */
static BB_INLINE int eval_side(const struct dv_state *p, int side, bb_t d0,
                               bb_t d1, bb_t d2, int mobility, bool hw)
{
    bb_t own = p->own[side];
    bb_t enemy = side == p->side ? p->own[!side] : 0, targets = 0;
    uint64_t bytes = 0;
    int pieces = 0, moves = 0, capture = 0;
    for (bb_t m = own; m; ) {
        int s = bb_pop(&m);
        int h = p->height[s];
        pieces += h;
        /* Masked, not branched on: whether a stack is walled in is
         * unpredictable, and the mispredictions cost more than the work. */
        bb_t t = DV_DEST[s][dest_index(h)] & p->occ &
                 -(bb_t)can_leave(p, s);
        if (hw)
            moves += bb_count(t);
        else
            bytes += byte_counts(t);
        targets |= t;
    }
    for (bb_t c = targets & enemy; c; ) {
        int e = p->height[bb_pop(&c)];
        capture = e > capture ? e : capture;
    }
    if (!hw)
        moves = (int)((bytes * 0x0101010101010101ULL) >> 56);
    int far = 0;
    for (bb_t m = own & ~d2; m; )
        far += p->height[bb_pop(&m)];
    return 100 * pieces + mobility * moves + 25 * bb_count(own & d1) +
           40 * bb_count(own & d0) - 15 * far + DV_CAPTURE_WEIGHT * capture;
}

/* From White's point of view. */
static BB_INLINE int eval_stacking(const struct dv_state *p, bool hw)
{
    bb_t d0 = p->red;
    bb_t d1 = d0 | (spread(d0) & p->occ);
    bb_t d2 = d1 | (spread(d1) & p->occ);
    int gone = NCELLS - bb_count(p->occ);
    int mobility = DV_MOBILITY + DV_LATE_MOBILITY * gone / NCELLS;
    return eval_side(p, WHITE, d0, d1, d2, mobility, hw) -
           eval_side(p, BLACK, d0, d1, d2, mobility, hw);
}

/* The evaluation runs at most leaves of the search: where the CPU has a
 * popcount instruction that generic builds do not use, a second copy of
 * it uses one (bitboard.h). */
BB_POPCNT_TARGET static int eval_stacking_hw(const struct dv_state *p)
{
    return eval_stacking(p, true);
}

static int eval_stacking_sw(const struct dv_state *p)
{
    return eval_stacking(p, false);
}

static int dv_evaluate(const void *st)
{
    const struct dv_state *p = st;
    int v = p->phase == PHASE_PLACE ? eval_placing(p)
          : bb_cpu_has_popcnt() ? eval_stacking_hw(p) : eval_stacking_sw(p);
    return p->side == WHITE ? v : -v;
}

/* Moves left for the side to move.  Measured on 10 engine games: the
 * stacking phase lasts about 31 plies, and from a position with k stacks
 * about 3 (k - 6) / 4 more (each move removes one stack; play stops with
 * isolated or stuck stacks left). */
static int dv_expected_moves_left(const void *st)
{
    const struct dv_state *p = st;
    int plies = p->phase == PHASE_PLACE
              ? NCELLS - p->placed + 31
              : 3 * (bb_count(p->occ) - 6) / 4;
    return plies < 2 ? 1 : (plies + 1) / 2;
}

/* Benchmark positions (see struct bench_position). */
static const struct bench_position dv_bench[] = {
    /* the rules.md 1.8 test setup: perft 5 = 237,659,608 */
    { "dvonn:S:W:B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,R,W,B,R,"
      "W,B,R,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W", 5 },
    { NULL, 0 }
};

const struct game_ops dvonn_ops = {
    .name = "dvonn",
    .title = "DVONN",
    .setup_usage = "[random | random=SEED]",
    .state_size = sizeof(struct dv_state),
    .max_moves = MAX_MOVES,
    .max_game_plies = MAX_PLIES,
    .side_names = { "white", "black" },
    .side_letters = "WB",
    .score_has_margin = true,
    .setup = dv_setup,
    .side_to_move = dv_side_to_move,
    .gen_moves = dv_gen_moves,
    .count_moves = dv_count_moves,
    .is_legal = dv_is_legal,
    .play = dv_play,
    .outcome = dv_outcome,
    .hash = dv_hash,
    .hash_after = dv_hash_after,
    .hash_full = dv_hash_full,
    .parse_move = dv_parse_move,
    .format_move = dv_format_move,
    .to_string = dv_to_string,
    .from_string = dv_from_string,
    .show = dv_show,
    .evaluate = dv_evaluate,
    .expected_moves_left = dv_expected_moves_left,
    .bench_positions = dv_bench,
};
