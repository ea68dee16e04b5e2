/* alphabeta.c -- iterative deepening negamax with principal variation
 * search, transposition table, killer and history move ordering, late
 * move reductions, the game's forward pruning (game_ops.prune) and lazy SMP
 * threads.
 *
 * Sides need not alternate (DVONN's White plays plies 49 and 50; passes):
 * a child's value is negated, and the window flipped, only when the side
 * to move differs between parent and child.
 *
 * Proofs: a value is "resolved" when it was computed from finished games
 * (and adjudicated draws) only, with no static evaluation and no TT entry
 * that was itself unresolved.  Each worker counts unresolved events; a node
 * whose count did not change while it was searched is resolved, its TT
 * entry says so, and such an entry is valid at any depth.  A resolved root
 * searched with a full window holds the exact game value.
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "core/zobrist.h"
#include "search/search_int.h"

#define ADJ_TAG 0x7AD1u          /* zobrist tag: plies left to the draw */
#define EXCLUDED_TAG 0x7AD2u     /* zobrist tag: a singular test's move */
#define KEY_TT (1 << 30)
#define KEY_KILLER (1 << 29)
#define HIST_MAX (1 << 26)
#define LMR_MIN_DEPTH 3
#define LMR_MIN_INDEX 3
#define LAZY_PICKS 4             /* then the rest of the list is sorted */
#define SOLVE_SHALLOW 8          /* solve: iterations before the full depth */
#define PRUNE_MAX_DEPTH 3        /* futility and late move pruning up to it */

static const struct prune_params no_pruning;

/* The game's forward pruning; none in exact mode, where values are proofs. */
static const struct prune_params *pruning(const struct search *s)
{
    return s->g->prune && !s->exact ? s->g->prune : &no_pruning;
}

static unsigned hist_index(move_t m)
{
    return (uint32_t)(m * 0x9E3779B1u) >> (32 - HIST_BITS);
}

static int to_tt(const struct search *s, int v, int ply)
{
    if (s->exact)
        return v;
    if (v >= EVAL_WIN_MIN)
        return v + ply;
    if (v <= -EVAL_WIN_MIN)
        return v - ply;
    return v;
}

static int from_tt(const struct search *s, int v, int ply)
{
    return to_tt(s, v, -ply);
}

/* Keys of the moves [lo, n) of ply's list (the table move and the
 * killers have been tried already): their history. */
static void score_moves(struct worker *w, int ply, int lo, int n, int side)
{
    const move_t *mv = w->moves[ply];
    int *key = w->keys[ply];
    const int32_t *hist = w->history[side];
    for (int i = lo; i < n; i++)
        key[i] = hist[hist_index(mv[i])];
    if (w->id > 0)              /* helper threads: vary the order a little */
        for (int i = lo; i < n; i++)
            key[i] += (int)rng_below(&w->rng, 16);
}

static void swap_moves(move_t *mv, int *key, int a, int b)
{
    move_t m = mv[a];
    mv[a] = mv[b];
    mv[b] = m;
    int k = key[a];
    key[a] = key[b];
    key[b] = k;
}

/* Shell sort by descending key: lists can have thousands of moves. */
static void sort_moves(move_t *mv, int *key, int lo, int n)
{
    static const int gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
    for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
        int gap = gaps[g];
        for (int i = lo + gap; i < n; i++) {
            move_t m = mv[i];
            int k = key[i];
            int j = i;
            for (; j - gap >= lo && key[j - gap] < k; j -= gap) {
                mv[j] = mv[j - gap];
                key[j] = key[j - gap];
            }
            mv[j] = m;
            key[j] = k;
        }
    }
}

/* Brings the i-th best move to index i: a few lazy picks first, since a
 * cut-off usually comes early, then one sort of the remainder. */
static void pick_move(move_t *mv, int *key, int i, int n)
{
    if (i < LAZY_PICKS) {
        int b = i;
        for (int j = i + 1; j < n; j++)
            if (key[j] > key[b])
                b = j;
        swap_moves(mv, key, i, b);
    } else if (i == LAZY_PICKS) {
        sort_moves(mv, key, i, n);
    }
}

