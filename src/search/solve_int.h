/* solve_int.h -- what the exact solvers share: solve.c (the generic one,
 * through game_ops) and solve_packed.c (the fast path for games with
 * packed positions).  Both report progress, stop, and drive their
 * null-window tests the same way. */
#ifndef TRIAD_SEARCH_SOLVE_INT_H
#define TRIAD_SEARCH_SOLVE_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "search/search_int.h"

/* Margins fit an int8_t: they are capped at WIN_MARGIN_CAP, and this
 * stands for "unbounded". */
#define MARGIN_INF 127
_Static_assert(WIN_MARGIN_CAP < MARGIN_INF, "margins fit the entries");

/* Where a proof stands, for the progress lines, and whether it stopped. */
struct solve_progress {
    struct search *s;
    int lo, hi;              /* the margin proven so far                 */
    int beta;                /* the current test: margin >= beta?        */
    int root_moves;          /* root moves of the current test           */
    int root_refuted;        /* of them, shown not to reach beta         */
    uint64_t used;           /* table entries in use                     */
    uint64_t slots;          /* table entries in all                     */
    double next_report;      /* clock_now() time of the next line        */
    double report_gap;       /* seconds between lines, doubling          */
    bool aborted;            /* stopped: no answer                       */
};

void solve_progress_init(struct solve_progress *p, struct search *s,
                         uint64_t slots);

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

/* The part of the search table the solver borrows: all of it, or the
 * first s->solve_table_bytes (a power of two, as the table is). */
size_t solve_table_bytes(const struct search *s);

/* solve_packed.c: the fast path.  Returns false, having done nothing,
 * when the game has no packed positions or the root does not fit. */
bool solve_packed(struct search *s, bool win_loss, struct search_result *out);

#endif
