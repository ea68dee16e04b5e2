/* solve_packed.c -- the exact solver's fast path, for games that pack a
 * position into 64 bits (game_ops.packed, struct packed_ops).
 *
 * The same search as solve.c (doc/search.md, "The exact solver"): a
 * depth-free alpha-beta on the final margin driven by MTD(f), children
 * made once to value finished games and forced lines and to cut off on
 * the table's bounds (ETC), the table's best child first, then by what
 * is known, then fewer replies first.  What differs is the position: a
 * uint64_t seen from the side to move, so every value is negated from
 * parent to child, no state is copied, and the table's key is the
 * position's exact key (packed_ops.key, the same for all its images):
 * no false hits.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "search/solve_int.h"

/* One entry, 16 bytes: the exact key, the best child's tag, the bounds
 * of the margin and how big the subtree was. */
struct packed_entry {
    uint64_t key;            /* packed_ops.key of the position          */
    uint32_t best_child;     /* tag of the best child's key, 0: none    */
    int8_t lo, hi;           /* the margin lies in [lo, hi]             */
    uint8_t work;            /* 1 + log2(nodes below); 0 = empty slot   */
    uint8_t unused;
};

#define PACKED_WAYS 4
struct packed_bucket {
    struct packed_entry e[PACKED_WAYS];
};
_Static_assert(sizeof(struct packed_bucket) == 64, "a bucket is a line");

/* keys[] of a child that needs no key: its value is known. */
#define KEY_FINISHED UINT64_MAX
/* What packed_node gets when its caller has not computed the key (no
 * position has these keys, packed_ops.key says). */
#define KEY_UNKNOWN (UINT64_MAX - 1)

/* Sort-key weight of a reply of the child (solve.c's REPLY_WEIGHT). */
#define REPLY_WEIGHT 100

struct packed_solver {
    struct worker *w;
    const struct packed_ops *ops;
    const void *geo;
    struct packed_bucket *table;
    uint64_t mask;             /* buckets - 1 */
    int index_shift;           /* 64 - log2(buckets), at most 63 */
    int width;                 /* max_children: one row per ply */
    uint64_t *kids;            /* per ply: the children, search order */
    uint64_t *keys;            /* per ply: their keys (or KEY_FINISHED) */
    int8_t *upper;             /* per ply: their upper bounds, node's view */
    int *scores;               /* one row: sort keys of the node ordered */
    uint64_t *line;            /* one row: a forced line's next position */
    uint64_t root;
    struct solve_progress pr;
};

/* ---- the table ----------------------------------------------------------- */

/* The keys are exact, not hashes: a multiplication spreads them, and
 * its high bits pick the bucket. */
static uint64_t mix(uint64_t k)
{
    return k * 0x9E3779B97F4A7C15ULL;
}

static struct packed_bucket *bucket_of(const struct packed_solver *sv,
                                       uint64_t key)
{
    return &sv->table[mix(key) >> sv->index_shift & sv->mask];
}

static struct packed_entry *probe(const struct packed_solver *sv,
                                  uint64_t key)
{
    struct packed_bucket *b = bucket_of(sv, key);
    for (int i = 0; i < PACKED_WAYS; i++)
        if (b->e[i].work != 0 && b->e[i].key == key)
            return &b->e[i];
    return NULL;
}

/* The tag an entry keeps of its best child (any nonzero 32 bits of it). */
static uint32_t child_tag(uint64_t key)
{
    return key == KEY_FINISHED ? 0 : (uint32_t)mix(key) | 1;
}

/* Records that the margin lies in [lo, hi]: the same policy as solve.c
 * (tighter bounds kept, the smallest subtree replaced). */
static void store(struct packed_solver *sv, uint64_t key, uint32_t best_child,
                  int lo, int hi, uint64_t nodes)
{
    struct packed_entry *e = probe(sv, key);
    uint8_t work = (uint8_t)(64 - __builtin_clzll(nodes | 1));
    if (e) {
        solve_merge(e->lo, e->hi, e->work, &lo, &hi, &work);
    } else {
        struct packed_bucket *b = bucket_of(sv, key);
        e = &b->e[0];
        for (int i = 1; i < PACKED_WAYS; i++)
            if (b->e[i].work < e->work)
                e = &b->e[i];
        sv->pr.used += e->work == 0;
        e->key = key;
    }
    e->best_child = best_child;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->work = work;
}

/* ---- the search ---------------------------------------------------------- */

/* A child (from its own mover's view) whose game has ended, or whose
 * forced line ends it: its value from the parent's view in *v.
 * Otherwise *replies gets its number of moves. */
