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
 * a position is the same game.  Symmetry t (0..7) maps cell (x, y): bit 0
 * mirrors x, bit 1 mirrors y, bit 2 then swaps x and y (a transpose, a
 * symmetry only of a square board).  0..3 serve rectangles, 0..7 squares. */
#define NSYMS_SQUARE 8
#define NSYMS_RECT 4

static int sym_cell(int c, int t, int w, int h)
{
    int x = c & 7, y = c >> 3;
    if (t & 1)
        x = w - 1 - x;
    if (t & 2)
        y = h - 1 - y;
    return t & 4 ? x * 8 + y : y * 8 + x;
}

/* The smallest of the Zobrist hashes of the position's images; the
 * identity's is the incremental hash, the others are built from the dice
 * (empty cells add nothing, and size and side keys are common to all). */
static uint64_t ceph_hash_symmetric(const void *st)
{
    const struct ceph *p = st;
    int nsyms = p->w == p->h ? NSYMS_SQUARE : NSYMS_RECT;
    uint64_t common = size_key(p->w, p->h) ^ (p->side ? side_key() : 0);
    uint64_t img[NSYMS_SQUARE];
    for (int t = 1; t < nsyms; t++)
        img[t] = common;
    for (bb_t b = p->occ; b;) {
        int c = bb_pop(&b);
        int colour = colour_at(p, c), pips = p->pips[c];
        for (int t = 1; t < nsyms; t++)
            img[t] ^= die_key(sym_cell(c, t, p->w, p->h), colour, pips);
    }
    uint64_t least = p->hash;
    for (int t = 1; t < nsyms; t++)
        least = img[t] < least ? img[t] : least;
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
    .expected_moves_left = ceph_expected_moves_left,
    .prefers_mcts = ceph_prefers_mcts,
    .mcts_full_playouts = true,
    .bench_positions = ceph_bench,
    .sgf_gm = 1002,                    /* none registered */
};
