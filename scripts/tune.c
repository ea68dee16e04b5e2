/* tune.c -- fits an evaluation's weights to game results (and to a
 * deeper search's scores).
 *
 * Reads SGF records written by `triad-match --records`, replays every game
 * (each distinct line of play once), takes the positions before every
 * k-th move, computes the terms of the game's evaluation there
 * (game_ops.eval_terms) and fits weights by logistic regression of the
 * final result (1 win, 0.5 draw, 0 loss for the side to move) on the
 * terms: Newton's method with a small ridge on standardized terms, plus
 * an intercept (the side to move's edge, which the evaluation leaves
 * out).  It prints the fit against the current weights: the log-loss on
 * the games it fitted and on every holdout-th game it kept aside, and the
 * weights in the evaluation's own units, scaled so that the new
 * evaluation has the current one's fitted logistic slope.  It names no
 * game: any game with eval_terms can be tuned.  doc/games/dvonn.md shows
 * a run and scripts/tune.sh the whole procedure.
 *
 * A result is one noisy bit for a whole game.  With --label-nodes (or a
 * --labels file) every position also gets the score of an alpha-beta
 * search (scripts/tune_label.c), and --lambda L fits the blend L * result
 * + (1 - L) * sigmoid(k * score) instead, k the slope of the results on
 * the scores: the evaluation learns what the search sees some plies on.
 * The log-loss it reports is always against the results as well.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "record/sgf.h"
#include "tune.h"

struct options {
    int every;                  /* sample every k-th position          */
    int holdout;                /* every holdout-th game kept aside    */
    int fold;                   /* which one: game_no % holdout == fold */
    bool by_start;              /* ... or start: its hash, not game_no  */
    double ridge;
    const char *only;           /* fit only this game                  */
    const char *dump;           /* write the samples there             */
    double lambda;              /* the result's share of the target    */
    struct label_options label;
};

static void *xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size);
    if (!q) {
        fprintf(stderr, "tune: out of memory\n");
        exit(1);
    }
    return q;
}

static void *grow(void *p, long *cap, size_t elem)
{
    long c = *cap ? *cap * 2 : 1024;
    void *q = xrealloc(p, (size_t)c * elem);
    *cap = c;
    return q;
}

static uint64_t hash_text(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001B3ULL;
    return h * 0x100000001B3ULL;
}

static uint64_t start_hash(const struct game_record *r)
{
    return hash_text(0xCBF29CE484222325ULL, sbuf_str(&r->start));
}

/* Mixed: starts of one length and one piece count would share the low
 * bits of the plain hash, which --split start takes modulo K. */
static uint64_t start_key(const struct game_record *r)
{
    return rng_mix64(start_hash(r));
}

static uint64_t line_hash(const struct game_record *r)
{
    return hash_text(start_hash(r), sbuf_str(&r->moves));
}

/* True the first time a line of play (start and moves) is seen: the two
 * games of a pair between equal deterministic engines are often one. */
static bool first_time(struct data *d, const struct game_record *r)
{
    uint64_t h = line_hash(r);
    for (long i = 0; i < d->nseen; i++)
        if (d->seen[i] == h)
            return false;
    if (d->nseen == d->capseen)
        d->seen = grow(d->seen, &d->capseen, sizeof *d->seen);
    d->seen[d->nseen++] = h;
    return true;
}

static double result_for(const struct game_record *r, int side)
{
    if (r->result == GAME_DRAW)
        return 0.5;
    return (r->result == GAME_WIN_FIRST) == (side == 0) ? 1.0 : 0.0;
}

static void add_sample(struct data *d, const struct game_ops *g,
                       const void *st, const struct game_record *r,
                       int ply, bool held)
{
    const struct eval_terms *et = g->eval_terms;
    if (d->n == d->cap)
        d->s = grow(d->s, &d->cap, sizeof *d->s);
    if (d->n == d->capstates)
        d->states = grow(d->states, &d->capstates, g->state_size);
    d->state_size = g->state_size;
    memcpy(d->states + (size_t)d->n * g->state_size, st, g->state_size);
    struct sample *s = &d->s[d->n++];
    int t[MAX_TERMS];
    et->compute(st, t);
    long sum = 0;
    for (int i = 0; i < et->count; i++) {
        s->x[i] = (float)t[i];
        sum += (long)t[i] * et->weights[i];
    }
    s->x[et->count] = 1;
    s->cur = (float)(sum / et->scale);
    s->y = (float)result_for(r, g->side_to_move(st));
    s->target = s->y;
    s->held = held;
    s->line = line_hash(r);
    s->start = start_key(r);
    s->ply = ply;
}