static void record_cutoff(struct worker *w, int ply, int side, move_t m,
                          int depth)
{
    if (w->killers[ply][0] != m) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = m;
    }
    int32_t *h = &w->history[side][hist_index(m)];
    *h += depth * depth;
    if (*h > HIST_MAX)
        for (int i = 0; i < HIST_SIZE; i++)
            w->history[side][i] /= 2;
}

/* The n moves tried before the one that cut off: their history falls. */
static void record_failures(struct worker *w, int side, const move_t *mv,
                            int n, int depth)
{
    for (int j = 0; j < n; j++) {
        int32_t *h = &w->history[side][hist_index(mv[j])];
        *h -= depth * depth;
        if (*h < -HIST_MAX)
            for (int i = 0; i < HIST_SIZE; i++)
                w->history[side][i] /= 2;
    }
}

static void update_pv(struct worker *w, int ply, move_t m)
{
    if (ply >= SEARCH_MAX_PV)
        return;
    w->pv[ply][0] = m;
    int n = w->pv_len[ply + 1];
    if (n > SEARCH_MAX_PV - 1)
        n = SEARCH_MAX_PV - 1;
    memcpy(&w->pv[ply][1], w->pv[ply + 1], sizeof(move_t) * (size_t)n);
    w->pv_len[ply] = n + 1;
}

static int ab_node(struct worker *w, int ply, int depth, int alpha, int beta,
                   bool pv);

/* The child at ply + 1, seen from the parent's side. */
static int child_value(struct worker *w, int ply, int depth, int alpha,
                       int beta, bool pv, bool same)
{
    if (same)
        return ab_node(w, ply + 1, depth, alpha, beta, pv);
    return -ab_node(w, ply + 1, depth, -beta, -alpha, pv);
}

/* Searches move i (already played into ply + 1) with PVS and LMR. */
static int search_move(struct worker *w, int ply, int depth, int alpha,
                       int beta, bool pv, int i, int key, bool same)
{
    if (i == 0)
        return child_value(w, ply, depth - 1, alpha, beta, pv, same);
    int r = 0;
    int divisor = pruning(w->s)->lmr_divisor;
    if (depth >= LMR_MIN_DEPTH && i >= LMR_MIN_INDEX && key < KEY_KILLER) {
        if (divisor > 0)
            r = lmr_reduction(&w->s->lmr, depth, i, pv, divisor);
        else if (!pv)
            r = depth >= 6 && i >= 12 ? 2 : 1;
    }
    int v = child_value(w, ply, depth - 1 - r, alpha, alpha + 1, false, same);
    if (v > alpha && r > 0 && !w->stop)
        v = child_value(w, ply, depth - 1, alpha, alpha + 1, false, same);
    if (v > alpha && v < beta && pv && !w->stop)
        v = child_value(w, ply, depth - 1, alpha, beta, true, same);
    return v;
}

/* Looks the node up; true with *v set when the entry decides it. */
static bool tt_cutoff(struct worker *w, uint64_t key, int ply, int depth,
                      int adj, bool salted, int alpha, int beta, bool pv,
                      struct tt_hit *hit, int *v)
{
    if (!tt_probe(&w->s->tt, key, hit))
        return false;
    const struct tt_hit *h = hit;
    bool exact_ok = h->resolved && (salted || adj >= h->depth);
    if (h->depth < depth && !exact_ok)
        return false;
    if (pv && !(exact_ok && h->bound == TT_EXACT))
        return false;           /* keep the PV intact */
    int s = from_tt(w->s, h->score, ply);
    if (h->bound == TT_EXACT || (h->bound == TT_LOWER && s >= beta) ||
        (h->bound == TT_UPPER && s <= alpha)) {
        if (!exact_ok)
            w->unresolved++;
        *v = s;
        return true;
    }
    return false;
}

