/* cephalopod_eval.c -- the Cephalopod evaluation and the search hints
 * (expected game length, MCTS preferred, proofs worth trying). */
#include "config.h"

#include <stdbool.h>

#include "games/cephalopod_int.h"

/* Empty cells with at least two occupied neighbours: only these can have
 * a capture. */
static bb_t crowded_empties(const struct ceph *p)
{
    struct around a = around(p);
    bb_t two = (a.n & a.s) | (a.w & a.e) | ((a.n | a.s) & (a.w | a.e));
    return two & p->board & ~p->occ;
}

/* ---- evaluation -------------------------------------------------------- */

/* From the side to move's point of view, in hundredths of a die:
 *   100 per die of difference (the final score is the dice difference);
 *   + 50 tempo: the mover is about to add a die;
 *   + 40 per die of the mover's best immediate capture swing (opponent
 *     dice minus own dice in the best capture set, if positive);
 *   + 15 per exposed opponent die minus own exposed die (exposed = part
 *     of some capture set at an empty cell, i.e. capturable next ply);
 *   + 10 per own 6 minus opponent 6 (a 6 can never be captured again).
 * |value| < 100 * 64 + 50 + 160 + 15 * 64 + 10 * 64, far below
 * EVAL_WIN_MIN. */
int ceph_evaluate(const void *st)
{
    const struct ceph *p = st;
    bb_t own = p->side ? p->occ & ~p->white : p->white;
    bb_t opp = p->occ & ~own;
    bb_t exposed = 0, sixes = 0;
    int best = 0;
    for (bb_t b = p->occ; b;) {
        int c = bb_pop(&b);
        if (p->pips[c] == 6)
            sixes |= bb_bit(c);
    }
    for (bb_t b = crowded_empties(p); b;) {
        int c = bb_pop(&b);
        for (unsigned sets = CAPTURE_SETS[pips_key(p, c)]; sets;
             sets &= sets - 1) {
            unsigned mask = (unsigned)__builtin_ctz(sets);
            bb_t taken = 0;
            for (int d = 0; d < NDIRS; d++)
                if (mask >> d & 1)
                    taken |= bb_bit(NEIGHBOUR[c][d]);
            int swing = bb_count(taken & opp) - bb_count(taken & own);
            best = swing > best ? swing : best;
            exposed |= taken;
        }
    }
    return 100 * (bb_count(own) - bb_count(opp)) + 50 + 40 * best +
           15 * (bb_count(exposed & opp) - bb_count(exposed & own)) +
           10 * (bb_count(sixes & own) - bb_count(sixes & opp));
}

/* Moves left for the side to move: a game lasts about five plies per
 * empty cell from any point, since captures reopen cells (measured on
 * 10 engine games on 5x5: 128 plies from the empty board, 22 with four
 * empty cells). */
int ceph_expected_moves_left(const void *st)
{
    const struct ceph *p = st;
    int empty = bb_count(p->board & ~p->occ);
    return (5 * empty + 1) / 2;
}

/* MCTS with playouts to the end beat alpha-beta 7-1 at 0.25 s a move on
 * 5x5 (doc/search.md): the outcome hangs on parity and on what the last
 * fillings capture, which the evaluation sees poorly. */
bool ceph_prefers_mcts(const void *st)
{
    (void)st;
    return true;
}

/* The exact solver proves a board of up to 9 cells from any position
 * within seconds (the empty 3x3 board in about 3 s, doc/games/cephalopod.md).
 * On larger boards it needs few empty cells: of 8 random 5x5 positions
 * with 3 empty cells it proved 7 within 0.25 s of CPU (the eighth not in
 * 10 s); with 4 empty cells only 4 of 8 within 0.3 s, and 2 not in 20 s;
 * with 7 to 10 none in 2 s (doc/search.md, "Proofs in play"). */
#define PROVABLE_CELLS 9
#define PROVABLE_EMPTIES 3

bool ceph_worth_proving(const void *st)
{
    const struct ceph *p = st;
    return p->w * p->h <= PROVABLE_CELLS ||
           bb_count(p->board & ~p->occ) <= PROVABLE_EMPTIES;
}