/* Whether the game game_no, record r, is kept aside: every holdout-th
 * game, or with by_start the games of every holdout-th start position
 * (by a hash of it), so that no held-out game shares its start with a
 * fitted one.  Games from a suite of few starts would otherwise test
 * what the fit remembers of those starts. */
static bool held_out(const struct options *o, const struct game_record *r,
                     long game_no)
{
    if (!o->holdout)
        return false;
    uint64_t k = o->by_start ? start_key(r) : (uint64_t)game_no;
    return k % (uint64_t)o->holdout == (uint64_t)o->fold;
}

/* The samples not held out. */
static long fitted_count(const struct data *d)
{
    long n = 0;
    for (long k = 0; k < d->n; k++)
        n += !d->s[k].held;
    return n;
}

/* Replays one record, sampling positions.  Returns false if the record
 * does not replay (a move the rules refuse). */
static bool replay(struct data *d, const struct game_record *r,
                   const struct options *o, long game_no)
{
    const struct game_ops *g = r->game;
    void *st = malloc(g->state_size);
    struct sbuf err = SBUF_INIT;
    bool ok = st && g->from_string(st, sbuf_str(&r->start), &err) == 0;
    char *moves = ok ? strdup(sbuf_str(&r->moves)) : NULL;
    ok = ok && moves;
    int ply = 0;
    bool held = held_out(o, r, game_no);
    for (char *save = NULL, *tok = ok ? strtok_r(moves, " ", &save) : NULL;
         ok && tok; tok = strtok_r(NULL, " ", &save), ply++) {
        if (ply % o->every == 0)
            add_sample(d, g, st, r, ply, held);
        move_t m;
        ok = g->parse_move(st, tok, &m, &err) == MOVE_PARSE_OK;
        if (ok)
            g->play(st, m);
    }
    if (!ok)
        fprintf(stderr, "tune: game %ld does not replay: %s\n", game_no,
                sbuf_str(&err));
    free(moves);
    free(st);
    sbuf_free(&err);
    return ok;
}

static bool usable(const struct game_record *r)
{
    return r->end == END_NORMAL || r->end == END_SOLVED ||
           r->end == END_AGREED || r->end == END_RESIGN;
}

static int read_file(const char *path, struct data *d,
                     const struct options *o, const struct game_ops **game,
                     long *games)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "tune: %s: %s\n", path, strerror(errno));
        return -1;
    }
    struct sbuf text = SBUF_INIT, err = SBUF_INIT;
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0)
        sbuf_putn(&text, buf, k);
    fclose(f);
    struct game_record r;
    record_init(&r);
    size_t pos = 0;
    int rc;
    while ((rc = sgf_read(sbuf_str(&text), text.len, &pos, &r, &err)) > 0) {
        if (o->only && strcmp(r.game->name, o->only) != 0)
            continue;
        if (!*game)
            *game = r.game;
        if (r.game != *game) {
            fprintf(stderr, "tune: %s: records of two games (%s, %s); "
                    "pick one with --game\n", path, (*game)->name,
                    r.game->name);
            rc = -2;
            break;
        }
        if (!r.game->eval_terms) {
            fprintf(stderr, "tune: %s has no evaluation terms\n",
                    r.game->name);
            rc = -2;
            break;
        }
        if (usable(&r) && first_time(d, &r) && replay(d, &r, o, *games))
            (*games)++;
    }
    if (rc == -1)
        fprintf(stderr, "tune: %s: %s\n", path, sbuf_str(&err));
    record_free(&r);
    sbuf_free(&text);
    sbuf_free(&err);
    return rc < 0 ? -1 : 0;
}

static double sigmoid(double z)
{
    return 1 / (1 + exp(-z));
}

static double logloss(double p, double y)
{
    const double tiny = 1e-12;
    return -(y * log(p + tiny) + (1 - y) * log(1 - p + tiny));
}

/* Solves a x = b (n x n, symmetric positive definite) by Cholesky; a is
 * destroyed.  Returns false if a is not positive definite. */
