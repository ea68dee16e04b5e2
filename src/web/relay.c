/* relay.c -- an engine subprocess, its reader thread and reply matching.
 *
 * The reader thread owns the engine's standard output.  It cuts it into
 * lines and follows the framing of doc/protocol.md: a reply starts with a
 * line beginning with '=' or '?' and ends with an empty line.  A plain
 * reply is handed to the one waiting relay_command; the body of a
 * streamed reply is published line by line (only the newest line is
 * kept: a watcher wants the latest state, not a backlog).
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/gtpclient.h"
#include "web/relay.h"

struct relay {
    pid_t pid;
    int to_engine;              /* write end of the engine's stdin      */
    int from_engine;            /* read end of the engine's stdout      */
    pthread_t reader;
    pthread_mutex_t lock;       /* guards everything below              */
    pthread_cond_t changed;     /* any field below changed              */
    pthread_mutex_t talk;       /* one command at a time                */
    int refs;
    bool alive;
    bool stopped;               /* relay_stop ran                       */
    bool reaped;                /* the pid is no longer ours to signal  */
    bool killed;                /* SIGKILL sent: as good as dead        */
    bool in_reply;              /* between a '='/'?' line and the blank */
    bool reply_ours;            /* ... and that reply carries want_id   */
    bool overflow;              /* a reply or line over RELAY_MAX_REPLY */
    bool expect_stream;         /* the awaited '=' reply is a stream    */
    bool streaming;             /* inside a streamed reply's body       */
    bool reply_ready;
    bool reply_ok;
    unsigned long next_id;      /* number of the next command           */
    unsigned long want_id;      /* the reply awaited (0: none)          */
    struct sbuf reply;          /* the reply being read / just read    */
    char *stream_last;          /* newest line of the stream            */
    unsigned long stream_seq;   /* number of stream lines so far        */
};

/* Kills the engine unless it was reaped already (its pid may then name
 * another process); with r->lock held. */
static void kill_locked(struct relay *r)
{
    if (!r->reaped)
        gtpc_kill(r->pid);
    r->killed = true;
}

/* The first line of a reply, with r->lock held. */
static void reply_starts(struct relay *r, const char *line)
{
    struct gtpc_head h;
    if (gtpc_parse_head(line, strlen(line), &h) != 0)
        return;                     /* not framed: ignore it */
    r->in_reply = true;
    r->reply_ours = h.has_id && h.id == r->want_id;
    if (!r->reply_ours)
        return;                     /* late or unnumbered: not for us */
    if (h.ok && r->expect_stream) {
        r->streaming = true;
        free(r->stream_last);       /* nothing of an older stream */
        r->stream_last = NULL;
        r->reply_ok = true;
        r->reply_ready = true;      /* the header answers the starter */
    } else {
        r->reply_ok = h.ok;
        sbuf_reset(&r->reply);
        sbuf_puts(&r->reply, line + h.text);
    }
}

/* A body line of our reply, with r->lock held. */
static void reply_continues(struct relay *r, const char *line)
{
    if (r->streaming) {
        char *copy = strdup(line);
        if (copy) {
            free(r->stream_last);
            r->stream_last = copy;
            r->stream_seq++;
        }
    } else if (r->reply.len + 1 + strlen(line) > RELAY_MAX_REPLY) {
        r->overflow = true;
        kill_locked(r);
    } else {
        sbuf_putc(&r->reply, '\n');
        sbuf_puts(&r->reply, line);
    }
}

/* One line of engine output (no '\n'), with r->lock held. */
static void take_line(struct relay *r, const char *line)
{
    if (r->overflow)
        return;                     /* the engine is being killed */
    if (!r->in_reply) {
        reply_starts(r, line);
    } else if (line[0] == '\0') {
        r->in_reply = false;
        if (r->reply_ours && r->streaming)
            r->streaming = false;
        else if (r->reply_ours)
            r->reply_ready = true;
    } else if (r->reply_ours) {
        reply_continues(r, line);
    }
    pthread_cond_broadcast(&r->changed);
}

static void *reader_main(void *arg)
{
    struct relay *r = arg;
    struct sbuf line = SBUF_INIT;
    char buf[4096];
    for (;;) {
        ssize_t n = read(r->from_engine, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        pthread_mutex_lock(&r->lock);
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == '\n') {
                take_line(r, sbuf_str(&line));
                sbuf_reset(&line);
            } else if (line.len >= RELAY_MAX_REPLY && !r->overflow) {
                r->overflow = true;             /* a line without end */
                kill_locked(r);
                pthread_cond_broadcast(&r->changed);
            } else if (buf[i] != '\r' && !r->overflow) {
                sbuf_putc(&line, buf[i]);
            }
        }
        pthread_mutex_unlock(&r->lock);
    }
    sbuf_free(&line);
    pthread_mutex_lock(&r->lock);
    r->alive = false;
    r->streaming = false;
    pthread_cond_broadcast(&r->changed);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static int spawn_engine(struct relay *r, const char *cmd)
{
    struct spawned c;
    const char *failed;
    if (gtpc_spawn(&c, cmd, -1, &failed) != 0)
        return -1;
    r->pid = c.pid;
    r->to_engine = c.to_child;
    r->from_engine = c.from_child;
    return 0;
}

