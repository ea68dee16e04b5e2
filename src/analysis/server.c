/* server.c -- the analysis mode's loop (analysis.h): the reading thread
 * checks each request line and queues its turns; the workers, each with
 * its own engine, take the turns in order and write each answer as soon
 * as it is ready.  One mutex guards the queue and the output, so lines
 * never interleave and a cancel's acknowledgement is the last line about
 * its target: it is written only once no search of the target runs, and
 * a worker whose turn was cancelled meanwhile drops its answer. */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/answer.h"
#include "analysis/request.h"

/* A request in the queue, until its last turn is answered or dropped. */
struct job {
    struct request *req;
    int next;                    /* req->turns[next] is the next to take */
    int running;                 /* turns being searched                 */
    atomic_bool cancelled;       /* the running searches' stop flag      */
    struct stop_source stop;     /* ...as their stop source              */
    struct job *later;
};

struct server {
    pthread_mutex_t lock;        /* everything below, and the output     */
    pthread_cond_t work;         /* a turn was queued, or the input ended */
    pthread_cond_t idle;         /* a turn was answered or dropped       */
    struct job *first, *last;
    size_t queued;               /* request_size of the jobs             */
    size_t max_queued;           /* ...at most                           */
    bool ended;                  /* end of input: workers leave when idle */
    bool failed;                 /* the output failed: all stop          */
    FILE *out;
};

struct worker {
    struct server *s;
    struct engine e;
    pthread_t thread;
};

/* Writes a (under the lock); a failure stops everything. */
static void emit(struct server *s, json_t *a)
{
    if (s->failed) {
        json_decref(a);
        return;
    }
    if (answer_write(s->out, a) != 0) {
        s->failed = true;
        for (struct job *j = s->first; j; j = j->later) {
            atomic_store(&j->cancelled, true);
            j->next = j->req->nturns;
        }
        pthread_cond_broadcast(&s->work);
        pthread_cond_broadcast(&s->idle);
    }
}

/* Frees the jobs that have nothing pending or running (under the lock). */
static void retire_done(struct server *s)
{
    struct job **link = &s->first;
    s->last = NULL;
    while (*link) {
        struct job *j = *link;
        if (j->next == j->req->nturns && j->running == 0) {
            *link = j->later;
            s->queued -= request_size(j->req);
            request_free(j->req);
            free(j);
        } else {
            s->last = j;
            link = &j->later;
        }
    }
}

/* The first job with a turn still to take (under the lock), or NULL. */
static struct job *next_job(struct server *s)
{
    struct job *j = s->first;
    while (j && j->next == j->req->nturns)
        j = j->later;
    return j;
}

/* Searches turn of j's game on the worker's engine (no lock held);
 * returns the answer (NULL: out of memory). */
static json_t *analyse(struct worker *w, struct job *j, int turn)
{
    struct engine *e = &w->e;
    const struct request *r = j->req;
    struct sbuf err = SBUF_INIT;
    int rc = engine_setposition(e, r->start, &err);
    sbuf_free(&err);
    for (int i = 0; i < turn && rc == 0; i++)
        rc = engine_play(e, r->moves[i]);
    if (rc != 0)
        return NULL;
    if (engine_outcome(e, NULL) != GAME_ONGOING)
        return answer_turn(e, r->id, turn, NULL);
    e->stop = &j->stop;
    struct search_limits lim = engine_search_limits(e, r->seconds);
    lim.max_nodes = r->nodes;
    struct search_result res;
    rc = engine_search(e, &lim, &res);
    e->stop = NULL;
    return rc == 0 ? answer_turn(e, r->id, turn, &res) : NULL;
}

