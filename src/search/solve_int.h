/* solve_int.h -- what the exact solvers share: solve.c (the generic one,
 * through game_ops) and solve_packed.c (the fast path for games with
 * packed positions).  Both report progress, stop, and drive their
 * null-window tests the same way (solve_driver.c). */
#ifndef TRIAD_SEARCH_SOLVE_INT_H
#define TRIAD_SEARCH_SOLVE_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "search/search_int.h"

/* Margins fit an int8_t: they are capped at WIN_MARGIN_CAP, and this
 * stands for "unbounded". */
#define MARGIN_INF 127
_Static_assert(WIN_MARGIN_CAP < MARGIN_INF, "margins fit the entries");

/* How many plies from the root a progress line shows the path of. */
#define SOLVE_PATH_PLIES 6

/* Where a proof stands, for the progress lines, and whether it stopped. */
struct solve_progress {
    struct search *s;
    int lo, hi;              /* the margin proven so far                 */
    int beta;                /* the current test: margin >= beta?        */
    int root_moves;          /* root moves of the current test           */
    int root_refuted;        /* of them, shown not to reach beta         */
    /* Where the search is: the move under search at each of the first
     * plies (from 1) and how many the node has.  A child about to be
     * searched clears the ply below it: a line shows the plies down to
     * the first one cleared. */
    int path_at[SOLVE_PATH_PLIES], path_of[SOLVE_PATH_PLIES];
    /* Table entries in use; the threads of a parallel proof all count
     * here (a plain load and store: a count lost to a race only makes
     * the progress line's fill a little low). */
    _Atomic uint64_t used;
    uint64_t slots;          /* table entries in all                     */
    double next_report;      /* clock_now() time of the next line        */
    double report_gap;       /* seconds between lines, doubling          */
    bool aborted;            /* stopped: no answer                       */
};

void solve_progress_init(struct solve_progress *p, struct search *s,
                         uint64_t slots);

/* Counts a table entry taken into use. */
static inline void solve_count_entry(struct solve_progress *p)
{
    uint64_t n = atomic_load_explicit(&p->used, memory_order_relaxed);
    atomic_store_explicit(&p->used, n + 1, memory_order_relaxed);
}

/* Checked at every position made: true when the solve must stop (the
 * worker's poll sets w->stop on the deadline, the node budget and the
 * caller's stop flag).  A long proof also writes a progress line here. */
bool solve_stopped(struct solve_progress *p, const struct worker *w);

/* One null-window test: the root's margin, fail-soft around beta, and in
 * *best a root move that reaches it when it is >= beta. */
typedef int (*solve_test_fn)(void *solver, int beta, move_t *best);

/* MTD(f) from "does the side to move avoid losing?" until the value (or
 * with win_loss its sign) is proven or the search stops; then fills *out
 * (out->best a legal move in any case). */
void solve_drive(struct solve_progress *p, bool win_loss, solve_test_fn test,
                 void *solver, struct search_result *out);

/* ---- what a node does the same way in both ------------------------------ */

/* The key a node's list gives a child whose value is known (a finished
 * game): never probed.  A packed key never takes it (packed_ops.key); a
 * position whose hash it is only loses the probe, which orders its moves. */
#define KEY_FINISHED UINT64_MAX

/* Sort-key weight of a legal move of the child's mover, in the static
 * evaluation's units: fewer replies first, since the proof must answer
 * every reply (3x3 Cephalopod: 9.5 M -> 8.1 M nodes with 100, 8.8 M with
 * 10 or 1000). */
#define REPLY_WEIGHT 100

/* Sort keys: children the rules or the table already bound come first by
 * their bounds, the rest by their static evaluation (|eval| < BOUND_STEP). */
#define SOLVE_BOUND_STEP 1000000

/* The sort key of a child whose margin, from the mover's view, lies in
 * [lo, hi]: a higher lower bound first, and a child known to be weak
 * (a finite upper bound) after the unknown ones. */
static inline int solve_bound_key(int lo, int hi)
{
    return (lo > -MARGIN_INF ? SOLVE_BOUND_STEP * lo : 0) +
           (hi < MARGIN_INF ? SOLVE_BOUND_STEP * (hi - MARGIN_INF) : 0);
}

/* Sorts a node's n children by descending scores[] (an insertion sort:
 * the lists are short), carrying upper[], keys[] and items[] (the moves
 * or positions, item_size <= 8 bytes each) along.  Inlined with a
 * constant item_size, the copies are plain loads and stores. */
static inline void solve_sort(int n, int *scores, int8_t *upper,
                              uint64_t *keys, void *items, size_t item_size)
{
    unsigned char *it = items;
    for (int i = 1; i < n; i++) {
        int k = scores[i];
        int8_t u = upper[i];
        uint64_t key = keys[i], item;
        memcpy(&item, it + (size_t)i * item_size, item_size);
        int j = i - 1;
        for (; j >= 0 && scores[j] < k; j--) {
            scores[j + 1] = scores[j];
            upper[j + 1] = upper[j];
            keys[j + 1] = keys[j];
            memcpy(it + (size_t)(j + 1) * item_size,
                   it + (size_t)j * item_size, item_size);
        }
        scores[j + 1] = k;
        upper[j + 1] = u;
        keys[j + 1] = key;
        memcpy(it + (size_t)(j + 1) * item_size, &item, item_size);
    }
}

