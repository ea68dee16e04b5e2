/* mcts.c -- Monte Carlo tree search.
 *
 * The search of every tree method (mcts_int.h); two are here:
 *  - mcts: UCT with the MCTS-Solver (finished games are proven
 *    wins, losses or draws for the side that moved into them; a proof
 *    propagates up as soon as one child wins or every child is proven) and
 *    informed playouts: a few uniformly random plies, then the static
 *    evaluation turned into a win probability by a logistic curve;
 *  - plainmcts (baseline): UCT, uniform random playouts to the end
 *    of the game, no solver; with max_nodes set it runs exactly that many
 *    playouts (its budget counts playouts, not positions); a playout
 *    still running after 300 plies counts as a draw.
 * playouts.c configures a third.
 *
 * Memory: each method's scratch is a pool of hash_mb MiB,
 * allocated at its first search and kept (until the table size changes).
 * A node is expanded (all its children at once) on its second visit;
 * when the pool is full, no node is expanded any more and the search goes
 * on with playouts from the leaves.  With N threads the pool
 * is split into N independent trees (root parallelism) whose root
 * statistics are added up at the end.  Values are kept for the side that
 * made the move into the node, so sides need not alternate.
 */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "search/mcts_int.h"
#include "search/search_int.h"

/* Proof status of a node, for the side that moved into it; the order is
 * the preference order of that side. */
enum proof { PROOF_NONE = 0, PROOF_WIN, PROOF_DRAW, PROOF_LOSS };

struct mcts_node {
    double value;          /* sum of results for `mover`              */
    move_t move;           /* the move leading here                   */
    uint32_t first;        /* index of the first child, 0 = leaf      */
    uint32_t n_children;
    uint32_t visits;
    uint8_t mover;         /* side that played `move`                 */
    uint8_t proof;         /* enum proof                              */
};

/* Informed: short playouts and evaluation (tuned in doc/search.md). */
static const struct mcts_cfg informed_cfg = {
    .c = 0.7, .playout_plies = 6, .evaluate = true, .solver = true,
};
/* Playouts to the end, for games that ask for it (mcts_full_playouts;
 * their length is bounded).  c tuned by self-play on Cephalopod 5x5 at
 * 0.1 s a move: 0.4 beat 0.7 14-6 and 0.25 15-5; 0.7 beat 1.0 14-6. */
static const struct mcts_cfg full_cfg = {
    .c = 0.4, .playout_plies = INT_MAX, .solver = true,
};
/* Plain UCT: playouts run to the end (a draw after 300 plies; random
 * Truchet games can cycle for ever). */
static const struct mcts_cfg plain_cfg = {
    .c = 1.4142135623730951, .playout_plies = 300, .plain = true,
};

/* Evaluation units per factor e of the win odds. */
#define EVAL_SCALE 200.0
#define MIN_POOL_NODES 4096u

/* One tree, grown by one worker in its share of the pool. */
struct mcts {
    struct search *s;
    struct worker *w;
    const struct mcts_cfg *cfg;
    struct mcts_node *pool;    /* pool[0] is the root */
    uint32_t cap;
    uint32_t used;
    uint64_t playouts;
    uint64_t max_playouts;     /* 0 = none */
    move_t *moves;             /* scratch move list */
    move_t *policy_moves;      /* the playout policy's scratch list */
    unsigned char *buf;        /* scratch position */
    uint32_t path[SEARCH_MAX_PLY + 1];
};

/* A method's scratch: the nodes of its trees. */
struct mcts_pool {
    struct mcts_node *nodes;   /* NULL until the first search */
    size_t cap;
};

/* Allocates the pool at the hash size (less if memory is short). */
static int ensure_pool(struct mcts_pool *p, size_t hash_mb)
{
    if (p->nodes)
        return 0;
    size_t cap = (hash_mb << 20) / sizeof(struct mcts_node);
    if (cap > UINT32_MAX)
        cap = UINT32_MAX;
    if (cap < MIN_POOL_NODES)
        cap = MIN_POOL_NODES;
    for (; cap >= MIN_POOL_NODES; cap /= 2) {
        p->nodes = malloc(cap * sizeof(struct mcts_node));
        if (p->nodes) {
            p->cap = cap;
            return 0;
        }
    }
    return -1;
}

