/* solve.c -- the exact solver for games whose length is bounded
 * (game_ops.max_game_plies > 0, so no position repeats along a line).
 *
 * A depth-free alpha-beta on the final margin: every line is followed to
 * the end of the game, so a value stored for a position holds wherever
 * the position comes back, and the table keeps plain lower/upper bounds
 * without depths.  MTD(f) drives it with null-window tests.
 *
 * The table is keyed by game_ops.hash_symmetric when the game has one, so
 * mirror images of a position share an entry.  An entry names its best
 * child by the child's key (a move would name it only in the image that
 * stored it), and that child is searched first.  The root never takes its
 * value or its move from
 * its own entry: the answer is a move the search itself played, or one
 * whose child's entry proved the bound.
 *
 * A node makes all its children once before searching any (order_moves):
 * finished games, children whose forced line ends the game (end_known)
 * and children whose entries already decide the test cut the work short
 * (enhanced transposition cut-offs), and the rest are ordered.  Those
 * children are not counted as nodes: a node is a position the search
 * descends into.
 *
 * The table lives in the search table's memory (tt_lend), so a solve costs
 * no second hash-sized block; the search table is empty afterwards.
 * genmove's win/loss attempts are the exception: they keep a small table
 * of their own from move to move (kept_table).
 * Stopping is polled through the worker like every other search, and read
 * in one place (solve_stopped), which also writes the progress lines; the
 * MTD(f) driver is solve_driver.c's, shared with the fast path.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "search/solve_int.h"

/* One entry, 12 bytes: 40 bits of the key (the bucket's index uses the low
 * bits), the bounds of the margin and how big the subtree was. */
struct solve_entry {
    uint32_t check;          /* key bits 32..63                          */
    uint32_t best_child;     /* low key bits of the best child, 0: none   */
    uint8_t check_low;       /* key bits 24..31                          */
    int8_t lo, hi;           /* the margin lies in [lo, hi]              */
    uint8_t work;            /* 1 + log2(nodes below); 0 = empty slot    */
};

/* Five entries share a cache line. */
#define SOLVE_WAYS 5
struct solve_bucket {
    struct solve_entry e[SOLVE_WAYS];
    uint32_t unused;
};
_Static_assert(sizeof(struct solve_bucket) == 64, "a bucket is a line");

/* The rows of the generic solver, kept for the searcher's life and grown
 * when a game needs more: allocating them at every solve cost a large
 * allocation per genmove (max_moves x SEARCH_MAX_PLY keys). */
struct solve_rows {
    uint64_t *keys;            /* per ply, cap each: the children's keys */
    int8_t *upper;             /* per ply, cap each: their upper bounds  */
    bool *same;                /* cap: the child's mover is the node's   */
    move_t *replies;           /* cap: scratch for counting replies      */
    unsigned char *line;       /* a position: a forced line's end        */
    int cap;                   /* moves per ply                          */
    size_t line_size;          /* bytes of line                          */
};

/* The solve method's scratch: both solvers' own, and the generic
 * solver's table for genmove's win/loss attempts, kept from one attempt
 * to the next (kept_table). */
struct solve_scratch {
    struct solve_rows rows;
    struct packed_scratch *packed;   /* solve_packed.c's */
    struct solve_bucket *kept;
    size_t kept_bytes;
};

struct solver {
    struct worker *w;
    const struct game_ops *g;
    uint64_t (*key_of)(const void *st);
    struct solve_bucket *table;
    bool kept;               /* the table is kept_table's, not lent     */
    uint64_t mask;           /* buckets - 1 */
    /* Per ply, max_moves each: the children's keys, in the order the
     * moves are searched. */
    uint64_t *keys;
    /* The children of the node being ordered (max_moves each). */
    bool *same;              /* the child's mover is the node's          */
    move_t *replies;         /* scratch for moves_of without count_moves */
    unsigned char *line;     /* scratch position for end_known           */
    /* Per ply, max_moves each: an upper bound of each child's margin from
     * the node's mover's view (MARGIN_INF: none known), in the order the
     * moves are searched. */
    int8_t *upper;
    struct solve_progress pr;  /* progress lines and stopping */
};

