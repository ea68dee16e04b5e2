/* opening.c -- per-pair setup words and random opening plies (see
 * opening.h).
 *
 * The random starts are setup variants, spelled with the setup words of
 * each game (doc/protocol.md, setup): game_ops.random_start_prefix says
 * how, so triad-match knows no game itself.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "match/opening.h"

#define PAIR_SALT 0x6a09e667f3bcc909ULL
#define MOVES_SALT 0xbb67ae8584caa73bULL

uint64_t opening_pair_seed(uint64_t seed, long pair)
{
    return rng_mix64(rng_mix64(seed ^ PAIR_SALT) + (uint64_t)pair);
}

bool opening_has_random_start(const struct game_ops *g, bool *always)
{
    bool has = g->random_start_prefix != NULL;
    if (always)
        *always = has && g->random_start_always;
    return has;
}

/* Splits text in place into w->argv. */
static void split(struct setup_words *w)
{
    w->position = NULL;
    w->argc = 0;
    char *save = NULL;
    for (char *t = strtok_r(w->text, " \t", &save);
         t && w->argc < OPENING_MAX_WORDS; t = strtok_r(NULL, " \t", &save))
        w->argv[w->argc++] = t;
    w->argv[w->argc] = NULL;
}

int opening_setup_words(const struct match_conf *c, long pair,
                        struct setup_words *out, struct sbuf *err)
{
    bool always;
    bool has = opening_has_random_start(c->game, &always);
    if (c->suite.n > 0) {
        const struct suite_line *l = suite_line_of(&c->suite, pair);
        snprintf(out->text, sizeof out->text, "%s", l->setup);
        split(out);
        out->position = l->position;
        return 0;
    }
    if (c->random_start && !has) {
        sbuf_printf(err, "%s has no random start", c->game->name);
        return -1;
    }
    if (c->random_start && c->setup_given) {
        sbuf_puts(err, "--random-start and --setup exclude each other");
        return -1;
    }
    if (c->setup_given || !has || !(always || c->random_start)) {
        snprintf(out->text, sizeof out->text, "%s", c->setup_text);
    } else {
        /* 31 bits: small enough for any engine's integer parser */
        unsigned long v = (unsigned long)
            (opening_pair_seed(c->seed, pair) & 0x7fffffffu);
        snprintf(out->text, sizeof out->text, "%s%lu",
                 c->game->random_start_prefix, v);
    }
    split(out);
    return 0;
}

void opening_words_text(const struct setup_words *w, struct sbuf *out)
{
    for (int i = 0; i < w->argc; i++)
        sbuf_printf(out, "%s%s", i ? " " : "", w->argv[i]);
}

int opening_set_start(const struct game_ops *g, const struct setup_words *w,
                      uint64_t seed, void *st, struct sbuf *err)
{
    if (w->position)
        return g->from_string(st, w->position, err);
    return g->setup(st, w->argc, w->argv, seed, err);
}

void opening_start_command(const struct game_ops *g,
                           const struct setup_words *w, struct sbuf *out)
{
    if (w->position) {
        sbuf_printf(out, "setposition %s", w->position);
        return;
    }
    sbuf_printf(out, "setup %s", g->name);
    for (int k = 0; k < w->argc; k++)
        sbuf_printf(out, " %s", w->argv[k]);
}

/* Index of a random move of *st that does not end the game, or -1. */
static int pick_move(const struct game_ops *g, const void *st,
                     const move_t *list, int n, struct rng *r, void *tmp)
{
    int first = (int)rng_below(r, (uint64_t)n);
    for (int k = 0; k < n; k++) {
        int i = (first + k) % n;
        memcpy(tmp, st, g->state_size);
        g->play(tmp, list[i]);
        if (g->outcome(tmp, NULL) == GAME_ONGOING)
            return i;
    }
    return -1;
}

int opening_random_moves(const struct game_ops *g, void *st,
                         uint64_t pair_seed, int plies, move_t *moves)
{
    move_t *list = malloc(sizeof *list * (size_t)g->max_moves);
    void *tmp = malloc(g->state_size);
    if (!list || !tmp) {
        free(list);
        free(tmp);
        return -1;
    }
    struct rng r;
    rng_seed(&r, pair_seed ^ MOVES_SALT);
    int done = 0;
    while (done < plies) {
        int n = g->gen_moves(st, list);
        int i = n > 0 ? pick_move(g, st, list, n, &r, tmp) : -1;
        if (i < 0)
            break;
        moves[done++] = list[i];
        g->play(st, list[i]);
    }
    free(list);
    free(tmp);
    return done;
}