static bool solve_spd(int n, double a[][MAX_TERMS + 1], double *b, double *x)
{
    for (int j = 0; j < n; j++) {
        double s = a[j][j];
        for (int k = 0; k < j; k++)
            s -= a[j][k] * a[j][k];
        if (s <= 0)
            return false;
        a[j][j] = sqrt(s);
        for (int i = j + 1; i < n; i++) {
            double t = a[i][j];
            for (int k = 0; k < j; k++)
                t -= a[i][k] * a[j][k];
            a[i][j] = t / a[j][j];
        }
    }
    for (int i = 0; i < n; i++) {
        double t = b[i];
        for (int k = 0; k < i; k++)
            t -= a[i][k] * x[k];
        x[i] = t / a[i][i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double t = x[i];
        for (int k = i + 1; k < n; k++)
            t -= a[k][i] * x[k];
        x[i] = t / a[i][i];
    }
    return true;
}

/* The log-loss of sigmoid(z) against y, computed from z so that it keeps
 * growing where sigmoid(z) rounds to 0 or 1. */
static double logloss_z(double z, double y)
{
    double softplus = z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
    return softplus - y * z;
}

/* What fit() minimises: the log-loss to the target over the training
 * samples plus the ridge's penalty. */
static double objective(const struct data *d, int n, const int *cols,
                        const double *scale, double ridge,
                        const double *beta)
{
    double sum = 0;
    for (int i = 0; i < n - 1; i++)
        sum += ridge / 2 * beta[i] * beta[i];
    for (long k = 0; k < d->n; k++) {
        const struct sample *s = &d->s[k];
        if (s->held)
            continue;
        double z = 0;
        for (int i = 0; i < n; i++)
            z += beta[i] * s->x[cols[i]] / scale[i];
        sum += logloss_z(z, s->target);
    }
    return sum;
}

/* Logistic regression of the target (soft labels in [0, 1] fit as hard
 * ones do: the log-loss gradient is the same) on the columns listed in
 * cols (of the training samples), each divided by scale[] first; beta
 * gets the coefficients of the scaled columns.  A ridge penalizes all
 * but the last column (the intercept). */
static void fit(const struct data *d, int n, const int *cols,
                const double *scale, double ridge, double *beta)
{
    double h[MAX_TERMS + 1][MAX_TERMS + 1];
    double g[MAX_TERMS + 1], step[MAX_TERMS + 1];
    for (int i = 0; i < n; i++)
        beta[i] = 0;
    for (int iter = 0; iter < 50; iter++) {
        memset(h, 0, sizeof h);
        for (int i = 0; i < n; i++)
            g[i] = i < n - 1 ? -ridge * beta[i] : 0;
        for (int i = 0; i < n - 1; i++)
            h[i][i] = ridge;
        for (long k = 0; k < d->n; k++) {
            const struct sample *s = &d->s[k];
            if (s->held)
                continue;
            double z = 0, v[MAX_TERMS + 1];
            for (int i = 0; i < n; i++) {
                v[i] = s->x[cols[i]] / scale[i];
                z += beta[i] * v[i];
            }
            double p = sigmoid(z), w = p * (1 - p);
            for (int i = 0; i < n; i++) {
                g[i] += (s->target - p) * v[i];
                for (int j = 0; j <= i; j++)
                    h[i][j] += w * v[i] * v[j];
            }
        }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++)
                h[j][i] = h[i][j];
        if (!solve_spd(n, h, g, step))
            break;
        /* Newton's step, halved while it makes things worse: on nearly
         * separable data a full step can overshoot, and numerically an
         * exhausted fit can propose nonsense.  No better point: done. */
        double before = objective(d, n, cols, scale, ridge, beta), big = 0;
        double old[MAX_TERMS + 1];
        memcpy(old, beta, (size_t)n * sizeof *beta);
        double t = 1;
        for (; t > 1e-6; t /= 2) {
            for (int i = 0; i < n; i++)
                beta[i] = old[i] + t * step[i];
            if (objective(d, n, cols, scale, ridge, beta) <= before)
                break;
        }
        if (t <= 1e-6) {
            memcpy(beta, old, (size_t)n * sizeof *beta);
            break;
        }
        for (int i = 0; i < n; i++)
            big = fabs(t * step[i]) > big ? fabs(t * step[i]) : big;
        if (big < 1e-9)
            break;
    }
}

/* Mean log-loss, against the results or (to_target) the fit's target,
 * over the training (held false) or holdout samples of the model z = sum
 * beta[i] x[cols[i]] / scale[i]. */
