/* table.h -- the results of a tournament of several engines: a cross
 * table (points of each engine against each other one) with forfeits,
 * and from it the rating list.  The same for a running match and for
 * merged record files.
 */
#ifndef TRIAD_MATCH_TABLE_H
#define TRIAD_MATCH_TABLE_H

#include <stdio.h>

#include "match/options.h"
#include "match/pairs.h"
#include "match/rating.h"
#include "match/stats.h"

/* The SGF properties of the clocks at a game's end, first side first:
 * time left (WL, BL) on the last node, written by the referee, read back
 * by merge_end_clocks. */
#define END_CLOCK_PROPS { "WL", "BL" }

/* The clocks engines A and B of one game had left at its end. */
struct end_clocks {
    bool known;             /* the game was played under a clock       */
    double left[2];         /* engine A's and B's, seconds              */
};

/* The clock an engine had left at the end of its games, over the games
 * played under a clock. */
struct clock_tally {
    long games;
    double sum;
    double least;
};

struct xtable {
    int n;
    char names[RATING_MAX_PLAYERS][MATCH_NAME_MAX];
    struct score pair[RATING_MAX_PLAYERS][RATING_MAX_PLAYERS]; /* row's */
    struct pairs pairs[RATING_MAX_PLAYERS][RATING_MAX_PLAYERS];/* row's */
    long forfeits[RATING_MAX_PLAYERS];
    long timeouts[RATING_MAX_PLAYERS];
    struct clock_tally clocks[RATING_MAX_PLAYERS];
};

void table_init(struct xtable *t);

/* The index of engine name, added if new; -1 when the table is full. */
int table_engine(struct xtable *t, const char *name);

/* One game between engines i and j: result +1 if i won, -1 if it lost,
 * 0 for a draw; faulty is the engine that forfeited (i, j or -1) and
 * on_time whether it was a time loss. */
void table_add(struct xtable *t, int i, int j, int result, int faulty,
               bool on_time);

/* The clocks engines i (A) and j (B) of one game had left at its end;
 * nothing when they are not known. */
void table_add_clocks(struct xtable *t, int i, int j,
                      const struct end_clocks *c);

/* A game pair between engines i and j: r1 and r2 are i's results in its
 * two games (as for table_add); broken: a pair left out of the pair
 * statistics (a forfeit, or a game missing), r1 and r2 then unused. */
void table_add_pair(struct xtable *t, int i, int j, int r1, int r2,
                    bool broken);

long table_games(const struct xtable *t);

/* For every engine with games under a clock, one line: "Clock left at
 * the end: NAME mean M s, least L s over N games, K lost on time";
 * nothing without such games. */
void table_print_clocks(const struct xtable *t, FILE *out);

/* The cross table, then the ratings (rating.h) or why there are none. */
void table_print(const struct xtable *t, FILE *out);

#endif