static bool end_known(const struct packed_solver *sv, uint64_t child, int *v,
                      int *replies, int *score)
{
    const struct packed_ops *ops = sv->ops;
    int n;
    *score = ops->evaluate(sv->geo, child, &n);
    *replies = n;
    int sign = -1;
    while (n == 1) {
        ops->children(sv->geo, child, sv->line, NULL);
        child = sv->line[0];
        sign = -sign;
        n = ops->count_children(sv->geo, child);
    }
    if (n > 0)
        return false;
    *v = sign * ops->final_margin(sv->geo, child);
    return true;
}

/* Orders the n children of a node at ply (solve.c's order_moves): true
 * with *cut and *cut_at when one already proves the mover at least beta. */
static bool order_children(const struct packed_solver *sv, int ply, int n,
                           uint32_t first, int beta, int *cut, int *cut_at)
{
    size_t row = (size_t)ply * (size_t)sv->width;
    uint64_t *kids = sv->kids + row, *keys = sv->keys + row;
    int8_t *upper = sv->upper + row;
    int *scores = sv->scores;
    /* the keys came with the children: the buckets load while the
     * children are valued */
    for (int i = 0; i < n; i++)
        __builtin_prefetch(bucket_of(sv, keys[i]));
    for (int i = 0; i < n; i++) {
        int v, replies, e;
        if (end_known(sv, kids[i], &v, &replies, &e)) {
            if (v >= beta) {
                *cut = v;
                *cut_at = i;
                return true;
            }
            keys[i] = KEY_FINISHED;
            scores[i] = solve_bound_key(v, v);
            upper[i] = (int8_t)v;
            continue;
        }
        /* a single reply: the child's node skips the table */
        if (replies <= 1)
            keys[i] = KEY_UNKNOWN;
        scores[i] = -(e + REPLY_WEIGHT * replies);
        upper[i] = MARGIN_INF;
    }
    for (int i = 0; i < n; i++) {
        if (keys[i] == KEY_FINISHED || keys[i] == KEY_UNKNOWN)
            continue;
        const struct packed_entry *e = probe(sv, keys[i]);
        if (e) {
            if (-e->hi >= beta) {
                *cut = -e->hi;
                *cut_at = i;
                return true;
            }
            scores[i] += solve_bound_key(-e->hi, -e->lo);
            upper[i] = (int8_t)-e->lo;
        }
        if (first != 0 && child_tag(keys[i]) == first)
            scores[i] = INT_MAX;
    }
    solve_sort(n, scores, upper, keys, kids, sizeof *kids);
    return false;
}

static int packed_node(struct packed_solver *sv, int ply, uint64_t pos,
                       uint64_t key, int alpha, int beta, int *best_at);

/* The margin of child (at ply + 1) from the view of the side that moved
 * into it (0 with pr.aborted set when the search stops). */
static int child_value(struct packed_solver *sv, int ply, uint64_t child,
                       uint64_t key, int alpha, int beta)
{
    worker_count(sv->w);
    if (solve_stopped(&sv->pr, sv->w))
        return 0;
    return -packed_node(sv, ply + 1, child, key, -beta, -alpha, NULL);
}

/* solve_child_fn: the i-th ordered child of the node at ply. */
static int ordered_child_value(void *solver, int ply, int i, int alpha,
                               int beta)
{
    struct packed_solver *sv = solver;
    size_t at = (size_t)ply * (size_t)sv->width + (size_t)i;
    return child_value(sv, ply, sv->kids[at], sv->keys[at], alpha, beta);
}

/* The margin of pos (at ply) from its mover's view, fail-soft within
 * (alpha, beta); *best_at (if not NULL) gets the index in the ply's row
 * of the child that gave it.  key: pos's key, or KEY_UNKNOWN. */
static int packed_node(struct packed_solver *sv, int ply, uint64_t pos,
                       uint64_t key, int alpha, int beta, int *best_at)
{
    const struct packed_ops *ops = sv->ops;
    if (ply >= SEARCH_MAX_PLY - 1) {
        sv->pr.aborted = true;    /* deeper than the buffers: no proof */
        return 0;
    }
    size_t row = (size_t)ply * (size_t)sv->width;
    uint64_t *kids = sv->kids + row, *keys = sv->keys + row;
    int8_t *upper = sv->upper + row;
    int n = ops->children(sv->geo, pos, kids, keys);
    if (n == 0)
        return ops->final_margin(sv->geo, pos);
    if (n == 1 && ply > 0)        /* forced: the child's entry will do */
        return child_value(sv, ply, kids[0], KEY_UNKNOWN, alpha, beta);
    if (key == KEY_UNKNOWN)
        key = ops->key(sv->geo, pos);
    uint64_t nodes0 = sv->w->nodes;
    uint32_t first = 0;
    const struct packed_entry *e = probe(sv, key);
    if (e) {
        first = e->best_child;
        int v;
        if (ply > 0 && solve_entry_decides(e->lo, e->hi, &alpha, &beta, &v))
            return v;
    }
    int cut, at;
    if (order_children(sv, ply, n, first, beta, &cut, &at)) {
        store(sv, key, child_tag(keys[at]), cut, MARGIN_INF, 1);
        if (best_at)
            *best_at = at;
        return cut;
    }
    int best_i;
    int best = solve_children(&sv->pr, ply, n, upper, alpha, beta,
                              ordered_child_value, sv, &best_i);
    if (sv->pr.aborted)
        return 0;
    store(sv, key, child_tag(keys[best_i]),
          best > alpha ? best : -MARGIN_INF, best < beta ? best : MARGIN_INF,
          sv->w->nodes - nodes0);
    if (best_at)
        *best_at = best_i;
    return best;
}

