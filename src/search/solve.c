/* solve.c -- the exact solver for games whose length is bounded
 * (game_ops.max_game_plies > 0, so no position repeats along a line).
 *
 * A depth-free alpha-beta on the final margin: every line is followed to
 * the end of the game, so a value stored for a position holds wherever
 * the position comes back, and the table keeps plain lower/upper bounds
 * without depths.  The table is this solver's own, sized by the hash
 * option and freed when the proof ends.  Stopping is polled through the
 * worker like every other search.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "search/search_int.h"

struct solve_entry {
    uint64_t key;
    int16_t lo, hi;          /* the value lies in [lo, hi]            */
    move_t move;             /* best move found, or MOVE_NONE         */
};

struct solver {
    struct worker *w;
    struct solve_entry *table;
    uint64_t mask;
    bool aborted;
};

#define MARGIN_INF 10000

/* Margin of a finished game from side's view. */
static int final_margin(const struct game_ops *g, const void *st, int side)
{
    int margin = 0;
    enum game_status o = g->outcome(st, &margin);
    if (o == GAME_DRAW || o == GAME_ONGOING)
        return 0;
    if (margin < 1)
        margin = 1;          /* a win in a game without margin */
    return (o == GAME_WIN_FIRST) == (side == 0) ? margin : -margin;
}

/* Orders mv[0..n) with the table's move first and then by the static
 * evaluation of the child from the mover's view (best first). */
static void order_moves(const struct solver *sv, const void *st, move_t *mv,
                        int *scores, int n, move_t first,
                        unsigned char *scratch)
{
    const struct game_ops *g = sv->w->s->g;
    int side = g->side_to_move(st);
    for (int i = 0; i < n; i++) {
        if (mv[i] == first) {
            scores[i] = INT_MAX;
            continue;
        }
        memcpy(scratch, st, g->state_size);
        g->play(scratch, mv[i]);
        int e = g->evaluate(scratch);
        scores[i] = g->side_to_move(scratch) == side ? e : -e;
    }
    for (int i = 1; i < n; i++) {          /* insertion sort, descending */
        move_t m = mv[i];
        int k = scores[i];
        int j = i - 1;
        for (; j >= 0 && scores[j] < k; j--) {
            mv[j + 1] = mv[j];
            scores[j + 1] = scores[j];
        }
        mv[j + 1] = m;
        scores[j + 1] = k;
    }
}

static int solve_node(struct solver *sv, int ply, int alpha, int beta,
                      move_t *best_out)
{
    struct worker *w = sv->w;
    const struct game_ops *g = w->s->g;
    const unsigned char *st = worker_state(w, ply);
    int side = g->side_to_move(st);
    move_t *mv = ply < SEARCH_MAX_PLY - 1 ? search_ply_moves(w, ply) : NULL;
    if (!mv) {
        sv->aborted = true;       /* deeper than the buffers: no proof */
        return 0;
    }
    int n = g->gen_moves(st, mv);
    if (n == 0)
        return final_margin(g, st, side);
    uint64_t key = g->hash(st);
    struct solve_entry *e = &sv->table[key & sv->mask];
    move_t first = MOVE_NONE;
    if (e->key == key && e->move != MOVE_NONE) {   /* else: empty */
        if (e->lo >= beta || e->lo == e->hi)
            return e->lo;
        if (e->hi <= alpha)
            return e->hi;
        alpha = alpha > e->lo ? alpha : e->lo;
        beta = beta < e->hi ? beta : e->hi;
        first = e->move;
    }
    unsigned char *child = worker_state(w, ply + 1);
    order_moves(sv, st, mv, w->keys[ply], n, first, child);
    int alpha0 = alpha;
    int best = -MARGIN_INF;
    move_t best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, mv[i]);
        worker_count(w);
        if (w->stop) {
            sv->aborted = true;
            return 0;
        }
        bool same = g->side_to_move(child) == side;
        int v = same ? solve_node(sv, ply + 1, alpha, beta, NULL)
                     : -solve_node(sv, ply + 1, -beta, -alpha, NULL);
        if (sv->aborted)
            return 0;
        if (v > best) {
            best = v;
            best_move = mv[i];
        }
        if (best > alpha)
            alpha = best;
        if (alpha >= beta)
            break;
    }
    e = &sv->table[key & sv->mask];        /* children may have moved it */
    e->key = key;
    e->move = best_move;
    e->lo = (int16_t)(best > alpha0 ? best : -MARGIN_INF);
    e->hi = (int16_t)(best < beta ? best : MARGIN_INF);
    if (best_out)
        *best_out = best_move;
    return best;
}

/* The proven score in the encoding of score_terminal (search_int.h). */
static int exact_score(int margin)
{
    if (margin == 0)
        return 0;
    int m = margin > 0 ? margin : -margin;
    if (m > WIN_MARGIN_CAP)
        m = WIN_MARGIN_CAP;
    int v = EVAL_WIN_MIN + m * WIN_STEP + 128;
    return margin > 0 ? v : -v;
}

int solve_exact(struct search *s, struct search_result *out)
{
    struct worker *w = s->w[0];
    size_t entries = 1;
    size_t budget = s->hash_mb * ((size_t)1 << 20) / sizeof(struct solve_entry);
    while (entries * 2 <= budget)
        entries *= 2;
    struct solver sv = { w, calloc(entries, sizeof *sv.table), entries - 1,
                         false };
    if (!sv.table)
        return ab_search(s, out);      /* no room for a table: try anyway */
    memcpy(worker_state(w, 0), s->root, s->g->state_size);
    /* MTD(f): null-window tests close in on the value; each reuses the
     * bounds the earlier ones stored (first: does the side to move win?). */
    move_t best = MOVE_NONE;
    int lo = -MARGIN_INF, hi = MARGIN_INF, v = 0;
    while (lo < hi && !sv.aborted) {
        int beta = v == lo ? v + 1 : v;
        move_t m = MOVE_NONE;
        v = solve_node(&sv, 0, beta - 1, beta, &m);
        if (v < beta) {
            hi = v;
        } else {
            lo = v;
            best = m;                 /* a move reaching at least v */
        }
    }
    if (best == MOVE_NONE && !sv.aborted) {
        struct solve_entry *e = &sv.table[s->g->hash(s->root) & sv.mask];
        best = e->move;               /* every move loses by v or more */
    }
    free(sv.table);
    out->nodes = search_total_nodes(s);
    if (sv.aborted || best == MOVE_NONE) {
        /* No proof: still answer with a legal move. */
        out->best = w->moves[0][0];
        out->proven = false;
        return 0;
    }
    out->best = best;
    out->pv[0] = best;
    out->pv_len = 1;
    out->score = exact_score(v);
    out->proven = true;
    return 0;
}
