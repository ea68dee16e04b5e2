/* analysis.h -- one `triad --analysis` process of a session, given one
 * request: its answer lines, the id removed, queued as they come for the
 * server to stream back.
 *
 * A reader thread writes the request, closes the process's input and
 * reads its answers; it reaps the process as soon as its output ends
 * (killed or done), so no zombie outlives it.  The text ends once every
 * requested turn is answered (the process is then killed: it has nothing
 * left to do), at the first error line, or when the process ends; an
 * end nobody asked for (a crash) is told by an error line of our own.
 * Reference counted: the session and the HTTP response hold one each.
 */
#ifndef TRIAD_WEB_ANALYSIS_H
#define TRIAD_WEB_ANALYSIS_H

#include <stddef.h>
#include <sys/types.h>

struct analysis;

/* The longest answer line taken, and the most answer text kept for a
 * client that does not read it, in bytes; past either the process is
 * killed and the text ends with an error line. */
#define ANALYSIS_MAX_LINE (1024 * 1024)
#define ANALYSIS_MAX_BACKLOG (8 * 1024 * 1024)

/* Starts the command line cmd (core/gtpclient.h) to answer request, one
 * JSON object without its newline, which asks for `answers` turns.  NULL
 * when the process or the thread cannot be made. */
struct analysis *analysis_start(const char *cmd, const char *request,
                                size_t answers);

void analysis_ref(struct analysis *a);
void analysis_unref(struct analysis *a);

/* Kills the process (if it still runs): the text ends, without an error
 * line.  The reader thread reaps it. */
void analysis_kill(struct analysis *a);

/* Kills the process, waits until it is reaped and drops the caller's
 * reference. */
void analysis_stop(struct analysis *a);

/* Copies up to max bytes of answer text (lines ending in '\n') into buf:
 * the count, 0 when nothing is ready yet, -1 once all was taken and the
 * text has ended. */
ssize_t analysis_take(struct analysis *a, char *buf, size_t max);

/* Has wake(arg) called, from the reader thread and with no lock of this
 * module held, whenever text becomes ready or the text ends.  With wake
 * NULL: once this returns, wake is neither running nor called again. */
void analysis_watch(struct analysis *a, void (*wake)(void *), void *arg);

/* The process id (for tests; the process may be gone). */
pid_t analysis_pid(const struct analysis *a);

#endif
