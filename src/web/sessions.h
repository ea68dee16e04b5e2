/* sessions.h -- the table of game sessions of triad-web: one engine
 * relay each, and at most one analysis process (web/analysis.h), named by
 * an unguessable id, capped in number (in all and per client address)
 * and reaped when idle.
 *
 * sessions_get returns a session locked for one request: requests to one
 * session run one after the other, and the reaper never takes a session
 * somebody holds.
 */
#ifndef TRIAD_WEB_SESSIONS_H
#define TRIAD_WEB_SESSIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "web/analysis.h"
#include "web/relay.h"

#define SESSION_ID_LEN 32           /* hex digits of a session id */
#define SESSION_CLIENT_LEN 46       /* an IPv4 or IPv6 address, as text */

struct session_table;

struct session_limits {
    size_t max;                     /* sessions at once                 */
    size_t per_client;              /* sessions of one client address   */
    const char *engine;             /* command line, kept by reference  */
    /* Sent to every engine when it starts (hash, threads); an engine
     * refusing one does not start.  NULL-terminated, kept by reference. */
    const char *const *start_lines;
    double timeout;                 /* for the start lines, seconds     */
    /* The command line of an analysis process, kept by reference. */
    const char *analysis;
};

struct web_session {
    char id[SESSION_ID_LEN + 1];
    char client[SESSION_CLIENT_LEN];
    struct relay *relay;            /* replaced under the table lock    */
    struct relay *starting;         /* an engine being started for it   */
    struct analysis *analysis;      /* the latest one (table lock)      */
    double last_used;               /* core clock, last command         */
    size_t slot;                    /* index in the table              */
    int holders;                    /* requests holding it (table lock) */
    bool gone;                      /* deleted or reaped               */
};

enum sessions_refusal {
    SESSIONS_FULL = 1,              /* the table is full                */
    SESSIONS_CLIENT_FULL,           /* this client has its share        */
    SESSIONS_NO_ENGINE,             /* the engine did not start         */
    SESSIONS_CLOSING,               /* the server is stopping           */
};

/* A table within limits (copied; what they point to must outlive the
 * table).  NULL when memory is short. */
struct session_table *sessions_new(const struct session_limits *limits);

/* Stops every engine and frees the table. */
void sessions_free(struct session_table *t);

/* Kills every engine at once and refuses new sessions from now on, so
 * that requests waiting for an engine return without delay. */
void sessions_close(struct session_table *t);

/* Starts a session of client and its engine and returns it held, or NULL
 * with *why (enum sessions_refusal) set. */
struct web_session *sessions_create(struct session_table *t,
                                    const char *client, int *why);

/* The session called id, held, or NULL.  Every slot's id is compared in
 * full, in time independent of where the ids differ. */
struct web_session *sessions_get(struct session_table *t, const char *id);

/* Ends the session called id at once, held or not: its engine is killed
 * (a command waiting for it returns) and it is freed when no request
 * holds it any more.  False when there is no such session. */
bool sessions_end(struct session_table *t, const char *id);

/* Ends a request on s (from sessions_create or sessions_get). */
void sessions_release(struct session_table *t, struct web_session *s);

/* Records that held session s was used (a command: reading its event
 * stream does not count). */
void sessions_touch(struct session_table *t, struct web_session *s);

/* The relay of s, referenced (relay_unref it); s held or not. */
struct relay *sessions_relay(struct session_table *t, struct web_session *s);

/* Replaces the engine of held session s by a fresh one; 0 or -1. */
int sessions_restart(struct session_table *t, struct web_session *s);

/* Starts an analysis of request (analysis_start: `answers` turns) for
 * held session s, after stopping the one it ran before (its text ends).
 * Returns it with a reference for the caller, or NULL when it cannot be
 * started.  Deleting, reaping or closing the session kills it. */
struct analysis *sessions_analyse(struct session_table *t,
                                  struct web_session *s,
                                  const char *request, size_t answers);

/* Deletes held session s (its engine is stopped once released). */
void sessions_delete(struct session_table *t, struct web_session *s);

/* Deletes every session not held and unused for idle seconds or more;
 * returns how many. */
int sessions_reap(struct session_table *t, double idle);

/* Number of live sessions. */
size_t sessions_count(struct session_table *t);

#endif