static double mean_loss(const struct data *d, int n, const int *cols,
                        const double *scale, const double *beta, bool held,
                        bool to_target)
{
    double sum = 0;
    long count = 0;
    for (long k = 0; k < d->n; k++) {
        const struct sample *s = &d->s[k];
        if (s->held != held)
            continue;
        double z = 0;
        for (int i = 0; i < n; i++)
            z += beta[i] * s->x[cols[i]] / scale[i];
        sum += logloss(sigmoid(z), to_target ? s->target : s->y);
        count++;
    }
    return count ? sum / (double)count : 0;
}

static int usage(FILE *out, int rc)
{
    fprintf(out,
        "Usage: tune [--every K] [--holdout K] [--fold F] "
        "[--split game|start]\n"
        "            [--ridge L] [--game NAME]\n"
        "            [--label-nodes N] [--labels FILE] [--jobs J] "
        "[--label-hash MB]\n"
        "            [--lambda L] [--dump FILE] FILE...\n"
        "Fits the evaluation weights of the game of the SGF records in the\n"
        "FILEs (written by triad-match --records) by logistic regression\n"
        "of the results on the evaluation terms.\n\n"
        "  --every K     sample the position before every K-th move "
        "(default 1)\n"
        "  --holdout K   keep every K-th game aside to test the fit "
        "(default 5,\n"
        "                0 = none)\n"
        "  --fold F      keep aside the games numbered F modulo the "
        "holdout (default\n"
        "                0: with --holdout 5, --fold 0..4 is a "
        "cross-validation)\n"
        "  --split S     what --holdout counts: game (default), or start: "
        "the games\n"
        "                of every K-th start position are kept aside\n"
        "  --ridge L     ridge on the standardized terms (default 1)\n"
        "  --game NAME   read only the records of this game\n"
        "  --label-nodes N  score every position by an alpha-beta search "
        "of N nodes\n"
        "  --labels FILE    read those scores from FILE if it exists, else "
        "write\n"
        "                   them there\n"
        "  --jobs J      searching threads (default 1)\n"
        "  --label-hash MB  table of each search (default 16)\n"
        "  --lambda L    fit L * result + (1 - L) * sigmoid(k * score), "
        "k fitted\n"
        "                (default 1: the results only)\n"
        "  --dump FILE   also write every sampled position to FILE: its "
        "start's key,\n"
        "                line, ply, holdout, result, target, current "
        "evaluation,\n"
        "                terms and position string, tab-separated\n");
    return rc;
}

static bool parse_count(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_share(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= 0 && v <= 1))
        return false;
    *out = v;
    return true;
}

static double rms_of(const struct data *d, int col)
{
    double ss = 0;
    for (long k = 0; k < d->n; k++)
        ss += (double)d->s[k].x[col] * d->s[k].x[col];
    return ss > 0 ? sqrt(ss / (double)d->n) : 1;
}

/* The samples of d (those with keep[k], or all if keep is NULL) reduced
 * to one value each and the intercept: x[0] = value[k], x[1] = 1; their
 * target the result unless to_target. */
static struct data one_value(const struct data *d, const double *value,
                             const bool *keep, bool to_target)
{
    struct data v = { .s = xrealloc(NULL, (size_t)d->n * sizeof *v.s) };
    for (long k = 0; k < d->n; k++) {
        if (keep && !keep[k])
            continue;
        v.s[v.n] = d->s[k];
        v.s[v.n].x[0] = (float)value[k];
        v.s[v.n].x[1] = 1;
        if (!to_target)
            v.s[v.n].target = v.s[v.n].y;
        v.n++;
    }
    return v;
}

/* A one-value logistic model: z = beta[0] * x[0] / scale[0] (+ beta[1]
 * with an intercept). */
struct value_model {
    struct data d;
    int n;                      /* 2 with an intercept, else 1 */
    int cols[2];
    double scale[2], beta[2];
};

static void value_fit(struct value_model *m, bool intercept)
{
    m->n = intercept ? 2 : 1;
    m->cols[0] = 0;
    m->cols[1] = 1;
    m->scale[0] = rms_of(&m->d, 0);
    m->scale[1] = 1;
    fit(&m->d, m->n, m->cols, m->scale, 0, m->beta);
}

