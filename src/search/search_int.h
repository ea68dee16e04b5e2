/* search_int.h -- internals shared by the files of src/search/: the
 * searcher and its workers, the runtime's calls, what the methods share.
 * Nothing outside src/search/ includes this header.
 *
 * A node is one position made: every copy + play() on a copy counts once,
 * in every method (alpha-beta, MCTS descents and playouts, baselines).
 */
#ifndef TRIAD_SEARCH_SEARCH_INT_H
#define TRIAD_SEARCH_SEARCH_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/rng.h"
#include "search/evalcache.h"
#include "search/method.h"
#include "search/reductions.h"
#include "search/search.h"
#include "search/tt.h"

/* Deepest ply (distance from the root) any method reaches. */
#define SEARCH_MAX_PLY 250
#define SEARCH_MAX_THREADS 64
/* Above every score, below TT_SCORE_MAX. */
#define SCORE_INF 130000
/* A won position scores EVAL_WIN_MIN + margin * WIN_STEP + tie-break
 * (255 - ply in search_run, 128 in exact/solve mode). */
#define WIN_STEP 256
#define WIN_MARGIN_CAP 100
#define HIST_BITS 12
#define HIST_SIZE (1 << HIST_BITS)

struct rep_set;

/* Everything one search thread mutates. */
struct worker {
    struct search *s;
    int id;
    unsigned char *states;              /* SEARCH_MAX_PLY + 1 positions   */
    size_t states_bytes;                /* its size                        */
    /* Per-ply move list with its ordering keys (moves_cap[ply] each, at
     * least max_moves), allocated the first time the ply is reached:
     * Truchet's lists are large.  Buffers that are big enough survive a
     * change of game (see search_set_game). */
    move_t *moves[SEARCH_MAX_PLY];
    int *keys[SEARCH_MAX_PLY];
    int moves_cap[SEARCH_MAX_PLY];
    move_t killers[SEARCH_MAX_PLY][2];
    /* null_moved[ply]: the line reached ply by a null move (alpha-beta's
     * null move pruning); false outside that search. */
    bool null_moved[SEARCH_MAX_PLY];
    /* excluded[ply]: the move a singular extension's test leaves out at
     * ply (MOVE_NONE outside that search). */
    move_t excluded[SEARCH_MAX_PLY];
    int32_t history[2][HIST_SIZE];
    move_t pv[SEARCH_MAX_PV + 1][SEARCH_MAX_PV];
    int pv_len[SEARCH_MAX_PV + 1];
    uint64_t nodes;            /* positions made in this search              */
    uint64_t node_limit;       /* stop when nodes reaches it (1 thread)      */
    uint64_t flushed;          /* part of nodes added to s->shared_nodes     */
    uint64_t poll_mask;        /* poll when (nodes & poll_mask) == 0         */
    double last_poll;          /* monotonic seconds of the last poll         */
    uint64_t unresolved;       /* horizon leaves + unresolved TT hits so far */
    uint64_t trace;            /* node counts of finished iterations, hashed */
    bool stop;                 /* unwind now                                 */
    struct rng rng;
    /* Root moves of the current search, best of the last iteration first. */
    move_t *root_moves;
    int root_cap;
    int root_n;
    /* path[i]: hash of the position at ply i of the current line. */
    uint64_t path[SEARCH_MAX_PLY];
    /* The game's positions up to the root (repetition.c); NULL:
     * repetitions are not scored in this search. */
    const struct rep_set *rep;
    struct eval_cache evals;   /* static evaluations of this search      */
    /* The last completed iteration. */
    int done_depth;
    int done_score;
    bool done_proven;
    int done_pv_len;
    move_t done_pv[SEARCH_MAX_PV];
    pthread_t thread;
};

struct search {
    const struct game_ops *g;
    size_t hash_mb;
    struct tt tt;
    struct worker *w[SEARCH_MAX_THREADS];   /* w[0] always exists */
    void *scratch[METHOD_SLOTS];  /* each method's own (method.h)       */
    /* The search in progress. */
    struct search_limits lim;
    const void *root;          /* the caller's position                      */
    int nthreads;
    bool exact;                /* solve mode: no ply tie-break in win scores */
    bool win_loss;             /* the solver stops once the sign of the
                                  value is proven                          */
    size_t solve_table_bytes;  /* the solver borrows this much of the
                                  table (a power of two), 0 = all of it   */
    int solve_wait;            /* genmove searches before the next win/loss
                                  proof attempt (solve_first)              */
    uint64_t key_salt;         /* xored into TT keys, differs per mode       */
    struct lmr_table lmr;      /* alpha-beta's late move reductions         */
    double t_start;            /* monotonic seconds                          */
    double deadline;           /* 0 = none                                   */
    double soft_deadline;      /* no new iteration after it; 0 = none        */
    atomic_bool stop_all;
    _Atomic uint64_t shared_nodes;   /* flushed by workers every 1024 nodes */
};