/* A table entry's bounds [lo, hi] at a node below the root (the root
 * plays its own moves): true with the node's value in *v when they decide
 * it, else they narrow (*alpha, *beta). */
static inline bool solve_entry_decides(int lo, int hi, int *alpha, int *beta,
                                       int *v)
{
    if (lo >= *beta || lo == hi) {
        *v = lo;
        return true;
    }
    if (hi <= *alpha) {
        *v = hi;
        return true;
    }
    *alpha = *alpha > lo ? *alpha : lo;
    *beta = *beta < hi ? *beta : hi;
    return false;
}

/* Merges what an entry already holds (old_lo, old_hi, old_work) into the
 * bounds about to be stored: the tighter of both bounds, the bigger work. */
static inline void solve_merge(int old_lo, int old_hi, uint8_t old_work,
                               int *lo, int *hi, uint8_t *work)
{
    if (old_lo > *lo && old_lo <= *hi)
        *lo = old_lo;
    if (old_hi < *hi && old_hi >= *lo)
        *hi = old_hi;
    if (old_work > *work)
        *work = old_work;
}

/* The value of the ordered child i of the node at ply, from the node's
 * mover's view (the solver's own search below it). */
typedef int (*solve_child_fn)(void *solver, int ply, int i, int alpha,
                              int beta);

/* In a proof on several threads: whether another thread is searching the
 * ordered child i of the node at ply. */
typedef bool (*solve_busy_fn)(void *solver, int ply, int i);

/* solve_children's step: searches child i (unless upper[i] already shows
 * it cannot beat *alpha) and keeps the best; false once p->aborted. */
static inline bool solve_child(struct solve_progress *p, int ply, int i,
                               const int8_t *upper, int *alpha, int beta,
                               solve_child_fn child_value, void *solver,
                               int *best, int *best_at)
{
    if (ply < SOLVE_PATH_PLIES) {
        p->path_at[ply] = i + 1;
        if (ply + 1 < SOLVE_PATH_PLIES)
            p->path_of[ply + 1] = 0;
    }
    int v = upper[i] <= *alpha ? upper[i]
                               : child_value(solver, ply, i, *alpha, beta);
    if (p->aborted)
        return false;
    if (ply == 0 && v < beta)
        p->root_refuted++;
    if (v > *best) {
        *best = v;
        *best_at = i;
        *alpha = v > *alpha ? v : *alpha;
    }
    return true;
}

/* The search of a node's n ordered children within (alpha, beta),
 * fail-soft: a child whose bound upper[i] cannot beat alpha is not
 * searched (that bound is its value); *best_at gets the index of the
 * best.  0 once p->aborted.  With busy (a proof on several threads), a
 * child after the first that another thread is searching waits until
 * the others are done, when the table most likely holds its value (the
 * "young brothers wait" of ABDADA).  Inlined with constant child_value
 * and busy, the calls are direct. */
static inline int solve_children(struct solve_progress *p, int ply, int n,
                                 const int8_t *upper, int alpha, int beta,
                                 solve_child_fn child_value,
                                 solve_busy_fn busy, void *solver,
                                 int *best_at)
{
    if (ply == 0) {
        p->root_moves = n;
        p->root_refuted = 0;
    }
    if (ply < SOLVE_PATH_PLIES)
        p->path_of[ply] = n;
    int best = -MARGIN_INF;
    *best_at = 0;
    uint64_t waiting = 0;      /* bit i - 1: child i waits (i <= 64) */
    for (int i = 0; i < n && alpha < beta; i++) {
        if (busy && i > 0 && i <= 64 && upper[i] > alpha &&
            busy(solver, ply, i)) {
            waiting |= 1ULL << (i - 1);
            continue;
        }
        if (!solve_child(p, ply, i, upper, &alpha, beta, child_value, solver,
                         &best, best_at))
            return 0;
    }
    for (; waiting && alpha < beta; waiting &= waiting - 1)
        if (!solve_child(p, ply, __builtin_ctzll(waiting) + 1, upper, &alpha,
                         beta, child_value, solver, &best, best_at))
            return 0;
    return best;
}

/* The part of the search table the solver borrows: all of it, or the
 * first s->solve_table_bytes (a power of two, as the table is). */
size_t solve_table_bytes(const struct search *s);

/* solve_packed.c: the fast path, with its own scratch.  Returns false,
 * having searched nothing, when the game has no packed positions or the
 * root does not fit. */
struct packed_scratch;
struct packed_scratch *packed_scratch_new(void);
void packed_scratch_free(struct packed_scratch *k);
bool solve_packed(struct search *s, struct packed_scratch *k, bool win_loss,
                  struct search_result *out);

#endif
