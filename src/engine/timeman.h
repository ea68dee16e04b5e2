/* timeman.h -- the time control: both sides' clocks (GTP's time_settings
 * and time_left) and the time a move may take.
 *
 * GTP semantics: MAIN seconds of main time, then Canadian byo-yomi of BYO
 * seconds for every STONES moves; BYO > 0 with STONES = 0 means no limit.
 * The engine keeps its own clock between time_left updates.
 */
#ifndef TRIAD_ENGINE_TIMEMAN_H
#define TRIAD_ENGINE_TIMEMAN_H

#include <stdbool.h>

#include "core/game.h"

struct time_control {
    bool limited;          /* a time limit is in force               */
    double main_time;      /* as given by time_settings              */
    double byo_time;
    int byo_stones;
    double left[2];        /* seconds left in the current period     */
    int stones_left[2];    /* 0 = main time, > 0 = byo-yomi moves     */
};

/* No time limit (the start state). */
void time_control_reset(struct time_control *c);

/* time_settings; all arguments already validated as non-negative. */
void time_control_set(struct time_control *c, double main_time, double byo,
                      int stones);

/* time_left for side. */
void time_control_left(struct time_control *c, int side, double seconds,
                       int stones);

/* Charges side for a move that took seconds. */
void time_control_spend(struct time_control *c, int side, double seconds);

/* What a move usually costs besides its search (pipes, scheduling on a
 * loaded machine): kept back for each move still to come. */
#define TIME_MOVE_LATENCY 0.005

/* Time kept back on every move under a main-time clock for what the
 * controller counts besides the search (pipes, process scheduling on a
 * loaded machine, the reply): a move's hard limit leaves at least this
 * much of the clock when there is twice as much left (else the least of
 * this and three quarters of the clock).  50 ms: a few scheduler periods
 * of a loaded machine, for the games that end with hundredths of a
 * second left (doc/games/dvonn.md, "Clock"). */
#define TIME_MOVE_SAFETY 0.05

/* The moves the clock is spread over in position *st of game g: the
 * game's estimate (game_ops.expected_moves_left, 30 without one) plus a
 * spare one. */
int time_control_moves_left(const struct game_ops *g, const void *st);

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
struct move_time time_control_move_time(const struct time_control *c,
                                        int side, double movetime,
                                        int moves_left);

#endif