/* Margin of a finished game from side's view. */
static int final_margin(const struct game_ops *g, const void *st, int side)
{
    int margin = 0;
    enum game_status o = g->outcome(st, &margin);
    if (o == GAME_DRAW || o == GAME_ONGOING)
        return 0;
    if (margin < 1)
        margin = 1;          /* a win in a game without margin */
    if (margin > WIN_MARGIN_CAP)
        margin = WIN_MARGIN_CAP;
    return (o == GAME_WIN_FIRST) == (side == 0) ? margin : -margin;
}

/* ---- the table ----------------------------------------------------------- */

static bool entry_matches(const struct solve_entry *e, uint64_t key)
{
    return e->work != 0 && e->check == (uint32_t)(key >> 32) &&
           e->check_low == (uint8_t)(key >> 24);
}

static struct solve_entry *probe(const struct solver *sv, uint64_t key)
{
    struct solve_bucket *b = &sv->table[key & sv->mask];
    for (int i = 0; i < SOLVE_WAYS; i++)
        if (entry_matches(&b->e[i], key))
            return &b->e[i];
    return NULL;
}

/* The size class of a subtree of `nodes` positions. */
static uint8_t work_of(uint64_t nodes)
{
    return (uint8_t)(64 - __builtin_clzll(nodes | 1));
}

/* Records that the margin lies in [lo, hi].  An entry for the same key
 * keeps the tighter of both bounds; otherwise the bucket's smallest
 * subtree (or an empty slot) makes room, so the costly entries near the
 * root survive the flood of small ones near the leaves. */
static void store(struct solver *sv, uint64_t key, uint32_t best_child, int lo,
                  int hi, uint64_t nodes)
{
    struct solve_entry *e = probe(sv, key);
    uint8_t work = work_of(nodes);
    if (e) {
        solve_merge(e->lo, e->hi, e->work, &lo, &hi, &work);
    } else {
        struct solve_bucket *b = &sv->table[key & sv->mask];
        e = &b->e[0];
        for (int i = 1; i < SOLVE_WAYS; i++)
            if (b->e[i].work < e->work)
                e = &b->e[i];
        if (e->work == 0)
            solve_count_entry(&sv->pr);
        e->check = (uint32_t)(key >> 32);
        e->check_low = (uint8_t)(key >> 24);
    }
    e->best_child = best_child;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->work = work;
}

/* ---- the search ---------------------------------------------------------- */

/* What solve_node gets when its caller has not computed the key. */
#define KEY_UNKNOWN 0

/* The number of legal moves of the child in scratch. */
static int moves_of(const struct solver *sv, const void *child)
{
    const struct game_ops *g = sv->g;
    if (g->count_moves)
        return (int)g->count_moves(child);
    return g->gen_moves(child, sv->replies);
}

/* A child whose game has ended, or whose forced line (a single legal
 * move at each step) ends it, has a value known without a search, a table
 * entry or a node: that of the game's end, from side's view, in *v (3x3
 * Cephalopod: valuing the forced lines took the proof from 4.35 M to
 * 3.73 M nodes).  Otherwise *replies gets the child's number of moves.
 * child is not changed. */
static bool end_known(const struct solver *sv, const void *child, int side,
                      int *v, int *replies)
{
    const struct game_ops *g = sv->g;
    if (g->outcome(child, NULL) != GAME_ONGOING) {
        *v = final_margin(g, child, side);
        return true;
    }
    *replies = moves_of(sv, child);
    if (*replies != 1)
        return false;
    unsigned char *line = sv->line;
    memcpy(line, child, g->state_size);
    while (g->gen_moves(line, sv->replies) == 1) {
        g->play(line, sv->replies[0]);
        if (g->outcome(line, NULL) != GAME_ONGOING) {
            *v = final_margin(g, line, side);
            return true;
        }
    }
    return false;
}

