/* analysis.c -- an analysis process and its answer text (analysis.h). */
#include "config.h"

#include <errno.h>
#include <jansson.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/gtpclient.h"
#include "core/sbuf.h"
#include "web/analysis.h"

/* Lines are written as the analysis mode writes its own (so an answer
 * is the engine's line without its id). */
#define DUMP_FLAGS (JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(8))

struct analysis {
    pid_t pid;
    int to_child;               /* the reader thread writes and closes it */
    int from_child;
    char *request;              /* the line, with its newline            */
    size_t answers;             /* turns asked for                       */
    pthread_t reader;
    pthread_mutex_t lock;       /* guards everything below               */
    pthread_cond_t woken;       /* a wake call returned                  */
    int refs;
    size_t answered;
    bool ended;                 /* no more text will come                */
    bool killed;                /* SIGKILL sent, by us                   */
    bool reaped;                /* the pid is no longer ours to signal   */
    bool joined;                /* the reader thread is joined (or being) */
    bool waking;                /* wake runs, without the lock           */
    struct sbuf out;            /* answer text, taken from `sent` on     */
    size_t sent;
    void (*wake)(void *);
    void *wake_arg;
};

/* With a->lock held: kills the process unless it was reaped already (its
 * pid may then name another process). */
static void kill_locked(struct analysis *a)
{
    if (!a->reaped)
        gtpc_kill(a->pid);
    a->killed = true;
}

/* With a->lock held: appends one line to the text. */
static void put_line(struct analysis *a, const char *line)
{
    if (a->sent == a->out.len) {
        sbuf_reset(&a->out);        /* all taken: start afresh */
        a->sent = 0;
    }
    sbuf_puts(&a->out, line);
    sbuf_putc(&a->out, '\n');
}

/* With a->lock held: ends the text with {"error": why} and the process. */
static void fail_locked(struct analysis *a, const char *why)
{
    json_t *j = json_pack("{s:s}", "error", why);
    char *text = j ? json_dumps(j, DUMP_FLAGS) : NULL;
    json_decref(j);
    put_line(a, text ? text : "{\"error\":\"out of memory\"}");
    free(text);
    a->ended = true;
    kill_locked(a);
}

/* With a->lock held: one line of the process's output (no '\n').  Answers
 * and errors are passed on without their id; anything else (there is
 * nothing else for a lone request) is dropped. */
static void take_line(struct analysis *a, const char *line, size_t len)
{
    if (a->ended || len == 0)
        return;
    json_t *j = json_loadb(line, len, 0, NULL);
    if (!json_is_object(j)) {
        json_decref(j);
        fail_locked(a, "the analysis process wrote something else than a "
                       "JSON object");
        return;
    }
    json_object_del(j, "id");
    bool error = json_object_get(j, "error") != NULL;
    bool answer = !error && json_object_get(j, "turn") != NULL;
    char *text = error || answer ? json_dumps(j, DUMP_FLAGS) : NULL;
    json_decref(j);
    if (!text) {
        if (error || answer)
            fail_locked(a, "out of memory");
        return;
    }
    put_line(a, text);
    free(text);
    if (answer)
        a->answered++;
    if (error || a->answered == a->answers) {
        a->ended = true;
        kill_locked(a);             /* it has nothing left to do */
    } else if (a->out.len - a->sent > ANALYSIS_MAX_BACKLOG) {
        fail_locked(a, "the answers were not read: the analysis was "
                       "stopped");
    }
}

/* With a->lock held: calls the watcher without the lock. */
static void notify_locked(struct analysis *a)
{
    void (*wake)(void *) = a->wake;
    void *arg = a->wake_arg;
    if (!wake)
        return;
    a->waking = true;
    pthread_mutex_unlock(&a->lock);
    wake(arg);
    pthread_mutex_lock(&a->lock);
    a->waking = false;
    pthread_cond_broadcast(&a->woken);
}

