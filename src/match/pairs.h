/* pairs.h -- statistics of game pairs (the pentanomial model).
 *
 * The two games of a pair start from the same position with colours
 * swapped, so their results are correlated; counting the five outcomes of
 * a pair (engine A's points over both games: 0, 1/2, 1, 3/2, 2) instead
 * of single games measures the variance of the score as it is.  Pure
 * functions of the pair counts.
 */
#ifndef TRIAD_MATCH_PAIRS_H
#define TRIAD_MATCH_PAIRS_H

#include "match/stats.h"

#define PAIR_OUTCOMES 5

/* Outcomes by engine A's points over the pair, doubled. */
enum pair_outcome { PAIR_LL, PAIR_LD, PAIR_DD_WL, PAIR_WD, PAIR_WW };

struct pairs {
    long n[PAIR_OUTCOMES];  /* complete pairs, by outcome                */
    long broken;            /* pairs left out: a forfeit in one of their
                               games, or a game not played             */
};

struct pair_estimate {
    double ratio;           /* A's points per game (0.5 if no pairs)    */
    double elo;             /* logistic Elo from the pairs' mean score  */
    double margin;          /* 95% half-width from the pairs' variance  */
    double nelo;            /* normalized Elo (see pairs.c)             */
    double nelo_margin;
};

long pairs_count(const struct pairs *p);

/* The outcome of a pair whose games engine A scored r1 and r2 (+1 won,
 * 0 drew, -1 lost). */
enum pair_outcome pairs_outcome(int r1, int r2);

void pairs_estimate(const struct pairs *p, struct pair_estimate *out);

/* Log-likelihood ratio of H1 against H0 of the generalised SPRT on the
 * pentanomial model with logistic Elo (see pairs.c); 0 without pairs. */
double pairs_sprt_llr(const struct pairs *p, const struct sprt_params *pr);

#endif
