/* relay.h -- one engine subprocess and the text protocol spoken with it.
 *
 * A relay starts an engine (any program speaking doc/protocol.md), writes
 * command lines to its standard input and reads its replies on a thread of
 * its own, so that a streamed reply (analyze_stream) can be followed while
 * the next command is on its way.  The engine's standard error goes to
 * /dev/null.  A relay is reference counted: the session and every open
 * event stream hold a reference, and the last relay_unref frees it.
 */
#ifndef TRIAD_WEB_RELAY_H
#define TRIAD_WEB_RELAY_H

#include <stdbool.h>

#include "core/sbuf.h"

struct relay;

/* Starts argv[0] (searched in PATH) with argv.  NULL when the process or
 * the reader thread cannot be created. */
struct relay *relay_start(char *const argv[]);

/* Kills the engine (if it still runs), reaps it and drops the caller's
 * reference. */
void relay_stop(struct relay *r);

void relay_ref(struct relay *r);
void relay_unref(struct relay *r);

/* False once the engine has closed its output (exited or crashed). */
bool relay_alive(struct relay *r);

/* Sends one command line (no newline in it) and waits up to timeout
 * seconds for its reply.  Returns 1 for a success reply, 0 for a failure
 * reply, with the reply text (without the '='/'?' and id) in *reply;
 * -1 when the engine died or did not answer in time. */
int relay_command(struct relay *r, const char *line, double timeout,
                  struct sbuf *reply);

/* Sends a streaming command line (analyze_stream): returns as
 * relay_command for its first line; on success the lines that follow are
 * collected until the engine ends the stream (the next command does). */
int relay_stream_start(struct relay *r, const char *line, double timeout,
                       struct sbuf *reply);

/* Waits up to timeout seconds for stream lines after number *seen.
 * Appends them (each ending in '\n') to *out and advances *seen.  Returns
 * 1 when lines were appended, 0 on timeout, -1 when no stream runs any
 * more (ended, or the engine died). */
int relay_stream_wait(struct relay *r, unsigned long *seen, double timeout,
                      struct sbuf *out);

#endif