/* Result for side 0 of a finished game. */
static double game_result(enum game_status o)
{
    return o == GAME_WIN_FIRST ? 1.0 : o == GAME_WIN_SECOND ? 0.0 : 0.5;
}

static double proof_result(const struct mcts_node *n)
{
    if (n->proof == PROOF_DRAW)
        return 0.5;
    bool mover_wins = n->proof == PROOF_WIN;
    return mover_wins == (n->mover == 0) ? 1.0 : 0.0;
}

/* Proof p for side `from` seen by side `to`. */
static enum proof proof_for(enum proof p, int from, int to)
{
    if (from == to || p == PROOF_DRAW || p == PROOF_NONE)
        return p;
    return p == PROOF_WIN ? PROOF_LOSS : PROOF_WIN;
}

static bool expand(struct mcts *m, struct mcts_node *node, int n, int side)
{
    if ((uint64_t)m->used + (uint64_t)n > m->cap)
        return false;
    node->first = m->used;
    node->n_children = (uint32_t)n;
    struct mcts_node *c = m->pool + m->used;
    for (int i = 0; i < n; i++) {
        memset(&c[i], 0, sizeof c[i]);
        c[i].move = m->moves[i];
        c[i].mover = (uint8_t)side;
    }
    m->used += (uint32_t)n;
    return true;
}

/* UCT choice among the children of p, skipping proven losses. */
static struct mcts_node *select_child(const struct mcts *m,
                                      const struct mcts_node *p)
{
    struct mcts_node *c = m->pool + p->first;
    double logn = log((double)p->visits + 1.0);
    double best = -1.0;
    uint32_t best_i = 0;
    for (uint32_t i = 0; i < p->n_children; i++) {
        if (c[i].proof == PROOF_LOSS)
            continue;
        if (c[i].visits == 0)
            return c + i;
        double q = c[i].proof == PROOF_DRAW ? 0.5 : c[i].value / c[i].visits;
        double u = q + m->cfg->c * sqrt(logn / c[i].visits);
        if (u > best) {
            best = u;
            best_i = i;
        }
    }
    return c + best_i;
}

/* The playout's move at m->buf among its n moves in m->moves. */
static move_t playout_move(struct mcts *m, int n)
{
    if (m->cfg->playout_move)
        return m->cfg->playout_move(m->s->g, m->buf, m->moves, n,
                                    &m->w->rng, m->policy_moves);
    return m->moves[rng_below(&m->w->rng, (uint64_t)n)];
}

/* Playout plies from m->buf (n moves in m->moves), then the result for
 * side 0: the game's end, an adjudicated draw, or the evaluation. */
static double playout(struct mcts *m, int depth, int n)
{
    const struct game_ops *g = m->s->g;
    int plies_left = m->s->lim.plies_left;
    int limit = m->cfg->playout_plies;
    bool adjudicated = plies_left > 0 && plies_left - depth <= limit;
    if (adjudicated)
        limit = plies_left - depth;
    for (int k = 0; k < limit; k++) {
        g->play(m->buf, playout_move(m, n));
        worker_count(m->w);
        if (m->w->stop)
            return 0.5;
        n = g->gen_moves(m->buf, m->moves);
        if (n == 0)
            return game_result(g->outcome(m->buf, NULL));
    }
    if (adjudicated || !m->cfg->evaluate)
        return 0.5;
    double v = clamp_eval(g->evaluate(m->buf));
    double p = 1.0 / (1.0 + exp(-v / EVAL_SCALE));
    return g->side_to_move(m->buf) == 0 ? p : 1.0 - p;
}

