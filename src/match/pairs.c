/* pairs.c -- pentanomial statistics (see pairs.h).
 *
 * A pair's score is A's points over its two games divided by two:
 * a = 0, 1/4, 1/2, 3/4 or 1 for LL, LD, DD or WL, WD, WW.  With N pairs,
 * mu the mean of a and var its variance per pair (both over the pairs):
 *
 *  - Elo: -400 log10(1/mu - 1); its margin is half the Elo width of the
 *    95% interval mu +- 1.959964 sqrt(var / N), as for single games;
 *  - normalized Elo: (mu - 1/2) / (sqrt(2) sqrt(var)) * 800 / ln 10, the
 *    score's distance from even in standard deviations per game (a pair
 *    being two games), scaled so that small values read like Elo; its
 *    margin is 1.959964 * 800 / ln 10 / sqrt(2 N);
 *  - SPRT (the generalised SPRT of fishtest and fastchess): zero counts
 *    are replaced by 1e-3 (the regularisation that keeps every outcome
 *    possible), phat_i = n_i / N; under each hypothesis' expected score
 *    s (logistic Elo elo0 or elo1) the maximum-likelihood distribution
 *    with mean s is p_i = phat_i / (1 + x (a_i - s)), with x the root of
 *    sum phat_i (a_i - s) / (1 + x (a_i - s)) = 0 in
 *    (-1 / (1 - s), 1 / s); LLR = sum n_i log(p1_i / p0_i).
 */
#include "config.h"

#include <math.h>

#include "match/pairs.h"

#define Z95 1.959963984540054
#define NELO_SCALE (800.0 / M_LN10)
#define REGULARIZE 1e-3

static const double pair_score[PAIR_OUTCOMES] = { 0, 0.25, 0.5, 0.75, 1 };

long pairs_count(const struct pairs *p)
{
    long n = 0;
    for (int i = 0; i < PAIR_OUTCOMES; i++)
        n += p->n[i];
    return n;
}

enum pair_outcome pairs_outcome(int r1, int r2)
{
    return (enum pair_outcome)(r1 + r2 + 2);
}

void pairs_estimate(const struct pairs *p, struct pair_estimate *out)
{
    long n = pairs_count(p);
    if (n == 0) {
        *out = (struct pair_estimate){ 0.5, 0, INFINITY, 0, INFINITY };
        return;
    }
    double mu = 0;
    for (int i = 0; i < PAIR_OUTCOMES; i++)
        mu += pair_score[i] * (double)p->n[i] / (double)n;
    double var = 0;
    for (int i = 0; i < PAIR_OUTCOMES; i++)
        var += (pair_score[i] - mu) * (pair_score[i] - mu) *
               (double)p->n[i] / (double)n;
    out->ratio = mu;
    out->elo = stats_elo_of(mu);
    out->margin = stats_elo_margin(mu, var, n);
    double off = mu - 0.5;
    if (var > 0)
        out->nelo = off / (M_SQRT2 * sqrt(var)) * NELO_SCALE;
    else
        out->nelo = off == 0 ? 0 : copysign(INFINITY, off);
    out->nelo_margin = Z95 * NELO_SCALE / sqrt(2.0 * (double)n);
}

/* The x of the maximum-likelihood distribution with mean s (see the top
 * of the file), by bisection: the sum falls as x grows. */
static double mle_multiplier(const double *phat, double s)
{
    double lo = -1 / (1 - s);
    double hi = 1 / s;
    for (int iter = 0; iter < 200; iter++) {
        double mid = (lo + hi) / 2;
        if (mid <= lo || mid >= hi)
            break;
        double f = 0;
        for (int i = 0; i < PAIR_OUTCOMES; i++)
            f += phat[i] * (pair_score[i] - s) /
                 (1 + mid * (pair_score[i] - s));
        if (f > 0)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

double pairs_sprt_llr(const struct pairs *p, const struct sprt_params *pr)
{
    if (pairs_count(p) == 0)
        return 0;
    double n[PAIR_OUTCOMES];
    double total = 0;
    for (int i = 0; i < PAIR_OUTCOMES; i++) {
        n[i] = p->n[i] ? (double)p->n[i] : REGULARIZE;
        total += n[i];
    }
    double phat[PAIR_OUTCOMES];
    for (int i = 0; i < PAIR_OUTCOMES; i++)
        phat[i] = n[i] / total;
    double s0 = stats_score_of(pr->elo0);
    double s1 = stats_score_of(pr->elo1);
    double x0 = mle_multiplier(phat, s0);
    double x1 = mle_multiplier(phat, s1);
    double llr = 0;
    for (int i = 0; i < PAIR_OUTCOMES; i++) {
        /* log(p1 / p0) with p = phat / (1 + x (a - s)): phat cancels */
        llr += n[i] * (log1p(x0 * (pair_score[i] - s0)) -
                       log1p(x1 * (pair_score[i] - s1)));
    }
    return llr;
}
