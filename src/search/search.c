/* search.c -- the searcher object: memory, limits, stopping, progress, and
 * the dispatch to alpha-beta (alphabeta.c), MCTS (mcts.c) and the
 * baseline players (baseline.c).
 *
 * Determinism: with one thread and a node budget a search starts from an
 * empty table and empty ordering tables, so its result depends only on the
 * position and the limits (not on earlier searches or on timing).
 */
#include "config.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/clock.h"
#include "search/search_int.h"

/* Alpha-beta starts no iteration after this part of the soft aim: an
 * iteration takes about three times the one before, so on average the
 * moves then take about their aim. */
#define NEXT_ITERATION_BEFORE 0.6
/* Keeps solve-mode entries (scores without the ply tie-break) apart. */
#define SOLVE_SALT 0x6A09E667F3BCC909ULL
/* A proof before a search (proof_attempt) takes 1 / PROOF_SLICE of its
 * budget (time and nodes); the search keeps at least PROOF_REST_MIN
 * seconds. */
#define PROOF_SLICE 4
#define PROOF_REST_MIN 0.001
/* The win/loss attempt borrows this part of the table (clearing it before
 * and after must cost little next to the attempt), and after attempts
 * that failed the next SOLVE_WAIT_MAX genmove searches at most skip it. */
#define SOLVE_FIRST_TABLE_BYTES ((size_t)4 << 20)
#define SOLVE_WAIT_MAX 4

static const char *const method_names[] = {
    [SEARCH_AUTO] = "auto",
    [SEARCH_ALPHABETA] = "alphabeta",
    [SEARCH_MCTS] = "mcts",
    [SEARCH_RANDOM] = "random",
    [SEARCH_GREEDY] = "greedy",
    [SEARCH_PLAIN_MCTS] = "plainmcts",
};
_Static_assert(sizeof method_names / sizeof method_names[0] ==
               SEARCH_METHOD_COUNT, "a search method without a name");

const char *search_method_name(enum search_method m)
{
    return (unsigned)m < SEARCH_METHOD_COUNT ? method_names[m] : "?";
}

int search_method_find(const char *name)
{
    for (int m = 0; m < SEARCH_METHOD_COUNT; m++)
        if (strcasecmp(name, method_names[m]) == 0)
            return m;
    return -1;
}

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

struct search *search_new(const struct game_ops *g, size_t hash_mb)
{
    struct search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = g;
    s->hash_mb = hash_mb;
    if (tt_init(&s->tt, hash_mb) != 0) {
        free(s);
        return NULL;
    }
    if (!search_worker(s, 0)) {
        search_free(s);
        return NULL;
    }
    return s;
}

void search_free(struct search *s)
{
    if (!s)
        return;
    for (int i = 0; i < SEARCH_MAX_THREADS; i++)
        worker_free(s->w[i]);
    mcts_free(s);
    rep_free(s);
    solve_free(s);
    solve_packed_free(s);
    tt_free(&s->tt);
    free(s);
}

/* The workers keep what they can (worker_fit); the MCTS pool is kept
 * too: every MCTS search builds its tree afresh. */
int search_set_game(struct search *s, const struct game_ops *g)
{
    if (worker_fit(s->w[0], g) != 0)
        return -1;
    s->g = g;
    for (int i = 1; i < SEARCH_MAX_THREADS; i++)
        if (s->w[i] && worker_fit(s->w[i], g) != 0) {
            worker_free(s->w[i]);       /* made again when needed */
            s->w[i] = NULL;
        }
    tt_clear(&s->tt);
    return 0;
}

int search_set_hash(struct search *s, size_t hash_mb)
{
    struct tt t;
    if (tt_init(&t, hash_mb) != 0)
        return -1;
    tt_free(&s->tt);
    s->tt = t;
    s->hash_mb = hash_mb;
    mcts_free(s);               /* reallocated at the new size when used */
    return 0;
}

void search_clear(struct search *s)
{
    tt_clear(&s->tt);
    s->solve_wait = 0;
    for (int i = 0; i < SEARCH_MAX_THREADS; i++)
        if (s->w[i])
            clear_ordering(s->w[i]);
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
    w->seldepth = 0;
    w->node_limit = s->nthreads == 1 && s->lim.max_nodes ? s->lim.max_nodes
                                                         : UINT64_MAX;
    rng_seed(&w->rng, s->lim.seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)w->id));
}

