/* engine.c -- engine processes and the GTP-style client (see engine.h).
 *
 * Replies are read into a per-engine buffer from which carriage returns
 * are dropped; a reply is complete at its first empty line.  Nothing here
 * blocks without a deadline: pipes are non-blocking and every wait is a
 * poll() of at most POLL_SLICE_MS so that cancellation is noticed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/gtpclient.h"
#include "match/engine.h"

#define POLL_SLICE_MS 50
#define READ_CHUNK 4096
#define REAP_WAIT 0.5          /* seconds an ended engine gets to exit */
#define QUOTE_MAX 120          /* bytes of a bad reply quoted back      */

void engine_init(struct engine *e, const atomic_bool *cancel)
{
    memset(e, 0, sizeof *e);
    e->to_fd = -1;
    e->from_fd = -1;
    e->cancel = cancel;
    errlog_init(&e->err, NULL);
}

void engine_set_label(struct engine *e, const char *name)
{
    snprintf(e->err.label, sizeof e->err.label, "%s", name);
}

void engine_watch_scores(struct engine *e)
{
    e->err.scores = true;
}

bool engine_take_score(struct engine *e, long *score)
{
    errlog_pump(&e->err);
    bool have = e->err.have_score;
    *score = e->err.score;
    e->err.have_score = false;
    return have;
}

bool engine_running(const struct engine *e)
{
    return e->pid > 0 && !e->exited;
}