/* The state of one node's move loop. */
struct node {
    int ply, depth, alpha, beta, side;
    bool pv;
    int best;
    move_t best_move;
    move_t singular;    /* searched a ply deeper */
    move_t excluded;    /* left out by a singular extension's test */
};

enum try_result { TRY_ON, TRY_CUTOFF, TRY_STOP };

/* Starts loading the table entry of the child after legal move m (none
 * for MOVE_NONE), when the child will probe the table: a move ahead, the
 * load overlaps with the search of the move before. */
static void prefetch_child(const struct worker *w, const struct node *nd,
                           move_t m)
{
    const struct game_ops *g = w->s->g;
    if (m != MOVE_NONE && nd->depth >= 2 && g->hash_after)
        tt_prefetch(&w->s->tt, g->hash_after(worker_state(w, nd->ply), m) ^
                               w->s->key_salt);
}

/* Plays move m, the i-th tried at the node, searches it and updates the
 * node's bounds; prefetches the entry of next, the move to be tried after
 * it (or MOVE_NONE). */
static enum try_result try_move(struct worker *w, struct node *nd, int i,
                                move_t m, int key, move_t next)
{
    const struct game_ops *g = w->s->g;
    if (m == nd->excluded)
        return TRY_ON;
    unsigned char *child = worker_state(w, nd->ply + 1);
    prefetch_child(w, nd, next);
    memcpy(child, worker_state(w, nd->ply), g->state_size);
    g->play(child, m);
    worker_count(w);
    if (w->stop)
        return TRY_STOP;
    bool same = g->side_to_move(child) == nd->side;
    int v = search_move(w, nd->ply, nd->depth + (m == nd->singular),
                        nd->alpha, nd->beta, nd->pv, i, key, same);
    if (w->stop)
        return TRY_STOP;
    if (v <= nd->best)
        return TRY_ON;
    nd->best = v;
    nd->best_move = m;
    if (v <= nd->alpha)
        return TRY_ON;
    nd->alpha = v;
    update_pv(w, nd->ply, m);
    if (v < nd->beta)
        return TRY_ON;
    record_cutoff(w, nd->ply, nd->side, m, nd->depth);
    return TRY_CUTOFF;
}

/* The moves tried before the history-ordered rest: the table move, then
 * the two killers, without repeats.  Returns their number. */
static int first_moves(const struct worker *w, int ply, move_t tt_move,
                       move_t out[3], int key[3])
{
    const move_t cand[3] = { tt_move, w->killers[ply][0],
                             w->killers[ply][1] };
    const int cand_key[3] = { KEY_TT, KEY_KILLER + 1, KEY_KILLER };
    int n = 0;
    for (int i = 0; i < 3; i++) {
        bool repeat = cand[i] == MOVE_NONE;
        for (int j = 0; j < n; j++)
            repeat |= out[j] == cand[i];
        if (!repeat) {
            out[n] = cand[i];
            key[n++] = cand_key[i];
        }
    }
    return n;
}

/* Moves m, if it is among mv[i..n), to index i; true if it was there. */
static bool bring_forward(move_t *mv, int i, int n, move_t m)
{
    for (int j = i; j < n; j++)
        if (mv[j] == m) {
            mv[j] = mv[i];
            mv[i] = m;
            return true;
        }
    return false;
}

/* Searches the moves of a node that the table did not decide.  The table
 * move and the killers go first; when the game can check a move's
 * legality they are tried before the list is generated, since one of them
 * often cuts off and the list is then never needed.  The rest are keyed by
 * history only when they are reached.  Returns TRY_STOP or TRY_ON
 * (nd->best_move stays MOVE_NONE when the side to move has no move). */
