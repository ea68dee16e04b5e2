/* errlog.c -- prefixed stderr relay (see errlog.h).
 *
 * Every line goes out in one write() to a file opened with O_APPEND, so
 * lines of engines in different threads never interleave within a line.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/errlog.h"

#define ERRLOG_LINE_MAX 4096    /* longer lines are cut into pieces     */

void errlog_init(struct errlog *l, const char *label)
{
    memset(l, 0, sizeof *l);
    l->from_fd = -1;
    l->log_fd = -1;
    snprintf(l->label, sizeof l->label, "%s", label ? label : "");
}

int errlog_open(struct errlog *l, int log_fd)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return -1;
    fcntl(p[0], F_SETFL, O_NONBLOCK);
    l->from_fd = p[0];
    l->log_fd = log_fd;
    l->len = 0;
    return p[1];
}

/* Remembers S of an "info ... score S ..." line. */
static void note_score(struct errlog *l, const char *text, size_t n)
{
    char line[128];
    snprintf(line, sizeof line, "%.*s", (int)(n < 127 ? n : 127), text);
    const char *s = strstr(line, " score ");
    char *end;
    if (strncmp(line, "info ", 5) != 0 || !s)
        return;
    long v = strtol(s + 7, &end, 10);
    if (end != s + 7 && (*end == ' ' || *end == '\0')) {
        l->score = v;
        l->have_score = true;
    }
}

/* Writes "label: " and n bytes of text and a newline in one write. */
static void put_line(struct errlog *l, const char *text, size_t n)
{
    if (l->scores)
        note_score(l, text, n);
    if (l->log_fd < 0)
        return;
    char out[ERRLOG_LABEL_MAX + ERRLOG_LINE_MAX + 4];
    int k = snprintf(out, sizeof out, "%s: ", l->label);
    memcpy(out + k, text, n);
    out[k + (int)n] = '\n';
    if (write(l->log_fd, out, (size_t)k + n + 1) < 0) {
        /* a full disk or a closed file: the match goes on without it */
    }
}

/* Sends the complete lines of the buffer (all of it when flush). */
static void put_lines(struct errlog *l, bool flush)
{
    size_t start = 0;
    for (;;) {
        char *nl = memchr(l->buf + start, '\n', l->len - start);
        size_t n = nl ? (size_t)(nl - (l->buf + start)) : l->len - start;
        if (!nl && !flush && n < ERRLOG_LINE_MAX)
            break;
        if (n > ERRLOG_LINE_MAX)
            n = ERRLOG_LINE_MAX;
        if (n == 0 && !nl)
            break;
        put_line(l, l->buf + start, n);
        start += n + (nl && l->buf + start + n == nl);
    }
    memmove(l->buf, l->buf + start, l->len - start);
    l->len -= start;
}

void errlog_pump(struct errlog *l)
{
    if (l->from_fd < 0)
        return;
    for (;;) {
        if (l->cap - l->len < 1024) {
            size_t cap = l->cap ? l->cap * 2 : 2 * ERRLOG_LINE_MAX;
            char *b = realloc(l->buf, cap);
            if (!b)
                return;
            l->buf = b;
            l->cap = cap;
        }
        ssize_t r = read(l->from_fd, l->buf + l->len, l->cap - l->len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        l->len += (size_t)r;
        put_lines(l, false);
    }
}

void errlog_close(struct errlog *l)
{
    if (l->from_fd < 0)
        return;
    errlog_pump(l);
    put_lines(l, true);
    close(l->from_fd);
    l->from_fd = -1;
}

void errlog_done(struct errlog *l)
{
    free(l->buf);
    l->buf = NULL;
    l->len = l->cap = 0;
}
