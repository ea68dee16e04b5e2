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
 * taken as 0 until A has at least one win and one loss.  The statistics
 * of game pairs and their SPRT are in pairs.c; the summary prints both.
 */
#include "config.h"

#include <math.h>

#include "match/pairs.h"
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

double stats_score_of(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double stats_elo_margin(double mean, double var, long n)
{
    double dev = sqrt(var / (double)n) * Z95;
    double margin = (stats_elo_of(mean + dev) - stats_elo_of(mean - dev)) / 2;
    return isnan(margin) ? INFINITY : margin;
}

const char *stats_model_name(enum sprt_model m)
{
    return m == SPRT_TRINOMIAL ? "trinomial" : "pentanomial";
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
    out->ratio = p;
    out->elo = stats_elo_of(p);
    out->margin = stats_elo_margin(p, var, n);
    out->draw_ratio = (double)s->draws / (double)n;
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
    double s0 = stats_score_of(pr->elo0);
    double s1 = stats_score_of(pr->elo1);
    return (double)n * (s1 - s0) * (2 * p - s0 - s1) / (2 * var);
}

void stats_sprt_bounds(const struct sprt_params *p, double *lower,
                       double *upper)
{
    *lower = log(p->beta / (1 - p->alpha));
    *upper = log((1 - p->beta) / p->alpha);
}

double stats_model_llr(const struct score *s, const struct pairs *pairs,
                       const struct sprt_params *p)
{
    return p->model == SPRT_TRINOMIAL || !pairs ? stats_sprt_llr(s, p)
                                                : pairs_sprt_llr(pairs, p);
}

static enum sprt_verdict verdict_of(double llr, const struct sprt_params *p)
{
    double lower;
    double upper;
    stats_sprt_bounds(p, &lower, &upper);
    if (llr >= upper)
        return SPRT_H1;
    if (llr <= lower)
        return SPRT_H0;
    return SPRT_CONTINUE;
}

enum sprt_verdict stats_sprt_verdict(const struct score *s,
                                     const struct pairs *pairs,
                                     const struct sprt_params *p)
{
    return verdict_of(stats_model_llr(s, pairs, p), p);
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

static const char *const verdicts[] = {
    "continue", "H0 accepted", "H1 accepted"
};

void stats_print_pairs(FILE *out, const struct pairs *pairs)
{
    struct pair_estimate e;
    pairs_estimate(pairs, &e);
    fprintf(out, "%ld (LL %ld, LD %ld, DD+WL %ld, WD %ld, WW %ld), "
            "Elo ", pairs_count(pairs), pairs->n[PAIR_LL],
            pairs->n[PAIR_LD], pairs->n[PAIR_DD_WL], pairs->n[PAIR_WD],
            pairs->n[PAIR_WW]);
    print_num(out, e.elo);
    fputs(" +/- ", out);
    print_num(out, e.margin);
    fputs(", nElo ", out);
    print_num(out, e.nelo);
    fputs(" +/- ", out);
    print_num(out, e.nelo_margin);
}

/* "Pairs: ..." and the pairs left out. */
static void print_pairs(FILE *out, const struct pairs *pairs)
{
    fputs("Pairs: ", out);
    stats_print_pairs(out, pairs);
    fputc('\n', out);
    if (pairs->broken)
        fprintf(out, "Pairs left out: %ld (a forfeit in one of their "
                "games, or a game not played)\n", pairs->broken);
}

/* The SPRT of p's model, then the other model's LLR for comparison. */
static void print_sprt(FILE *out, const struct score *s,
                       const struct pairs *pairs,
                       const struct sprt_params *given)
{
    struct sprt_params p_used = *given;
    if (!pairs)                 /* no pairs: the games are all there is */
        p_used.model = SPRT_TRINOMIAL;
    const struct sprt_params *p = &p_used;
    double lower;
    double upper;
    stats_sprt_bounds(p, &lower, &upper);
    double llr = stats_model_llr(s, pairs, p);
    fprintf(out, "SPRT: elo0 %g, elo1 %g, alpha %g, beta %g, %s: llr %.2f "
            "(%.1f%%), lbound %.2f, ubound %.2f - %s\n", p->elo0, p->elo1,
            p->alpha, p->beta, stats_model_name(p->model), llr,
            llr / upper * 100, lower, upper, verdicts[verdict_of(llr, p)]);
    if (!pairs)
        return;
    struct sprt_params other = *p;
    other.model = p->model == SPRT_TRINOMIAL ? SPRT_PENTANOMIAL
                                             : SPRT_TRINOMIAL;
    llr = stats_model_llr(s, pairs, &other);
    fprintf(out, "SPRT by the %s model (not deciding): llr %.2f (%.1f%%) "
            "- %s\n", stats_model_name(other.model), llr, llr / upper * 100,
            verdicts[verdict_of(llr, &other)]);
}

void stats_print(FILE *out, const char *name_a, const char *name_b,
                 const struct score *s, const struct pairs *pairs,
                 const struct sprt_params *p)
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
    if (pairs)
        print_pairs(out, pairs);
    if (p)
        print_sprt(out, s, pairs, p);
}
