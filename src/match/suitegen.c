/* suitegen.c -- building balanced opening suites (see suitegen.h).
 *
 * Candidate k starts from the setup words of opening k (a random start
 * where the game has one and --random-start or the rules ask for it),
 * plays --random-plies random plies seeded by (--seed, k) that do not end
 * the game, and sends the position to the engine (setup, then play) for
 * "analyze --movetime".  A candidate is kept when |score| <= --balance
 * and it is not a copy of a kept line.  The output depends only on the
 * options and the engine's analysis.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "match/opening.h"
#include "match/referee.h"
#include "match/suitegen.h"
#include "match/tourney.h"

#define TRIES_PER_LINE 50

struct candidate {
    struct setup_words w;
    struct sbuf line;       /* "SETUP | MOVES"                          */
    struct sbuf cmds;       /* the protocol lines, '\n' separated       */
};

/* Builds candidate k: its line and the commands that set it up. */
static int make_candidate(const struct match_conf *c, long k, void *st,
                          move_t *moves, struct candidate *cd)
{
    const struct game_ops *g = c->game;
    struct sbuf err = SBUF_INIT;
    uint64_t seed = opening_pair_seed(c->seed, k);
    int rc = opening_setup_words(c, k, &cd->w, &err);
    if (rc == 0)
        rc = opening_set_start(g, &cd->w, seed, st, &err);
    sbuf_free(&err);
    if (rc != 0)
        return -1;
    sbuf_reset(&cd->line);
    sbuf_reset(&cd->cmds);
    if (cd->w.position)
        sbuf_puts(&cd->line, cd->w.position);
    else
        opening_words_text(&cd->w, &cd->line);
    opening_start_command(g, &cd->w, &cd->cmds);
    void *tmp = malloc(g->state_size);
    if (!tmp)
        return -1;
    memcpy(tmp, st, g->state_size);
    int n = opening_random_moves(g, tmp, seed, c->random_plies, moves);
    sbuf_puts(&cd->line, " |");
    for (int i = 0; i < n; i++) {
        char token[MOVE_STR_MAX];
        int side = g->side_to_move(st);
        g->format_move(st, moves[i], token);
        g->play(st, moves[i]);
        sbuf_printf(&cd->line, " %s", token);
        sbuf_printf(&cd->cmds, "\nplay %s %s", g->side_names[side], token);
    }
    free(tmp);
    return n < 0 || cd->line.oom || cd->cmds.oom ? -1 : 0;
}

/* Sends the candidate to the engine and reads the score of "analyze";
 * -1 with a reason in *why. */
static int evaluate(struct referee *r, const struct candidate *cd,
                    long *score, struct sbuf *why)
{
    const struct match_conf *c = r->conf;
    char *cmds = strdup(sbuf_str(&cd->cmds));
    if (!cmds) {
        sbuf_puts(why, "out of memory");
        return -1;
    }
    enum engine_status st = ENGINE_OK;
    char *save = NULL;
    for (char *l = strtok_r(cmds, "\n", &save); l && st == ENGINE_OK;
         l = strtok_r(NULL, "\n", &save))
        st = engine_call(&r->eng[0], l, REFEREE_CMD_TIMEOUT, &r->reply,
                         NULL);
    free(cmds);
    char line[64];
    snprintf(line, sizeof line, "analyze %g", c->movetime);
    if (st == ENGINE_OK)
        st = engine_call(&r->eng[0], line,
                         c->movetime * 2 + REFEREE_CMD_TIMEOUT, &r->reply,
                         NULL);
    const char *s = st == ENGINE_OK ? strstr(sbuf_str(&r->reply), " score ")
                                    : NULL;
    char *end = NULL;
    if (s)
        *score = strtol(s + 7, &end, 10);
    if (!s || end == s + 7) {
        sbuf_printf(why, "no score from the engine (status %d): %.100s",
                    (int)st, sbuf_str(&r->reply));
        return -1;
    }
    return 0;
}

/* True if line is one of the n lines kept so far. */
static bool seen(char **kept, long n, const char *line)
{
    for (long i = 0; i < n; i++)
        if (strcmp(kept[i], line) == 0)
            return true;
    return false;
}

static void print_header(const struct match_conf *c, FILE *out)
{
    fprintf(out, "# %s openings from triad-match --make-openings %ld: "
            "%d random plies, |score| <= %g by '%s' (%s) analysing %g s, "
            "seed %llu\n# SETUP-WORDS | MOVES\n", c->game->name,
            c->make_openings, c->random_plies, c->balance, c->eng[0].cmd,
            c->eng[0].name, c->movetime, (unsigned long long)c->seed);
}

int suitegen_run(const struct match_conf *c, FILE *out)
{
    const struct game_ops *g = c->game;
    void *st = malloc(g->state_size);
    move_t *moves = malloc(sizeof *moves * (size_t)(c->random_plies + 1));
    char **kept = calloc((size_t)c->make_openings, sizeof *kept);
    struct candidate cd = { .line = SBUF_INIT, .cmds = SBUF_INIT };
    struct referee r;
    referee_init(&r, c, -1, NULL);
    struct sbuf why = SBUF_INIT;
    int status = MATCH_EXIT_FAILURE;
    long n = 0;
    if (!st || !moves || !kept)
        sbuf_puts(&why, "out of memory");
    else if (engine_start(&r.eng[0], c->eng[0].cmd, -1, &why) == 0 &&
             referee_init_engine(&r, 0, &why) == 0) {
        print_header(c, out);
        status = MATCH_EXIT_OK;
        long tries = c->make_openings * TRIES_PER_LINE;
        for (long k = 0; k < tries && n < c->make_openings; k++) {
            long score = 0;
            if (make_candidate(c, k, st, moves, &cd) != 0 ||
                evaluate(&r, &cd, &score, &why) != 0) {
                status = MATCH_EXIT_FAILURE;
                break;
            }
            if (labs(score) > c->balance || seen(kept, n, sbuf_str(&cd.line)))
                continue;
            kept[n] = strdup(sbuf_str(&cd.line));
            fprintf(out, "%s\n", sbuf_str(&cd.line));
            fflush(out);
            n += kept[n] != NULL;
        }
    }
    if (status != MATCH_EXIT_OK)
        fprintf(stderr, "triad-match: %s\n", sbuf_str(&why));
    else if (n < c->make_openings)
        fprintf(stderr, "triad-match: only %ld of %ld openings within "
                "--balance %g after %ld candidates\n", n, c->make_openings,
                c->balance, c->make_openings * TRIES_PER_LINE);
    referee_done(&r);
    for (long i = 0; kept && i < n; i++)
        free(kept[i]);
    free(kept);
    free(moves);
    free(st);
    sbuf_free(&cd.line);
    sbuf_free(&cd.cmds);
    sbuf_free(&why);
    return status;
}