static void append_errno(struct sbuf *err, const char *what, int code)
{
    char text[128];
    const char *msg = strerror_r(code, text, sizeof text);
    sbuf_printf(err, "%s: %s", what, msg);
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

int engine_start(struct engine *e, const char *cmd, int stderr_fd,
                 struct sbuf *err)
{
    struct spawned c;
    const char *failed = NULL;
    int rc = ENOMEM;
    bool relay = stderr_fd >= 0 || e->err.scores;
    int child_err = relay ? errlog_open(&e->err, stderr_fd) : -1;
    if (!relay || child_err >= 0)
        rc = gtpc_spawn(&c, cmd, child_err, &failed);
    if (child_err >= 0)
        close(child_err);
    if (rc != 0) {
        errlog_close(&e->err);
        e->pid = 0;
        append_errno(err, failed ? failed : cmd, rc);
        return -1;
    }
    e->pid = c.pid;
    e->to_fd = c.to_child;
    e->from_fd = c.from_child;
    fcntl(e->to_fd, F_SETFL, O_NONBLOCK);
    fcntl(e->from_fd, F_SETFL, O_NONBLOCK);
    e->len = 0;
    e->exited = false;
    e->killed = false;
    e->status = 0;
    return 0;
}

/* Reaps the process if it has ended; true if it has. */
static bool try_reap(struct engine *e)
{
    if (e->pid <= 0 || e->exited)
        return true;
    int st;
    pid_t r;
    do
        r = waitpid(e->pid, &st, WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == e->pid || (r < 0 && errno == ECHILD)) {
        e->exited = true;
        e->status = r == e->pid ? st : 0;
    }
    return e->exited;
}

void engine_kill(struct engine *e)
{
    close_fd(&e->to_fd);
    close_fd(&e->from_fd);
    if (e->pid <= 0 || try_reap(e)) {
        errlog_close(&e->err);
        return;
    }
    gtpc_kill(e->pid);
    int st;
    pid_t r;
    do
        r = waitpid(e->pid, &st, 0);
    while (r < 0 && errno == EINTR);
    e->exited = true;
    e->status = r == e->pid ? st : 0;
    e->killed = true;
    errlog_close(&e->err);
}

/* Waits up to wait seconds for the process to end by itself. */
static bool wait_exit(struct engine *e, double wait)
{
    double end = clock_now() + wait;
    while (!try_reap(e)) {
        if (clock_now() >= end)
            return false;
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    return true;
}

void engine_stop(struct engine *e, double wait)
{
    if (!engine_running(e)) {
        engine_kill(e);          /* closes the pipes, reaps if needed */
        return;
    }
    static const char quit[] = "quit\n";
    if (write(e->to_fd, quit, sizeof quit - 1) < 0) {
        /* Dead or clogged: closing its input below still ends it. */
    }
    close_fd(&e->to_fd);
    if (!wait_exit(e, wait))
        engine_kill(e);
    close_fd(&e->from_fd);
    errlog_close(&e->err);
}

void engine_describe_end(struct engine *e, struct sbuf *out)
{
    if (!e->exited && !wait_exit(e, REAP_WAIT)) {
        engine_kill(e);
        sbuf_puts(out, "closed its output");
        return;
    }
    if (e->killed)
        sbuf_puts(out, "was killed by the referee");
    else if (WIFSIGNALED(e->status))
        sbuf_printf(out, "crashed (killed by signal %d)",
                    WTERMSIG(e->status));
    else if (WIFEXITED(e->status))
        sbuf_printf(out, "exited with status %d", WEXITSTATUS(e->status));
    else
        sbuf_puts(out, "ended");
}

void engine_done(struct engine *e)
{
    engine_kill(e);
    errlog_done(&e->err);
    free(e->buf);
    e->buf = NULL;
    e->len = 0;
    e->cap = 0;
}

static bool cancelled(const struct engine *e)
{
    return e->cancel && atomic_load(e->cancel);
}

/* Milliseconds to the deadline, at most one slice; -1 when past. */
static int slice_ms(double deadline)
{
    double left = deadline - clock_now();
    if (left <= 0)
        return -1;
    double ms = left * 1000 + 1;
    return ms > POLL_SLICE_MS ? POLL_SLICE_MS : (int)ms;
}

static enum engine_status write_all(struct engine *e, const char *s,
                                    size_t n, double deadline)
{
    while (n > 0) {
        ssize_t w = write(e->to_fd, s, n);
        if (w > 0) {
            s += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno != EAGAIN)
            return ENGINE_DEAD;          /* EPIPE: it is gone */
        int ms = slice_ms(deadline);
        if (ms < 0)
            return ENGINE_TIMEOUT;
        if (cancelled(e))
            return ENGINE_CANCELLED;
        errlog_pump(&e->err);    /* it may wait for us to read that */
        struct pollfd p = { .fd = e->to_fd, .events = POLLOUT };
        poll(&p, 1, ms);
    }
    return ENGINE_OK;
}

/* Appends what can be read now, dropping carriage returns.  Returns
 * ENGINE_OK (maybe nothing read), ENGINE_DEAD at end of file, or
 * ENGINE_MALFORMED when the reply grows past ENGINE_REPLY_MAX. */
static enum engine_status read_some(struct engine *e)
{
    if (e->cap - e->len < READ_CHUNK) {
        if (e->cap >= ENGINE_REPLY_MAX)
            return ENGINE_MALFORMED;
        size_t cap = e->cap ? e->cap * 2 : 2 * READ_CHUNK;
        char *p = realloc(e->buf, cap);
        if (!p)
            return ENGINE_MALFORMED;
        e->buf = p;
        e->cap = cap;
    }
    ssize_t r = read(e->from_fd, e->buf + e->len, e->cap - e->len - 1);
    if (r == 0)
        return ENGINE_DEAD;
    if (r < 0)
        return errno == EAGAIN || errno == EINTR ? ENGINE_OK : ENGINE_DEAD;
    size_t j = e->len;
    for (size_t i = e->len; i < e->len + (size_t)r; i++)
        if (e->buf[i] != '\r')
            e->buf[j++] = e->buf[i];
    e->len = j;
    e->buf[e->len] = '\0';
    return ENGINE_OK;
}

/* Removes the first n buffered bytes. */
static void consume(struct engine *e, size_t n)
{
    if (n == 0)
        return;
    memmove(e->buf, e->buf + n, e->len - n);
    e->len -= n;
    e->buf[e->len] = '\0';
}

/* Puts the first line of the buffer (shortened) into *reply. */
static void quote_line(const struct engine *e, size_t start,
                       struct sbuf *reply)
{
    size_t n = 0;
    while (start + n < e->len && e->buf[start + n] != '\n' && n < QUOTE_MAX)
        n++;
    sbuf_reset(reply);
    sbuf_putn(reply, e->buf + start, n);
}

/* Parses "=[id] text" / "?[id] text" of length n at p into *reply. */
static enum engine_status parse_reply(const char *p, size_t n,
                                      struct sbuf *reply)
{
    struct gtpc_head h;
    sbuf_reset(reply);
    if (gtpc_parse_head(p, n, &h) != 0) {
        sbuf_putn(reply, p, n < QUOTE_MAX ? n : QUOTE_MAX);
        return ENGINE_MALFORMED;
    }
    sbuf_putn(reply, p + h.text, n - h.text);
    return h.ok ? ENGINE_OK : ENGINE_REFUSED;
}

/* Checks the buffer for a complete reply.  Returns ENGINE_TIMEOUT when
 * more input is needed (not an error here), else the reply's status. */
static enum engine_status take_reply(struct engine *e, struct sbuf *reply)
{
    size_t start = 0;
    while (start < e->len && e->buf[start] == '\n')
        start++;
    if (start == e->len) {
        consume(e, start);
        return ENGINE_TIMEOUT;
    }
    if (e->buf[start] != '=' && e->buf[start] != '?') {
        quote_line(e, start, reply);
        return ENGINE_MALFORMED;
    }
    /* memmem, not strstr: a reply may hold NUL bytes (then malformed). */
    char *end = memmem(e->buf + start, e->len - start, "\n\n", 2);
    if (!end)
        return ENGINE_TIMEOUT;
    size_t n = (size_t)(end - (e->buf + start));
    enum engine_status st = parse_reply(e->buf + start, n, reply);
    consume(e, (size_t)(end - e->buf) + 2);
    return st;
}

static enum engine_status read_reply(struct engine *e, double deadline,
                                     struct sbuf *reply)
{
    for (;;) {
        enum engine_status st = take_reply(e, reply);
        if (st != ENGINE_TIMEOUT)
            return st;
        int ms = slice_ms(deadline);
        if (ms < 0)
            return ENGINE_TIMEOUT;
        if (cancelled(e))
            return ENGINE_CANCELLED;
        struct pollfd p[2] = { { .fd = e->from_fd, .events = POLLIN },
                               { .fd = e->err.from_fd, .events = POLLIN } };
        int ready = poll(p, 2, ms);
        errlog_pump(&e->err);
        if (ready <= 0 || !p[0].revents)
            continue;
        st = read_some(e);
        if (st == ENGINE_MALFORMED) {
            sbuf_reset(reply);
            sbuf_puts(reply, "(reply too long)");
            return st;
        }
        if (st == ENGINE_DEAD)
            return st;     /* read_some() read nothing new: incomplete */
    }
}

/* Output that arrived after the last reply and before this command (an
 * extra reply, stray text) belongs to no command: reading it as the
 * answer to the next one would blame the wrong exchange. */
static enum engine_status check_unsolicited(struct engine *e,
                                            struct sbuf *reply)
{
    struct pollfd p = { .fd = e->from_fd, .events = POLLIN };
    while (poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        size_t before = e->len;
        if (read_some(e) != ENGINE_OK || e->len == before)
            break;      /* end of file, error or too much: the command
                           that follows will tell */
    }
    size_t start = strspn(e->buf ? e->buf : "", "\n");
    if (start == e->len) {
        consume(e, start);
        return ENGINE_OK;
    }
    quote_line(e, start, reply);
    return ENGINE_UNSOLICITED;
}

enum engine_status engine_call(struct engine *e, const char *line,
                               double timeout, struct sbuf *reply,
                               double *elapsed)
{
    double start = clock_now();
    if (elapsed)
        *elapsed = 0;
    sbuf_reset(reply);
    if (!engine_running(e) || e->to_fd < 0)
        return ENGINE_DEAD;
    enum engine_status st = check_unsolicited(e, reply);
    if (st != ENGINE_OK)
        return st;
    double deadline = start + timeout;
    size_t n = strlen(line);
    char *msg = malloc(n + 2);
    if (!msg)
        return ENGINE_DEAD;
    memcpy(msg, line, n);
    msg[n] = '\n';
    st = write_all(e, msg, n + 1, deadline);
    free(msg);
    if (st == ENGINE_OK)
        st = read_reply(e, deadline, reply);
    if (elapsed)
        *elapsed = clock_now() - start;
    return st;
}
