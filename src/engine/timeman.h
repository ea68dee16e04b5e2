/* timeman.h -- GTP clocks (time_settings / time_left) and the time a
 * move may take.
 *
 * GTP semantics: MAIN seconds of main time, then Canadian byo-yomi of BYO
 * seconds for every STONES moves; BYO > 0 with STONES = 0 means no limit.
 * The engine keeps its own clock between time_left updates.
 */
#ifndef TRIAD_ENGINE_TIMEMAN_H
#define TRIAD_ENGINE_TIMEMAN_H

#include <stdbool.h>

#include "core/game.h"

struct clock_state {
    bool limited;          /* a time limit is in force               */
    double main_time;      /* as given by time_settings              */
    double byo_time;
    int byo_stones;
    double left[2];        /* seconds left in the current period     */
    int stones_left[2];    /* 0 = main time, > 0 = byo-yomi moves     */
};

/* No time limit (the start state). */
void clock_reset(struct clock_state *c);

/* time_settings; all arguments already validated as non-negative. */
void clock_settings(struct clock_state *c, double main_time, double byo,
                    int stones);

/* time_left for side. */
void clock_left(struct clock_state *c, int side, double seconds, int stones);

/* Charges side for a move that took seconds. */
void clock_spend(struct clock_state *c, int side, double seconds);

/* The moves the clock is spread over in position *st of game g: the
 * game's estimate (game_ops.expected_moves_left, 30 without one) plus a
 * spare one. */
int clock_moves_left(const struct game_ops *g, const void *st);

/* The time of one move, in seconds: the search aims at soft (it starts no
 * new iteration after it) and stops at hard, hard >= soft. */
struct move_time {
    double soft;
    double hard;
};

/* The time side's next move may take: movetime (less a small reserve for
 * the reply) without a clock; otherwise soft is a share of the clock
 * spread over moves_left expected moves, and hard a few shares, neither
 * more than half of what is left (plus most of a byo-yomi move).  In
 * byo-yomi both are the period's share. */
struct move_time clock_move_time(const struct clock_state *c, int side,
                                 double movetime, int moves_left);

#endif