static enum try_result search_moves(struct worker *w, struct node *nd,
                                    move_t tt_move, move_t *mv)
{
    const struct game_ops *g = w->s->g;
    const unsigned char *st = worker_state(w, nd->ply);
    move_t first[3];
    int first_key[3];
    int nfirst = first_moves(w, nd->ply, tt_move, first, first_key);
    enum try_result r = TRY_ON;
    /* With is_legal: the legal ones among them, tried before generating. */
    move_t tried[3];
    int tried_key[3];
    int ntried = 0;
    if (g->is_legal)
        for (int k = 0; k < nfirst; k++)
            if (g->is_legal(st, first[k])) {
                tried[ntried] = first[k];
                tried_key[ntried++] = first_key[k];
            }
    prefetch_child(w, nd, ntried > 0 ? tried[0] : MOVE_NONE);
    const struct prune_params *pp = pruning(w->s);
    int t = 0;
    for (; t < ntried && r == TRY_ON; t++)
        r = try_move(w, nd, t, tried[t], tried_key[t],
                     t + 1 < ntried ? tried[t + 1] : MOVE_NONE);
    if (r == TRY_CUTOFF && pp->history_malus)
        record_failures(w, nd->side, tried, t - 1, nd->depth);
    if (r != TRY_ON)
        return r == TRY_STOP ? TRY_STOP : TRY_ON;
    int n = g->gen_moves(st, mv);
    int i = 0;
    for (; i < ntried; i++)
        bring_forward(mv, i, n, tried[i]);
    if (!g->is_legal)
        for (int k = 0; k < nfirst && r == TRY_ON; k++)
            if (bring_forward(mv, i, n, first[k]))
                r = try_move(w, nd, i++, first[k], first_key[k], MOVE_NONE);
    if (r != TRY_ON || i == n)
        return r == TRY_STOP ? TRY_STOP : TRY_ON;
    int *keys = w->keys[nd->ply];
    score_moves(w, nd->ply, i, n, nd->side);
    /* Where children prefetch, the next move is picked a move ahead (the
     * keys no longer change, so the order is the same). */
    bool ahead = nd->depth >= 2 && g->hash_after;
    pick_move(mv, keys, i, n);
    prefetch_child(w, nd, mv[i]);
    /* Late move pruning: the moves history ranks last are not searched,
     * unless every move so far loses. */
    int late = !nd->pv && nd->depth <= PRUNE_MAX_DEPTH
             ? pp->late_moves * nd->depth * nd->depth : 0;
    for (; i < n && r == TRY_ON; i++) {
        if (late > 0 && i >= late && nd->best > -EVAL_WIN_MIN) {
            w->unresolved++;    /* moves left out: no proof */
            break;
        }
        bool early = ahead && i + 1 < n;
        if (early)
            pick_move(mv, keys, i + 1, n);
        r = try_move(w, nd, i, mv[i], keys[i], early ? mv[i + 1] : MOVE_NONE);
        if (!early && r == TRY_ON && i + 1 < n)
            pick_move(mv, keys, i + 1, n);
    }
    if (r == TRY_CUTOFF && pp->history_malus)
        record_failures(w, nd->side, mv, i - 1, nd->depth);
    return r == TRY_STOP ? TRY_STOP : TRY_ON;
}

/* Forward pruning bets on a static value: never against a proven one. */
static bool unproven(int beta)
{
    return beta < EVAL_WIN_MIN && beta > -EVAL_WIN_MIN;
}

/* Whether reverse futility looks at the node. */
static bool futility_applies(const struct worker *w, int depth, int beta)
{
    return depth <= PRUNE_MAX_DEPTH && pruning(w->s)->futility_margin != 0 &&
           unproven(beta);
}

/* Reverse futility: true when the static value sv beats beta by the
 * game's margin for each ply left, so that no move is likely to fall
 * below it. */
static bool futile(const struct worker *w, int sv, int depth, int beta)
{
    return sv < EVAL_WIN_MIN &&
           sv - pruning(w->s)->futility_margin * depth >= beta;
}

/* Whether null move pruning looks at the node. */
static bool null_move_applies(const struct worker *w, int ply, int depth,
                              int beta)
{
    const struct prune_params *pp = pruning(w->s);
    return pp->null_move && pp->null_move_depth != 0 &&
           depth >= pp->null_move_depth && !w->null_moved[ply] && !w->rep &&
           unproven(beta);
}

