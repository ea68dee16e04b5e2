/* stats.c -- Elo, error margin, LOS and SPRT from match counts.
 *
 * Elo and its margin follow cutechess-cli: with n games, w/l/d the
 * fractions of wins, losses and draws of A and p = w + d/2 its score,
 * the per-game standard deviation is
 *     sd = sqrt(w (1-p)^2 + l (0-p)^2 + d (1/2-p)^2),
 * the 95% interval of the mean score is p +- 1.959964 sd / sqrt(n), and
 * the margin is half the Elo width of that interval.
 *
 * The SPRT is the generalised SPRT of fishtest and fastchess on the
 * trinomial model with logistic Elo: with s0, s1 the expected scores of
 * elo0 and elo1 and var = sd^2, LLR = n (s1 - s0) (2p - s0 - s1) / (2 var),
 * taken as 0 until A has at least one win and one loss.
 */
#include "config.h"

#include <math.h>

#include "match/stats.h"

#define Z95 1.959963984540054

long score_games(const struct score *s)
{
    return s->wins + s->losses + s->draws;
}

double stats_elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

/* Expected score of an Elo difference (the inverse of stats_elo_of). */
static double score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* Mean score and per-game variance of A's results (n > 0). */
static void mean_var(const struct score *s, double *mean, double *var)
{
    double n = (double)score_games(s);
    double w = s->wins / n;
    double l = s->losses / n;
    double d = s->draws / n;
    double p = w + d / 2;
    *mean = p;
    *var = w * (1 - p) * (1 - p) + l * p * p + d * (0.5 - p) * (0.5 - p);
}

double stats_los(const struct score *s)
{
    double decisive = (double)(s->wins + s->losses);
    if (decisive <= 0)
        return 0.5;
    return 0.5 * (1 + erf((double)(s->wins - s->losses) /
                          sqrt(2 * decisive)));
}

void stats_estimate(const struct score *s, struct elo_estimate *out)
{
    long n = score_games(s);
    out->los = stats_los(s);
    if (n == 0) {
        *out = (struct elo_estimate){ 0.5, 0, INFINITY, 0.5, 0 };
        return;
    }
    double p;
    double var;
    mean_var(s, &p, &var);
    double dev = sqrt(var / (double)n) * Z95;
    out->ratio = p;
    out->elo = stats_elo_of(p);
    out->margin = (stats_elo_of(p + dev) - stats_elo_of(p - dev)) / 2;
    out->draw_ratio = (double)s->draws / (double)n;
    if (isnan(out->margin))
        out->margin = INFINITY;
}

double stats_sprt_llr(const struct score *s, const struct sprt_params *pr)
{
    /* Until A has both won and lost, the variance estimate means nothing
     * (one game won is "certainty"): wait, as cutechess-cli does; it also
     * waits for a draw, which Cephalopod's odd boards never produce. */
    if (s->wins == 0 || s->losses == 0)
        return 0;
    long n = score_games(s);
    double p;
    double var;
    mean_var(s, &p, &var);
    double s0 = score_of_elo(pr->elo0);
    double s1 = score_of_elo(pr->elo1);
    return (double)n * (s1 - s0) * (2 * p - s0 - s1) / (2 * var);
}

void stats_sprt_bounds(const struct sprt_params *p, double *lower,
                       double *upper)
{
    *lower = log(p->beta / (1 - p->alpha));
    *upper = log((1 - p->beta) / p->alpha);
}

enum sprt_verdict stats_sprt_verdict(const struct score *s,
                                     const struct sprt_params *p)
{
    double lower;
    double upper;
    stats_sprt_bounds(p, &lower, &upper);
    double llr = stats_sprt_llr(s, p);
    if (llr >= upper)
        return SPRT_H1;
    if (llr <= lower)
        return SPRT_H0;
    return SPRT_CONTINUE;
}

/* A number with one decimal, or "inf"/"-inf" (printf's spelling of
 * infinities and NaNs varies between C libraries). */
static void print_num(FILE *out, double v)
{
    if (isinf(v) || isnan(v))
        fputs(isnan(v) || v > 0 ? "inf" : "-inf", out);
    else
        fprintf(out, "%.1f", fabs(v) < 0.05 ? 0.0 : v);   /* no "-0.0" */
}

void stats_print(FILE *out, const char *name_a, const char *name_b,
                 const struct score *s, const struct sprt_params *p)
{
    struct elo_estimate e;
    stats_estimate(s, &e);
    fprintf(out, "Score of %s vs %s: %ld - %ld - %ld [%.3f] %ld\n", name_a,
            name_b, s->wins, s->losses, s->draws, e.ratio, score_games(s));
    fputs("Elo difference: ", out);
    print_num(out, e.elo);
    fputs(" +/- ", out);
    print_num(out, e.margin);
    fprintf(out, ", LOS: %.1f %%, DrawRatio: %.1f %%\n", e.los * 100,
            e.draw_ratio * 100);
    if (!p)
        return;
    static const char *const verdicts[] = {
        "continue", "H0 accepted", "H1 accepted"
    };
    double lower;
    double upper;
    stats_sprt_bounds(p, &lower, &upper);
    double llr = stats_sprt_llr(s, p);
    fprintf(out, "SPRT: elo0 %g, elo1 %g, alpha %g, beta %g: llr %.2f "
            "(%.1f%%), lbound %.2f, ubound %.2f - %s\n", p->elo0, p->elo1,
            p->alpha, p->beta, llr, llr / upper * 100, lower, upper,
            verdicts[stats_sprt_verdict(s, p)]);
}
