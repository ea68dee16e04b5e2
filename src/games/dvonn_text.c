/* dvonn_text.c -- DVONN as text: setup, move notation (with the reason
 * a move is refused), position strings and the diagram. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/args.h"
#include "core/rng.h"
#include "games/dvonn_int.h"

static const char COL_LETTERS[] = "ABCDEFGHIJK";

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
    if (++p->height[cell] > 1)
        p->tall |= b;
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

int dv_setup(void *st, int argc, char *const argv[], uint64_t seed,
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
            if (args_u64(a + 7, &s) != 0) {
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

enum move_parse dv_parse_move(const void *st, const char *s,
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

void dv_format_move(const void *st, move_t m, char buf[MOVE_STR_MAX])
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

void dv_to_string(const void *st, struct sbuf *out)
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

int dv_from_string(void *st, const char *s, struct sbuf *err)
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

void dv_show(const void *st, const struct show_info *info,
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
