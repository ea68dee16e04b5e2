/* truchet_eval.c -- the Truchet evaluation, tuned by self-play
 * (doc/games/truchet.md, "Tuning"). */
#include "config.h"

#include <stdbool.h>

#include "games/truchet_int.h"

/* ------------------------------------------------------------------ */
/* Evaluation                                                          */
/* ------------------------------------------------------------------ */

/* Evaluation weights, in centi-chips, chosen by self-play matches
 * (doc/games/truchet.md, "Tuning"); a tuning build replaces the whole
 * set with -DTR_EVAL_WEIGHTS='{...}'. */
struct tr_weights {
    int chip;          /* per chip on the board */
    int row;           /* per row a stack has advanced towards the enemy */
    int base;          /* per enemy base held (3 is a win, never evaluated) */
    int mobility;      /* per empty junction one link from an own stack */
    int threat_now;    /* x enemy height: a capture the mover can make */
    int threat_later;  /* the same for the side not to move */
};

/* row = 0: advancing as such measured harmful (4 lost to 1 and 1 to 0 by
 * about 170 Elo each); the search finds the base wins it needs.
 * mobility = 0: 3 lost to 0 by about 90 Elo (twice in 200 games). */
#ifndef TR_EVAL_WEIGHTS
#define TR_EVAL_WEIGHTS { 100, 0, 60, 0, 20, 10 }
#endif
static const struct tr_weights weights = TR_EVAL_WEIGHTS;

/* Side p's terms.  A stack of height h next to an enemy stack of height
 * e < h can split onto it and capture: the side to move can do it now. */
static int eval_side(const struct tr_state *st, int p, bool to_move)
{
    const struct tr_weights *w = &weights;
    uint64_t own = st->occ[p];
    uint64_t empty = ~(own | st->occ[!p]);
    int threat = to_move ? w->threat_now : w->threat_later;
    int v = w->chip * st->chips[p];
    for (uint64_t b = own; b;) {
        int j = bb_pop(&b);
        int row = j / 8;
        v += w->row * (p == LIGHT ? 7 - row : row);
        for (int d = 0; d < 4; d++) {
            int y = nbr(j, d);
            if (y >= 0 && (st->occ[!p] >> y & 1) &&
                st->height[y] < st->height[j])
                v += threat * st->height[y];
        }
    }
    v += w->base * bb_count(own & home_of[!p]);
    v += w->mobility * bb_count(link_spread(own, links_of(st->tiles)) & empty);
    return v;
}

int tr_evaluate(const void *vst)
{
    const struct tr_state *st = vst;
    int p = st->side;
    return eval_side(st, p, true) - eval_side(st, !p, false);
}
