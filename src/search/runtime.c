/* runtime.c -- the workers every method runs on: their memory, the
 * threads, the node count with its polls (node budget, deadline, the
 * caller's stop flag), the clock of the search and its progress lines.
 * The methods call it; it calls no method and nothing of search.c.
 */
#include "config.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "search/search_int.h"

/* Alpha-beta starts no iteration after this part of the soft aim: an
 * iteration takes about three times the one before, so on average the
 * moves then take about their aim. */
#define NEXT_ITERATION_BEFORE 0.6

static void stop_everyone(struct search *s, struct worker *w)
{
    atomic_store_explicit(&s->stop_all, true, memory_order_relaxed);
    w->stop = true;
}

void search_poll(struct worker *w)
{
    struct search *s = w->s;
    if (w->nodes >= w->node_limit) {
        w->stop = true;
        return;
    }
    /* Poll by time, not only by node count: a slow node (a large move
     * list, a page fault) must not make the clock overrun. */
    double now = clock_now();
    if (now - w->last_poll > POLL_SECONDS && w->poll_mask > 15)
        w->poll_mask >>= 1;
    else if (now - w->last_poll < POLL_SECONDS / 4 &&
             w->poll_mask < POLL_MASK_MAX)
        w->poll_mask = w->poll_mask << 1 | 1;
    w->last_poll = now;
    uint64_t delta = w->nodes - w->flushed;
    w->flushed = w->nodes;
    uint64_t total = atomic_fetch_add_explicit(&s->shared_nodes, delta,
                                               memory_order_relaxed) + delta;
    if (s->lim.max_nodes && total >= s->lim.max_nodes)
        stop_everyone(s, w);
    if (w->id == 0 && stop_requested(s->lim.stop))   /* the caller's thread */
        stop_everyone(s, w);
    if (s->deadline > 0 && now >= s->deadline)
        stop_everyone(s, w);
    if (atomic_load_explicit(&s->stop_all, memory_order_relaxed))
        w->stop = true;
}

