/* ugi_go.c -- go, stop and the search thread: go's words become the
 * limits genmove would have (engine_move_limits under the clocks or
 * movetime given), the search runs on its own thread, its progress lines
 * become UCI's info lines, and bestmove ends it. */
#include "config.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "core/args.h"
#include "core/clock.h"
#include "ugi/ugi_int.h"

/* UCI's null move: go's answer where the game is over. */
#define NO_MOVE "0000"

/* ---- info lines -------------------------------------------------------- */

/* A search progress line with a score ("info depth 3 score 12 nodes
 * ...") as UCI spells it ("score cp 12"); any other line (a proof's
 * progress) as an info string. */
static void say_progress(struct ugi_frontend *u, const char *line)
{
    const char *score = strstr(line, " score ");
    if (strncmp(line, "info ", 5) != 0 || !score) {
        ugi_say(u, "info string %s", line + (strncmp(line, "info ", 5)
                                             ? 0 : 5));
        return;
    }
    if (strncmp(score + 7, "cp ", 3) == 0) {
        ugi_say(u, "%s", line);
        return;
    }
    int head = (int)(score - line) + 7;
    ugi_say(u, "%.*scp %s", head, line, line + head);
}

/* The info stream's write function (fopencookie): whole lines out. */
static ssize_t info_write(void *cookie, const char *buf, size_t size)
{
    struct ugi_frontend *u = cookie;
    for (size_t i = 0; i < size; i++) {
        if (buf[i] != '\n') {
            sbuf_putc(&u->info_line, buf[i]);
            continue;
        }
        if (!u->info_line.oom)
            say_progress(u, sbuf_str(&u->info_line));
        sbuf_reset(&u->info_line);
        u->info_line.oom = false;
    }
    return (ssize_t)size;
}

int ugi_search_init(struct ugi_frontend *u)
{
    u->info = fopencookie(u, "w", (cookie_io_functions_t){
        .write = info_write });
    return u->info ? 0 : -1;
}

void ugi_search_done(struct ugi_frontend *u)
{
    if (u->info)
        fclose(u->info);
}

/* The final info line, from the search's result. */
static void say_result(struct ugi_frontend *u, const struct search_result *r)
{
    const struct game_ops *g = u->engine->game;
    struct sbuf line = SBUF_INIT;
    double secs = r->seconds > 1e-6 ? r->seconds : 1e-6;
    sbuf_printf(&line, "info depth %d score cp %d nodes %llu nps %.0f "
                "time %.0f pv", r->depth, r->score,
                (unsigned long long)r->nodes, (double)r->nodes / secs,
                r->seconds * 1000);
    unsigned char *st = malloc(g->state_size);
    if (st) {
        memcpy(st, engine_position(u->engine), g->state_size);
        for (int i = 0; i < r->pv_len; i++) {
            char text[MOVE_STR_MAX];
            g->format_move(st, r->pv[i], text);
            sbuf_printf(&line, " %s", text);
            g->play(st, r->pv[i]);
        }
        free(st);
    }
    ugi_say(u, "%s", sbuf_str(&line));
    sbuf_free(&line);
}

/* ---- the search thread --------------------------------------------------- */

static void *search_main(void *arg)
{
    struct ugi_frontend *u = arg;
    struct engine *e = u->engine;
    struct search_result r;
    int rc = engine_search(e, &u->limits, &r);
    pthread_mutex_lock(&u->lock);
    while (u->infinite && !atomic_load(&u->stop))
        pthread_cond_wait(&u->stopped, &u->lock);    /* UCI: until stop */
    pthread_mutex_unlock(&u->lock);
    char move[MOVE_STR_MAX] = NO_MOVE;
    if (rc == 0 && engine_is_legal(e, r.best)) {
        say_result(u, &r);
        e->game->format_move(engine_position(e), r.best, move);
    } else {                     /* cannot happen: still, a legal move */
        int n;
        const move_t *legal = engine_legal_list(e, &n);
        ugi_say(u, "info string the search gave no move%s",
                n > 0 ? ": playing the first legal one" : "");
        if (n > 0)
            e->game->format_move(engine_position(e), legal[0], move);
    }
    /* The engine is the input thread's again before the controller can
     * read bestmove and send the next command. */
    pthread_mutex_lock(&u->lock);
    u->searching = false;
    pthread_mutex_unlock(&u->lock);
    ugi_say(u, "bestmove %s", move);
    return NULL;
}

void ugi_reap(struct ugi_frontend *u)
{
    if (u->thread_live) {
        pthread_join(u->thread, NULL);
        u->thread_live = false;
    }
}

void ugi_stop_and_wait(struct ugi_frontend *u)
{
    pthread_mutex_lock(&u->lock);
    atomic_store(&u->stop, true);
    pthread_cond_broadcast(&u->stopped);
    pthread_mutex_unlock(&u->lock);
    ugi_reap(u);
}

/* Starts the search thread within u->limits; false (nothing started)
 * when the system refuses a thread. */