/* Null move pruning: true with *v set when the side to move, static value
 * sv at or above beta, stays at or above beta even after passing its turn,
 * in a null-window search of the opponent's reply at a reduced depth.  A
 * null search that reached only finished games means the end is within
 * reach, where tempo decides and a proof can come: the node is then
 * searched as usual.  A pruned node rests on the pass being no better
 * than the best move: no proof.  When the search stops: true, *v = 0. */
static bool null_move_cuts(struct worker *w, int ply, int depth, int beta,
                           int sv, int *v)
{
    if (sv < beta)
        return false;
    const struct prune_params *pp = pruning(w->s);
    const struct game_ops *g = w->s->g;
    const unsigned char *st = worker_state(w, ply);
    uint64_t unresolved = w->unresolved;
    unsigned char *child = worker_state(w, ply + 1);
    memcpy(child, st, g->state_size);
    if (!pp->null_move(child, pp->null_move_material))
        return false;
    *v = 0;
    worker_count(w);
    if (w->stop)
        return true;
    bool same = g->side_to_move(child) == g->side_to_move(st);
    int r = pp->null_move_reduction + depth / 4;
    w->null_moved[ply + 1] = true;
    int value = child_value(w, ply, depth - 1 - r, beta - 1, beta, false,
                            same);
    w->null_moved[ply + 1] = false;
    bool horizon = w->unresolved != unresolved;
    w->unresolved = unresolved;
    if (w->stop)
        return true;
    if (value < beta || !horizon)
        return false;
    w->unresolved++;
    *v = value < EVAL_WIN_MIN ? value : beta;   /* no unproven win */
    return true;
}

/* Reverse futility, then null move pruning, for a node off the PV: true
 * with *v set when one of them cuts it.  Both start from the static value,
 * computed once and only when one of them looks at the node; it makes the
 * node unresolved only when futility prunes it. */
static bool forward_pruned(struct worker *w, int ply, int depth, int beta,
                           int *v)
{
    bool futility = futility_applies(w, depth, beta);
    bool null_move = null_move_applies(w, ply, depth, beta);
    if (!futility && !null_move)
        return false;
    uint64_t unresolved = w->unresolved;
    int sv = search_leaf_value(w, worker_state(w, ply), ply);
    if (futility && futile(w, sv, depth, beta)) {
        *v = sv;
        return true;
    }
    w->unresolved = unresolved;
    return null_move && null_move_cuts(w, ply, depth, beta, sv, v);
}

/* Singular extension: the table move of hit, when a search of half the
 * depth without it stays below its table value minus a margin a ply:
 * the one move that holds the value is searched a ply deeper.  Else
 * MOVE_NONE, and *cut set off the PV when that search held beta without
 * the table move (multi-cut: two moves hold it, the node is cut). */
static move_t singular_move(struct worker *w, int ply, int depth, int beta,
                            bool pv, const struct tt_hit *h, bool *cut)
{
    const struct prune_params *pp = pruning(w->s);
    if (pp->singular_depth == 0 || depth < pp->singular_depth ||
        h->move == MOVE_NONE || h->bound == TT_UPPER ||
        h->depth < depth - 3 || w->excluded[ply] != MOVE_NONE ||
        ply >= 2 * (w->done_depth + 1))
        return MOVE_NONE;
    int tv = from_tt(w->s, h->score, ply);
    if (!unproven(tv))
        return MOVE_NONE;
    int sbeta = tv - pp->singular_margin * depth;
    uint64_t unresolved = w->unresolved;
    w->excluded[ply] = h->move;
    int v = ab_node(w, ply, depth / 2, sbeta - 1, sbeta, false);
    w->excluded[ply] = MOVE_NONE;
    w->unresolved = unresolved;         /* it decides a depth, no value */
    if (w->stop)
        return MOVE_NONE;
    if (v < sbeta)
        return h->move;
    if (!pv && sbeta >= beta) {
        w->unresolved++;                /* a guess from a shallower search */
        *cut = true;
    }
    return MOVE_NONE;
}

