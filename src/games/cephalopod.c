/* cephalopod.c -- Cephalopod (Mark Steere, 2006): doc/games/cephalopod.md.
 *
 * Boards up to 8 x 8 live in bitboards with a fixed row stride of 8
 * (cell = row * 8 + column, a1 = 0), so one neighbour table and one set of
 * shift masks serve every size.  Cells outside the W x H board never hold
 * a die, so their pips stay 0 and they read as empty neighbours.
 * A move is MOVE_FLAG | mask << 6 | cell; bit d of mask = the neighbour in
 * direction d is captured, directions ordered left, down, up, right, which
 * is also the canonical (ascending string) order of the captured cells.
 * This file: the rules and cephalopod_ops; setup and text are in
 * cephalopod_text.c, evaluation in cephalopod_eval.c.
 */
#include "config.h"

#include <assert.h>

#include "games/cephalopod_int.h"
#include "games/games.h"

/* Empty cells with at least three occupied neighbours: only these can
 * have more than one move (with two neighbours the pair either is a
 * capture set, the only move, or is not, and the plain move is). */
static bb_t busy_empties(const struct ceph *p)
{
    struct around a = around(p);
    bb_t three = (a.n & a.s & (a.w | a.e)) | (a.w & a.e & (a.n | a.s));
    return three & p->board & ~p->occ;
}

/* ---- symmetry ------------------------------------------------------------ */

/* The rules see only orthogonal adjacency, so a mirror image or rotation of
 * a position is the same game; and they treat both colours alike, so the
 * position with the colours swapped and the other side to move is the same
 * game for the side to move (its value from the mover's view is equal).
 * Symmetry t (0..7) maps cell (x, y): bit 0 mirrors x, bit 1 mirrors y,
 * bit 2 then swaps x and y (a transpose, a symmetry only of a square
 * board).  0..3 serve rectangles, 0..7 squares; each comes with and
 * without the colour swap. */
#define NSYMS_SQUARE 8
#define NSYMS_RECT 4

static inline uint64_t rotate32(uint64_t k)
{
    return k << 32 | k >> 32;
}

/* The symmetric hash has its own keys (SYM_KEYS, a table: it runs for
 * every position the solver makes).  A black die's key is a white die's
 * rotated by 32 bits, so swapping the colours of a whole position rotates
 * the XOR of its dice's keys. */
#define SYM_SIDE_KEY 0x6A09E667F3BCC909ULL    /* the other side to move */
#define SYM_SIZE_KEY 0xBB67AE8584CAA73BULL    /* times (16 W + H)       */

/* XORs the keys of the dice on cells into img[t] for the first nsyms
 * images t. */
static void add_images(const struct ceph *p, bb_t cells, int nsyms,
                       uint64_t img[NSYMS_SQUARE])
{
    int xm = p->w - 1, ym = p->h - 1;
    for (bb_t b = cells; b;) {
        int c = bb_pop(&b);
        int x = c & 7, y = c >> 3, pips = p->pips[c];
        img[0] ^= SYM_KEYS[y * 8 + x][pips];
        img[1] ^= SYM_KEYS[y * 8 + xm - x][pips];
        img[2] ^= SYM_KEYS[(ym - y) * 8 + x][pips];
        img[3] ^= SYM_KEYS[(ym - y) * 8 + xm - x][pips];
        if (nsyms == NSYMS_RECT)
            continue;
        img[4] ^= SYM_KEYS[x * 8 + y][pips];
        img[5] ^= SYM_KEYS[(xm - x) * 8 + y][pips];
        img[6] ^= SYM_KEYS[x * 8 + ym - y][pips];
        img[7] ^= SYM_KEYS[(xm - x) * 8 + ym - y][pips];
    }
}

/* The smallest hash over the images and their colour swaps. */
static uint64_t ceph_hash_symmetric(const void *st)
{
    const struct ceph *p = st;
    int nsyms = p->w == p->h ? NSYMS_SQUARE : NSYMS_RECT;
    uint64_t white[NSYMS_SQUARE] = { 0 }, black[NSYMS_SQUARE] = { 0 };
    add_images(p, p->white, nsyms, white);
    add_images(p, p->occ & ~p->white, nsyms, black);
    uint64_t size = SYM_SIZE_KEY * (uint64_t)(16 * p->w + p->h);
    uint64_t side = size ^ (p->side ? SYM_SIDE_KEY : 0);
    uint64_t other = size ^ (p->side ? 0 : SYM_SIDE_KEY);
    uint64_t least = UINT64_MAX;
    for (int t = 0; t < nsyms; t++) {
        uint64_t h = white[t] ^ rotate32(black[t]) ^ side;
        uint64_t swapped = rotate32(white[t]) ^ black[t] ^ other;
        least = h < least ? h : least;
        least = swapped < least ? swapped : least;
    }
    return least;
}

