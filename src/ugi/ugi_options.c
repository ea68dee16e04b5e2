/* ugi_options.c -- the `ugi` reply (who we are, the options) and
 * setoption: the game and its setup words, which make startpos, and the
 * engine's settings, which GTP's list_options and set_option describe
 * and check (one table of settings for both protocols). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/games.h"
#include "ugi/ugi_int.h"

/* UCI's spelling of an empty string value. */
#define EMPTY_VALUE "<empty>"

/* Runs GTP command name with argc arguments argv into *out: true on
 * success. */
static bool run_gtp(struct ugi_frontend *u, const char *name, int argc,
                    char **argv, struct sbuf *out)
{
    const struct gtp_command *c = gtp_find(name);
    return c && c->run(&u->gtp, argc, argv, out) == GTP_OK && !out->oom;
}

void ugi_cmd_options(struct ugi_frontend *u)
{
    ugi_say(u, "id name %s %s", PACKAGE_NAME, PACKAGE_VERSION);
    ugi_say(u, "id author the %s developers", PACKAGE_NAME);
    struct sbuf line = SBUF_INIT;
    sbuf_printf(&line, "option name game type combo default %s",
                u->game->name);
    for (int i = 0; i < game_count(); i++)
        sbuf_printf(&line, " var %s", game_at(i)->name);
    ugi_say(u, "%s", sbuf_str(&line));
    ugi_say(u, "option name setup type string default " EMPTY_VALUE);
    sbuf_reset(&line);
    if (run_gtp(u, "list_options", 0, NULL, &line))
        ugi_say(u, "%s", sbuf_str(&line));     /* one line per option */
    else
        ugi_say(u, "info string out of memory");
    sbuf_free(&line);
    ugi_say(u, "ugiok");
}

/* The words of argv[from..to) joined by single spaces into *out. */
static void join(char **argv, int from, int to, struct sbuf *out)
{
    for (int i = from; i < to; i++)
        sbuf_printf(out, "%s%s", i > from ? " " : "", argv[i]);
}

/* The game called name in any case, or NULL. */
static const struct game_ops *find_game(const char *name)
{
    for (int i = 0; i < game_count(); i++)
        if (strcasecmp(game_at(i)->name, name) == 0)
            return game_at(i);
    return NULL;
}

/* Makes startpos anew from the options.  Where the setup words do not
 * fit the game (yet: a controller may set setup before game), says so
 * and takes the game's start without them. */
static void remake_start(struct ugi_frontend *u)
{
    struct sbuf err = SBUF_INIT;
    if (ugi_make_start(u, sbuf_str(&u->setup), &err) != 0) {
        ugi_say(u, "info string setup %s %s: %s; startpos is %s's start "
                "without setup words", u->game->name, sbuf_str(&u->setup),
                err.oom ? "out of memory" : sbuf_str(&err), u->game->name);
        sbuf_reset(&err);
        if (ugi_make_start(u, "", &err) != 0)
            ugi_say(u, "info string out of memory");
    }
    sbuf_free(&err);
}

/* setoption name NAME value VALUE: NAME in any case, VALUE any words. */
void ugi_cmd_setoption(struct ugi_frontend *u, int argc, char **argv)
{
    int value_at = argc;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "value") == 0) {
            value_at = i;
            break;
        }
    if (argc < 3 || strcmp(argv[1], "name") != 0 || value_at == 2) {
        ugi_say(u, "info string usage: setoption name NAME value VALUE");
        return;
    }
    struct sbuf name = SBUF_INIT, value = SBUF_INIT;
    join(argv, 2, value_at, &name);
    join(argv, value_at + 1, argc, &value);
    const char *v = strcmp(sbuf_str(&value), EMPTY_VALUE) == 0
                  ? "" : sbuf_str(&value);
    const char *n = sbuf_str(&name);
    if (name.oom || value.oom) {
        ugi_say(u, "info string out of memory");
    } else if (strcasecmp(n, "game") == 0) {
        const struct game_ops *g = find_game(v);
        if (!g) {
            ugi_say(u, "info string unknown game: %s", v);
        } else {
            u->game = g;
            remake_start(u);
        }
    } else if (strcasecmp(n, "setup") == 0) {
        sbuf_reset(&u->setup);
        sbuf_puts(&u->setup, v);
        remake_start(u);
    } else if (value_at == argc || !*v) {
        ugi_say(u, "info string setoption %s: no value", n);
    } else {
        /* An engine setting: GTP's set_option checks and sets it. */
        char *args[2] = { name.buf, value.buf };
        for (char *c = name.buf; *c; c++)
            *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
        struct sbuf err = SBUF_INIT;
        if (!run_gtp(u, "set_option", 2, args, &err))
            ugi_say(u, "info string %s", err.oom ? "out of memory"
                                                 : sbuf_str(&err));
        else if (strcmp(n, "seed") == 0)      /* a random start anew */
            remake_start(u);
        sbuf_free(&err);
    }
    sbuf_free(&name);
    sbuf_free(&value);
}