static int ab_node(struct worker *w, int ply, int depth, int alpha, int beta,
                   bool pv)
{
    struct search *s = w->s;
    const struct game_ops *g = s->g;
    const unsigned char *st = worker_state(w, ply);
    if (ply <= SEARCH_MAX_PV)
        w->pv_len[ply] = 0;
    /* Plies left before the adjudicated draw, INT_MAX without one. */
    int adj = s->lim.plies_left > 0 ? s->lim.plies_left - ply : INT_MAX;
    if (adj <= 0) {
        int margin = 0;
        enum game_status o = g->outcome(st, &margin);
        return score_terminal(s, o, margin, g->side_to_move(st), ply);
    }
    int rep;
    if (rep_draw(w, ply, st, &rep))
        return rep;
    if (depth <= 0 && g->gen_noisy && !s->exact)
        return search_quiesce(w, ply, alpha, beta);
    if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1)
        return search_leaf_value(w, st, ply);
    /* A draw within reach makes the value depend on its distance. */
    bool salted = adj <= depth;
    uint64_t key = g->hash(st) ^ s->key_salt;
    if (salted)
        key ^= zobrist_key(ADJ_TAG, (uint32_t)adj);
    move_t excluded = w->excluded[ply];
    if (excluded != MOVE_NONE)          /* a node of its own in the table */
        key ^= zobrist_key(EXCLUDED_TAG, (uint32_t)excluded);
    struct tt_hit hit = { .move = MOVE_NONE };
    int v;
    if (tt_cutoff(w, key, ply, depth, adj, salted, alpha, beta, pv, &hit,
                  &v))
        return v;
    if (!pv && excluded == MOVE_NONE &&
        forward_pruned(w, ply, depth, beta, &v))
        return v;
    move_t tt_move = hit.move;
    move_t *mv = search_ply_moves(w, ply);
    if (!mv)
        return search_leaf_value(w, st, ply);
    bool cut = false;
    move_t singular = singular_move(w, ply, depth, beta, pv, &hit, &cut);
    if (cut)
        return beta;
    struct node nd = {
        .ply = ply, .depth = depth, .alpha = alpha, .beta = beta,
        .side = g->side_to_move(st), .pv = pv,
        .best = -SCORE_INF, .best_move = MOVE_NONE,
        .singular = singular, .excluded = excluded,
    };
    uint64_t unresolved0 = w->unresolved;
    if (search_moves(w, &nd, tt_move, mv) == TRY_STOP)
        return 0;
    if (nd.best_move == MOVE_NONE && excluded != MOVE_NONE)
        return alpha;                   /* the excluded move was the only one */
    if (nd.best_move == MOVE_NONE) {    /* no legal move: the game is over */
        int margin = 0;
        enum game_status o = g->outcome(st, &margin);
        return score_terminal(s, o, margin, nd.side, ply);
    }
    int best = nd.best;
    enum tt_bound bound = best >= beta ? TT_LOWER
                        : best > alpha ? TT_EXACT : TT_UPPER;
    tt_store(&s->tt, key, nd.best_move, to_tt(s, best, ply), depth, bound,
             w->unresolved == unresolved0);
    return best;
}

/* One search of every root move with PVS in the window (alpha, beta);
 * returns the fail-soft value. */
