/* errlog.h -- an engine's standard error relayed to the --engine-stderr
 * file line by line, each line prefixed with the engine's name, so that
 * the file of a match with many engines says who wrote what.
 */
#ifndef TRIAD_MATCH_ERRLOG_H
#define TRIAD_MATCH_ERRLOG_H

#include <stdbool.h>
#include <stddef.h>

#define ERRLOG_LABEL_MAX 64

struct errlog {
    int from_fd;                /* read end of the engine's stderr, -1 */
    int log_fd;                 /* the shared file (O_APPEND), -1      */
    char label[ERRLOG_LABEL_MAX];
    bool scores;                /* keep the last "info ... score S"    */
    bool have_score;
    long score;
    char *buf;                  /* a line not yet complete             */
    size_t len;
    size_t cap;
};

/* A relay that is not open; label is the line prefix (copied). */
void errlog_init(struct errlog *l, const char *label);

/* Opens a pipe to relay to log_fd (-1: read, keep scores, discard);
 * returns the write end for the child (the caller closes it after the
 * spawn), or -1. */
int errlog_open(struct errlog *l, int log_fd);

/* Relays what can be read now (never blocks). */
void errlog_pump(struct errlog *l);

/* Relays what is left (an unfinished last line gets its newline) and
 * closes the pipe; the buffer is kept for the next open. */
void errlog_close(struct errlog *l);

/* Frees the buffer. */
void errlog_done(struct errlog *l);

#endif
