/* rating.c -- maximum-likelihood ratings (see rating.h).
 *
 * In natural units b = elo * ln(10) / 400 the log-likelihood is
 * sum over pairs of s_ij log p_ij + (n_ij - s_ij) log(1 - p_ij), with
 * p_ij = 1 / (1 + exp(b_j - b_i)).  Its gradient is g_i = S_i - E_i
 * (points minus expected points) and its negative Hessian the Laplacian
 * L of the weights w_ij = n_ij p_ij (1 - p_ij).  Newton steps solve
 * (L + J) d = g, J the all-ones matrix, which keeps the mean at 0 since
 * g sums to 0; at the optimum (L + J)^-1 - J / n^2 is the covariance.
 */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "match/rating.h"

#define NEWTON_STEPS 100
#define MAX_STEP 1.0            /* natural units per step: no overshoot */
#define CONVERGED 1e-10
#define Z95 1.959963984540054
#define ELO_PER_NAT (400.0 / 2.302585092994046)

typedef double matrix[RATING_MAX_PLAYERS][RATING_MAX_PLAYERS];

/* True if every player can reach every other through "scored points
 * against" edges: the condition for a finite maximum (Zermelo, Ford). */
static bool strongly_connected(const struct rating_input *in)
{
    for (int dir = 0; dir < 2; dir++) {
        bool seen[RATING_MAX_PLAYERS] = { true };
        int stack[RATING_MAX_PLAYERS] = { 0 };
        int top = 1;
        int count = 1;
        while (top > 0) {
            int i = stack[--top];
            for (int j = 0; j < in->n; j++) {
                double s = dir ? in->points[j][i] : in->points[i][j];
                if (!seen[j] && s > 0) {
                    seen[j] = true;
                    stack[top++] = j;
                    count++;
                }
            }
        }
        if (count < in->n)
            return false;
    }
    return true;
}

/* Inverts a (n x n, symmetric positive definite) into inv by
 * Gauss-Jordan elimination with partial pivoting; -1 if singular. */
static int invert(int n, matrix a, matrix inv)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            inv[i][j] = i == j;
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        if (fabs(a[p][c]) < 1e-300)
            return -1;
        for (int k = 0; k < n; k++) {
            double t = a[c][k];
            a[c][k] = a[p][k];
            a[p][k] = t;
            t = inv[c][k];
            inv[c][k] = inv[p][k];
            inv[p][k] = t;
        }
        double d = a[c][c];
        for (int k = 0; k < n; k++) {
            a[c][k] /= d;
            inv[c][k] /= d;
        }
        for (int r = 0; r < n; r++) {
            double f = a[r][c];
            if (r == c || f == 0)
                continue;
            for (int k = 0; k < n; k++) {
                a[r][k] -= f * a[c][k];
                inv[r][k] -= f * inv[c][k];
            }
        }
    }
    return 0;
}

/* The gradient g and (L + J)^-1 at ratings b; -1 if singular. */
static int curvature(const struct rating_input *in, const double b[],
                     double g[], matrix cov)
{
    int n = in->n;
    matrix h;
    for (int i = 0; i < n; i++) {
        g[i] = 0;
        for (int j = 0; j < n; j++)
            h[i][j] = 1.0;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j || in->games[i][j] <= 0)
                continue;
            double p = 1.0 / (1.0 + exp(b[j] - b[i]));
            double w = in->games[i][j] * p * (1 - p);
            g[i] += in->points[i][j] - in->games[i][j] * p;
            h[i][i] += w;
            h[i][j] -= w;
        }
    return invert(n, h, cov);
}

int rating_fit(const struct rating_input *in, double elo[], double margin[])
{
    int n = in->n;
    if (n < 2 || n > RATING_MAX_PLAYERS || !strongly_connected(in))
        return -1;
    double b[RATING_MAX_PLAYERS] = { 0 };
    double g[RATING_MAX_PLAYERS];
    matrix cov;
    for (int step = 0; step < NEWTON_STEPS; step++) {
        if (curvature(in, b, g, cov) != 0)
            return -1;
        double biggest = 0;
        double d[RATING_MAX_PLAYERS];
        for (int i = 0; i < n; i++) {
            d[i] = 0;
            for (int j = 0; j < n; j++)
                d[i] += cov[i][j] * g[j];
            if (fabs(d[i]) > biggest)
                biggest = fabs(d[i]);
        }
        double scale = biggest > MAX_STEP ? MAX_STEP / biggest : 1.0;
        for (int i = 0; i < n; i++)
            b[i] += scale * d[i];
        if (biggest < CONVERGED)
            break;
    }
    if (curvature(in, b, g, cov) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        double var = cov[i][i] - 1.0 / ((double)n * n);
        elo[i] = b[i] * ELO_PER_NAT;
        margin[i] = Z95 * sqrt(var > 0 ? var : 0) * ELO_PER_NAT;
    }
    return 0;
}
