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
 *
 * With threads > 1 a proof runs on that many threads at once, sharing
 * the table (doc/search.md, "Proofs on several threads"): each runs every
 * null-window test from the root, and the first to finish answers it.
 * They spread out by ABDADA's rule: a child after the first that another
 * thread is searching waits until its siblings are done.
 */
#include "config.h"

#include <float.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "search/solve_int.h"

/* What an entry says of a position: the best child's tag, the bounds
 * of the margin and how big the subtree was. */
struct packed_entry {
    uint32_t best_child;     /* tag of the best child's key, 0: none    */
    int8_t lo, hi;           /* the margin lies in [lo, hi]             */
    uint8_t work;            /* 1 + log2(nodes below); 0 = empty slot   */
};

/* A slot, 16 bytes: the entry packed into data (best_child in bits 0-31,
 * lo, hi and work in the bytes above; nonzero, since work is) and the
 * exact key xored with it.  The threads of a proof share the table
 * without locks: a slot written by two threads at once may pair one's
 * check with the other's data, and then it reads as a miss, since the
 * pair no longer xors to any key probed (tt.h's "xor trick"). */
struct packed_slot {
    _Atomic uint64_t check;  /* key ^ data */
    _Atomic uint64_t data;   /* 0: empty */
};

#define PACKED_WAYS 4
struct packed_bucket {
    struct packed_slot e[PACKED_WAYS];
};
_Static_assert(sizeof(struct packed_bucket) == 64, "a bucket is a line");

/* What packed_node gets when its caller has not computed the key (no
 * position has this key, packed_ops.key says). */
#define KEY_UNKNOWN (UINT64_MAX - 1)

/* Slots of the table of children being searched (a power of two). */
#define BUSY_SLOTS 4096

/* What the threads of a proof share besides the table. */
struct packed_shared {
    atomic_bool test_done;     /* a thread has answered the current test */
    atomic_bool answered;      /* claimed by the thread that answers     */
    int value;                 /* its answer, read after the joins       */
    uint64_t root_child;       /* and the root child that reached it     */
    /* The keys of children being searched, each in the slot its key
     * picks (a collision only makes a child wait for nothing). */
    _Atomic uint64_t busy[BUSY_SLOTS];
};

/* The rows one thread fills. */
struct packed_rows {
    uint64_t *kids;            /* per ply, max_children each: children   */
    uint64_t *keys;            /* per ply: their keys                    */
    int8_t *upper;             /* per ply: their upper bounds            */
    int *scores;               /* max_children: sort keys of one node    */
    uint64_t *line;            /* max_children: a forced line's next     */
};

/* The fast path's scratch, kept for the searcher's life: the game's
 * geometry, which its init keeps while the board's shape stays the same,
 * each thread's rows (made when a proof first runs on that many threads)
 * and what the threads share. */
struct packed_scratch {
    void *geo;                 /* game_ops.packed->geometry_size bytes   */
    struct packed_rows rows[SEARCH_MAX_THREADS];
    struct packed_shared *shared;
};

