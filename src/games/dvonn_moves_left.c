/* dvonn_moves_left.c -- how many moves of the current one's weight DVONN's
 * clock must still pay for (game_ops.expected_moves_left): the time
 * manager gives the current move that share of the clock.  The games
 * behind the weights are in doc/search.md ("Time") and doc/games/dvonn.md
 * ("Clock"). */
#include "config.h"

#include "games/dvonn_int.h"

/* Weight of one move (hundredths): a placement half a stacking move on a
 * nearly empty board (the placements get about a third of the clock from
 * the standard start), and a stacking move weighs more the fuller the
 * board (the early stacking phase decides most games). */
#define WEIGHT_PLACE 50
#define WEIGHT_STACK_MIN 100
#define WEIGHT_STACK_EXTRA 200    /* on a full board, falling to 0 at 6 */
/* The solver of genmove proves most games at about 18 to 24 stacks (5 s
 * games from the stacking suite: the moves after the proof take
 * milliseconds); since the singular extension, likely a little earlier
 * (the clock left at the end rose from 0.28 to 0.40 s on the same games,
 * a move taking as long as before).  So a move weighs less the fewer
 * stacks are left: its full weight down to CELLS_UNPROVEN, falling
 * linearly to WEIGHT_STACK_PROVEN at CELLS_PROVEN (what is kept for the
 * games not proven yet).  No time is kept for the moves at CELLS_SOLVED
 * stacks or fewer: the time manager's spare move covers the few games the
 * solver has not proven by then. */
#define CELLS_UNPROVEN 38
#define CELLS_PROVEN 27
#define CELLS_SOLVED 19
#define WEIGHT_STACK_PROVEN 3
/* Each side's stacking move empties about 8/3 cells, until about 6 are
 * left (fitted to engine games). */
#define CELLS_LEFT_AT_END 6

static int full_weight(int occupied)
{
    return WEIGHT_STACK_MIN + WEIGHT_STACK_EXTRA *
                              (occupied - CELLS_LEFT_AT_END) /
                              (NCELLS - CELLS_LEFT_AT_END);
}

static int stack_weight(int occupied)
{
    if (occupied <= CELLS_PROVEN)
        return WEIGHT_STACK_PROVEN;
    if (occupied >= CELLS_UNPROVEN)
        return full_weight(occupied);
    return WEIGHT_STACK_PROVEN +
           (full_weight(CELLS_UNPROVEN) - WEIGHT_STACK_PROVEN) *
           (occupied - CELLS_PROVEN) / (CELLS_UNPROVEN - CELLS_PROVEN);
}

/* The weight of the side to move's stacking moves from `occupied` cells to
 * CELLS_SOLVED (occupancy counted in thirds of a cell, 8 thirds a move). */
static int stacking_work(int occupied)
{
    int work = 0;
    for (int thirds = 3 * occupied; thirds > 3 * CELLS_SOLVED; thirds -= 8)
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