static void *work(void *arg)
{
    struct worker *w = arg;
    struct server *s = w->s;
    pthread_mutex_lock(&s->lock);
    for (;;) {
        struct job *j = next_job(s);
        if (!j) {
            if (s->ended || s->failed)
                break;
            pthread_cond_wait(&s->work, &s->lock);
            continue;
        }
        int turn = j->req->turns[j->next++];
        j->running++;
        pthread_mutex_unlock(&s->lock);
        json_t *a = analyse(w, j, turn);
        pthread_mutex_lock(&s->lock);
        if (atomic_load(&j->cancelled))
            json_decref(a);
        else
            emit(s, a ? a : answer_error(j->req->id, "out of memory", -1));
        j->running--;
        retire_done(s);
        pthread_cond_broadcast(&s->idle);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Queues the turns of req (under the lock); false when memory is short
 * or the queue holds its share already (the error is then in *why). */
static bool enqueue(struct server *s, struct request *req, struct sbuf *why)
{
    size_t size = request_size(req);
    if (size > s->max_queued - s->queued) {
        sbuf_printf(why, "too much pending work (%zu MiB of requests "
                    "queued): wait for answers or cancel", s->queued >> 20);
        return false;
    }
    struct job *j = calloc(1, sizeof *j);
    if (!j) {
        sbuf_puts(why, "out of memory");
        return false;
    }
    s->queued += size;
    j->req = req;
    atomic_init(&j->cancelled, false);
    j->stop = STOP_ON_FLAG(&j->cancelled);
    if (s->last)
        s->last->later = j;
    else
        s->first = j;
    s->last = j;
    pthread_cond_broadcast(&s->work);
    return true;
}

/* Turns of requests called id still running (under the lock). */
static int running_of(const struct server *s, json_t *id)
{
    int n = 0;
    for (const struct job *j = s->first; j; j = j->later)
        if (json_equal(j->req->id, id))
            n += j->running;
    return n;
}

/* Cancels every request called target (under the lock): drops its
 * pending turns, stops its searches and waits for them, then answers. */
static void cancel(struct server *s, json_t *id, json_t *target)
{
    int turns = 0;
    bool known = false;
    for (struct job *j = s->first; j; j = j->later) {
        if (!json_equal(j->req->id, target))
            continue;
        known = true;
        atomic_store(&j->cancelled, true);
        turns += j->req->nturns - j->next + j->running;
        j->next = j->req->nturns;
    }
    if (!known) {
        struct sbuf why = SBUF_INIT;
        sbuf_printf(&why, "cancel: no pending request \"%s\"",
                    json_string_value(target) ? json_string_value(target)
                                              : "?");
        emit(s, answer_error(id, sbuf_str(&why), -1));
        sbuf_free(&why);
        return;
    }
    retire_done(s);
    while (running_of(s, target) > 0)
        pthread_cond_wait(&s->idle, &s->lock);
    emit(s, answer_cancel(id, target, turns));
}

/* What read_line found. */
enum line_status { LINE_READ, LINE_TOO_LONG, LINE_END };

/* Reads one line of at most max bytes into *line (without its newline);
 * a longer one is read to its end and dropped.  The last line may lack
 * its newline. */
static enum line_status read_line(FILE *in, size_t max, struct sbuf *line)
{
    sbuf_reset(line);
    bool too_long = false;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (line->len < max)
            sbuf_putc(line, (char)c);
        else
            too_long = true;
    }
    if (c == EOF && line->len == 0 && !too_long)
        return LINE_END;
    return too_long ? LINE_TOO_LONG : LINE_READ;
}

static bool blank(const struct sbuf *line)
{
    return strspn(sbuf_str(line), " \t\r") == line->len;
}

/* Acts on one line (takes the lock). */
static void handle(struct server *s, struct engine *scratch,
                   const struct sbuf *line)
{
    struct request_line l;
    request_read(sbuf_str(line), line->len, scratch, &l);
    pthread_mutex_lock(&s->lock);
    if (l.kind == REQUEST_ANALYSE && enqueue(s, l.request, &l.error))
        l.request = NULL;
    else if (l.kind == REQUEST_ANALYSE)
        emit(s, answer_error(l.id, sbuf_str(&l.error), -1));
    else if (l.kind == REQUEST_CANCEL)
        cancel(s, l.id, l.target);
    else
        emit(s, answer_error(l.id, sbuf_str(&l.error), l.index));
    pthread_mutex_unlock(&s->lock);
    request_line_done(&l);
}

/* Reads requests until the end of the input or a failed output. */
static void read_requests(struct server *s, FILE *in, size_t max,
                          struct engine *scratch)
{
    struct sbuf line = SBUF_INIT;
    char message[64];
    snprintf(message, sizeof message, "line longer than %zu bytes", max);
    for (;;) {
        enum line_status st = read_line(in, max, &line);
        if (st == LINE_END)
            break;
        if (st == LINE_TOO_LONG || line.oom) {
            pthread_mutex_lock(&s->lock);
            emit(s, answer_error(NULL, line.oom ? "out of memory" : message,
                                 -1));
            pthread_mutex_unlock(&s->lock);
        } else if (!blank(&line)) {
            handle(s, scratch, &line);
        }
        pthread_mutex_lock(&s->lock);
        bool failed = s->failed;
        pthread_mutex_unlock(&s->lock);
        if (failed)
            break;
    }
    sbuf_free(&line);
}

/* The workers' engines, each sized and seeded; how many were made. */
static int make_workers(struct server *s, const struct analysis_config *c,
                        struct worker *w)
{
    for (int i = 0; i < c->workers; i++) {
        w[i].s = s;
        if (engine_init(&w[i].e, c->seed) != 0)
            return i;
        if (engine_set_hash(&w[i].e, c->hash_mb) != 0 ||
            pthread_create(&w[i].thread, NULL, work, &w[i]) != 0) {
            engine_done(&w[i].e);
            return i;
        }
    }
    return c->workers;
}

int analysis_serve(FILE *in, FILE *out, const struct analysis_config *c)
{
    struct server s = { .out = out, .max_queued = c->max_queued };
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.work, NULL);
    pthread_cond_init(&s.idle, NULL);
    json_object_seed(0);            /* before any thread makes objects */
    struct worker *w = calloc((size_t)c->workers, sizeof *w);
    struct engine scratch;
    bool scratch_ok = engine_init(&scratch, c->seed) == 0;
    int made = w && scratch_ok ? make_workers(&s, c, w) : 0;
    if (made == c->workers)
        read_requests(&s, in, c->max_line, &scratch);
    else
        fprintf(stderr, "triad: --analysis: no memory for %d workers with "
                "%d MiB of hash each\n", c->workers, c->hash_mb);
    pthread_mutex_lock(&s.lock);
    s.ended = true;
    if (made < c->workers)
        s.failed = true;
    pthread_cond_broadcast(&s.work);
    pthread_mutex_unlock(&s.lock);
    for (int i = 0; i < made; i++) {
        pthread_join(w[i].thread, NULL);
        engine_done(&w[i].e);
    }
    bool failed = s.failed;
    if (scratch_ok)
        engine_done(&scratch);
    free(w);
    while (s.first) {               /* left by a failed output */
        struct job *j = s.first;
        s.first = j->later;
        request_free(j->req);
        free(j);
    }
    pthread_cond_destroy(&s.idle);
    pthread_cond_destroy(&s.work);
    pthread_mutex_destroy(&s.lock);
    return failed ? -1 : 0;
}