/* The proof of p after its child c was proven. */
static enum proof derive_proof(const struct mcts *m, const struct mcts_node *p,
                               const struct mcts_node *c)
{
    int side = c->mover;        /* the side to move at p */
    if (c->proof == PROOF_WIN)
        return proof_for(PROOF_WIN, side, p->mover);
    enum proof best = PROOF_LOSS;
    const struct mcts_node *k = m->pool + p->first;
    for (uint32_t i = 0; i < p->n_children; i++) {
        if (k[i].proof == PROOF_NONE)
            return PROOF_NONE;
        if (k[i].proof < best)
            best = (enum proof)k[i].proof;
    }
    return proof_for(best, side, p->mover);
}

static void backup(struct mcts *m, int depth, double r)
{
    for (int i = depth; i >= 0; i--) {
        struct mcts_node *nd = m->pool + m->path[i];
        nd->visits++;
        nd->value += nd->mover == 0 ? r : 1.0 - r;
    }
    if (!m->cfg->solver)
        return;
    for (int i = depth - 1; i >= 0; i--) {
        struct mcts_node *p = m->pool + m->path[i];
        const struct mcts_node *c = m->pool + m->path[i + 1];
        if (c->proof == PROOF_NONE || p->proof != PROOF_NONE)
            break;
        p->proof = (uint8_t)derive_proof(m, p, c);
        if (p->proof == PROOF_NONE)
            break;
    }
}

/* At an unexpanded node: ends the descent (true, *r set) or expands it. */
static bool at_leaf(struct mcts *m, struct mcts_node *node, int depth,
                    double *r)
{
    const struct game_ops *g = m->s->g;
    int n = g->gen_moves(m->buf, m->moves);
    if (n == 0) {
        int margin = 0;
        enum game_status o = g->outcome(m->buf, &margin);
        *r = game_result(o);
        if (m->cfg->solver)
            node->proof = (uint8_t)(o == GAME_DRAW ? PROOF_DRAW
                : (o == GAME_WIN_FIRST) == (node->mover == 0) ? PROOF_WIN
                : PROOF_LOSS);
        return true;
    }
    int plies_left = m->s->lim.plies_left;
    if (plies_left > 0 && depth >= plies_left) {
        *r = 0.5;
        if (m->cfg->solver)
            node->proof = PROOF_DRAW;
        return true;
    }
    if (node->visits == 0 || depth >= SEARCH_MAX_PLY - 1 ||
        !expand(m, node, n, g->side_to_move(m->buf))) {
        *r = playout(m, depth, n);
        return true;
    }
    return false;
}

/* One descent, expansion, playout and backup. */
static void iterate(struct mcts *m)
{
    const struct game_ops *g = m->s->g;
    memcpy(m->buf, m->s->root, g->state_size);
    struct mcts_node *node = m->pool;
    int depth = 0;
    double r;
    m->path[0] = 0;
    for (;;) {
        if (node->proof != PROOF_NONE) {
            r = proof_result(node);
            break;
        }
        if (node->first == 0 && at_leaf(m, node, depth, &r))
            break;
        node = select_child(m, node);
        g->play(m->buf, node->move);
        worker_count(m->w);
        if (m->w->stop)
            return;
        m->path[++depth] = (uint32_t)(node - m->pool);
    }
    if (m->w->stop)
        return;                 /* an interrupted playout is not counted */
    backup(m, depth, r);
    m->playouts++;
}

/* The root child to play: a proven win, else the most visited child that
 * is not a proven loss (ties: the better mean). */
static const struct mcts_node *best_child(const struct mcts *m)
{
    const struct mcts_node *c = m->pool + m->pool[0].first;
    const struct mcts_node *best = NULL;
    for (uint32_t i = 0; i < m->pool[0].n_children; i++) {
        if (c[i].proof == PROOF_WIN)
            return c + i;
        if (c[i].proof == PROOF_LOSS)
            continue;
        if (!best || c[i].visits > best->visits ||
            (c[i].visits == best->visits &&
             c[i].value > best->value))
            best = c + i;
    }
    return best ? best : c;
}