static double value_loss(const struct value_model *m, bool held,
                         bool to_target)
{
    return mean_loss(&m->d, m->n, m->cols, m->scale, m->beta, held,
                     to_target);
}

/* The current evaluation with its own slope and an intercept, fitted to
 * the results or (to_target) the target. */
static struct value_model current_model(const struct data *d,
                                        bool to_target)
{
    double *cur = xrealloc(NULL, (size_t)d->n * sizeof *cur);
    for (long k = 0; k < d->n; k++)
        cur[k] = d->s[k].cur;
    struct value_model m = { .d = one_value(d, cur, NULL, to_target) };
    free(cur);
    value_fit(&m, true);
    return m;
}

static bool decided(const struct label *l)
{
    return l->proven || l->score >= EVAL_WIN_MIN || l->score <= -EVAL_WIN_MIN;
}

/* Sets every sample's target to lambda * result + (1 - lambda) * the
 * search's view: sigmoid(k * score), k the slope of the results on the
 * scores of the positions not decided (fitted on the training games, no
 * intercept: the score is the side to move's view), and 1, 0.5, 0 for a
 * proven win, draw, loss.  Prints k and how well the scores alone
 * predict the results. */
static void blend_targets(struct data *d, const struct label *labels,
                          const struct options *o)
{
    double *score = xrealloc(NULL, (size_t)d->n * sizeof *score);
    bool *open = xrealloc(NULL, (size_t)d->n * sizeof *open);
    long ndecided = 0;
    for (long k = 0; k < d->n; k++) {
        score[k] = labels[k].score;
        open[k] = !decided(&labels[k]);
        ndecided += !open[k];
    }
    struct value_model m = { .d = one_value(d, score, open, false) };
    value_fit(&m, false);
    double slope = m.beta[0] / m.scale[0];
    printf("search: %ld nodes a position, %ld of %ld positions decided; "
           "k %.6f per unit\n", o->label.nodes, ndecided, d->n, slope);
    printf("log-loss  search (sigmoid(k * score), undecided positions): "
           "fitted %.4f holdout %.4f\n", value_loss(&m, false, false),
           value_loss(&m, true, false));
    printf("target: %.3g * result + %.3g * search\n", o->lambda,
           1 - o->lambda);
    for (long k = 0; k < d->n; k++) {
        const struct label *l = &labels[k];
        double p = !decided(l) ? sigmoid(slope * l->score)
                   : l->score > 0 ? 1 : l->score < 0 ? 0 : 0.5;
        d->s[k].target = (float)(o->lambda * d->s[k].y +
                                 (1 - o->lambda) * p);
    }
    free(m.d.s);
    free(score);
    free(open);
}

static void print_weights(const struct eval_terms *et, const double *beta,
                          const double *scale, double slope)
{
    printf("%-12s %10s %10s %12s\n", "term", "current", "new", "z per rms");
    for (int i = 0; i < et->count; i++) {
        double w = slope > 0 ? beta[i] / scale[i] / slope * et->scale : 0;
        printf("%-12s %10d %10.0f %12.4f\n", et->names[i], et->weights[i],
               w, beta[i]);
    }
    printf("\nweights = {");
    for (int i = 0; i < et->count; i++) {
        double w = slope > 0 ? beta[i] / scale[i] / slope * et->scale : 0;
        printf("%s%.0f", i ? ", " : " ", w);
    }
    printf(" }\n");
}

static void report(struct data *d, const struct game_ops *g,
                   const struct options *o, long games,
                   const struct label *labels)
{
    const struct eval_terms *et = g->eval_terms;
    int n = et->count + 1;
    int cols[MAX_TERMS + 1];
    double scale[MAX_TERMS + 1], beta[MAX_TERMS + 1];
    long train = fitted_count(d);
    printf("game %s: %ld games, %ld positions (%ld fitted, %ld held out)\n",
           g->name, games, d->n, train, d->n - train);
    if (labels)
        blend_targets(d, labels, o);
    /* Standardize: divide each term by its root mean square. */
    for (int i = 0; i < n; i++) {
        cols[i] = i;
        scale[i] = rms_of(d, i);
    }
    /* The current evaluation against the results gives the slope that
     * scales the new weights to the current evaluation's units. */
    struct value_model cur = current_model(d, false);
    double slope = cur.beta[0] / cur.scale[0];
    fit(d, n, cols, scale, o->ridge, beta);
    printf("log-loss  current: fitted %.4f holdout %.4f  "
           "(slope %.6f per unit)\n", value_loss(&cur, false, false),
           value_loss(&cur, true, false), slope);
    printf("log-loss  new:     fitted %.4f holdout %.4f\n",
           mean_loss(d, n, cols, scale, beta, false, false),
           mean_loss(d, n, cols, scale, beta, true, false));
    if (labels) {
        struct value_model curt = current_model(d, true);
        printf("log-loss to target  current: fitted %.4f holdout %.4f\n",
               value_loss(&curt, false, true), value_loss(&curt, true, true));
        printf("log-loss to target  new:     fitted %.4f holdout %.4f\n",
               mean_loss(d, n, cols, scale, beta, false, true),
               mean_loss(d, n, cols, scale, beta, true, true));
        free(curt.d.s);
    }
    printf("intercept (side to move) %.4f\n\n", beta[n - 1]);
    print_weights(et, beta, scale, slope);
    free(cur.d.s);
}