/* Makes every child once.  A child that already proves the mover at
 * least beta (a finished game or forced line, or bounds in the table: an
 * enhanced transposition cut-off) ends the node, with its value in *cut and its
 * move in *cut_move.  Otherwise the moves are ordered: the table's move
 * first, then by what is known of the children, then by the static
 * evaluation from the mover's view.  The children's keys are computed
 * and their buckets prefetched in a first pass, so that the table's
 * cache misses overlap. */
static bool order_moves(const struct solver *sv, const void *st, move_t *mv,
                        int *scores, int8_t *upper, uint64_t *keys, int n,
                        uint32_t first, int beta, unsigned char *scratch,
                        int *cut, int *cut_at)
{
    const struct game_ops *g = sv->g;
    int side = g->side_to_move(st);
    bool *same = sv->same;
    for (int i = 0; i < n; i++) {
        memcpy(scratch, st, g->state_size);
        g->play(scratch, mv[i]);
        same[i] = g->side_to_move(scratch) == side;
        int v, replies;
        if (end_known(sv, scratch, side, &v, &replies)) {
            keys[i] = KEY_FINISHED;
            if (v >= beta) {
                *cut = v;
                *cut_at = i;
                return true;
            }
            scores[i] = solve_bound_key(v, v);
            upper[i] = (int8_t)v;
            continue;
        }
        keys[i] = sv->key_of(scratch);
        __builtin_prefetch(&sv->table[keys[i] & sv->mask]);
        int e = g->evaluate(scratch) + REPLY_WEIGHT * replies;
        scores[i] = same[i] ? e : -e;
        upper[i] = MARGIN_INF;
    }
    for (int i = 0; i < n; i++) {
        const struct solve_entry *e =
            keys[i] == KEY_FINISHED ? NULL : probe(sv, keys[i]);
        if (e) {
            int lo = same[i] ? e->lo : -e->hi;
            int hi = same[i] ? e->hi : -e->lo;
            if (lo >= beta) {
                *cut = lo;
                *cut_at = i;
                return true;
            }
            scores[i] += solve_bound_key(lo, hi);
            upper[i] = (int8_t)hi;
        }
        if (first != 0 && keys[i] != KEY_FINISHED &&
            (uint32_t)keys[i] == first)
            scores[i] = INT_MAX;
    }
    solve_sort(n, scores, upper, keys, mv, sizeof *mv);
    return false;
}

static int solve_node(struct solver *sv, int ply, uint64_t key, int alpha,
                      int beta, move_t *best_out);

/* What an entry keeps of its best child: the low bits of the child's key,
 * which name the same child in every image of the position (a move
 * would name it only in the image that stored it); 0 = none. */
static uint32_t child_tag(uint64_t child_key)
{
    return child_key == KEY_FINISHED ? 0 : (uint32_t)child_key;
}

/* The margin after move m of the position at ply, from the view of the
 * side that plays m (0 with sv->pr.aborted set when the search stops); key is
 * the child's key or KEY_UNKNOWN. */
static int child_value(struct solver *sv, int ply, move_t m, uint64_t key,
                       int alpha, int beta)
{
    struct worker *w = sv->w;
    const struct game_ops *g = sv->g;
    const unsigned char *st = worker_state(w, ply);
    unsigned char *child = worker_state(w, ply + 1);
    memcpy(child, st, g->state_size);
    g->play(child, m);
    worker_count(w);
    if (solve_stopped(&sv->pr, sv->w))
        return 0;
    if (g->side_to_move(child) == g->side_to_move(st))
        return solve_node(sv, ply + 1, key, alpha, beta, NULL);
    return -solve_node(sv, ply + 1, key, -beta, -alpha, NULL);
}

/* solve_child_fn: the i-th of the ordered moves of the node at ply. */
static int ordered_child_value(void *solver, int ply, int i, int alpha,
                               int beta)
{
    struct solver *sv = solver;
    size_t row = (size_t)ply * (size_t)sv->g->max_moves;
    return child_value(sv, ply, sv->w->moves[ply][i], sv->keys[row + i],
                       alpha, beta);
}

/* The margin of the position at ply from its mover's view, fail-soft
 * within (alpha, beta); *best_out (if not NULL) receives the move that
 * gave it.  key is the position's key when the caller has it (the parent
 * computed it to order its moves), else KEY_UNKNOWN. */