/* Score for the side to move at the root from a child's statistics. */
static int child_score(const struct mcts_node *c)
{
    if (c->proof != PROOF_NONE)
        return c->proof == PROOF_DRAW ? 0
             : c->proof == PROOF_WIN ? EVAL_WIN_MIN + 128
             : -(EVAL_WIN_MIN + 128);
    if (c->visits == 0)
        return 0;
    double q = c->value / c->visits;
    if (q < 1e-6)
        q = 1e-6;
    if (q > 1 - 1e-6)
        q = 1 - 1e-6;
    return clamp_eval((int)lround(EVAL_SCALE * log(q / (1 - q))));
}

/* The most visited line from the root. */
static int tree_pv(const struct mcts *m, const struct mcts_node *first,
                   move_t *pv)
{
    int n = 0;
    const struct mcts_node *node = first;
    while (node && n < SEARCH_MAX_PV) {
        pv[n++] = node->move;
        const struct mcts_node *next = NULL;
        const struct mcts_node *c = m->pool + node->first;
        for (uint32_t i = 0; node->first && i < node->n_children; i++)
            if (c[i].visits > 0 && (!next || c[i].visits > next->visits))
                next = c + i;
        node = next;
    }
    return n;
}

static void report(const struct mcts *m)
{
    const struct mcts_node *b = best_child(m);
    move_t pv[SEARCH_MAX_PV];
    int n = tree_pv(m, b, pv);
    search_report(m->s, pv, n, "playouts %llu score %d",
                  (unsigned long long)m->playouts, child_score(b));
}

static void *run_tree(void *arg)
{
    struct mcts *m = arg;
    struct search *s = m->s;
    bool reporter = m->w->id == 0 && s->lim.progress;
    double next_report = s->t_start + 1.0;
    while (!m->w->stop && m->pool[0].proof == PROOF_NONE &&
           !(m->max_playouts && m->playouts >= m->max_playouts) &&
           !atomic_load_explicit(&s->stop_all, memory_order_relaxed)) {
        iterate(m);
        if (reporter && (m->playouts & 255) == 0 &&
            clock_now() >= next_report) {
            report(m);
            next_report += 1.0;
        }
    }
    search_poll(m->w);          /* flush the node count */
    return NULL;
}

/* Sets up tree i in its share of the pool; false if the root's children
 * do not fit. */
static bool tree_init(struct mcts *m, struct search *s,
                      const struct mcts_pool *p, int i,
                      const struct mcts_cfg *cfg, uint64_t playouts)
{
    const struct game_ops *g = s->g;
    uint32_t share = (uint32_t)(p->cap / (size_t)s->nthreads);
    m->s = s;
    m->w = s->w[i];
    m->cfg = cfg;
    m->pool = p->nodes + (size_t)share * (size_t)i;
    m->cap = share;
    m->used = 1;
    m->playouts = 0;
    m->max_playouts = playouts;
    m->moves = m->w->moves[0];
    m->buf = worker_state(m->w, 1);
    m->policy_moves = cfg->playout_move ? search_ply_moves(m->w, 1) : NULL;
    if (cfg->playout_move && !m->policy_moves)
        return false;
    memset(m->pool, 0, sizeof *m->pool);
    int side = g->side_to_move(s->root);
    m->pool[0].mover = (uint8_t)(1 - side);   /* so children are `side` */
    int n = g->gen_moves(s->root, m->moves);
    return n > 0 && expand(m, m->pool, n, side);
}

/* Adds the root statistics of trees 1.. into tree 0. */
static void merge_roots(struct mcts *t, int n)
{
    struct mcts_node *c0 = t[0].pool + t[0].pool[0].first;
    for (int k = 1; k < n; k++) {
        const struct mcts_node *c = t[k].pool + t[k].pool[0].first;
        for (uint32_t i = 0; i < t[0].pool[0].n_children; i++) {
            c0[i].visits += c[i].visits;
            c0[i].value += c[i].value;
            if (c0[i].proof == PROOF_NONE)
                c0[i].proof = c[i].proof;
        }
        t[0].playouts += t[k].playouts;
        if (t[0].pool[0].proof == PROOF_NONE)
            t[0].pool[0].proof = t[k].pool[0].proof;
    }
}