/* ---- game_ops: rules --------------------------------------------------- */

static int ceph_side_to_move(const void *st)
{
    return ((const struct ceph *)st)->side;
}

static int ceph_gen_moves(const void *st, move_t *out)
{
    const struct ceph *p = st;
    int n = 0;
    for (bb_t b = p->board & ~p->occ; b;) {
        int c = bb_pop(&b);
        unsigned sets = CAPTURE_SETS[pips_key(p, c)];
        if (!sets) {
            out[n++] = MOVE_MAKE(c, 0);
            continue;
        }
        do {
            out[n++] = MOVE_MAKE(c, __builtin_ctz(sets));
            sets &= sets - 1;
        } while (sets);
    }
    return n;
}

static long ceph_count_moves(const void *st)
{
    const struct ceph *p = st;
    bb_t busy = busy_empties(p);
    long n = bb_count(p->board & ~p->occ & ~busy);
    while (busy)
        n += MOVE_COUNT[pips_key(p, bb_pop(&busy))];
    return n;
}

static void ceph_play(void *st, move_t m)
{
    struct ceph *p = st;
    int c = MOVE_CELL(m);
    unsigned mask = MOVE_MASK(m);
    int pips = 1;
    assert(!(p->occ >> c & 1) && (p->board >> c & 1));
    if (mask) {
        pips = 0;
        for (int d = 0; d < NDIRS; d++) {
            if (!(mask >> d & 1))
                continue;
            int v = NEIGHBOUR[c][d];
            assert(p->pips[v]);
            pips += p->pips[v];
            p->hash ^= die_key(v, colour_at(p, v), p->pips[v]);
            p->pips[v] = 0;
            p->occ &= ~bb_bit(v);
            p->white &= ~bb_bit(v);
        }
        assert(pips <= 6);
    }
    p->pips[c] = (uint8_t)pips;
    p->occ |= bb_bit(c);
    if (p->side == 0)
        p->white |= bb_bit(c);
    p->hash ^= die_key(c, p->side, pips) ^ side_key();
    p->side ^= 1;
}

enum game_status ceph_outcome(const void *st, int *margin)
{
    const struct ceph *p = st;
    if (margin)
        *margin = 0;
    if (p->occ != p->board)
        return GAME_ONGOING;
    int white = bb_count(p->white);
    int diff = white - (bb_count(p->occ) - white);
    if (margin)
        *margin = diff < 0 ? -diff : diff;
    return diff > 0 ? GAME_WIN_FIRST : diff < 0 ? GAME_WIN_SECOND : GAME_DRAW;
}

static uint64_t ceph_hash(const void *st)
{
    return ((const struct ceph *)st)->hash;
}

static uint64_t ceph_hash_full(const void *st)
{
    return compute_hash(st);
}

/* ---- the exported table ------------------------------------------------ */

/* Benchmark positions (see struct bench_position). */
static const struct bench_position ceph_bench[] = {
    /* the empty 5x5 board: perft 6 = 135,329,616 (doc/games/cephalopod.md) */
    { "cephalopod:5x5:W:........../........../........../.........."
      "/..........", 6 },
    /* a middle game with captures available */
    { "cephalopod:5x5:B:W1..B2W1../..W2..B1W3/B1W1..B4../....W1B2W1"
      "/W2..B1..B1", 4 },
    { NULL, 0 }
};

const struct game_ops cephalopod_ops = {
    .name = "cephalopod",
    .title = "Cephalopod",
    .setup_usage = "[WxH]",
    .state_size = sizeof(struct ceph),
    .max_moves = MAX_MOVES,
    .max_game_plies = MAX_PLIES,
    .side_names = { "white", "black" },
    .side_letters = "WB",
    .score_has_margin = true,
    .setup = ceph_setup,
    .side_to_move = ceph_side_to_move,
    .gen_moves = ceph_gen_moves,
    .count_moves = ceph_count_moves,
    .play = ceph_play,
    .outcome = ceph_outcome,
    .hash = ceph_hash,
    .hash_full = ceph_hash_full,
    .hash_symmetric = ceph_hash_symmetric,
    .parse_move = ceph_parse_move,
    .format_move = ceph_format_move,
    .to_string = ceph_to_string,
    .from_string = ceph_from_string,
    .show = ceph_show,
    .evaluate = ceph_evaluate,
    .eval_unit = "dice",
    .eval_scale = 100,
    .win_scale = 208,       /* measured: doc/protocol.md */
    .expected_moves_left = ceph_expected_moves_left,
    .prefers_mcts = ceph_prefers_mcts,
    .worth_proving = ceph_worth_proving,
    .packed = &ceph_packed_ops,
    .mcts_full_playouts = true,
    .bench_positions = ceph_bench,
    .sgf_gm = 1002,                    /* none registered */
};