static int solve_node(struct solver *sv, int ply, uint64_t key, int alpha,
                      int beta, move_t *best_out)
{
    struct worker *w = sv->w;
    const struct game_ops *g = sv->g;
    const unsigned char *st = worker_state(w, ply);
    move_t *mv = ply < SEARCH_MAX_PLY - 1 ? search_ply_moves(w, ply) : NULL;
    if (!mv) {
        sv->pr.aborted = true;       /* deeper than the buffers: no proof */
        return 0;
    }
    int n = g->gen_moves(st, mv);
    if (n == 0)
        return final_margin(g, st, g->side_to_move(st));
    if (n == 1 && ply > 0)       /* forced: the child's entry will do */
        return child_value(sv, ply, mv[0], KEY_UNKNOWN, alpha, beta);
    if (key == KEY_UNKNOWN)
        key = sv->key_of(st);
    uint64_t nodes0 = w->nodes;
    uint32_t first = 0;
    const struct solve_entry *e = probe(sv, key);
    if (e) {
        first = e->best_child;
        int v;
        if (ply > 0 && solve_entry_decides(e->lo, e->hi, &alpha, &beta, &v))
            return v;
    }
    int cut, at;
    size_t row = (size_t)ply * (size_t)g->max_moves;
    int8_t *upper = sv->upper + row;
    uint64_t *keys = sv->keys + row;
    if (order_moves(sv, st, mv, w->keys[ply], upper, keys, n, first, beta,
                    worker_state(w, ply + 1), &cut, &at)) {
        store(sv, key, child_tag(keys[at]), cut, MARGIN_INF, 1);
        if (best_out)
            *best_out = mv[at];
        return cut;
    }
    int best_at;
    int best = solve_children(&sv->pr, ply, n, upper, alpha, beta,
                              ordered_child_value, NULL, sv, &best_at);
    if (sv->pr.aborted)
        return 0;
    store(sv, key, child_tag(keys[best_at]), best > alpha ? best : -MARGIN_INF,
          best < beta ? best : MARGIN_INF, w->nodes - nodes0);
    if (best_out)
        *best_out = mv[best_at];
    return best;
}

/* ---- the method ---------------------------------------------------------- */

static void rows_free(struct solve_rows *k)
{
    free(k->keys);
    free(k->upper);
    free(k->same);
    free(k->replies);
    free(k->line);
    memset(k, 0, sizeof *k);
}

/* Makes *k hold n moves a ply and a position of state_size bytes; all or
 * nothing: false (*k unchanged) when memory is short. */
static bool rows_fit(struct solve_rows *k, int n, size_t state_size)
{
    if (n <= k->cap && state_size <= k->line_size)
        return true;
    size_t m = (size_t)(n > k->cap ? n : k->cap);
    size_t line_size = state_size > k->line_size ? state_size : k->line_size;
    struct solve_rows grown = {
        .keys = malloc(m * SEARCH_MAX_PLY * sizeof(uint64_t)),
        .upper = malloc(m * SEARCH_MAX_PLY),
        .same = malloc(m * sizeof(bool)),
        .replies = malloc(m * sizeof(move_t)),
        .line = malloc(line_size),
        .cap = (int)m,
        .line_size = line_size,
    };
    if (!grown.keys || !grown.upper || !grown.same || !grown.replies ||
        !grown.line) {
        free(grown.keys);
        free(grown.upper);
        free(grown.same);
        free(grown.replies);
        free(grown.line);
        return false;
    }
    rows_free(k);
    *k = grown;
    return true;
}

/* genmove's win/loss attempts keep a table of their own from move to
 * move: its bounds are facts about positions, true wherever they come
 * back, so each attempt starts from what the ones before proved two
 * plies up (the board only empties).  Searches that must be reproducible
 * (a node budget on one thread) start it empty.  NULL: not an attempt,
 * or no memory; the solver then borrows the search table. */
