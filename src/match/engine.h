/* engine.h -- one engine process and the protocol client that talks to it.
 *
 * An engine is started with posix_spawn in its own process group, its
 * standard input and output connected to non-blocking pipes.  Every
 * exchange has a deadline (poll), so a hung, silent or flooding engine
 * never blocks the referee; a dead one is reaped and described.  The
 * process must ignore SIGPIPE (writing to a dead engine is then EPIPE).
 */
#ifndef TRIAD_MATCH_ENGINE_H
#define TRIAD_MATCH_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "core/sbuf.h"
#include "match/errlog.h"

/* Longest reply accepted, in bytes; a longer one is a malformed reply. */
#define ENGINE_REPLY_MAX (1u << 20)

enum engine_status {
    ENGINE_OK = 0,      /* '=' reply; the result text is in *reply     */
    ENGINE_REFUSED,     /* '?' reply; the message is in *reply         */
    ENGINE_TIMEOUT,     /* no complete reply before the deadline       */
    ENGINE_DEAD,        /* the process ended or closed its pipes       */
    ENGINE_MALFORMED,   /* the reply does not start with '=' or '?'    */
    ENGINE_CANCELLED,   /* *cancel became true while waiting           */
    ENGINE_UNSOLICITED  /* output nobody asked for was waiting before the
                           command; *reply holds its first line          */
};

struct engine {
    pid_t pid;                  /* 0: not running                        */
    int to_fd;                  /* the engine's standard input           */
    int from_fd;                /* the engine's standard output          */
    char *buf;                  /* bytes read but not yet consumed       */
    size_t len;
    size_t cap;
    bool exited;                /* reaped; status is valid               */
    int status;                 /* waitpid status                        */
    bool killed;                /* we killed it (timeout, closed pipes)  */
    const atomic_bool *cancel;  /* polled while waiting; may be NULL     */
    struct errlog err;          /* stderr relay (when a file is given)   */
};

/* An engine that is not running. */
void engine_init(struct engine *e, const atomic_bool *cancel);

/* The name that prefixes the engine's standard error lines. */
void engine_set_label(struct engine *e, const char *name);

/* Read the engine's standard error (even without a file for it) for
 * "info ... score S" lines; takes effect at the next start. */
void engine_watch_scores(struct engine *e);

/* The score of the last such line since the previous call; false if
 * there was none. */
bool engine_take_score(struct engine *e, long *score);

/* Starts cmd: split into words and run directly when it is a plain word
 * list, otherwise through /bin/sh -c.  Its standard error goes to
 * stderr_fd (-1: /dev/null), each line prefixed by the label and ": ".
 * Returns 0, or -1 with a reason in *err. */
int engine_start(struct engine *e, const char *cmd, int stderr_fd,
                 struct sbuf *err);

bool engine_running(const struct engine *e);

/* Sends line (no newline) and waits at most timeout seconds for the
 * complete reply.  The result text (after "= " or "? ", lines joined by
 * '\n') replaces *reply; for ENGINE_MALFORMED *reply holds the offending
 * line.  *elapsed (may be NULL) receives the seconds from sending to the
 * end of the reply. */
enum engine_status engine_call(struct engine *e, const char *line,
                               double timeout, struct sbuf *reply,
                               double *elapsed);

/* Asks the engine to quit, waits up to wait seconds, then kills it; no-op
 * when it is not running. */
void engine_stop(struct engine *e, double wait);

/* Kills the engine's process group at once and reaps it. */
void engine_kill(struct engine *e);

/* How the process ended, e.g. "killed by signal 11" or "exited with
 * status 0"; reaps it first if it has ended. */
void engine_describe_end(struct engine *e, struct sbuf *out);

/* Frees the buffers; the engine must not be running. */
void engine_done(struct engine *e);

#endif
