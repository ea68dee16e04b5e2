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
    int near[3];       /* per target base 1, 2, 3 turns from an own stack */
    int win_now;       /* bases held + bases one turn away >= 3, mover */
    int win_later;     /* the same for the side not to move */
};

/* row = 0: advancing as such measured harmful (4 lost to 1 and 1 to 0 by
 * about 170 Elo each); the search finds the base wins it needs.
 * mobility = 0: 3 lost to 0 by about 90 Elo (twice in 200 games).
 * near, win_now, win_later: a first choice, with the repetition draws
 * of the search, to make games end (doc/search.md, "Repetitions"). */
#ifndef TR_EVAL_WEIGHTS
#define TR_EVAL_WEIGHTS { 100, 0, 60, 0, 20, 10, { 20, 8, 3 }, 150, 80 }
#endif
static const struct tr_weights weights = TR_EVAL_WEIGHTS;

/* The empty junctions a stack on a junction of from reaches along links
 * through empty junctions only (flood fill from all of them at once). */
static uint64_t steps_of(uint64_t from, uint64_t empty, struct links l)
{
    uint64_t r = link_spread(from, l) & empty;
    for (;;) {
        uint64_t n = r | (link_spread(r, l) & empty);
        if (n == r)
            return r;
        r = n;
    }
}

/* The junctions onto which a stack on a junction of from brings chips
 * within one turn, the stacks standing still: a step, or a step (or none)
 * and a split or merge onto an orthogonal neighbour.  Diagonal links keep
 * a junction's colour, and the target bases are of the other colour than
 * a side's start, so most ways to a base end orthogonally.  Links are
 * symmetric, so spreading forward from all the stacks at once gives what
 * searching back from each base would. */
static uint64_t one_turn_to(uint64_t from, uint64_t empty, struct links l)
{
    uint64_t at = from | steps_of(from, empty, l);
    return at | orth_spread(at);
}

/* Side p's threats on the target bases it does not hold: for each, the
 * fewest turns (up to 3) in which an own stack brings chips onto it, the
 * board standing still, weighs near[turns - 1] (in one turn: by a step,
 * or ending orthogonally with a stack of 2 or more, which can split; later
 * turns count any stack, through empty junctions); and when the bases held
 * plus those within one turn make 3, the win is a move away (for the side
 * to move) or must be parried (for the other).  Only the stacks off the
 * held bases threaten: one that leaves a base gives it up, so it gains
 * nothing, and counting it made a lone stack wander from base to base
 * along the enemy home row, each step looking like a win a move away. */
static int base_threats(const struct tr_state *st, int p, bool to_move)
{
    const struct tr_weights *w = &weights;
    uint64_t own = st->occ[p];
    uint64_t held = own & home_of[!p];
    uint64_t loose = own & ~held;
    uint64_t tall = 0;
    for (uint64_t b = loose; b;) {
        int j = bb_pop(&b);
        if (st->height[j] >= 2)
            tall |= bb_bit(j);
    }
    uint64_t empty = ~(own | st->occ[!p]);
    struct links l = links_of(st->tiles);
    uint64_t goals = home_of[!p] & ~own;
    uint64_t stepped = steps_of(loose, empty, l);
    uint64_t in1 = (stepped | one_turn_to(tall, empty, l)) & goals;
    uint64_t in2 = (loose | stepped) | orth_spread(loose | stepped);
    uint64_t in3 = one_turn_to(in2 & empty, empty, l) & goals & ~in2;
    in2 &= goals & ~in1;
    int in_one = bb_count(in1);
    int v = w->near[0] * in_one + w->near[1] * bb_count(in2) +
            w->near[2] * bb_count(in3);
    if (bb_count(held) + in_one >= 3)
        v += to_move ? w->win_now : w->win_later;
    return v;
}

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
    return v + base_threats(st, p, to_move);
}

int tr_evaluate(const void *vst)
{
    const struct tr_state *st = vst;
    int p = st->side;
    return eval_side(st, p, true) - eval_side(st, !p, false);
}
