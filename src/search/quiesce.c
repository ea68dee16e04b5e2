/* quiesce.c -- the leaves of alpha-beta: the static evaluation, and the
 * quiescence search below the nominal depth over the game's noisy moves
 * (game_ops.gen_noisy; doc/search.md, "Quiescence").
 */
#include "config.h"

#include <string.h>

#include "search/search_int.h"

#define QUIET_MAX_PLIES 4        /* quiescence plies below the nominal depth */

/* Value of a position where the static evaluation stands in. */
int search_leaf_value(struct worker *w, const void *st, int ply)
{
    const struct game_ops *g = w->s->g;
    int margin = 0;
    enum game_status o = g->outcome(st, &margin);
    if (o != GAME_ONGOING)
        return score_terminal(w->s, o, margin, g->side_to_move(st), ply);
    w->unresolved++;
    uint64_t key = g->hash(st);
    int v;
    if (!eval_cache_find(&w->evals, key, &v)) {
        v = clamp_eval(g->evaluate(st));
        eval_cache_store(&w->evals, key, v);
    }
    return v;
}

/* Quiescence (doc/search.md, "Quiescence"): below the nominal depth, the
 * side to move may stand on the static evaluation or play one of the
 * game's noisy moves (gen_noisy), up to QUIET_MAX_PLIES deep.  Noisy
 * lines are short and mostly irreversible, so neither the table nor the
 * repetition check is consulted. */
static int quiet_node(struct worker *w, int ply, int qply, int alpha,
                      int beta)
{
    const struct game_ops *g = w->s->g;
    const unsigned char *st = worker_state(w, ply);
    int best = search_leaf_value(w, st, ply);
    if (best >= beta || qply >= QUIET_MAX_PLIES ||
        ply >= SEARCH_MAX_PLY - 1 || best >= EVAL_WIN_MIN ||
        best <= -EVAL_WIN_MIN)
        return best;
    move_t *mv = search_ply_moves(w, ply);
    if (!mv)
        return best;
    if (best > alpha)
        alpha = best;
    int side = g->side_to_move(st);
    unsigned char *child = worker_state(w, ply + 1);
    int n = g->gen_noisy(st, mv);
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, mv[i]);
        worker_count(w);
        if (w->stop)
            return 0;
        int v = g->side_to_move(child) == side
              ? quiet_node(w, ply + 1, qply + 1, alpha, beta)
              : -quiet_node(w, ply + 1, qply + 1, -beta, -alpha);
        if (w->stop)
            return 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (v >= beta)
            break;
    }
    return best;
}

int search_quiesce(struct worker *w, int ply, int alpha, int beta)
{
    return quiet_node(w, ply, 0, alpha, beta);
}