static bool start_search(struct ugi_frontend *u)
{
    atomic_store(&u->stop, false);
    pthread_mutex_lock(&u->lock);
    u->searching = true;
    pthread_mutex_unlock(&u->lock);
    /* SIGINT stays with the input thread (main.c's handler). */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(&u->thread, NULL, search_main, u);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    u->thread_live = rc == 0;
    if (rc != 0) {
        pthread_mutex_lock(&u->lock);
        u->searching = false;            /* no thread: still ours */
        pthread_mutex_unlock(&u->lock);
    }
    return rc == 0;
}

/* ---- go ------------------------------------------------------------------ */

struct go_words {
    int64_t time[2], inc[2];    /* milliseconds; time < 0: not given */
    int64_t movetime;           /* milliseconds, < 0: not given       */
    long depth;                 /* 0: none */
    uint64_t nodes;             /* 0: none */
    bool infinite;
};

/* Reads go's words; a word it does not know or a bad number is said on
 * info string and left out. */
static void read_go(struct ugi_frontend *u, int argc, char **argv,
                    struct go_words *w)
{
    static const char *const timed[] = {
        "p1time", "p2time", "p1inc", "p2inc", "movetime"
    };
    *w = (struct go_words){ { -1, -1 }, { 0, 0 }, -1, 0, 0, false };
    int64_t *fields[] = { &w->time[0], &w->time[1], &w->inc[0],
                          &w->inc[1], &w->movetime };
    for (int i = 1; i < argc; i++) {
        const char *word = argv[i], *value = i + 1 < argc ? argv[i + 1]
                                                          : "";
        size_t k = 0;
        while (k < 5 && strcmp(word, timed[k]) != 0)
            k++;
        int64_t ms;
        if (strcmp(word, "infinite") == 0) {
            w->infinite = true;
            continue;
        }
        bool ok;
        if (k < 5)
            ok = args_i64(value, &ms) == 0;
        else if (strcmp(word, "depth") == 0)
            ok = args_long(value, 1, INT_MAX, &w->depth) == 0;
        else if (strcmp(word, "nodes") == 0)
            ok = args_u64(value, &w->nodes) == 0 && w->nodes > 0;
        else {
            ugi_say(u, "info string go: unknown word %s ignored", word);
            continue;
        }
        if (!ok) {
            ugi_say(u, "info string go: bad value for %s: '%s' ignored",
                    word, value);
        } else if (k < 5) {
            *fields[k] = ms < 0 ? 0 : ms;     /* a clock run out: 0 */
        }
        i++;
    }
}

/* The limits of the search go's words ask for. */
static struct search_limits go_limits(struct engine *e,
                                      const struct go_words *w)
{
    int side = e->game->side_to_move(engine_position(e));
    double start = clock_now();
    /* The engine as genmove would see it under the clocks or movetime
     * given (a copy: the limits read it, nothing changes it). */
    struct engine view = *e;
    struct search_limits lim;
    bool clock = w->time[side] >= 0;
    if (w->infinite) {
        lim = engine_search_limits(e, 0);
    } else if (clock) {
        /* The increment counts as a byo-yomi of one move, which the
         * time manager adds to each move's share; half of it only, the
         * rest paying for what a move costs outside the search (once
         * the clock has run low, the increment alone must pay both). */
        double inc = (double)w->inc[side] / 1000 * 0.5;
        time_control_set(&view.time_control, 0, inc, inc > 0 ? 1 : 0);
        for (int s = 0; s < 2; s++)
            time_control_left(&view.time_control, s,
                              w->time[s] >= 0 ? (double)w->time[s] / 1000
                                              : 0, 0);
        lim = engine_move_limits(&view, side, start);
        /* The increment comes after the move: never bet on it. */
        double cap = (double)w->time[side] / 1000 * 0.5;
        if (lim.seconds > cap)
            lim.seconds = cap > 0.001 ? cap : 0.001;
        if (lim.soft_seconds > lim.seconds)
            lim.soft_seconds = lim.seconds;
    } else if (w->movetime >= 0 || (!w->depth && !w->nodes)) {
        time_control_reset(&view.time_control);
        if (w->movetime >= 0)
            view.opt.movetime = (double)w->movetime / 1000;
        lim = engine_move_limits(&view, side, start);
    } else {
        lim = engine_search_limits(e, 0);
    }
    if (w->depth) {
        lim.max_depth = (int)w->depth;
        /* A depth is alpha-beta's: playouts know none. */
        if (lim.method == SEARCH_AUTO || lim.method == SEARCH_MCTS ||
            lim.method == SEARCH_PLAIN_MCTS || lim.method == SEARCH_PLAYOUTS)
            lim.method = SEARCH_ALPHABETA;
        lim.solve_first = false;
    }
    if (w->nodes)
        lim.max_nodes = w->nodes;
    return lim;
}

void ugi_cmd_go(struct ugi_frontend *u, int argc, char **argv)
{
    struct engine *e = u->engine;
    struct go_words w;
    read_go(u, argc, argv, &w);
    if (engine_outcome(e, NULL) != GAME_ONGOING) {
        ugi_say(u, "info string go: the game is over");
        ugi_say(u, "bestmove " NO_MOVE);
        return;
    }
    u->limits = go_limits(e, &w);
    u->limits.progress = u->info;
    u->infinite = w.infinite;
    if (!start_search(u)) {
        ugi_say(u, "info string go: no thread for the search");
        ugi_say(u, "bestmove " NO_MOVE);
    }
}
