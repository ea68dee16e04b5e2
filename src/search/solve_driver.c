/* solve_driver.c -- what drives both exact solvers (solve.c and its fast
 * path solve_packed.c) the same way: MTD(f) over their null-window
 * tests, the stop and the progress lines, the part of the table they
 * borrow.  It calls neither solver except through the test it is given.
 */
#include "config.h"

#include <stdio.h>

#include "core/clock.h"
#include "search/solve_int.h"

/* ---- stopping and progress ---------------------------------------------- */

/* A long proof writes a progress line after 1 s and then at doubling
 * intervals up to a minute. */
#define PROGRESS_POLL 0xFFFF    /* the clock is read every 65536 nodes */
#define PROGRESS_GAP_MAX 60.0

/* A progress line: the margin proven so far, the test under way and how
 * far it got at the root, the work done and the table's fill. */
static void print_progress(const struct solve_progress *p)
{
    char path[SOLVE_PATH_PLIES * 24] = "";
    size_t len = 0;
    bool begun = true;           /* below a ply not begun, nothing is */
    for (int ply = 0; ply < SOLVE_PATH_PLIES; ply++) {
        begun = begun && p->path_of[ply] > 0;
        len += (size_t)snprintf(path + len, sizeof path - len, " %d/%d",
                                begun ? p->path_at[ply] : 0,
                                begun ? p->path_of[ply] : 0);
    }
    search_report(p->s, NULL, 0,
                  "solve lower %d upper %d test %d root %d/%d table %.1f%% "
                  "path%s",
                  p->lo, p->hi, p->beta, p->root_refuted, p->root_moves,
                  100.0 * (double)p->used / (double)p->slots, path);
}

void solve_progress_init(struct solve_progress *p, struct search *s,
                         uint64_t slots)
{
    struct solve_progress init = {
        .s = s,
        .lo = -MARGIN_INF,
        .hi = MARGIN_INF,
        .slots = slots,
        .next_report = s->t_start + 1.0,
        .report_gap = 1.0,
    };
    *p = init;
}

bool solve_stopped(struct solve_progress *p, const struct worker *w)
{
    if (w->stop)
        p->aborted = true;
    else if ((w->nodes & PROGRESS_POLL) == 0 &&
             clock_now() >= p->next_report) {
        print_progress(p);
        if (p->report_gap < PROGRESS_GAP_MAX)
            p->report_gap *= 2;
        p->next_report = clock_now() + p->report_gap;
    }
    return p->aborted;
}

/* ---- the driver ---------------------------------------------------------- */

/* The proven score in the encoding of score_terminal (search_int.h). */
static int exact_score(int margin)
{
    if (margin == 0)
        return 0;
    int m = margin > 0 ? margin : -margin;
    int v = EVAL_WIN_MIN + m * WIN_STEP + 128;
    return margin > 0 ? v : -v;
}

size_t solve_table_bytes(const struct search *s)
{
    size_t all = tt_bytes(&s->tt);
    return s->solve_table_bytes > 0 && s->solve_table_bytes < all
           ? s->solve_table_bytes : all;
}

/* With win_loss, the sign of the value is all that is asked: a win, a
 * loss or a draw. */
static bool solve_done(const struct solve_progress *p, bool win_loss)
{
    if (p->lo >= p->hi)
        return true;
    return win_loss && (p->lo > 0 || p->hi < 0 ||
                        (p->lo == 0 && p->hi == 0));
}

void solve_drive(struct solve_progress *p, bool win_loss, solve_test_fn test,
                 void *solver, struct search_result *out)
{
    struct search *s = p->s;
    struct worker *w = s->w[0];
    /* MTD(f): null-window tests close in on the value; each reuses the
     * bounds the earlier ones stored (first: can the side to move avoid
     * losing?). */
    move_t best = MOVE_NONE;
    int v = 0;
    while (!solve_done(p, win_loss)) {
        p->beta = v == p->lo ? v + 1 : v;
        move_t m = MOVE_NONE;
        v = test(solver, p->beta, &m);
        if (p->aborted)
            break;
        if (v < p->beta) {
            p->hi = v;
        } else {
            p->lo = v;
            best = m;                 /* a root move reaching at least v */
        }
        print_progress(p);
    }
    if (p->aborted)
        print_progress(p);            /* where the proof stood */
    out->nodes = search_total_nodes(s);
    /* lo was last raised by a test that a root move passed, and that move
     * reaches the value; so only a stop leaves no answer. */
    if (p->aborted || best == MOVE_NONE) {
        out->best = w->moves[0][0];   /* no proof: still a legal move */
        out->proven = false;
        if (!p->aborted && p->hi < 0) /* a proven loss: its bound */
            out->score = exact_score(p->hi);
        return;
    }
    out->best = best;
    out->pv[0] = best;
    out->pv_len = 1;
    out->score = exact_score(p->lo);
    out->proven = true;
}
