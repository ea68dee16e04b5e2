/* ugi_int.h -- what the UGI front end's files share (see ugi.h). */
#ifndef TRIAD_UGI_UGI_INT_H
#define TRIAD_UGI_UGI_INT_H

#include <pthread.h>
#include <stdatomic.h>

#include "core/sbuf.h"
#include "proto/gtp.h"
#include "search/search.h"
#include "ugi/ugi.h"

struct ugi_frontend {
    struct engine *engine;
    struct gtp_frontend gtp;       /* runs the engine options' commands  */
    FILE *out;
    pthread_mutex_t out_lock;      /* one line at a time from any thread */

    /* The options that make startpos: the game, the setup words (the
     * arguments of GTP's setup) and, for a random start, the seed. */
    const struct game_ops *game;
    struct sbuf setup;
    struct sbuf start;             /* startpos as a position string     */

    /* Stopping: stop, quit, the end of input (the engine's own stop
     * source, restored by ugi_free, is kept in outer). */
    const struct stop_source *outer;
    struct stop_source stop_source;
    atomic_bool stop;

    /* The search thread.  While searching is true the thread alone
     * touches the engine; the input thread joins it before any command
     * that does. */
    pthread_mutex_t lock;
    pthread_cond_t stopped;        /* signalled with stop set           */
    pthread_t thread;
    bool thread_live;              /* started and not yet joined        */
    bool searching;
    bool infinite;                 /* go infinite: bestmove after stop  */
    struct search_limits limits;
    FILE *info;                    /* the search's progress lines...    */
    struct sbuf info_line;         /* ...gathered here into info lines  */
};

/* Writes one line (fmt, without its line break) and flushes. */
void ugi_say(struct ugi_frontend *u, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The commands of the files below: argv[0] is the command's name. */
void ugi_cmd_options(struct ugi_frontend *u);           /* ugi_options.c */
void ugi_cmd_setoption(struct ugi_frontend *u, int argc, char **argv);
void ugi_cmd_position(struct ugi_frontend *u, int argc,  /* ugi_position.c */
                      char **argv);
void ugi_cmd_newgame(struct ugi_frontend *u);
void ugi_cmd_go(struct ugi_frontend *u, int argc, char **argv); /* ugi_go.c */

/* Makes startpos from the game option, the setup words setup and the
 * seed option (the engine's position does not change).  Returns 0, or -1
 * with the reason in *err and startpos unchanged. */
int ugi_make_start(struct ugi_frontend *u, const char *setup,
                   struct sbuf *err);

/* The search thread's part of ugi_new and ugi_free: the info stream.
 * ugi_search_init returns 0, or -1 when memory is short. */
int ugi_search_init(struct ugi_frontend *u);
void ugi_search_done(struct ugi_frontend *u);

/* Waits for a finished search thread (none running: nothing to do). */
void ugi_reap(struct ugi_frontend *u);

/* Stops the search, if any, and waits for its bestmove. */
void ugi_stop_and_wait(struct ugi_frontend *u);

#endif