int search_spawn(struct worker *w, void *(*fn)(void *), void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(&w->thread, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

bool search_soft_expired(const struct search *s)
{
    if (s->soft_deadline <= 0)
        return false;
    double aim = s->soft_deadline - s->t_start;
    return clock_now() - s->t_start >= aim * NEXT_ITERATION_BEFORE;
}

uint64_t search_total_nodes(const struct search *s)
{
    const struct worker *w = s->w[0];
    return atomic_load_explicit(&s->shared_nodes, memory_order_relaxed) +
           (w->nodes - w->flushed);
}


/* A move list of n moves followed by their n ordering keys. */
static move_t *new_ply_list(size_t n)
{
    return malloc(n * (sizeof(move_t) + sizeof(int)));
}

static void set_ply_list(struct worker *w, int ply, move_t *list, int n)
{
    free(w->moves[ply]);
    w->moves[ply] = list;
    w->keys[ply] = list ? (int *)(list + n) : NULL;
    w->moves_cap[ply] = list ? n : 0;
}

move_t *search_ply_moves(struct worker *w, int ply)
{
    if (!w->moves[ply]) {
        int n = w->s->g->max_moves;
        move_t *list = new_ply_list((size_t)n);
        if (!list)
            return NULL;
        set_ply_list(w, ply, list, n);
    }
    return w->moves[ply];
}

/* Writes " pv M1 M2 ..." formatted by replaying pv from the root. */
static void print_pv(const struct search *s, FILE *f, const move_t *pv,
                     int n)
{
    const struct game_ops *g = s->g;
    unsigned char *st = malloc(g->state_size);
    fputs(" pv", f);
    if (!st)
        return;
    memcpy(st, s->root, g->state_size);
    for (int i = 0; i < n && pv[i] != MOVE_NONE; i++) {
        char buf[MOVE_STR_MAX];
        g->format_move(st, pv[i], buf);
        fprintf(f, " %s", buf);
        g->play(st, pv[i]);
    }
    free(st);
}

void search_report(const struct search *s, const move_t *pv, int pv_len,
                   const char *fmt, ...)
{
    FILE *f = s->lim.progress;
    if (!f)
        return;
    double t = clock_now() - s->t_start;
    uint64_t nodes = search_total_nodes(s);
    va_list ap;
    va_start(ap, fmt);
    fputs("info ", f);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fprintf(f, " nodes %llu nps %llu time %llu", (unsigned long long)nodes,
            (unsigned long long)(t > 0 ? (double)nodes / t : 0),
            (unsigned long long)(t * 1000));
    if (pv)
        print_pv(s, f, pv, pv_len);
    fputc('\n', f);
    fflush(f);
}

static void worker_free(struct worker *w)
{
    if (!w)
        return;
    for (int i = 0; i < SEARCH_MAX_PLY; i++)
        free(w->moves[i]);
    free(w->states);
    free(w->root_moves);
    free(w);
}

static void clear_ordering(struct worker *w)
{
    memset(w->killers, 0, sizeof w->killers);
    memset(w->history, 0, sizeof w->history);
}

/* Makes w ready for game g as a new worker would be: the buffers too
 * small for g are replaced, those big enough kept (switching between
 * games then allocates nothing, and a large allocation costs page
 * faults), the move ordering is cleared.  All or nothing: -1 (w
 * unchanged) when memory is short. */
static int worker_fit(struct worker *w, const struct game_ops *g)
{
    size_t states = g->state_size * (SEARCH_MAX_PLY + 1);
    int n = g->max_moves;
    unsigned char *st = states > w->states_bytes ? malloc(states) : NULL;
    move_t *root = n > w->root_cap ? malloc(sizeof *root * (size_t)n) : NULL;
    move_t *ply0 = n > w->moves_cap[0] ? new_ply_list((size_t)n) : NULL;
    if ((states > w->states_bytes && !st) || (n > w->root_cap && !root) ||
        (n > w->moves_cap[0] && !ply0)) {
        free(st);
        free(root);
        free(ply0);
        return -1;
    }
    if (st) {
        free(w->states);
        w->states = st;
        w->states_bytes = states;
    }
    if (root) {
        free(w->root_moves);
        w->root_moves = root;
        w->root_cap = n;
    }
    if (ply0)
        set_ply_list(w, 0, ply0, n);
    for (int i = 1; i < SEARCH_MAX_PLY; i++)
        if (w->moves_cap[i] < n)        /* made again when reached */
            set_ply_list(w, i, NULL, 0);
    clear_ordering(w);
    return 0;
}

static struct worker *worker_new(struct search *s, int id)
{
    struct worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->s = s;
    w->id = id;
    if (worker_fit(w, s->g) != 0) {
        free(w);
        return NULL;
    }
    return w;
}

struct worker *search_worker(struct search *s, int i)
{
    if (!s->w[i])
        s->w[i] = worker_new(s, i);
    return s->w[i];
}

/* Old history counts fade between searches instead of vanishing. */
static void age_history(struct worker *w)
{
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < HIST_SIZE; i++)
            w->history[c][i] /= 2;
    memset(w->killers, 0, sizeof w->killers);
}

static void reset_worker(struct search *s, struct worker *w)
{
    w->nodes = 0;
    w->trace = 0;
    w->flushed = 0;
    w->poll_mask = POLL_MASK_MAX;
    w->last_poll = clock_now();
    w->unresolved = 0;
    w->stop = false;
    eval_cache_new_search(&w->evals);
    w->node_limit = search_reproducible(s) ? s->lim.max_nodes : UINT64_MAX;
    rng_seed(&w->rng, s->lim.seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)w->id));
}

int workers_fit(struct search *s, const struct game_ops *g)
{
    if (worker_fit(s->w[0], g) != 0)
        return -1;
    for (int i = 1; i < SEARCH_MAX_THREADS; i++)
        if (s->w[i] && worker_fit(s->w[i], g) != 0) {
            worker_free(s->w[i]);       /* made again when needed */
            s->w[i] = NULL;
        }
    return 0;
}

void workers_free(struct search *s)
{
    for (int i = 0; i < SEARCH_MAX_THREADS; i++) {
        worker_free(s->w[i]);
        s->w[i] = NULL;
    }
}

void workers_clear_ordering(struct search *s)
{
    for (int i = 0; i < SEARCH_MAX_THREADS; i++)
        if (s->w[i])
            clear_ordering(s->w[i]);
}

void workers_begin(struct search *s)
{
    const struct search_limits *lim = &s->lim;
    int n = lim->threads < 1 ? 1 : lim->threads;
    if (n > SEARCH_MAX_THREADS)
        n = SEARCH_MAX_THREADS;
    s->nthreads = 1;
    while (s->nthreads < n && search_worker(s, s->nthreads))
        s->nthreads++;
    s->t_start = clock_now();
    s->deadline = lim->seconds > 0 ? s->t_start + lim->seconds : 0;
    s->soft_deadline = lim->soft_seconds > 0 && lim->soft_seconds <
                       lim->seconds ? s->t_start + lim->soft_seconds : 0;
    atomic_store(&s->stop_all, false);
    atomic_store(&s->shared_nodes, 0);
    for (int i = 0; i < s->nthreads; i++)
        reset_worker(s, s->w[i]);
}

void workers_new_ordering(struct search *s, bool fresh)
{
    for (int i = 0; i < s->nthreads; i++) {
        if (fresh)
            clear_ordering(s->w[i]);
        else
            age_history(s->w[i]);
    }
}
