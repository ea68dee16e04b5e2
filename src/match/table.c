/* table.c -- cross table and rating list (see table.h). */
#include "config.h"

#include <string.h>

#include "match/table.h"

#define TIE 1e-6        /* Elo: closer ratings keep the order given */

void table_init(struct xtable *t)
{
    memset(t, 0, sizeof *t);
}

int table_engine(struct xtable *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->names[i], name) == 0)
            return i;
    if (t->n == RATING_MAX_PLAYERS)
        return -1;
    snprintf(t->names[t->n], MATCH_NAME_MAX, "%s", name);
    return t->n++;
}

static void tally(struct score *s, int result)
{
    s->wins += result > 0;
    s->losses += result < 0;
    s->draws += result == 0;
}

void table_add(struct xtable *t, int i, int j, int result, int faulty,
               bool on_time)
{
    tally(&t->pair[i][j], result);
    tally(&t->pair[j][i], -result);
    if (faulty >= 0) {
        t->forfeits[faulty]++;
        t->timeouts[faulty] += on_time;
    }
}

static void add_clock(struct clock_tally *c, double seconds)
{
    if (c->games == 0 || seconds < c->least)
        c->least = seconds;
    c->sum += seconds;
    c->games++;
}

void table_add_clocks(struct xtable *t, int i, int j,
                      const struct end_clocks *c)
{
    if (!c->known)
        return;
    add_clock(&t->clocks[i], c->left[0]);
    add_clock(&t->clocks[j], c->left[1]);
}

void table_add_pair(struct xtable *t, int i, int j, int r1, int r2,
                    bool broken)
{
    if (broken) {
        t->pairs[i][j].broken++;
        t->pairs[j][i].broken++;
        return;
    }
    t->pairs[i][j].n[pairs_outcome(r1, r2)]++;
    t->pairs[j][i].n[pairs_outcome(-r1, -r2)]++;
}

long table_games(const struct xtable *t)
{
    long n = 0;
    for (int i = 0; i < t->n; i++)
        for (int j = i + 1; j < t->n; j++)
            n += score_games(&t->pair[i][j]);
    return n;
}

static double points(const struct score *s)
{
    return (double)s->wins + (double)s->draws / 2.0;
}

/* The width of the name column. */
static int name_width(const struct xtable *t)
{
    int w = 6;
    for (int i = 0; i < t->n; i++)
        if ((int)strlen(t->names[i]) > w)
            w = (int)strlen(t->names[i]);
    return w;
}

static void print_cross(const struct xtable *t, FILE *out, int w)
{
    fprintf(out, "Cross table (points of the row engine against the "
            "column engine / games):\n%*s", w + 3, "");
    for (int j = 0; j < t->n; j++)
        fprintf(out, " %9d", j + 1);
    fprintf(out, " %11s\n", "total");
    for (int i = 0; i < t->n; i++) {
        fprintf(out, "%2d %-*s", i + 1, w, t->names[i]);
        double sum = 0;
        long games = 0;
        for (int j = 0; j < t->n; j++) {
            const struct score *s = &t->pair[i][j];
            long n = score_games(s);
            char cell[32];
            if (i == j || n == 0)
                snprintf(cell, sizeof cell, "%s", i == j ? "-" : ".");
            else
                snprintf(cell, sizeof cell, "%.1f/%ld", points(s), n);
            fprintf(out, " %9s", cell);
            sum += points(s);
            games += n;
        }
        char total[32];
        snprintf(total, sizeof total, "%.1f/%ld", sum, games);
        fprintf(out, " %11s\n", total);
    }
}

static void print_ratings(const struct xtable *t, FILE *out, int w)
{
    struct rating_input in = { .n = t->n };
    for (int i = 0; i < t->n; i++)
        for (int j = 0; j < t->n; j++) {
            in.points[i][j] = points(&t->pair[i][j]);
            in.games[i][j] = (double)score_games(&t->pair[i][j]);
        }
    double elo[RATING_MAX_PLAYERS];
    double margin[RATING_MAX_PLAYERS];
    if (rating_fit(&in, elo, margin) != 0) {
        /* A clean sweep has no finite maximum.  One virtual draw per
         * pairing that met (Bayeselo's kind of prior) pulls the sweeping
         * group back to a finite, stated estimate. */
        for (int i = 0; i < t->n; i++)
            for (int j = 0; j < t->n; j++)
                if (in.games[i][j] > 0) {
                    in.games[i][j] += 1;
                    in.points[i][j] += 0.5;
                }
        if (rating_fit(&in, elo, margin) != 0) {
            fprintf(out, "Ratings: none (some engines have no games "
                    "connecting them to the others)\n");
            return;
        }
        fprintf(out, "Ratings with one virtual draw per pairing (some "
                "engines won or lost every game against the rest):\n");
    }
    int order[RATING_MAX_PLAYERS];
    for (int i = 0; i < t->n; i++) {
        int k = i;
        for (; k > 0 && elo[order[k - 1]] < elo[i] - TIE; k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
    fprintf(out, "Rank %-*s %7s %7s %7s %6s %9s\n", w, "Name", "Elo",
            "+/-", "Games", "Score", "Forfeits");
    for (int r = 0; r < t->n; r++) {
        int i = order[r];
        double pts = 0;
        long games = 0;
        for (int j = 0; j < t->n; j++) {
            pts += points(&t->pair[i][j]);
            games += score_games(&t->pair[i][j]);
        }
        fprintf(out, "%4d %-*s %7.1f %7.1f %7ld %5.1f%% %9ld\n", r + 1, w,
                t->names[i], elo[i], margin[i], games,
                games ? 100.0 * pts / (double)games : 0.0, t->forfeits[i]);
    }
}

/* The game pairs of every pairing that played some, from the first
 * engine's side. */
static void print_pairings(const struct xtable *t, FILE *out, int w)
{
    bool title = false;
    for (int i = 0; i < t->n; i++)
        for (int j = i + 1; j < t->n; j++) {
            const struct pairs *p = &t->pairs[i][j];
            if (!pairs_count(p) && !p->broken)
                continue;
            if (!title)
                fputs("Game pairs per pairing (outcomes for the first "
                      "engine):\n", out);
            title = true;
            fprintf(out, "  %-*s vs %-*s ", w, t->names[i], w,
                    t->names[j]);
            stats_print_pairs(out, p);
            if (p->broken)
                fprintf(out, "; %ld left out", p->broken);
            fputc('\n', out);
        }
}

void table_print_clocks(const struct xtable *t, FILE *out)
{
    for (int i = 0; i < t->n; i++) {
        const struct clock_tally *c = &t->clocks[i];
        if (c->games)
            fprintf(out, "Clock left at the end: %s mean %.3f s, least "
                    "%.3f s over %ld games, %ld lost on time\n",
                    t->names[i], c->sum / (double)c->games, c->least,
                    c->games, t->timeouts[i]);
    }
}

void table_print(const struct xtable *t, FILE *out)
{
    int w = name_width(t);
    print_cross(t, out, w);
    print_ratings(t, out, w);
    print_pairings(t, out, w);
}
