/* dvonn_eval.c -- the DVONN evaluation and the expected length of the
 * game, tuned by self-play (doc/games/dvonn.md). */
#include "config.h"

#include "games/dvonn_int.h"

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

int dv_evaluate(const void *st)
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
int dv_expected_moves_left(const void *st)
{
    const struct dv_state *p = st;
    int plies = p->phase == PHASE_PLACE
              ? NCELLS - p->placed + 31
              : 3 * (bb_count(p->occ) - 6) / 4;
    return plies < 2 ? 1 : (plies + 1) / 2;
}