static int ab_root(struct worker *w, int depth, int alpha, int beta)
{
    struct search *s = w->s;
    const struct game_ops *g = s->g;
    const unsigned char *st = worker_state(w, 0);
    unsigned char *child = worker_state(w, 1);
    int side = g->side_to_move(st);
    bool pv = beta - alpha > 1;
    int best = -SCORE_INF;
    int best_i = 0;
    w->pv_len[0] = 0;
    for (int i = 0; i < w->root_n && best < beta; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, w->root_moves[i]);
        worker_count(w);
        if (w->stop)
            return 0;
        bool same = g->side_to_move(child) == side;
        int v = search_move(w, 0, depth, alpha, beta, pv, i, KEY_TT, same);
        if (w->stop)
            return 0;
        if (v > best)
            best = v;
        if (v > alpha) {
            alpha = v;
            best_i = i;
            update_pv(w, 0, w->root_moves[i]);
        }
    }
    /* The best move leads the next search; the others keep their order. */
    move_t m = w->root_moves[best_i];
    memmove(w->root_moves + 1, w->root_moves, sizeof(move_t) * (size_t)best_i);
    w->root_moves[0] = m;
    return best;
}

/* MTD(f): the exact value at depth d by null-window searches around the
 * guess g, for the solver (discrete win scores make it converge in a few
 * searches, and a null window prunes far more than a full one).  The PV
 * kept is that of the last search that failed high, whose first move is
 * proven to reach the value. */
static int ab_mtd(struct worker *w, int depth, int g)
{
    int lower = -SCORE_INF;
    int upper = SCORE_INF;
    move_t pv[SEARCH_MAX_PV];
    int pv_len = 0;
    while (lower < upper) {
        int beta = g > lower ? g : lower + 1;
        g = ab_root(w, depth, beta - 1, beta);
        if (w->stop)
            return 0;
        if (g < beta) {
            upper = g;
        } else {
            lower = g;
            pv_len = w->pv_len[0];
            memcpy(pv, w->pv[0], sizeof(move_t) * (size_t)pv_len);
        }
    }
    memcpy(w->pv[0], pv, sizeof(move_t) * (size_t)pv_len);
    w->pv_len[0] = pv_len;
    w->root_moves[0] = pv[0];   /* already first: it failed high last */
    return g;
}

/* Generates and orders the root moves of worker w; returns their number. */
static int root_setup(struct worker *w)
{
    struct search *s = w->s;
    const struct game_ops *g = s->g;
    memcpy(worker_state(w, 0), s->root, g->state_size);
    int n = g->gen_moves(s->root, w->root_moves);
    struct tt_hit h;
    uint64_t key = g->hash(s->root) ^ s->key_salt;
    if (tt_probe(&s->tt, key, &h))
        for (int i = 1; i < n; i++)
            if (w->root_moves[i] == h.move) {
                w->root_moves[i] = w->root_moves[0];
                w->root_moves[0] = h.move;
            }
    w->root_n = n;
    w->done_depth = 0;
    w->done_proven = false;
    w->done_pv_len = 0;
    return n;
}

static void print_info(const struct worker *w)
{
    search_report(w->s, w->done_pv, w->done_pv_len, "depth %d score %d",
                  w->done_depth, w->done_score);
}

/* Records a completed iteration. */
static void iteration_done(struct worker *w, int depth, int v, bool proven)
{
    struct search *s = w->s;
    w->done_depth = depth;
    w->done_score = v;
    w->trace = rng_mix64(w->trace ^ (uint64_t)depth << 56 ^ w->nodes);
    w->done_proven = proven;
    w->done_pv_len = w->pv_len[0];
    memcpy(w->done_pv, w->pv[0], sizeof(move_t) * (size_t)w->pv_len[0]);
    uint64_t key = s->g->hash(s->root) ^ s->key_salt;
    tt_store(&s->tt, key, w->root_moves[0], to_tt(s, v, 0),
             depth > 255 ? 255 : depth, TT_EXACT, proven);
    if (w->id == 0 && s->lim.progress)
        print_info(w);
}

/* The iteration after depth d.  A proof needs every leaf to be a finished
 * game: entries computed at a horizon are unresolved and cannot be reused
 * at another depth, so the solver deepens quickly to the full depth after
 * a few cheap iterations that catch short wins and fill the ordering
 * tables. */
static int next_depth(const struct search *s, int d, int max_depth)
{
    if (!s->exact || d < SOLVE_SHALLOW || d >= max_depth)
        return d + 1;
    return max_depth;
}

