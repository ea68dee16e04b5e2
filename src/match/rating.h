/* rating.h -- ratings of several engines from all their games: a
 * logistic (Bradley-Terry) maximum-likelihood fit, draws as half a win,
 * with 95 % error margins from the curvature of the likelihood.
 */
#ifndef TRIAD_MATCH_RATING_H
#define TRIAD_MATCH_RATING_H

#define RATING_MAX_PLAYERS 32

struct rating_input {
    int n;                                  /* players                   */
    /* points[i][j]: what i scored against j (a win 1, a draw 1/2);
     * games[i][j] = games[j][i]: games between them. */
    double points[RATING_MAX_PLAYERS][RATING_MAX_PLAYERS];
    double games[RATING_MAX_PLAYERS][RATING_MAX_PLAYERS];
};

/* Fits elo[i] (mean 0) maximising the likelihood of the results, with
 * P(i scores against j) = 1 / (1 + 10^((elo[j] - elo[i]) / 400)), and
 * margin[i], 1.96 standard deviations of elo[i] (inverse Fisher
 * information under the mean-zero constraint).  Returns 0, or -1 when
 * no finite fit exists: some group of players scored all or none of the
 * points against the rest, or there are no games connecting them. */
int rating_fit(const struct rating_input *in, double elo[], double margin[]);

#endif