/* Takes the limits and prepares every worker for a new search.  With
 * solver_only (a proof before a search) the table and the move ordering
 * are left alone: the solver uses neither (it clears the part of the
 * table it borrows), and the search after it prepares them. */
static void search_begin(struct search *s, const void *st,
                         const struct search_limits *lim, bool exact,
                         bool solver_only)
{
    s->lim = *lim;
    s->root = st;
    s->exact = exact;
    s->key_salt = exact ? SOLVE_SALT : 0;
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
    rep_begin(s);
    if (solver_only)
        return;
    bool fresh = s->nthreads == 1 && lim->max_nodes > 0;
    if (fresh) {
        tt_clear(&s->tt);
        s->tt.gen = 0;
    } else {
        tt_new_search(&s->tt);
    }
    for (int i = 0; i < s->nthreads; i++) {
        if (fresh)
            clear_ordering(s->w[i]);
        else
            age_history(s->w[i]);
    }
}

static void result_init(struct search_result *out)
{
    memset(out, 0, sizeof *out);
    out->best = MOVE_NONE;
}

/* Fills *out for a finished game; returns -1 as search_run must. */
static int game_over_result(struct search *s, struct search_result *out)
{
    int margin = 0;
    const struct game_ops *g = s->g;
    enum game_status o = g->outcome(s->root, &margin);
    out->score = score_terminal(s, o, margin, g->side_to_move(s->root), 0);
    out->proven = true;
    return -1;
}

/* Finishes *out: time, and the margin of a proven result. */
static void result_done(const struct search *s, struct search_result *out)
{
    out->seconds = clock_now() - s->t_start;
    out->margin = 0;
    if (out->proven && out->score != 0) {
        int m = search_score_margin(out->score);
        if (m < 1)
            m = 1;              /* a win in a game without margin */
        out->margin = out->score > 0 ? m : -m;
    }
}

/* Whether dispatch runs alpha-beta for *st of game g. */
static bool uses_alphabeta(const struct game_ops *g, const void *st,
                           const struct search_limits *lim)
{
    return lim->method == SEARCH_ALPHABETA ||
           (lim->method == SEARCH_AUTO &&
            !(g->prefers_mcts && g->prefers_mcts(st)));
}

static int dispatch(struct search *s, struct search_result *out)
{
    if (!uses_alphabeta(s->g, s->root, &s->lim) &&
        s->soft_deadline > 0)                         /* no iterations */
        s->deadline = s->soft_deadline;
    switch (s->lim.method) {
    case SEARCH_RANDOM:
        return baseline_random(s, out);
    case SEARCH_GREEDY:
        return baseline_greedy(s, out);
    case SEARCH_PLAIN_MCTS:
        return mcts_search(s, true, out);
    case SEARCH_MCTS:
        return mcts_search(s, false, out);
    case SEARCH_AUTO:          /* measured: doc/search.md */
        if (s->g->prefers_mcts && s->g->prefers_mcts(s->root))
            return mcts_search(s, false, out);
        return ab_search(s, out);
    case SEARCH_ALPHABETA:
    default:
        return ab_search(s, out);
    }
}

/* The proof a search may begin with, at most one per search. */
enum proof_mode {
    PROOF_NONE,
    PROOF_EXACT,        /* the margin, where the game's worth_proving hook
                           says it is in reach (the method auto) */
    PROOF_WIN_LOSS      /* a win, a draw or a loss: genmove's solve_first */
};

/* Which proof the search of *st (root_moves legal moves) begins with.
 * Both need a game of bounded length and no depth limit.  The win/loss
 * attempt also needs a choice to make (a lone move is played at once) and
 * an alpha-beta search, and is put off after failed attempts, except
 * with a node budget on one thread (such searches stay reproducible). */
static enum proof_mode proof_mode(struct search *s, const void *st,
                                  const struct search_limits *lim,
                                  int root_moves)
{
    const struct game_ops *g = s->g;
    if (root_moves == 0 || g->max_game_plies <= 0 || lim->plies_left > 0)
        return PROOF_NONE;
    if (lim->method == SEARCH_AUTO && g->worth_proving && g->worth_proving(st))
        return PROOF_EXACT;
    if (!lim->solve_first || root_moves < 2 || !uses_alphabeta(g, st, lim))
        return PROOF_NONE;
    if ((lim->max_nodes > 0 && lim->threads <= 1) || s->solve_wait == 0)
        return PROOF_WIN_LOSS;
    s->solve_wait--;
    return PROOF_NONE;
}

