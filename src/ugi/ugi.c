/* ugi.c -- the UGI front end's connection: lines in, the commands'
 * dispatch, the replies out, and the referee's queries (see ugi.h). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ugi/ugi_int.h"

void ugi_say(struct ugi_frontend *u, const char *fmt, ...)
{
    struct sbuf line = SBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sbuf_vprintf(&line, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&u->out_lock);
    if (line.oom)
        fputs("info string out of memory\n", u->out);
    else
        fprintf(u->out, "%s\n", sbuf_str(&line));
    fflush(u->out);
    pthread_mutex_unlock(&u->out_lock);
    sbuf_free(&line);
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

int ugi_first_word(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && is_blank(line[i]))
        i++;
    if (i == len)
        return -1;
    return len - i >= 3 && memcmp(line + i, "ugi", 3) == 0 &&
           (len - i == 3 || is_blank(line[i + 3]));
}


struct ugi_frontend *ugi_new(struct engine *e, FILE *out)
{
    struct ugi_frontend *u = calloc(1, sizeof *u);
    if (!u)
        return NULL;
    u->engine = e;
    u->out = out;
    u->game = e->game;
    sbuf_init(&u->setup);
    sbuf_init(&u->start);
    sbuf_init(&u->info_line);
    e->game->to_string(engine_position_at(e, 0), &u->start);
    if (u->start.oom || ugi_search_init(u) != 0) {
        sbuf_free(&u->start);
        free(u);
        return NULL;
    }
    gtp_frontend_init(&u->gtp, e);
    pthread_mutex_init(&u->out_lock, NULL);
    pthread_mutex_init(&u->lock, NULL);
    pthread_cond_init(&u->stopped, NULL);
    atomic_init(&u->stop, false);
    /* The searches run on their own thread: only the stop flag stops
     * them, not the program's stop source, which reads what the input
     * thread writes (the SIGINT flag). */
    u->outer = e->stop;
    u->stop_source = STOP_ON_FLAG(&u->stop);
    e->stop = &u->stop_source;
    return u;
}

void ugi_free(struct ugi_frontend *u)
{
    if (!u)
        return;
    pthread_mutex_lock(&u->lock);
    bool infinite = u->searching && u->infinite;
    pthread_mutex_unlock(&u->lock);
    if (infinite)
        ugi_stop_and_wait(u);
    ugi_reap(u);
    u->engine->stop = u->outer;
    ugi_search_done(u);
    gtp_frontend_done(&u->gtp);
    sbuf_free(&u->setup);
    sbuf_free(&u->start);
    sbuf_free(&u->info_line);
    pthread_cond_destroy(&u->stopped);
    pthread_mutex_destroy(&u->lock);
    pthread_mutex_destroy(&u->out_lock);
    free(u);
}

void ugi_refuse(struct ugi_frontend *u, const char *why)
{
    ugi_say(u, "info string %s", why);
}

/* ---- the referee ------------------------------------------------------ */

static void cmd_query(struct ugi_frontend *u, int argc, char **argv)
{
    if (argc != 2) {
        ugi_say(u, "info string usage: query gameover|p1turn|result");
        return;
    }
    struct engine *e = u->engine;
    enum game_status st = engine_outcome(e, NULL);
    if (strcmp(argv[1], "gameover") == 0) {
        ugi_say(u, "response %s", st != GAME_ONGOING ? "true" : "false");
    } else if (strcmp(argv[1], "p1turn") == 0) {
        bool first = e->game->side_to_move(engine_position(e)) == 0;
        ugi_say(u, "response %s", first ? "true" : "false");
    } else if (strcmp(argv[1], "result") == 0) {
        ugi_say(u, "response %s", st == GAME_WIN_FIRST ? "p1win"
                                : st == GAME_WIN_SECOND ? "p2win"
                                : st == GAME_DRAW ? "draw" : "none");
    } else {
        ugi_say(u, "info string unknown query: %s (gameover, p1turn or "
                "result)", argv[1]);
    }
}

/* ---- the dispatch ---------------------------------------------------- */

static void cmd_isready(struct ugi_frontend *u, int argc, char **argv)
{
    (void)argc, (void)argv;
    ugi_say(u, "readyok");
}

/* stop and quit: a search, if any, ends with its bestmove. */
static void cmd_stop(struct ugi_frontend *u, int argc, char **argv)
{
    (void)argc, (void)argv;
    ugi_stop_and_wait(u);
}

static void cmd_ugi(struct ugi_frontend *u, int argc, char **argv)
{
    (void)argc, (void)argv;
    ugi_cmd_options(u);
}

static void cmd_newgame(struct ugi_frontend *u, int argc, char **argv)
{
    (void)argc, (void)argv;
    ugi_cmd_newgame(u);
}

struct ugi_command {
    const char *name;
    void (*run)(struct ugi_frontend *u, int argc, char **argv);
    bool while_searching;    /* may run while a search thinks */
};

static const struct ugi_command commands[] = {
    { "go", ugi_cmd_go, false },
    { "isready", cmd_isready, true },
    { "position", ugi_cmd_position, false },
    { "query", cmd_query, false },
    { "quit", cmd_stop, true },
    { "setoption", ugi_cmd_setoption, false },
    { "stop", cmd_stop, true },
    { "ugi", cmd_ugi, false },
    { "uginewgame", cmd_newgame, false },
};

/* Runs command argv[0]; false for quit. */
static bool run(struct ugi_frontend *u, int argc, char **argv)
{
    const struct ugi_command *c = NULL;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[0], commands[i].name) == 0)
            c = &commands[i];
    if (!c) {
        ugi_say(u, "info string unknown command: %s", argv[0]);
        return true;
    }
    if (!c->while_searching) {
        pthread_mutex_lock(&u->lock);
        bool busy = u->searching;
        pthread_mutex_unlock(&u->lock);
        if (busy) {
            ugi_say(u, "info string %s ignored: a search is running "
                    "(stop it first)", argv[0]);
            return true;
        }
        ugi_reap(u);           /* the engine is the input thread's */
    }
    c->run(u, argc, argv);
    return strcmp(c->name, "quit") != 0;
}

bool ugi_execute(struct ugi_frontend *u, const char *line, size_t len)
{
    /* GTP's cleaning: no control or broken character is ever echoed. */
    char *text = gtp_preprocess(line, len);
    char **argv = text ? malloc(sizeof *argv * (strlen(text) / 2 + 2))
                       : NULL;
    if (!argv) {
        free(text);
        ugi_refuse(u, "out of memory");
        return true;
    }
    int argc = 0;
    char *save = NULL;
    for (char *w = strtok_r(text, " ", &save); w;
         w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    bool go_on = argc == 0 || run(u, argc, argv);
    free(argv);
    free(text);
    return go_on;
}
