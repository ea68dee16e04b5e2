/* analysisreq.h -- the body of POST /api/sessions/ID/analysis: an
 * analysis-mode request (doc/protocol.md, "The analysis mode") without
 * id, checked by the server before any process is started: a JSON object
 * with only the fields game, setup, position, moves, turns, seconds and
 * nodes, each of its type and within the server's caps (tighter than the
 * analysis mode's own).  The engine still checks the game, the setup or
 * position and the moves; its error comes back as an answer line. */
#ifndef TRIAD_WEB_ANALYSISREQ_H
#define TRIAD_WEB_ANALYSISREQ_H

#include <stddef.h>

#define ANALYSISREQ_MAX_SECONDS 10.0
#define ANALYSISREQ_MAX_NODES 100000000      /* 10^8 */
#define ANALYSISREQ_MAX_MOVES 2000           /* so at most 2001 turns */
#define ANALYSISREQ_ID "web"                 /* the id given to it */

/* A request ready for the process. */
struct analysisreq {
    char *line;                 /* the request with its id, one line;
                                   malloc'd                            */
    size_t answers;             /* answer lines it asks for            */
};

/* Checks body[0..len).  0 with *out filled (free its line), or -1 with
 * why (a sentence for the client, NUL-terminated, at most why_size
 * bytes with its NUL) and nothing to free. */
int analysisreq_read(const char *body, size_t len, struct analysisreq *out,
                     char *why, size_t why_size);

#endif