struct packed_solver {
    struct worker *w;
    struct packed_shared *shared;   /* NULL: a proof on one thread */
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
    int beta;                  /* the test under way: margin >= beta? */
    bool yielded;              /* stopped because another thread answered */
    struct solve_progress pr;  /* each thread's own path */
    struct solve_progress *fill;    /* where entries taken are counted */
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

static uint64_t slot_data(const struct packed_slot *e)
{
    return atomic_load_explicit(&e->data, memory_order_relaxed);
}

static struct packed_entry unpack_entry(uint64_t data)
{
    struct packed_entry e = {
        .best_child = (uint32_t)data,
        .lo = (int8_t)(data >> 32),
        .hi = (int8_t)(data >> 40),
        .work = (uint8_t)(data >> 48),
    };
    return e;
}

/* The index in b of key's slot, with its data in *data; -1 if none. */
static int find(const struct packed_bucket *b, uint64_t key, uint64_t *data)
{
    for (int i = 0; i < PACKED_WAYS; i++) {
        uint64_t d = slot_data(&b->e[i]);
        if (d != 0 &&
            (atomic_load_explicit(&b->e[i].check, memory_order_relaxed) ^ d)
            == key) {
            *data = d;
            return i;
        }
    }
    return -1;
}

/* Whether the table holds key, with its entry in *e. */
static bool probe(const struct packed_solver *sv, uint64_t key,
                  struct packed_entry *e)
{
    uint64_t d;
    if (find(bucket_of(sv, key), key, &d) < 0)
        return false;
    *e = unpack_entry(d);
    return true;
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
    struct packed_bucket *b = bucket_of(sv, key);
    uint64_t d;
    int at = find(b, key, &d);
    uint8_t work = (uint8_t)(64 - __builtin_clzll(nodes | 1));
    if (at >= 0) {
        struct packed_entry e = unpack_entry(d);
        solve_merge(e.lo, e.hi, e.work, &lo, &hi, &work);
    } else {
        at = 0;
        for (int i = 1; i < PACKED_WAYS; i++)
            if (slot_data(&b->e[i]) >> 48 < slot_data(&b->e[at]) >> 48)
                at = i;
        if (slot_data(&b->e[at]) == 0)
            solve_count_entry(sv->fill);
    }
    d = best_child | (uint64_t)(uint8_t)lo << 32 |
        (uint64_t)(uint8_t)hi << 40 | (uint64_t)work << 48;
    atomic_store_explicit(&b->e[at].check, key ^ d, memory_order_relaxed);
    atomic_store_explicit(&b->e[at].data, d, memory_order_relaxed);
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
        struct packed_entry e;
        if (probe(sv, keys[i], &e)) {
            if (-e.hi >= beta) {
                *cut = -e.hi;
                *cut_at = i;
                return true;
            }
            scores[i] += solve_bound_key(-e.hi, -e.lo);
            upper[i] = (int8_t)-e.lo;
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
    if (sv->shared &&
        atomic_load_explicit(&sv->shared->test_done, memory_order_relaxed)) {
        sv->yielded = sv->pr.aborted = true;   /* unwinds like a stop */
        return 0;
    }
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

/* The key of the i-th ordered child of the node at ply, or 0 when it
 * has none (a finished game or a single reply: never searched twice). */
static uint64_t ordered_key(const struct packed_solver *sv, int ply, int i)
{
    uint64_t key = sv->keys[(size_t)ply * (size_t)sv->width + (size_t)i];
    return key == KEY_FINISHED || key == KEY_UNKNOWN ? 0 : key;
}

/* ---- several threads ----------------------------------------------------- */

static _Atomic uint64_t *busy_slot(const struct packed_solver *sv,
                                   uint64_t key)
{
    return &sv->shared->busy[mix(key) >> 52 & (BUSY_SLOTS - 1)];
}

/* solve_busy_fn: another thread is searching the i-th ordered child. */
static bool child_busy(void *solver, int ply, int i)
{
    const struct packed_solver *sv = solver;
    uint64_t key = ordered_key(sv, ply, i);
    return key != 0 && atomic_load_explicit(busy_slot(sv, key),
                                            memory_order_relaxed) == key;
}

/* solve_child_fn on several threads: ordered_child_value with the
 * child marked busy while it is searched. */
static int shared_child_value(void *solver, int ply, int i, int alpha,
                              int beta)
{
    const struct packed_solver *sv = solver;
    uint64_t key = ordered_key(sv, ply, i);
    if (key == 0)
        return ordered_child_value(solver, ply, i, alpha, beta);
    _Atomic uint64_t *slot = busy_slot(sv, key);
    atomic_store_explicit(slot, key, memory_order_relaxed);
    int v = ordered_child_value(solver, ply, i, alpha, beta);
    /* no lock: a race here only clears a mark early (a child searched
     * twice) or keeps one that a later store replaces */
    if (atomic_load_explicit(slot, memory_order_relaxed) == key)
        atomic_store_explicit(slot, 0, memory_order_relaxed);
    return v;
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
    struct packed_entry e;
    if (probe(sv, key, &e)) {
        first = e.best_child;
        int v;
        if (ply > 0 && solve_entry_decides(e.lo, e.hi, &alpha, &beta, &v))
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
    int best = sv->shared
               ? solve_children(&sv->pr, ply, n, upper, alpha, beta,
                                shared_child_value, child_busy, sv, &best_i)
               : solve_children(&sv->pr, ply, n, upper, alpha, beta,
                                ordered_child_value, NULL, sv, &best_i);
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

/* The threads of one proof; team[0] is the caller's. */
struct packed_team {
    int n;
    struct packed_solver sv[SEARCH_MAX_THREADS];
};

/* The test of sv->beta on sv's thread: the root's margin, and in *child
 * the root child that gave it. */
static int root_test(struct packed_solver *sv, uint64_t *child)
{
    int at = -1;
    int v = packed_node(sv, 0, sv->root, KEY_UNKNOWN, sv->beta - 1, sv->beta,
                        &at);
    *child = sv->kids[at > 0 ? at : 0];   /* at < 0 only when stopped */
    return v;
}

/* Answers the current test for every thread, unless one already has. */
static void answer(struct packed_solver *sv, int v, uint64_t child)
{
    struct packed_shared *sh = sv->shared;
    bool no = false;
    if (atomic_compare_exchange_strong(&sh->answered, &no, true)) {
        sh->value = v;
        sh->root_child = child;
    }
    atomic_store(&sh->test_done, true);
}

/* A helper thread's part in a test: the same search as the caller's. */
static void *helper_test(void *arg)
{
    struct packed_solver *sv = arg;
    uint64_t child;
    int v = root_test(sv, &child);
    if (!sv->pr.aborted)
        answer(sv, v, child);
    return NULL;
}

/* Starts the helpers on the test under way; how many threads run it. */
static int start_helpers(struct packed_team *t)
{
    struct packed_shared *sh = t->sv[0].shared;
    atomic_store(&sh->test_done, false);
    atomic_store(&sh->answered, false);
    int started = 1;
    for (; started < t->n; started++) {
        struct packed_solver *h = &t->sv[started];
        h->yielded = h->pr.aborted = false;
        if (search_spawn(h->w, helper_test, h) != 0)
            break;
    }
    return started;
}

/* Ends the test on every thread and returns its answer: the first
 * thread's to finish, whose root child goes to *child. */
static int finish_test(struct packed_team *t, int started, int v,
                       uint64_t *child)
{
    struct packed_solver *sv = &t->sv[0];
    struct packed_shared *sh = sv->shared;
    atomic_store(&sh->test_done, true);
    for (int i = 1; i < started; i++) {
        pthread_join(t->sv[i].w->thread, NULL);
        search_poll(t->sv[i].w);      /* counts its last nodes */
    }
    if (!atomic_load(&sh->answered))
        return v;                     /* stopped before any answer */
    if (sv->yielded)
        sv->yielded = sv->pr.aborted = false;
    *child = sh->root_child;
    return sh->value;
}

/* One null-window test (solve_test_fn). */
static int packed_test(void *team, int beta, move_t *best)
{
    struct packed_team *t = team;
    struct packed_solver *sv = &t->sv[0];
    for (int i = 0; i < t->n; i++)
        t->sv[i].beta = beta;
    int started = t->n > 1 ? start_helpers(t) : 1;
    uint64_t child;
    int v = root_test(sv, &child);
    if (t->n > 1) {
        if (!sv->pr.aborted)
            answer(sv, v, child);
        v = finish_test(t, started, v, &child);
    }
    if (!sv->pr.aborted && v >= beta)
        *best = move_to(sv, child);
    return v;
}

static void rows_free(struct packed_rows *r)
{
    free(r->kids);
    free(r->keys);
    free(r->upper);
    free(r->scores);
    free(r->line);
    memset(r, 0, sizeof *r);
}

struct packed_scratch *packed_scratch_new(void)
{
    return calloc(1, sizeof(struct packed_scratch));
}

void packed_scratch_free(struct packed_scratch *k)
{
    if (!k)
        return;
    free(k->geo);
    for (int i = 0; i < SEARCH_MAX_THREADS; i++)
        rows_free(&k->rows[i]);
    free(k->shared);
    free(k);
}

/* Makes *r hold the rows of one thread for ops (once for the searcher's
 * life: a proof attempt per genmove would otherwise allocate and fill
 * some 0.9 MB); false when memory is short. */
static bool rows_ready(struct packed_rows *r, const struct packed_ops *ops)
{
    if (r->kids)
        return true;
    size_t width = (size_t)ops->max_children;
    size_t cells = (size_t)SEARCH_MAX_PLY * width;
    struct packed_rows made = {
        .kids = malloc(cells * sizeof(uint64_t)),
        .keys = malloc(cells * sizeof(uint64_t)),
        .upper = malloc(cells),
        .scores = malloc(width * sizeof(int)),
        .line = malloc(width * sizeof(uint64_t)),
    };
    *r = made;
    if (made.kids && made.keys && made.upper && made.scores && made.line)
        return true;
    rows_free(r);
    return false;
}

/* Makes *k ready for a proof on up to s->nthreads threads; how many it
 * can run on (0: none, memory is short). */
static int threads_ready(struct packed_scratch *k, const struct search *s,
                         const struct packed_ops *ops)
{
    if (s->nthreads > 1 && !k->shared &&
        !(k->shared = calloc(1, sizeof *k->shared)))
        return rows_ready(&k->rows[0], ops) ? 1 : 0;
    int n = 0;
    while (n < s->nthreads && rows_ready(&k->rows[n], ops))
        n++;
    return n;
}

/* Thread i's solver of the proof of root, all with the same table; the
 * progress lines and the table's fill are the first one's. */
static void team_member(struct packed_team *t, int i, struct search *s,
                        const struct packed_scratch *k, uint64_t root,
                        struct packed_bucket *table, uint64_t mask)
{
    const struct packed_ops *ops = s->g->packed;
    const struct packed_rows *r = &k->rows[i];
    struct packed_solver sv = {
        .w = s->w[i],
        .shared = t->n > 1 ? k->shared : NULL,
        .ops = ops,
        .geo = k->geo,
        .table = table,
        .mask = mask,
        .index_shift = mask ? __builtin_clzll(mask) : 63,
        .width = ops->max_children,
        .kids = r->kids,
        .keys = r->keys,
        .upper = r->upper,
        .scores = r->scores,
        .line = r->line,
        .root = root,
        .fill = &t->sv[0].pr,
    };
    solve_progress_init(&sv.pr, s, (mask + 1) * PACKED_WAYS);
    if (i > 0)
        sv.pr.next_report = DBL_MAX;  /* only the caller's thread reports */
    t->sv[i] = sv;
}

bool solve_packed(struct search *s, struct packed_scratch *k, bool win_loss,
                  struct search_result *out)
{
    const struct packed_ops *ops = s->g->packed;
    if (!ops)
        return false;
    if (!k->geo && !(k->geo = calloc(1, ops->geometry_size)))
        return false;                 /* zero: never made */
    if (!ops->init(k->geo, s->root))
        return false;
    uint64_t root = ops->pack(k->geo, s->root);
    if (ops->count_children(k->geo, root) == 0)
        return false;
    struct packed_team t = { .n = threads_ready(k, s, ops) };
    if (t.n == 0)
        return false;
    size_t bytes = solve_table_bytes(s);
    struct packed_bucket *table = tt_lend(&s->tt, bytes);  /* all empty */
    uint64_t mask = bytes / sizeof(struct packed_bucket) - 1;
    for (int i = 0; i < t.n; i++)
        team_member(&t, i, s, k, root, table, mask);
    solve_drive(&t.sv[0].pr, win_loss, packed_test, &t, out);
    tt_reclaim(&s->tt, bytes);
    return true;
}