/* Reads the options into *o; returns the index of the first file, or -1
 * for a usage error, 0 after --help. */
static int parse_options(int argc, char **argv, struct options *o)
{
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i += 2) {
        long v;
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help"))
            return 0;
        if (!val)
            return -1;
        if (!strcmp(a, "--every") && parse_count(val, 1, 1000000, &v))
            o->every = (int)v;
        else if (!strcmp(a, "--holdout") && parse_count(val, 0, 1000000, &v))
            o->holdout = (int)v;
        else if (!strcmp(a, "--fold") && parse_count(val, 0, 1000000, &v))
            o->fold = (int)v;
        else if (!strcmp(a, "--split") && (!strcmp(val, "game") ||
                                            !strcmp(val, "start")))
            o->by_start = !strcmp(val, "start");
        else if (!strcmp(a, "--ridge"))
            o->ridge = atof(val);
        else if (!strcmp(a, "--game") && game_find(val))
            o->only = val;
        else if (!strcmp(a, "--lambda") && parse_share(val, &o->lambda))
            continue;
        else if (!strcmp(a, "--label-nodes") &&
                 parse_count(val, 1, 1000000000, &v))
            o->label.nodes = v;
        else if (!strcmp(a, "--labels"))
            o->label.path = val;
        else if (!strcmp(a, "--dump"))
            o->dump = val;
        else if (!strcmp(a, "--jobs") && parse_count(val, 1, 256, &v))
            o->label.jobs = (int)v;
        else if (!strcmp(a, "--label-hash") && parse_count(val, 1, 65536, &v))
            o->label.hash_mb = v;
        else
            return -1;
    }
    bool labelled = o->label.nodes || o->label.path;
    if (i == argc || o->ridge < 0 || (o->lambda < 1 && !labelled) ||
        (o->fold > 0 && o->fold >= o->holdout))
        return -1;
    return i;
}

int main(int argc, char **argv)
{
    struct options o = { .every = 1, .holdout = 5, .ridge = 1, .lambda = 1,
                         .label = { .jobs = 1, .hash_mb = 16 } };
    int i = parse_options(argc, argv, &o);
    if (i <= 0)
        return i == 0 ? usage(stdout, 0) : usage(stderr, 2);
    struct data d = { 0 };
    const struct game_ops *g = NULL;
    long games = 0;
    for (; i < argc; i++)
        if (read_file(argv[i], &d, &o, &g, &games) < 0)
            return 1;
    if (!g || d.n == 0) {
        fprintf(stderr, "tune: no positions\n");
        return 1;
    }
    if (fitted_count(&d) == 0) {
        fprintf(stderr, "tune: no positions to fit: every game is held "
                "out\n");
        return 1;
    }
    if (g->eval_terms->count > MAX_TERMS) {
        fprintf(stderr, "tune: more than %d terms\n", MAX_TERMS);
        return 1;
    }
    struct label *labels = NULL;
    int rc = 0;
    if (o.label.nodes || o.label.path) {
        labels = xrealloc(NULL, (size_t)d.n * sizeof *labels);
        rc = tune_labels(g, &d, &o.label, labels) < 0;
    }
    if (rc == 0)
        report(&d, g, &o, games, labels);
    if (rc == 0 && o.dump)
        rc = tune_dump(g, &d, o.dump) < 0;
    free(labels);
    free(d.s);
    free(d.states);
    free(d.seen);
    return rc;
}
