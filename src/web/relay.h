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

/* Starts the engine command line cmd (core/gtpclient.h says what it
 * means).  NULL when the process (for a plain list of words, the program)
 * or the reader thread cannot be made; a shell command line that fails
 * makes an engine that dies at once. */
struct relay *relay_start(const char *cmd);

/* Kills the engine (if it still runs), reaps it and drops the caller's
 * reference. */
void relay_stop(struct relay *r);

void relay_ref(struct relay *r);
void relay_unref(struct relay *r);

/* False once the engine has closed its output (exited or crashed). */
bool relay_alive(struct relay *r);

/* Kills the engine at once (if it still runs): a command waiting for it
 * returns RELAY_DEAD, an event stream ends.  relay_stop still reaps it. */
void relay_kill(struct relay *r);

/* The largest reply (or stream line) taken from an engine, in bytes. */
#define RELAY_MAX_REPLY (1024 * 1024)

/* What became of a command.  The last three leave the engine killed:
 * it would otherwise go on computing, or talking, for nobody. */
enum relay_result {
    RELAY_FAILED = 0,           /* a '?' reply                        */
    RELAY_OK = 1,               /* a '=' reply                        */
    RELAY_DEAD = -1,            /* the engine is gone (or was stopped) */
    RELAY_TIMEOUT = -2,         /* no reply in time                   */
    RELAY_TOO_LONG = -3,        /* a reply over RELAY_MAX_REPLY       */
};

/* Sends one command line (no newline in it, no id: the relay numbers each
 * command and takes only the reply carrying its number, so a reply that
 * comes too late never answers the next command) and waits up to timeout
 * seconds for its reply.  Returns a relay_result, with the reply text
 * (without the '='/'?' and id) in *reply for RELAY_OK and RELAY_FAILED. */
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
