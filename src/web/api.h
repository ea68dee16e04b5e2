/* api.h -- the JSON API of triad-web without the HTTP: a request (method,
 * path below /api/sessions, body, client address) in, a status and a JSON
 * text out.  It may wait for an engine, so the server runs it off its
 * network threads.  The routes are described in doc/triad-web.md. */
#ifndef TRIAD_WEB_API_H
#define TRIAD_WEB_API_H

#include <stddef.h>

#include "web/analysis.h"
#include "web/relay.h"
#include "web/sessions.h"

#define API_MAX_COMMANDS 16         /* commands in one request */

struct api_request {
    const char *method;
    const char *path;               /* after /api/sessions: "" or "/ID..." */
    const char *body;
    size_t body_len;
    const char *client;             /* the client's address */
};

struct api_answer {
    unsigned status;
    char *json;                     /* malloc'd; NULL for a stream       */
    struct relay *stream;           /* GET .../stream: the relay, held   */
    struct analysis *analysis;      /* POST .../analysis: its answers,
                                       held                              */
};

/* Runs rq against the sessions; timeout bounds each engine command. */
void api_handle(struct session_table *sessions, double timeout,
                const struct api_request *rq, struct api_answer *out);

#endif
