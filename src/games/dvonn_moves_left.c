/* dvonn_moves_left.c -- how many moves of the current one's weight DVONN's
 * clock must still pay for (game_ops.expected_moves_left): the time
 * manager gives the current move that share of the clock.  The games
 * behind the weights are in doc/search.md ("Time") and doc/games/dvonn.md
 * ("Clock"). */
#include "config.h"

#include "games/dvonn_int.h"

/* Weight of one move (tenths): placements count a little over half an
 * average stacking move, and a stacking move weighs more the fuller the
 * board (the early stacking phase decides most games). */
#define WEIGHT_PLACE 6
#define WEIGHT_STACK_MIN 10
#define WEIGHT_STACK_EXTRA 20     /* on a full board, falling to 0 at 6 */
/* At this many stacks or fewer the solver of genmove has usually proven
 * the game (5 s games: most moves there took under 0.01 s), so such a
 * move weighs less: some insurance for the games it has not proven yet.
 * A weight of 2 left less time unused but lost games on time on a
 * loaded machine (doc/games/dvonn.md, "Clock"). */
#define CELLS_PROVEN 22
#define WEIGHT_STACK_PROVEN 4
/* Each side's stacking move empties about 8/3 cells, until about 6 are
 * left (fitted to engine games). */
#define CELLS_LEFT_AT_END 6

static int stack_weight(int occupied)
{
    if (occupied <= CELLS_PROVEN)
        return WEIGHT_STACK_PROVEN;
    return WEIGHT_STACK_MIN + WEIGHT_STACK_EXTRA *
                              (occupied - CELLS_LEFT_AT_END) /
                              (NCELLS - CELLS_LEFT_AT_END);
}

/* The weight of the side to move's stacking moves from `occupied` cells to
 * the end (occupancy counted in thirds of a cell, 8 thirds a move). */
static int stacking_work(int occupied)
{
    int work = 0;
    for (int thirds = 3 * occupied; thirds > 3 * CELLS_LEFT_AT_END;
         thirds -= 8)
        work += stack_weight(thirds / 3);
    return work;
}

int dv_expected_moves_left(const void *st)
{
    const struct dv_state *p = st;
    int work, now;
    if (p->phase == PHASE_PLACE) {
        now = WEIGHT_PLACE;
        work = (NCELLS - p->placed + 1) / 2 * now + stacking_work(NCELLS);
    } else {
        int occupied = bb_count(p->occ);
        now = stack_weight(occupied);
        work = stacking_work(occupied);
    }
    int moves = (work + now / 2) / now;
    return moves < 1 ? 1 : moves;
}