static void mcts_result(struct search *s, const struct mcts *m,
                        struct search_result *out)
{
    const struct mcts_node *b = best_child(m);
    out->best = b->move;
    out->score = child_score(b);
    out->pv_len = tree_pv(m, b, out->pv);
    out->depth = (int)(m->playouts / 1000);
    out->playouts = m->playouts;
    enum proof p = (enum proof)m->pool[0].proof;
    out->proven = p == PROOF_DRAW ||
                  (p != PROOF_NONE && !s->g->score_has_margin);
    for (int i = 0; i < s->nthreads; i++)
        out->nodes += s->w[i]->nodes;
    if (s->lim.progress)
        report(m);
}

int mcts_search(struct search *s, void *scratch, const struct mcts_cfg *cfg,
                struct search_result *out)
{
    const struct game_ops *g = s->g;
    struct mcts_pool *pool = scratch;
    bool plain = cfg->plain;
    if (!plain && s->lim.seconds > 0 &&
        g->gen_moves(s->root, s->w[0]->moves[0]) == 1) {
        out->best = s->w[0]->moves[0][0];   /* a lone move under a clock */
        out->pv[0] = out->best;
        out->pv_len = 1;
        return 0;
    }
    if (ensure_pool(pool, s->hash_mb) != 0)
        return baseline_greedy(s, out);
    uint64_t playouts = 0;
    if (plain && s->lim.max_nodes) {
        /* The plain baseline's budget counts playouts. */
        playouts = s->lim.max_nodes;
        s->lim.max_nodes = 0;
        for (int i = 0; i < s->nthreads; i++)
            s->w[i]->node_limit = UINT64_MAX;
    }
    struct mcts *t = calloc((unsigned)s->nthreads, sizeof *t);
    if (!t)
        return baseline_greedy(s, out);
    int n = s->nthreads;
    for (int i = 0; i < n; i++) {
        uint64_t share = playouts / (uint64_t)n +
                         ((uint64_t)i < playouts % (uint64_t)n);
        if (!tree_init(&t[i], s, pool, i, cfg, share)) {
            free(t);
            return baseline_greedy(s, out);
        }
    }
    int started = 1;
    for (; started < n; started++)
        if (search_spawn(s->w[started], run_tree, &t[started]) != 0)
            break;
    run_tree(&t[0]);
    if (!playouts)              /* a playout budget: each tree finishes */
        atomic_store(&s->stop_all, true);
    for (int i = 1; i < started; i++)
        pthread_join(s->w[i]->thread, NULL);
    merge_roots(t, started);
    s->nthreads = started;
    mcts_result(s, &t[0], out);
    free(t);
    return 0;
}

void *mcts_pool_create(void)
{
    return calloc(1, sizeof(struct mcts_pool));
}

/* The pool goes; the next search allocates it at the new size. */
void mcts_pool_resize(void *scratch)
{
    struct mcts_pool *p = scratch;
    free(p->nodes);
    p->nodes = NULL;
    p->cap = 0;
}

void mcts_pool_destroy(void *scratch)
{
    if (scratch)
        mcts_pool_resize(scratch);
    free(scratch);
}

static int informed_search(struct search *s, void *scratch,
                           struct search_result *out)
{
    const struct game_ops *g = s->g;
    bool full = g->mcts_full_playouts && g->max_game_plies > 0;
    return mcts_search(s, scratch, full ? &full_cfg : &informed_cfg, out);
}

static int plain_search(struct search *s, void *scratch,
                        struct search_result *out)
{
    return mcts_search(s, scratch, &plain_cfg, out);
}

const struct method_ops mcts_method = {
    .name = "mcts",
    .create = mcts_pool_create,
    .destroy = mcts_pool_destroy,
    .resize = mcts_pool_resize,
    .search = informed_search,
};

const struct method_ops plain_mcts_method = {
    .name = "plainmcts",
    .create = mcts_pool_create,
    .destroy = mcts_pool_destroy,
    .resize = mcts_pool_resize,
    .search = plain_search,
};