static void iterate(struct worker *w)
{
    struct search *s = w->s;
    int max_depth = SEARCH_MAX_PLY - 1;
    if (s->lim.max_depth > 0 && s->lim.max_depth < max_depth)
        max_depth = s->lim.max_depth;
    /* Helpers start one ply deeper every other thread (lazy SMP). */
    for (int d = 1 + (w->id & 1); d <= max_depth;
         d = next_depth(s, d, max_depth)) {
        if (atomic_load_explicit(&s->stop_all, memory_order_relaxed))
            break;
        uint64_t unresolved0 = w->unresolved;
        int v = s->exact && d > SOLVE_SHALLOW
              ? ab_mtd(w, d, w->done_depth ? w->done_score : 0)
              : ab_root(w, d, -SCORE_INF, SCORE_INF);
        if (w->stop)
            break;
        iteration_done(w, d, v, w->unresolved == unresolved0);
        if (w->done_proven)
            break;
        /* The next iteration would end well past the soft aim. */
        if (w->id == 0 && search_soft_expired(s))
            break;
    }
    search_poll(w);             /* flush the node count */
}

static void *helper_main(void *arg)
{
    struct worker *w = arg;
    iterate(w);
    return NULL;
}

/* Fills *out from worker 0's last completed iteration. */
static void ab_result(struct search *s, struct search_result *out)
{
    const struct worker *w = s->w[0];
    out->best = w->root_moves[0];
    out->depth = w->done_depth;
    out->trace = w->trace;
    if (w->done_depth > 0) {
        out->score = w->done_score;
        out->proven = w->done_proven;
        out->pv_len = w->done_pv_len;
        memcpy(out->pv, w->done_pv, sizeof(move_t) * (size_t)w->done_pv_len);
        out->best = w->done_pv[0];
    }
    for (int i = 0; i < s->nthreads; i++)
        out->nodes += s->w[i]->nodes;
}

/* A lone legal move under a clock is played at once (depth 0). */
static void forced_result(struct search *s, struct search_result *out)
{
    const struct game_ops *g = s->g;
    struct worker *w = s->w[0];
    unsigned char *child = worker_state(w, 1);
    memcpy(child, s->root, g->state_size);
    g->play(child, w->root_moves[0]);
    w->nodes++;
    int v = search_leaf_value(w, child, 1);
    bool same = g->side_to_move(child) == g->side_to_move(s->root);
    out->best = w->root_moves[0];
    out->score = same ? v : -v;
    out->pv[0] = out->best;
    out->pv_len = 1;
    out->nodes = 1;
}

/* The method's search; its scratch is the set of the game's positions
 * (repetition.c). */
static int ab_search(struct search *s, void *scratch,
                     struct search_result *out)
{
    rep_begin(scratch, s);
    if (pruning(s)->lmr_divisor > 0)
        lmr_table_set(&s->lmr, pruning(s)->lmr_divisor);
    for (int i = 0; i < s->nthreads; i++)
        if (root_setup(s->w[i]) == 0)
            return -1;
    if (s->w[0]->root_n == 1 && s->lim.seconds > 0 && !s->exact) {
        forced_result(s, out);
        return 0;
    }
    int started = 1;
    for (; started < s->nthreads; started++)
        if (search_spawn(s->w[started], helper_main, s->w[started]) != 0)
            break;
    iterate(s->w[0]);
    atomic_store(&s->stop_all, true);
    for (int i = 1; i < started; i++)
        pthread_join(s->w[i]->thread, NULL);
    s->nthreads = started;
    ab_result(s, out);
    return 0;
}

static void *ab_create(void)
{
    return rep_new();
}

static void ab_destroy(void *scratch)
{
    rep_free(scratch);
}

const struct method_ops alphabeta_method = {
    .name = "alphabeta",
    .win_loss_proof_first = true,
    .deepens = true,
    .create = ab_create,
    .destroy = ab_destroy,
    .search = ab_search,
};