struct relay *relay_start(const char *cmd)
{
    struct relay *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    sbuf_init(&r->reply);
    if (spawn_engine(r, cmd) != 0) {
        free(r);
        return NULL;
    }
    pthread_mutex_init(&r->lock, NULL);
    pthread_mutex_init(&r->talk, NULL);
    pthread_cond_init(&r->changed, NULL);
    r->refs = 1;
    r->alive = true;
    r->next_id = 1;
    if (pthread_create(&r->reader, NULL, reader_main, r) != 0) {
        gtpc_kill(r->pid);
        waitpid(r->pid, NULL, 0);
        close(r->to_engine);
        close(r->from_engine);
        free(r);
        return NULL;
    }
    return r;
}

void relay_ref(struct relay *r)
{
    pthread_mutex_lock(&r->lock);
    r->refs++;
    pthread_mutex_unlock(&r->lock);
}

void relay_unref(struct relay *r)
{
    pthread_mutex_lock(&r->lock);
    bool last = --r->refs == 0;
    pthread_mutex_unlock(&r->lock);
    if (!last)
        return;
    pthread_cond_destroy(&r->changed);
    pthread_mutex_destroy(&r->lock);
    pthread_mutex_destroy(&r->talk);
    sbuf_free(&r->reply);
    free(r->stream_last);
    free(r);
}

void relay_stop(struct relay *r)
{
    pthread_mutex_lock(&r->lock);
    bool first = !r->stopped;
    r->stopped = true;
    if (first)
        kill_locked(r);
    pthread_mutex_unlock(&r->lock);
    if (first) {
        close(r->to_engine);
        pthread_join(r->reader, NULL);   /* EOF follows the kill */
        pthread_mutex_lock(&r->lock);
        while (waitpid(r->pid, NULL, 0) < 0 && errno == EINTR)
            ;
        r->reaped = true;
        pthread_mutex_unlock(&r->lock);
        close(r->from_engine);
    }
    relay_unref(r);
}

void relay_kill(struct relay *r)
{
    pthread_mutex_lock(&r->lock);
    kill_locked(r);
    pthread_mutex_unlock(&r->lock);
}

bool relay_alive(struct relay *r)
{
    pthread_mutex_lock(&r->lock);
    bool alive = r->alive && !r->killed;
    pthread_mutex_unlock(&r->lock);
    return alive;
}

static struct timespec deadline_after(double seconds)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    long long ns = ts.tv_nsec + (long long)(seconds * 1e9);
    ts.tv_sec += (time_t)(ns / 1000000000LL);
    ts.tv_nsec = (long)(ns % 1000000000LL);
    return ts;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Waits for the reply to r->want_id until `until`; with r->lock held.
 * Kills the engine when the reply does not come in time or is too long. */
static int await_reply(struct relay *r, bool stream,
                       const struct timespec *until, struct sbuf *reply)
{
    int waited = 0;
    while (r->alive && !r->reply_ready && !r->overflow && waited == 0)
        waited = pthread_cond_timedwait(&r->changed, &r->lock, until);
    if (r->reply_ready) {
        sbuf_reset(reply);
        if (!stream || !r->reply_ok)
            sbuf_puts(reply, sbuf_str(&r->reply));
        return r->reply_ok ? RELAY_OK : RELAY_FAILED;
    }
    if (r->overflow)
        return RELAY_TOO_LONG;
    if (!r->alive || r->killed)
        return RELAY_DEAD;
    kill_locked(r);
    return RELAY_TIMEOUT;
}

static int exchange(struct relay *r, const char *line, bool stream,
                    double timeout, struct sbuf *reply)
{
    pthread_mutex_lock(&r->talk);
    pthread_mutex_lock(&r->lock);
    unsigned long id = r->next_id++;
    r->want_id = id;
    r->reply_ready = false;
    r->expect_stream = stream;
    bool alive = r->alive && !r->killed;
    pthread_mutex_unlock(&r->lock);
    int rc = RELAY_DEAD;
    struct sbuf text = SBUF_INIT;
    sbuf_printf(&text, "%lu %s\n", id, line);
    if (alive && write_all(r->to_engine, sbuf_str(&text), text.len) == 0) {
        struct timespec until = deadline_after(timeout);
        pthread_mutex_lock(&r->lock);
        rc = await_reply(r, stream, &until, reply);
        pthread_mutex_unlock(&r->lock);
    }
    pthread_mutex_lock(&r->lock);
    r->want_id = 0;
    r->expect_stream = false;
    pthread_mutex_unlock(&r->lock);
    sbuf_free(&text);
    pthread_mutex_unlock(&r->talk);
    return rc;
}

int relay_command(struct relay *r, const char *line, double timeout,
                  struct sbuf *reply)
{
    return exchange(r, line, false, timeout, reply);
}

int relay_stream_start(struct relay *r, const char *line, double timeout,
                       struct sbuf *reply)
{
    return exchange(r, line, true, timeout, reply);
}

int relay_stream_wait(struct relay *r, unsigned long *seen, double timeout,
                      struct sbuf *out)
{
    struct timespec until = deadline_after(timeout);
    pthread_mutex_lock(&r->lock);
    while (r->streaming && (r->stream_seq == *seen || !r->stream_last) &&
           pthread_cond_timedwait(&r->changed, &r->lock, &until) == 0)
        ;
    int rc;
    if (r->streaming && r->stream_seq != *seen && r->stream_last) {
        sbuf_puts(out, r->stream_last);
        sbuf_putc(out, '\n');
        *seen = r->stream_seq;
        rc = 1;
    } else {
        rc = r->streaming ? 0 : -1;
    }
    pthread_mutex_unlock(&r->lock);
    return rc;
}