/* runtime.c: the workers, the node count's polls, progress lines. */
/* Slow part of the node counter: flushes the count, checks the stop flag,
 * the deadline and the node budget; sets w->stop. */
void search_poll(struct worker *w);
/* Per-ply move list of w (NULL when memory is short). */
move_t *search_ply_moves(struct worker *w, int ply);
/* Starts fn(arg) as w's thread with every signal blocked, so that signal
 * handlers run on the caller's thread only; pthread_create's result. */
int search_spawn(struct worker *w, void *(*fn)(void *), void *arg);
/* True once alpha-beta should start no new iteration: past a part of the
 * soft aim (runtime.c says why). */
bool search_soft_expired(const struct search *s);
/* Total nodes of all workers so far. */
uint64_t search_total_nodes(const struct search *s);
/* Writes one progress line to s->lim.progress (nothing when it is NULL):
 * "info WHAT nodes N nps X time MS pv M1 M2 ...", WHAT formatted from
 * fmt like printf, the pv (replayed from the root) only when pv is not
 * NULL.  Every method's progress lines go through here. */
void search_report(const struct search *s, const move_t *pv, int pv_len,
                   const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The per-thread worker i of s, created on first use (NULL if short of
 * memory). */
struct worker *search_worker(struct search *s, int i);
/* Makes every worker ready for game g as a new one would be, keeping the
 * buffers big enough (switching games then allocates nothing): -1 with
 * nothing changed when memory is short for w[0]; a helper that does not
 * fit is dropped (made again when needed). */
int workers_fit(struct search *s, const struct game_ops *g);
void workers_free(struct search *s);
/* Forgets every worker's move ordering (new game). */
void workers_clear_ordering(struct search *s);
/* Starts the search s->lim describes: its threads (as many workers as
 * memory allows), its clock and deadlines, every count and stop flag. */
void workers_begin(struct search *s);
/* The move ordering a search starts with: cleared when fresh (a
 * reproducible search), else what earlier searches learnt, aged. */
void workers_new_ordering(struct search *s, bool fresh);
/* quiesce.c: the value of the position at ply where the static
 * evaluation stands in (the game's result if it is over), from its side
 * to move's view; and the quiescence search below the nominal depth. */
int search_leaf_value(struct worker *w, const void *st, int ply);
int search_quiesce(struct worker *w, int ply, int alpha, int beta);

/* repetition.c, alpha-beta's scratch */
struct rep_set *rep_new(void);
void rep_free(struct rep_set *r);
/* Prepares the repetition check of the alpha-beta search s is about to
 * run (its limits and root are set), for its every worker: off in exact
 * (solve) mode and for games of bounded length.  Without memory for the
 * game's positions only the search path is checked. */
void rep_begin(struct rep_set *r, struct search *s);
/* Whether the position st at ply (>= 1) of worker w's line repeats one
 * seen earlier on the line or in the game; *v is then its value for the
 * side to move (a draw, SEARCH_REP_CONTEMPT worse for the root's side).
 * Records st in the line. */
bool rep_draw(struct worker *w, int ply, const void *st, int *v);
/* baseline.c: the greedy player, also MCTS's when memory is short. */
int baseline_greedy(struct search *s, struct search_result *out);

/* A search that must give the same result from any history (a node
 * budget on one thread): it starts from empty tables. */
static inline bool search_reproducible(const struct search *s)
{
    return s->nthreads == 1 && s->lim.max_nodes > 0;
}

static inline unsigned char *worker_state(const struct worker *w, int ply)
{
    return w->states + w->s->g->state_size * (size_t)ply;
}

/* Counts one position made; cheap except when it polls: every
 * poll_mask + 1 nodes, a number search_poll adapts so that polls come
 * about every POLL_SECONDS however long a node takes. */
#define POLL_SECONDS 0.0005
#define POLL_MASK_MAX 1023
static inline void worker_count(struct worker *w)
{
    w->nodes++;
    if ((w->nodes & w->poll_mask) == 0 || w->nodes >= w->node_limit)
        search_poll(w);
}

/* Score of a finished game for side `side`, found `ply` plies below the
 * root: bigger margins first, then (search_run) quicker wins. */
static inline int score_terminal(const struct search *s, enum game_status o,
                                 int margin, int side, int ply)
{
    if (o == GAME_DRAW || o == GAME_ONGOING)
        return 0;
    if (margin < 0)
        margin = 0;
    if (margin > WIN_MARGIN_CAP)
        margin = WIN_MARGIN_CAP;
    int v = EVAL_WIN_MIN + margin * WIN_STEP + (s->exact ? 128 : 255 - ply);
    return (o == GAME_WIN_FIRST) == (side == 0) ? v : -v;
}

/* A static evaluation kept clear of the proven range. */
static inline int clamp_eval(int v)
{
    if (v >= EVAL_WIN_MIN)
        return EVAL_WIN_MIN - 1;
    if (v <= -EVAL_WIN_MIN)
        return -EVAL_WIN_MIN + 1;
    return v;
}

#endif
