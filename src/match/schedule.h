/* schedule.h -- who plays game number g of a match or tournament, with
 * which colours and which opening.
 *
 * The games come in pairs (2k, 2k+1) that share an opening with colours
 * swapped.  With P pairings (two engines: 1; a round-robin of E engines:
 * every pair i < j, E (E - 1) / 2; a gauntlet: engine 1 against each
 * other one, E - 1), pair k is pairing k mod P on opening number k div P:
 * every pairing plays every opening with both colours before the next
 * opening starts.  Everything depends on the numbers only, never on
 * scheduling or host.
 */
#ifndef TRIAD_MATCH_SCHEDULE_H
#define TRIAD_MATCH_SCHEDULE_H

#include "match/options.h"

struct scheduled {
    int engines[2];     /* conf engine indices: A and B of this game    */
    int a_side;         /* the side engine A plays: 0 in even games     */
    long opening;       /* the opening number (a pair of games each)    */
};

/* The number of pairings of c's engines and format. */
long schedule_pairings(const struct match_conf *c);

/* Game number g (0-based, in the whole match). */
void schedule_game(const struct match_conf *c, long g, struct scheduled *s);

#endif
