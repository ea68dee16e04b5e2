/* sessions.h -- the table of game sessions of triad-web: one engine
 * relay each, named by an unguessable id, capped in number and reaped when
 * idle.
 *
 * sessions_get returns a session locked for one request: requests to one
 * session run one after the other, and the reaper never takes a session
 * somebody holds.
 */
#ifndef TRIAD_WEB_SESSIONS_H
#define TRIAD_WEB_SESSIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "web/relay.h"

#define SESSION_ID_LEN 32           /* hex digits of a session id */

struct session_table;

struct web_session {
    char id[SESSION_ID_LEN + 1];
    struct relay *relay;
    double last_used;               /* monotonic seconds               */
    size_t slot;                    /* index in the table              */
    int holders;                    /* requests holding it (table lock) */
    bool gone;                      /* deleted or reaped               */
};

/* A table of at most max sessions whose engines run engine_argv (kept by
 * reference: it must outlive the table).  NULL when memory is short. */
struct session_table *sessions_new(size_t max, char *const engine_argv[]);

/* Stops every engine and frees the table. */
void sessions_free(struct session_table *t);

/* Starts a session and its engine and returns it held, or NULL: *full is
 * set when the cap is reached, else the engine could not be started. */
struct web_session *sessions_create(struct session_table *t, bool *full);

/* The session called id, held, or NULL. */
struct web_session *sessions_get(struct session_table *t, const char *id);

/* Ends a request on s (from sessions_create or sessions_get). */
void sessions_release(struct session_table *t, struct web_session *s);

/* Replaces the engine of held session s by a fresh one; 0 or -1. */
int sessions_restart(struct session_table *t, struct web_session *s);

/* Deletes held session s (its engine is stopped once released). */
void sessions_delete(struct session_table *t, struct web_session *s);

/* Deletes every session not held and unused for idle seconds or more;
 * returns how many. */
int sessions_reap(struct session_table *t, double idle);

/* Number of live sessions. */
size_t sessions_count(struct session_table *t);

/* Monotonic clock in seconds. */
double sessions_now(void);

#endif
