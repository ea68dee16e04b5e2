/* ugi_position.c -- startpos (from the game, setup and seed options),
 * `position startpos|fen POSITION [moves ...]` and uginewgame.  A
 * position command is all or nothing: a bad position string or move
 * leaves the engine where it was. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "ugi/ugi_int.h"

int ugi_make_start(struct ugi_frontend *u, const char *setup,
                   struct sbuf *err)
{
    const struct game_ops *g = u->game;
    char *words = strdup(setup);
    char **argv = words ? malloc(sizeof *argv * (strlen(setup) / 2 + 1))
                        : NULL;
    void *st = malloc(g->state_size);
    struct sbuf start = SBUF_INIT;
    int rc = -1;
    if (argv && st) {
        int argc = 0;
        char *save = NULL;
        for (char *w = strtok_r(words, " ", &save); w;
             w = strtok_r(NULL, " ", &save))
            argv[argc++] = w;
        /* Both engines of a match must make the same start: a random
         * one is the first draw from the seed option, as GTP's first
         * setup after set_option seed. */
        struct rng rng;
        rng_seed(&rng, u->engine->opt.seed);
        rc = g->setup(st, argc, argv, rng_next(&rng), err);
        if (rc == 0)
            g->to_string(st, &start);
    }
    if (rc == 0 && !start.oom) {
        sbuf_free(&u->start);
        u->start = start;
        sbuf_init(&start);
    } else if (!err->len) {
        rc = -1;
        sbuf_puts(err, "out of memory");
    }
    sbuf_free(&start);
    free(st);
    free(argv);
    free(words);
    return rc;
}

/* Reads the moves argv[0..argc-1] from position string pos into
 * moves[]: 0, or -1 with the reason in *why. */
static int read_moves(const char *pos, int argc, char **argv, move_t *moves,
                      struct sbuf *why)
{
    const struct game_ops *g = game_of_position(pos);
    if (!g) {
        sbuf_printf(why, "unknown game in position string: %s", pos);
        return -1;
    }
    void *st = malloc(g->state_size);
    if (!st) {
        sbuf_puts(why, "out of memory");
        return -1;
    }
    struct sbuf err = SBUF_INIT;
    int rc = 0;
    if (g->from_string(st, pos, &err) != 0) {
        sbuf_printf(why, "bad position %s: %s", pos, sbuf_str(&err));
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < argc; i++) {
        sbuf_reset(&err);
        if (g->outcome(st, NULL) != GAME_ONGOING) {
            sbuf_printf(why, "move %d (%s): the game is over", i + 1,
                        argv[i]);
            rc = -1;
        } else if (g->parse_move(st, argv[i], &moves[i], &err) !=
                   MOVE_PARSE_OK) {
            sbuf_printf(why, "move %d: illegal move %s%s%s", i + 1, argv[i],
                        err.len ? ": " : "", sbuf_str(&err));
            rc = -1;
        } else {
            g->play(st, moves[i]);
        }
    }
    sbuf_free(&err);
    free(st);
    return rc;
}

/* Sets the engine at pos after moves[0..n-1] (already checked). */
static int set_position(struct engine *e, const char *pos,
                        const move_t *moves, int n, struct sbuf *why)
{
    int rc = engine_setposition(e, pos, why);
    for (int i = 0; rc == 0 && i < n; i++)
        rc = engine_play(e, moves[i]);
    if (rc != 0 && !why->len)
        sbuf_puts(why, "out of memory");
    return rc;
}

void ugi_cmd_position(struct ugi_frontend *u, int argc, char **argv)
{
    int moves_at = argc;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "moves") == 0) {
            moves_at = i;
            break;
        }
    struct sbuf pos = SBUF_INIT, why = SBUF_INIT;
    if (argc >= 2 && strcmp(argv[1], "startpos") == 0 && moves_at == 2) {
        sbuf_puts(&pos, sbuf_str(&u->start));
    } else if (argc >= 3 && strcmp(argv[1], "fen") == 0 && moves_at == 3) {
        sbuf_puts(&pos, argv[2]);      /* a position string has no blank */
    } else {
        ugi_say(u, "info string usage: position startpos|fen POSITION "
                "[moves MOVE...]");
        return;
    }
    int n = moves_at < argc ? argc - moves_at - 1 : 0;
    move_t *moves = malloc(sizeof *moves * (size_t)(n + 1));
    if (!moves || pos.oom)
        sbuf_puts(&why, "out of memory");
    else if (read_moves(sbuf_str(&pos), n, argv + moves_at + 1, moves,
                        &why) == 0)
        set_position(u->engine, sbuf_str(&pos), moves, n, &why);
    if (why.len || why.oom)
        ugi_say(u, "info string position: %s", why.oom ? "out of memory"
                                                       : sbuf_str(&why));
    free(moves);
    sbuf_free(&pos);
    sbuf_free(&why);
}

void ugi_cmd_newgame(struct ugi_frontend *u)
{
    struct sbuf why = SBUF_INIT;
    if (set_position(u->engine, sbuf_str(&u->start), NULL, 0, &why) == 0)
        engine_restart(u->engine);      /* forgets what searches learnt */
    else
        ugi_say(u, "info string uginewgame: %s", sbuf_str(&why));
    sbuf_free(&why);
}
