/* gtp.h -- GTP version 2 framing and the command dispatcher.
 *
 * gtp_execute() takes one raw input line, preprocesses it (doc/protocol.md,
 * Framing), looks the command up in the table, checks its argument count
 * and runs the handler.  Handlers only fill a result text and say whether
 * they succeeded; the dispatcher alone writes '=' / '?' replies, so every
 * reply is framed, free of empty lines and flushed.
 */
#ifndef TRIAD_PROTO_GTP_H
#define TRIAD_PROTO_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/sbuf.h"
#include "engine/engine.h"

/* The GTP front end of an engine: what a controller's connection adds to
 * the engine's state (the engine itself knows no protocol). */
struct gtp_frontend {
    struct engine *engine;        /* the engine it drives (not owned) */
    bool color;                   /* ANSI colours in showboard        */
    /* Waits up to seconds for input and says whether the next command
     * line (or the end of input) is there; streaming commands run until
     * it is.  NULL: no input can come, a stream ends after one line. */
    bool (*input_pending)(void *ctx, double seconds);
    void *input_ctx;
    /* The reply being made, for commands that stream it (gtp_execute
     * sets them around each command; see gtp_stream_line). */
    FILE *reply_out;
    const char *reply_id;
    bool reply_started;
    struct sbuf reply_text;       /* the reply's text, kept between commands */
};

/* A front end for engine e: no colours, no input to wait for. */
void gtp_frontend_init(struct gtp_frontend *f, struct engine *e);

/* Frees what the front end holds (not the engine). */
void gtp_frontend_done(struct gtp_frontend *f);

enum gtp_status {
    GTP_OK = 0,     /* success: the text is the result            */
    GTP_FAIL,       /* failure: the text is the error message      */
    GTP_QUIT        /* success, then the connection ends           */
};

typedef enum gtp_status gtp_handler(struct gtp_frontend *f, int argc,
                                    char **argv, struct sbuf *out);

struct gtp_command {
    const char *name;
    int min_args;
    int max_args;           /* -1: no upper bound                   */
    gtp_handler *run;
    const char *args;       /* usage of the arguments, e.g. "COLOR"  */
    const char *summary;    /* one line for help                     */
};

/* The command table, sorted by name; *n receives its length. */
const struct gtp_command *gtp_commands(size_t *n);

/* The command called name, or NULL. */
const struct gtp_command *gtp_find(const char *name);

/* Runs one input line of len bytes (without its '\n'; it may contain any
 * bytes, NUL included) and writes the framed reply to out.  An empty or
 * comment-only line gets no reply.  Returns GTP_QUIT when the connection
 * should end (quit, or out can no longer be written), else GTP_OK. */
enum gtp_status gtp_execute(struct gtp_frontend *f, const char *line,
                            size_t len, FILE *out);

/* Answers "?id why" to a line that is not run (too long, or no memory to
 * hold it): line (may be NULL) holds its first len bytes, where the id, if
 * any, is looked for.  Returns as gtp_execute. */
enum gtp_status gtp_refuse(const char *line, size_t len, const char *why,
                           FILE *out);

/* Protocol.md section 1's preprocessing of a line of len bytes: control
 * characters (C0, DEL and C1) other than HT go, '#' starts a comment, HT
 * becomes a space, and each byte that is not part of valid UTF-8 becomes
 * U+FFFD, so that no reply ever echoes a control or a broken character.
 * Returns a malloc'd NUL-terminated text, or NULL when memory is short. */
char *gtp_preprocess(const char *line, size_t len);

/* For streaming commands: writes "=id " and a line break before the first
 * line, then line and a line break, and flushes; the handler returns
 * GTP_OK and the dispatcher closes the reply with an empty line.  Returns
 * -1 when the output can no longer be written. */
int gtp_stream_line(struct gtp_frontend *f, const char *line);

#endif