/* After a win/loss attempt: the next one at once after a success; after
 * failures skip 1, 3, then SOLVE_WAIT_MAX genmove searches. */
static void note_win_loss_attempt(struct search *s, bool proven)
{
    s->solve_wait = proven ? 0 : s->solve_wait * 2 + 1;
    if (s->solve_wait > SOLVE_WAIT_MAX)
        s->solve_wait = SOLVE_WAIT_MAX;
}

/* Tries to prove *st in mode with a slice of *lim: of the move's aim
 * (genmove's soft limit), not of the hard limit that only an unfinished
 * iteration may reach.  True with *out filled when it did; false with
 * *rest set to what is left of the budget (a win/loss attempt may end
 * early, unproven: a loss shows no move that reaches a value).  The
 * exact proof borrows the whole table and keeps quiet (the move's search
 * reports); the win/loss attempt borrows a part of it and reports. */
static bool proof_attempt(struct search *s, const void *st,
                          enum proof_mode mode,
                          const struct search_limits *lim,
                          struct search_limits *rest,
                          struct search_result *out)
{
    bool win_loss = mode == PROOF_WIN_LOSS;
    bool soft = lim->soft_seconds > 0 && lim->soft_seconds < lim->seconds;
    struct search_limits slice = *lim;
    slice.method = SEARCH_ALPHABETA;
    slice.seconds = (soft ? lim->soft_seconds : lim->seconds) / PROOF_SLICE;
    slice.soft_seconds = 0;
    slice.max_nodes = lim->max_nodes / PROOF_SLICE;
    if (lim->max_nodes > 0 && slice.max_nodes == 0)
        slice.max_nodes = 1;
    if (!win_loss)
        slice.progress = NULL;
    result_init(out);
    search_begin(s, st, &slice, true, true);
    s->solve_table_bytes = win_loss ? SOLVE_FIRST_TABLE_BYTES : 0;
    solve_exact(s, win_loss, out);
    s->solve_table_bytes = 0;
    result_done(s, out);
    if (win_loss)
        note_win_loss_attempt(s, out->proven);
    *rest = *lim;
    if (out->proven)
        return true;
    if (lim->seconds > 0) {
        rest->seconds = lim->seconds - out->seconds;
        if (rest->seconds < PROOF_REST_MIN)  /* 0: no limit */
            rest->seconds = PROOF_REST_MIN;
        if (soft)
            rest->soft_seconds = lim->soft_seconds - out->seconds;
        if (soft && rest->soft_seconds < PROOF_REST_MIN)
            rest->soft_seconds = PROOF_REST_MIN;
    }
    if (lim->max_nodes > 0)     /* 0: no limit */
        rest->max_nodes = lim->max_nodes > out->nodes
                          ? lim->max_nodes - out->nodes : 1;
    return false;
}

int search_run(struct search *s, const void *st,
               const struct search_limits *lim, struct search_result *out)
{
    int n = s->g->gen_moves(st, s->w[0]->moves[0]);
    enum proof_mode mode = proof_mode(s, st, lim, n);
    struct search_limits rest = *lim;
    if (mode != PROOF_NONE && proof_attempt(s, st, mode, lim, &rest, out))
        return 0;
    result_init(out);
    search_begin(s, st, &rest, false, false);
    int rc = n == 0 ? game_over_result(s, out) : dispatch(s, out);
    result_done(s, out);
    return rc;
}

int search_solve(struct search *s, const void *st,
                 const struct search_limits *lim, struct search_result *out)
{
    result_init(out);
    struct search_limits l = *lim;
    l.method = SEARCH_ALPHABETA;
    search_begin(s, st, &l, true, false);
    int rc;
    if (s->g->gen_moves(st, s->w[0]->moves[0]) == 0)
        rc = game_over_result(s, out);
    else if (s->g->max_game_plies > 0 && lim->plies_left == 0)
        rc = solve_exact(s, false, out);
    else
        rc = ab_search(s, out);
    result_done(s, out);
    return rc;
}