static struct solve_bucket *kept_table(struct solve_scratch *k,
                                       const struct search *s, size_t bytes)
{
    if (!s->win_loss)
        return NULL;
    if (k->kept_bytes != bytes) {
        free(k->kept);
        k->kept = aligned_alloc(sizeof(struct solve_bucket), bytes);
        k->kept_bytes = k->kept ? bytes : 0;
        if (!k->kept)
            return NULL;
        memset(k->kept, 0, bytes);
    } else if (search_reproducible(s)) {
        memset(k->kept, 0, bytes);
    }
    return k->kept;
}

/* Returns false when memory is short (then nothing is allocated). */
static bool solver_open(struct solver *out, struct search *s,
                        struct solve_scratch *k)
{
    const struct game_ops *g = s->g;
    if (!rows_fit(&k->rows, g->max_moves, g->state_size))
        return false;
    size_t bytes = solve_table_bytes(s);
    struct solve_bucket *kept = kept_table(k, s, bytes);
    struct solver sv = {
        .w = s->w[0],
        .g = g,
        .key_of = g->hash_symmetric ? g->hash_symmetric : g->hash,
        .table = kept ? kept : tt_lend(&s->tt, bytes),
        .kept = kept != NULL,
        .mask = bytes / sizeof(struct solve_bucket) - 1,
        .keys = k->rows.keys,
        .same = k->rows.same,
        .replies = k->rows.replies,
        .upper = k->rows.upper,
        .line = k->rows.line,
    };
    solve_progress_init(&sv.pr, s, (sv.mask + 1) * SOLVE_WAYS);
    *out = sv;       /* lent: all zero; kept: what earlier attempts proved */
    return true;
}

/* One test of the generic solver (solve_test_fn). */
static int generic_test(void *solver, int beta, move_t *best)
{
    return solve_node(solver, 0, KEY_UNKNOWN, beta - 1, beta, best);
}

/* The method's search: the fast path where it can, else the generic
 * solver.  With s->win_loss it stops once the sign of the value is
 * proven: out->proven then means a proven win (out->margin a lower bound
 * of the margin), draw or loss (out->best is then no proven move:
 * MOVE_NONE is never returned, but out->proven is false for a loss). */
static int solve_search(struct search *s, void *scratch,
                        struct search_result *out)
{
    struct solve_scratch *k = scratch;
    bool win_loss = s->win_loss;
    if (solve_packed(s, k->packed, win_loss, out))
        return 0;
    struct solver sv;
    struct worker *w = s->w[0];
    if (!solver_open(&sv, s, k)) {
        out->best = w->moves[0][0];   /* no memory, no proof: a legal move */
        out->proven = false;
        return 0;
    }
    memcpy(worker_state(w, 0), s->root, s->g->state_size);
    solve_drive(&sv.pr, win_loss, generic_test, &sv, out);
    /* Lent memory returns to the search, whose entries there are lost. */
    if (!sv.kept)
        tt_reclaim(&s->tt, solve_table_bytes(s));
    return 0;
}

static void *solve_create(void)
{
    struct solve_scratch *k = calloc(1, sizeof *k);
    if (k && !(k->packed = packed_scratch_new())) {
        free(k);
        return NULL;
    }
    return k;
}

static void solve_destroy(void *scratch)
{
    struct solve_scratch *k = scratch;
    if (!k)
        return;
    rows_free(&k->rows);
    packed_scratch_free(k->packed);
    free(k->kept);
    free(k);
}

static void solve_forget(void *scratch)
{
    struct solve_scratch *k = scratch;
    if (k && k->kept)
        memset(k->kept, 0, k->kept_bytes);
}

/* The kept table's size follows the search table's (solve_table_bytes):
 * it is made again at the new size by the next attempt. */
static void solve_resize(void *scratch)
{
    struct solve_scratch *k = scratch;
    if (!k)
        return;
    free(k->kept);
    k->kept = NULL;
    k->kept_bytes = 0;
}

const struct method_ops solve_method = {
    .name = "solve",
    .create = solve_create,
    .destroy = solve_destroy,
    .resize = solve_resize,
    .forget = solve_forget,
    .search = solve_search,
};
