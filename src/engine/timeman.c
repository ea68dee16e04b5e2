/* timeman.c -- the time control: clocks and the per-move time budget
 * (see timeman.h). */
#include "config.h"

#include "engine/timeman.h"

/* Time kept back for process and pipe latency on every move. */
#define RESERVE_FRACTION 0.03
#define RESERVE_MAX 0.05
#define MIN_BUDGET 0.005
/* A move may run this many times its share of a sudden-death clock when
 * its iteration has not finished (the share stays the aim: the search
 * starts no new iteration late in it). */
#define HARD_FACTOR 3.0
/* Moves added to a game's estimate: a margin against running short. */
#define SPARE_MOVES 1
#define DEFAULT_MOVES_LEFT 30

void time_control_reset(struct time_control *c)
{
    *c = (struct time_control){ .limited = false };
}

void time_control_set(struct time_control *c, double main_time, double byo,
                      int stones)
{
    time_control_reset(c);
    if (byo > 0 && stones == 0)
        return;                       /* GTP: no time limit */
    c->limited = true;
    c->main_time = main_time;
    c->byo_time = byo;
    c->byo_stones = stones;
    for (int side = 0; side < 2; side++) {
        c->left[side] = main_time;
        c->stones_left[side] = 0;
        if (main_time <= 0 && stones > 0) {
            c->left[side] = byo;
            c->stones_left[side] = stones;
        }
    }
}

void time_control_left(struct time_control *c, int side, double seconds,
                       int stones)
{
    c->limited = true;      /* a controller may send time_left alone */
    c->left[side] = seconds;
    c->stones_left[side] = stones;
}

void time_control_spend(struct time_control *c, int side, double seconds)
{
    if (!c->limited)
        return;
    c->left[side] -= seconds;
    if (c->stones_left[side] == 0) {
        if (c->left[side] < 0 && c->byo_stones > 0) {
            c->left[side] += c->byo_time;   /* overflow into byo-yomi */
            c->stones_left[side] = c->byo_stones;
        }
        return;
    }
    if (--c->stones_left[side] == 0) {     /* period done: a new one */
        c->left[side] = c->byo_time;
        c->stones_left[side] = c->byo_stones;
    }
}

/* t less the reserve, but at least MIN_BUDGET (or floor_cap, if smaller:
 * with a clock nearly run out, half of what is left). */
static double less_reserve(double t, double floor_cap)
{
    double reserve = t * RESERVE_FRACTION;
    if (reserve > RESERVE_MAX)
        reserve = RESERVE_MAX;
    t -= reserve;
    double floor = MIN_BUDGET < floor_cap ? MIN_BUDGET : floor_cap;
    return t < floor ? floor : t;
}

/* The most one move may take out of `left` seconds of main time: half of
 * it, and never more than left - TIME_MOVE_SAFETY (a quarter of it when
 * that is less). */
static double main_time_cap(double left)
{
    double cap = left * 0.5;
    if (cap > left - TIME_MOVE_SAFETY)
        cap = left - TIME_MOVE_SAFETY;
    /* Too little left for the margin: then only a small part of it. */
    if (cap < left * 0.25)
        cap = left * 0.25;
    return cap;
}

int time_control_moves_left(const struct game_ops *g, const void *st)
{
    int left = g->expected_moves_left ? g->expected_moves_left(st)
                                      : DEFAULT_MOVES_LEFT;
    return (left < 1 ? 1 : left) + SPARE_MOVES;
}

struct move_time time_control_move_time(const struct time_control *c,
                                        int side, double movetime,
                                        int moves_left)
{
    if (!c->limited) {
        double t = less_reserve(movetime, MIN_BUDGET);
        return (struct move_time){ .soft = t, .hard = t };
    }
    double left = c->left[side];
    if (c->stones_left[side] > 0) {
        double t = less_reserve(left / c->stones_left[side], left * 0.5);
        return (struct move_time){ .soft = t, .hard = t };
    }
    if (moves_left < 1)
        moves_left = 1;
    double per_byo = c->byo_stones > 0 ? c->byo_time / c->byo_stones : 0;
    /* Every move to come costs some time outside the search. */
    double usable = left - (moves_left - 1) * TIME_MOVE_LATENCY;
    if (usable < left / moves_left)
        usable = left / moves_left;
    double share = usable / moves_left + 0.8 * per_byo;
    /* Never bet more than half of the main time on one move, nor (with no
     * byo-yomi to fall back on) anything that could overrun the clock. */
    double cap = main_time_cap(left) + 0.8 * per_byo;
    double hard = share * HARD_FACTOR;
    if (share > cap)
        share = cap;
    if (hard > cap)
        hard = cap;
    return (struct move_time){ .soft = less_reserve(share, cap),
                               .hard = less_reserve(hard, cap) };
}