static void write_request(struct analysis *a)
{
    const char *p = a->request;     /* with its newline */
    size_t n = strlen(p);
    while (n > 0) {
        ssize_t k = write(a->to_child, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;                  /* it is gone: its end is read below */
        p += k;
        n -= (size_t)k;
    }
    close(a->to_child);             /* the end of its input: no more */
}

/* Reads the process's lines until its output ends, then reaps it. */
static void read_answers(struct analysis *a)
{
    struct sbuf line = SBUF_INIT;
    bool overflow = false;
    char buf[4096];
    for (;;) {
        ssize_t n = read(a->from_child, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        pthread_mutex_lock(&a->lock);
        size_t before = a->out.len - a->sent;
        bool was_ended = a->ended;
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == '\n') {
                if (!overflow)
                    take_line(a, sbuf_str(&line), line.len);
                sbuf_reset(&line);
                overflow = false;
            } else if (line.len >= ANALYSIS_MAX_LINE) {
                if (!overflow && !a->ended)
                    fail_locked(a, "an answer longer than 1 MiB: the "
                                   "analysis was stopped");
                overflow = true;
            } else if (!overflow) {
                sbuf_putc(&line, buf[i]);
            }
        }
        if (a->out.len - a->sent != before || a->ended != was_ended)
            notify_locked(a);
        pthread_mutex_unlock(&a->lock);
    }
    sbuf_free(&line);
}

static void *reader_main(void *arg)
{
    struct analysis *a = arg;
    sigset_t pipe_signal;           /* a write to a dead process: EPIPE */
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, NULL);
    write_request(a);
    read_answers(a);
    pthread_mutex_lock(&a->lock);
    if (!a->ended && !a->killed)
        fail_locked(a, "the analysis process ended before answering every "
                       "turn");
    a->ended = true;
    kill_locked(a);                 /* what is left of its process group */
    while (waitpid(a->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    a->reaped = true;
    close(a->from_child);
    notify_locked(a);
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

struct analysis *analysis_start(const char *cmd, const char *request,
                                size_t answers)
{
    struct analysis *a = calloc(1, sizeof *a);
    size_t n = strlen(request);
    char *copy = malloc(n + 2);
    struct spawned c;
    const char *failed;
    if (!a || !copy || gtpc_spawn(&c, cmd, -1, &failed) != 0) {
        free(a);
        free(copy);
        return NULL;
    }
    memcpy(copy, request, n);
    memcpy(copy + n, "\n", 2);
    a->pid = c.pid;
    a->to_child = c.to_child;
    a->from_child = c.from_child;
    a->request = copy;
    a->answers = answers;
    a->refs = 1;
    sbuf_init(&a->out);
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->woken, NULL);
    if (pthread_create(&a->reader, NULL, reader_main, a) != 0) {
        gtpc_kill(a->pid);
        waitpid(a->pid, NULL, 0);
        close(a->to_child);
        close(a->from_child);
        pthread_cond_destroy(&a->woken);
        pthread_mutex_destroy(&a->lock);
        free(a->request);
        free(a);
        return NULL;
    }
    return a;
}

void analysis_ref(struct analysis *a)
{
    pthread_mutex_lock(&a->lock);
    a->refs++;
    pthread_mutex_unlock(&a->lock);
}

/* Kills the process and joins the reader thread (the first caller). */
static void finish(struct analysis *a)
{
    pthread_mutex_lock(&a->lock);
    bool first = !a->joined;
    a->joined = true;
    kill_locked(a);
    pthread_mutex_unlock(&a->lock);
    if (first)
        pthread_join(a->reader, NULL);
}

void analysis_unref(struct analysis *a)
{
    pthread_mutex_lock(&a->lock);
    bool last = --a->refs == 0;
    pthread_mutex_unlock(&a->lock);
    if (!last)
        return;
    finish(a);                      /* a no-op after analysis_stop */
    pthread_cond_destroy(&a->woken);
    pthread_mutex_destroy(&a->lock);
    sbuf_free(&a->out);
    free(a->request);
    free(a);
}

void analysis_kill(struct analysis *a)
{
    pthread_mutex_lock(&a->lock);
    kill_locked(a);
    pthread_mutex_unlock(&a->lock);
}

void analysis_stop(struct analysis *a)
{
    finish(a);
    analysis_unref(a);
}

ssize_t analysis_take(struct analysis *a, char *buf, size_t max)
{
    pthread_mutex_lock(&a->lock);
    size_t n = a->out.len - a->sent;
    ssize_t rc = n > 0 ? 0 : a->ended ? -1 : 0;
    if (n > max)
        n = max;
    if (n > 0) {
        memcpy(buf, sbuf_str(&a->out) + a->sent, n);
        a->sent += n;
        rc = (ssize_t)n;
    }
    pthread_mutex_unlock(&a->lock);
    return rc;
}

void analysis_watch(struct analysis *a, void (*wake)(void *), void *arg)
{
    pthread_mutex_lock(&a->lock);
    a->wake = wake;
    a->wake_arg = arg;
    while (!wake && a->waking)
        pthread_cond_wait(&a->woken, &a->lock);
    pthread_mutex_unlock(&a->lock);
}

pid_t analysis_pid(const struct analysis *a)
{
    return a->pid;
}
