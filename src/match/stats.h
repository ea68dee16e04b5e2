/* stats.h -- match statistics: score, Elo difference with its error
 * margin, likelihood of superiority and the sequential probability ratio
 * test.  Pure functions of the win/loss/draw counts of engine A.
 */
#ifndef TRIAD_MATCH_STATS_H
#define TRIAD_MATCH_STATS_H

#include <stdio.h>

struct score {
    long wins;      /* games engine A won  */
    long losses;    /* games engine A lost */
    long draws;
};

struct elo_estimate {
    double ratio;       /* points of A per game, draws half (0.5 if none) */
    double elo;         /* logistic Elo difference of A over B; +-inf at 1/0 */
    double margin;      /* half-width of the 95% interval; inf if unbounded */
    double los;         /* likelihood of superiority of A, 0..1          */
    double draw_ratio;  /* draws per game                                */
};

/* The model of the SPRT's likelihoods: single games (win, draw, loss)
 * or game pairs (the five outcomes of pairs.h). */
enum sprt_model { SPRT_PENTANOMIAL, SPRT_TRINOMIAL };

struct sprt_params {
    double elo0;        /* H0: the Elo difference is elo0              */
    double elo1;        /* H1: it is elo1 (elo1 > elo0)                */
    double alpha;       /* false positive rate                          */
    double beta;        /* false negative rate                          */
    enum sprt_model model;
};

enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

long score_games(const struct score *s);

struct pairs;

/* Elo from a score fraction in [0, 1]: -400 log10(1/p - 1). */
double stats_elo_of(double p);

/* The expected score of an Elo difference (the inverse). */
double stats_score_of(double elo);

/* Half the Elo width of the 95% interval mean +- 1.959964 sqrt(var / n)
 * of a mean score over n samples of variance var; inf if unbounded. */
double stats_elo_margin(double mean, double var, long n);

/* The name of a model: "trinomial" or "pentanomial". */
const char *stats_model_name(enum sprt_model m);

/* The estimate cutechess-cli prints for the counts in *s. */
void stats_estimate(const struct score *s, struct elo_estimate *out);

/* Likelihood of superiority: 0.5 (1 + erf((W - L) / sqrt(2 (W + L)))). */
double stats_los(const struct score *s);

/* Log-likelihood ratio of H1 against H0 (trinomial GSPRT on logistic
 * Elo, see stats.c); 0 until A has won and lost at least one game. */
double stats_sprt_llr(const struct score *s, const struct sprt_params *p);

/* The decision bounds: log(beta / (1 - alpha)) and
 * log((1 - beta) / alpha). */
void stats_sprt_bounds(const struct sprt_params *p, double *lower,
                       double *upper);

/* The LLR of p's model: the games' (s) or the pairs' (pairs; without
 * them, NULL, the games'). */
double stats_model_llr(const struct score *s, const struct pairs *pairs,
                       const struct sprt_params *p);

enum sprt_verdict stats_sprt_verdict(const struct score *s,
                                     const struct pairs *pairs,
                                     const struct sprt_params *p);

/* The pair counts and Elo: "N (LL a, LD b, DD+WL c, WD d, WW e), Elo
 * x +/- y, nElo x +/- y" (no newline). */
void stats_print_pairs(FILE *out, const struct pairs *pairs);

/* "Score of A vs B: W - L - D [0.650] N", then "Elo difference: ...",
 * then (if pairs is not NULL) the pairs' counts and Elo, then (if p is
 * not NULL) the SPRT of p's model ("SPRT: ...") and of the other one, to
 * out. */
void stats_print(FILE *out, const char *name_a, const char *name_b,
                 const struct score *s, const struct pairs *pairs,
                 const struct sprt_params *p);

#endif