/* ---- the driver ---------------------------------------------------------- */

/* The root move that leads to the packed child (MOVE_NONE: none, which
 * would mean that pack and children disagree with the rules). */
static move_t move_to(const struct packed_solver *sv, uint64_t child)
{
    struct worker *w = sv->w;
    const struct game_ops *g = w->s->g;
    const void *root = w->s->root;
    unsigned char *st = worker_state(w, 1);
    move_t *mv = w->moves[0];
    int n = g->gen_moves(root, mv);
    for (int i = 0; i < n; i++) {
        memcpy(st, root, g->state_size);
        g->play(st, mv[i]);
        if (sv->ops->pack(sv->geo, st) == child)
            return mv[i];
    }
    return MOVE_NONE;
}

/* One null-window test (solve_test_fn). */
static int packed_test(void *solver, int beta, move_t *best)
{
    struct packed_solver *sv = solver;
    int at = -1;
    int v = packed_node(sv, 0, sv->root, KEY_UNKNOWN, beta - 1, beta, &at);
    if (!sv->pr.aborted && v >= beta && at >= 0)
        *best = move_to(sv, sv->kids[at]);
    return v;
}

void solve_packed_free(struct search *s)
{
    struct packed_scratch *k = &s->packed;
    free(k->geo);
    free(k->kids);
    free(k->keys);
    free(k->upper);
    free(k->scores);
    free(k->line);
    memset(k, 0, sizeof *k);
}

/* Makes s->packed hold the rows for ops, once for the searcher's life
 * (a proof attempt per genmove would otherwise allocate and fill some
 * 0.9 MB); false when memory is short. */
static bool scratch_ready(struct search *s, const struct packed_ops *ops)
{
    struct packed_scratch *k = &s->packed;
    if (k->geo)
        return true;
    size_t width = (size_t)ops->max_children;
    size_t cells = (size_t)SEARCH_MAX_PLY * width;
    struct packed_scratch made = {
        .geo = calloc(1, ops->geometry_size),      /* zero: never made */
        .kids = malloc(cells * sizeof(uint64_t)),
        .keys = malloc(cells * sizeof(uint64_t)),
        .upper = malloc(cells),
        .scores = malloc(width * sizeof(int)),
        .line = malloc(width * sizeof(uint64_t)),
    };
    *k = made;
    if (made.geo && made.kids && made.keys && made.upper && made.scores &&
        made.line)
        return true;
    solve_packed_free(s);
    return false;
}

bool solve_packed(struct search *s, bool win_loss, struct search_result *out)
{
    const struct packed_ops *ops = s->g->packed;
    if (!ops || !scratch_ready(s, ops) || !ops->init(s->packed.geo, s->root))
        return false;
    const struct packed_scratch *k = &s->packed;
    struct packed_solver sv = {
        .w = s->w[0],
        .ops = ops,
        .geo = k->geo,
        .width = ops->max_children,
        .kids = k->kids,
        .keys = k->keys,
        .upper = k->upper,
        .scores = k->scores,
        .line = k->line,
        .root = ops->pack(k->geo, s->root),
    };
    if (ops->count_children(k->geo, sv.root) == 0)
        return false;
    size_t bytes = solve_table_bytes(s);
    sv.table = tt_lend(&s->tt, bytes);     /* all zero: slots empty */
    sv.mask = bytes / sizeof(struct packed_bucket) - 1;
    sv.index_shift = sv.mask ? __builtin_clzll(sv.mask) : 63;
    solve_progress_init(&sv.pr, s, (sv.mask + 1) * PACKED_WAYS);
    solve_drive(&sv.pr, win_loss, packed_test, &sv, out);
    tt_reclaim(&s->tt, bytes);
    return true;
}
