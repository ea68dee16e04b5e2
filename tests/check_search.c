/* check_search.c -- the search's limits on the toy games
 * (tests/toygames.h): determinism under a node budget, golden values,
 * tiny budgets, the stop flag, the deadline, the depth limit, repeated
 * positions, the game's move order priorities; the list of methods and
 * their scratch. */
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/games.h"
#include "gametest.h"
#include "search/evalcache.h"
#include "search/reductions.h"
#include "searchtest.h"
#include "tap_main.h"
#include "toygames.h"

/* Golden values of test_golden_tree, copied from the engine's own output:
 * change detectors with no independent source (see there). */
#define GOLDEN_AB_BEST 5
#define GOLDEN_AB_NODES 1292
#define GOLDEN_AB_SCORE 92
#define GOLDEN_MCTS_BEST 1
#define GOLDEN_MCTS_PLAYOUTS 4714

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void run_tree_search(struct search_result *r, uint64_t max_nodes,
                            int max_depth, enum search_method method)
{
    struct tree t;
    toy_tree_start(&t, 6, 30, 5);
    struct search_limits l = srch_limits(method);
    l.max_nodes = max_nodes;
    l.max_depth = max_depth;
    srch_once(&tree_ops, &t, 2, &l, r);
    ck_assert(gt_is_legal(&tree_ops, &t, r->best));
}

static void assert_same_result(const struct search_result *a,
                               const struct search_result *b)
{
    ck_assert_uint_eq(a->best, b->best);
    ck_assert_int_eq(a->score, b->score);
    ck_assert_int_eq(a->depth, b->depth);
    ck_assert_uint_eq(a->nodes, b->nodes);
    ck_assert_int_eq(a->pv_len, b->pv_len);
    for (int i = 0; i < a->pv_len; i++)
        ck_assert_uint_eq(a->pv[i], b->pv[i]);
}

/* Same position, seed and node budget with one thread: same result, also
 * in a searcher that ran other searches before. */

START_TEST(test_deterministic_node_budget)
{
    enum search_method m = srch_methods[_i];
    struct search_result a;
    struct search_result b;
    run_tree_search(&a, 30000, 0, m);
    run_tree_search(&b, 30000, 0, m);
    assert_same_result(&a, &b);
    struct tree t;
    toy_tree_start(&t, 6, 30, 5);
    struct search *s = search_new(&tree_ops, 2);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(m);
    l.max_nodes = 12345;
    struct search_result c;
    ck_assert_int_eq(search_run(s, &t, &l, &c), 0);
    l.max_nodes = 30000;
    ck_assert_int_eq(search_run(s, &t, &l, &c), 0);
    assert_same_result(&a, &c);
    if (m == SEARCH_ALPHABETA || m == SEARCH_MCTS || m == SEARCH_PLAYOUTS)
        ck_assert_uint_eq(a.nodes, 30000);
    if (m == SEARCH_PLAIN_MCTS)
        ck_assert_uint_eq(a.playouts, 30000);
    search_free(s);
}
END_TEST

/* One searcher going from game to game (search_set_game keeps the
 * workers' buffers that are big enough) finds what a new searcher finds
 * in every game: nothing of the previous game carries over. */
START_TEST(test_game_switch_keeps_results)
{
    enum search_method m = srch_methods[_i];
    int n = game_count();
    void *start[16];
    struct search_result fresh[16];
    ck_assert_int_le(n, 16);
    struct search_limits l = srch_limits(m);
    /* Plain MCTS counts whole random games (Truchet's are long). */
    l.max_nodes = m == SEARCH_PLAIN_MCTS ? 40 : 3000;
    for (int k = 0; k < n; k++) {
        const struct game_ops *g = game_at(k);
        struct sbuf err = SBUF_INIT;
        start[k] = malloc(g->state_size);
        ck_assert_int_eq(g->setup(start[k], 0, NULL, 1, &err), 0);
        sbuf_free(&err);
        srch_once(g, start[k], 1, &l, &fresh[k]);
    }
    struct search *s = search_new(game_at(0), 1);
    ck_assert_ptr_nonnull(s);
    /* Every game after every other one, both ways round. */
    for (int round = 0; round < 2 * n; round++) {
        int k = round < n ? round : 2 * n - 1 - round;
        ck_assert_int_eq(search_set_game(s, game_at(k)), 0);
        struct search_result r;
        ck_assert_int_eq(search_run(s, start[k], &l, &r), 0);
        assert_same_result(&fresh[k], &r);
        ck_assert_uint_eq(r.playouts, fresh[k].playouts);
    }
    /* Two threads: the helper workers are fitted too. */
    l.threads = 2;
    for (int k = 0; k < n; k++) {
        ck_assert_int_eq(search_set_game(s, game_at(k)), 0);
        struct search_result r;
        ck_assert_int_eq(search_run(s, start[k], &l, &r), 0);
        ck_assert(gt_is_legal(game_at(k), start[k], r.best));
    }
    search_free(s);
    for (int k = 0; k < n; k++)
        free(start[k]);
}
END_TEST

/* The one list of methods: each has a name of its own, which the option
 * finds again in any case; the solver, which no option value names, is
 * not found. */
START_TEST(test_method_names)
{
    for (int m = 0; m < SEARCH_METHOD_COUNT; m++) {
        const char *name = search_method_name((enum search_method)m);
        ck_assert_str_ne(name, "?");
        ck_assert_int_eq(search_method_find(name), m);
        char upper[32];
        ck_assert_uint_lt(strlen(name), sizeof upper);
        for (size_t i = 0; i <= strlen(name); i++)
            upper[i] = (char)toupper((unsigned char)name[i]);
        ck_assert_int_eq(search_method_find(upper), m);
        for (int k = 0; k < m; k++)
            ck_assert_str_ne(search_method_name((enum search_method)k), name);
    }
    ck_assert_str_eq(search_method_name(SEARCH_AUTO), "auto");
    ck_assert_str_eq(search_method_name(SEARCH_METHOD_COUNT), "?");
    ck_assert_int_eq(search_method_find("solve"), -1);
    ck_assert_int_eq(search_method_find(""), -1);
}
END_TEST

/* One searcher running every method in turn, forwards then backwards
 * with a new table (search_set_hash drops the MCTS pools) in between,
 * finds what a new searcher finds with each: a method's scratch is its
 * own, and no other method's search disturbs it. */
START_TEST(test_methods_share_a_searcher)
{
    struct tree t;
    toy_tree_start(&t, 6, 30, 5);
    struct search_limits l[SEARCH_METHOD_COUNT];
    struct search_result fresh[SEARCH_METHOD_COUNT];
    for (int m = 0; m < SEARCH_METHOD_COUNT; m++) {
        l[m] = srch_limits((enum search_method)m);
        l[m].max_nodes = m == SEARCH_PLAIN_MCTS ? 300 : 3000;
        srch_once(&tree_ops, &t, 2, &l[m], &fresh[m]);
    }
    struct search *s = search_new(&tree_ops, 2);
    ck_assert_ptr_nonnull(s);
    for (int round = 0; round < 2; round++) {
        for (int k = 0; k < SEARCH_METHOD_COUNT; k++) {
            int m = round == 0 ? k : SEARCH_METHOD_COUNT - 1 - k;
            struct search_result r;
            ck_assert_int_eq(search_run(s, &t, &l[m], &r), 0);
            assert_same_result(&fresh[m], &r);
            ck_assert_uint_eq(r.playouts, fresh[m].playouts);
        }
        ck_assert_int_eq(search_set_hash(s, 2), 0);
    }
    search_free(s);
}
END_TEST

/* Golden values: any change of search behaviour shows here (like a bench
 * signature); update them deliberately.  They were copied from the
 * engine's output, so they prove nothing by themselves: the checks after
 * each golden block hold whatever the values are. */
START_TEST(test_golden_tree)
{
    struct search_result r;
    run_tree_search(&r, 0, 6, SEARCH_ALPHABETA);
    ck_assert_int_eq(r.depth, 6);
    ck_assert_uint_eq(r.best, GOLDEN_AB_BEST);
    ck_assert_uint_eq(r.nodes, GOLDEN_AB_NODES);
    ck_assert_int_eq(r.score, GOLDEN_AB_SCORE);
    /* Independent: the tree (branching 6, 30 plies) has no result within
     * 6 plies, so the score is a horizon evaluation (tree_evaluate lies
     * in [-100, 100]); the pruning visits fewer nodes than the full
     * 6-ply tree; the principal variation starts with the move. */
    ck_assert_int_le(abs(r.score), 100);
    ck_assert(!r.proven);
    ck_assert_uint_lt(r.nodes, 6 + 36 + 216 + 1296 + 7776 + 46656);
    ck_assert_int_ge(r.pv_len, 1);
    ck_assert_uint_eq(r.pv[0], r.best);
    run_tree_search(&r, 50000, 0, SEARCH_MCTS);
    ck_assert_uint_eq(r.best, GOLDEN_MCTS_BEST);
    ck_assert_uint_eq(r.playouts, GOLDEN_MCTS_PLAYOUTS);
    /* Independent: the budget holds and no result is claimed. */
    ck_assert_uint_le(r.nodes, 50000);
    ck_assert_uint_gt(r.playouts, 0);
    ck_assert(!r.proven);
}
END_TEST

START_TEST(test_tiny_budget_returns_legal_move)
{
    /* Not even depth 1 completes: the first ordered move comes back. */
    struct search_result r;
    run_tree_search(&r, 3, 0, SEARCH_ALPHABETA);
    ck_assert_int_eq(r.depth, 0);
    ck_assert_uint_eq(r.nodes, 3);
    run_tree_search(&r, 3, 0, SEARCH_MCTS);
    ck_assert_uint_eq(r.nodes, 3);
    run_tree_search(&r, 1, 0, SEARCH_PLAIN_MCTS);
    ck_assert_uint_eq(r.playouts, 1);
}
END_TEST

static const enum search_method stop_methods[] = {
    SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_PLAIN_MCTS, SEARCH_PLAYOUTS
};

START_TEST(test_stop_flag_preset)
{
    struct tree t;
    toy_tree_start(&t, 8, 60, 9);
    struct search *s = search_new(&tree_ops, 2);
    ck_assert_ptr_nonnull(s);
    atomic_bool stop = true;
    struct stop_source src = STOP_ON_FLAG(&stop);
    struct search_limits l = srch_limits(stop_methods[_i]);
    l.stop = &src;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(gt_is_legal(&tree_ops, &t, r.best));
    ck_assert_uint_le(r.nodes, 1024);
    ck_assert(!r.proven);
    search_free(s);
}
END_TEST

struct stopper {
    atomic_bool *flag;
    long ms;
};

static void *stop_later(void *arg)
{
    const struct stopper *st = arg;
    struct timespec ts = { st->ms / 1000, (st->ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
    atomic_store(st->flag, true);
    return NULL;
}

/* The process's CPU time in seconds: unlike wall time it does not grow
 * while other programs have the machine, so a bound on it holds on a
 * loaded machine and still catches a search that goes on working. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A node budget no search here reaches before the flag stops it (hours
 * of work): ending below it shows that the flag ended the search. */
#define UNREACHED_NODES 4000000000u

/* A search limited only by an unreachable node budget ends when another
 * thread sets the flag (or the test times out), with a legal move.  No
 * wall-clock bound: the stopper may run before or after the search
 * starts its clock, and a loaded machine may delay either. */
START_TEST(test_stop_flag_async)
{
    struct tree t;
    toy_tree_start(&t, 8, 60, 9);
    struct search *s = search_new(&tree_ops, 4);
    ck_assert_ptr_nonnull(s);
    atomic_bool stop = false;
    struct stop_source src = STOP_ON_FLAG(&stop);
    struct stopper st = { &stop, 150 };
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, stop_later, &st), 0);
    struct search_limits l = srch_limits(stop_methods[_i]);
    l.stop = &src;
    l.threads = 1 + _i % 2;
    l.max_nodes = UNREACHED_NODES;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    pthread_join(th, NULL);
    ck_assert(stop);
    ck_assert(gt_is_legal(&tree_ops, &t, r.best));
    ck_assert(!r.proven);
    ck_assert_uint_lt(r.nodes + r.playouts, UNREACHED_NODES);
    search_free(s);
}
END_TEST

/* A time budget is used almost fully (no proof possible) and not overrun.
 * "Used" is read from the search's own clock; "not overrun" from the CPU
 * time spent, which a loaded machine does not inflate. */
START_TEST(test_deadline)
{
    struct tree t;
    toy_tree_start(&t, 8, 60, 9);
    struct search *s = search_new(&tree_ops, 4);
    ck_assert_ptr_nonnull(s);
    int n = COUNT(stop_methods);
    struct search_limits l = srch_limits(stop_methods[_i % n]);
    l.seconds = 0.3;
    l.threads = 1 + _i / n;
    struct search_result r;
    double cpu = cpu_seconds();
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    cpu = cpu_seconds() - cpu;
    ck_assert(gt_is_legal(&tree_ops, &t, r.best));
    ck_assert_double_ge(r.seconds, 0.28);
    ck_assert_msg(cpu < l.threads * 0.3 + 0.5, "%d threads used %g s of CPU",
                  l.threads, cpu);
    ck_assert_uint_gt(r.nodes, 1000);
    search_free(s);
}
END_TEST

START_TEST(test_max_depth)
{
    struct search_result r;
    run_tree_search(&r, 0, 3, SEARCH_ALPHABETA);
    ck_assert_int_eq(r.depth, 3);
    ck_assert(!r.proven);
    ck_assert_int_ge(r.pv_len, 1);
    ck_assert_uint_eq(r.pv[0], r.best);
}
END_TEST

/* One legal move under a clock: played at once. */
START_TEST(test_single_move_under_clock)
{
    struct tree t;
    toy_tree_start(&t, 1, 50, 3);
    struct search *s = search_new(&tree_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.seconds = 5;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert_uint_eq(r.best, 1);
    ck_assert_int_eq(r.depth, 0);            /* no search at all */
    ck_assert_uint_le(r.nodes, 1);
    search_free(s);
}
END_TEST

/* A line that comes back to the root, or to a position seen earlier on
 * it, ends as a draw worth SEARCH_REP_CONTEMPT less than 0 to the root's
 * side (src/search/repetition.c).  In the ring the second player is
 * better everywhere (RING_LEAD, more than the contempt), so the first one
 * takes a draw where it can:
 * at depth 1 and 2 it cannot (at 2 the second player steps on rather
 * than back to the root), at depth 3 it steps back onto the position
 * after the first move; without the line's own check that would be
 * -RING_LEAD too. */
START_TEST(test_ring_repetition)
{
    static const int want[3] = { -RING_LEAD, -RING_LEAD, -SEARCH_REP_CONTEMPT };
    struct ring r = { 0, 0 };
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 1 + _i;
    struct search_result res;
    srch_once(&ring_ops, &r, 1, &l, &res);
    ck_assert_int_eq(res.score, want[_i]);
    ck_assert(!res.proven);
}
END_TEST

/* The evaluation cache keeps a value for its hash within one search:
 * another hash in the same slot replaces it, a new search forgets all. */
START_TEST(test_eval_cache)
{
    static struct eval_cache c;     /* 256 KiB: not on the stack */
    int v = 0;
    eval_cache_new_search(&c);
    ck_assert(!eval_cache_find(&c, 12345, &v));
    eval_cache_store(&c, 12345, -77);
    ck_assert(eval_cache_find(&c, 12345, &v));
    ck_assert_int_eq(v, -77);
    ck_assert(!eval_cache_find(&c, 12345 + EVAL_CACHE_SLOTS, &v));
    eval_cache_store(&c, 12345 + EVAL_CACHE_SLOTS, 5);
    ck_assert(!eval_cache_find(&c, 12345, &v));
    ck_assert(eval_cache_find(&c, 12345 + EVAL_CACHE_SLOTS, &v));
    ck_assert_int_eq(v, 5);
    eval_cache_new_search(&c);
    ck_assert(!eval_cache_find(&c, 12345 + EVAL_CACHE_SLOTS, &v));
}
END_TEST

/* The late move reduction as alpha-beta computed it per move before the
 * table, written out again here. */
static int lmr_by_formula(int depth, int index, bool pv, int divisor)
{
    int r = (int)(0.5 + log(depth) * log(index) * 100 / divisor);
    r -= pv ? 1 : 0;
    return r > depth - 2 ? depth - 2 : r < 0 ? 0 : r;
}

/* The table gives the formula's reduction everywhere, inside its reach
 * and past it, on and off the PV, after a change of divisor too; a table
 * that holds another divisor is not used. */
START_TEST(test_lmr_table)
{
    static const int divisors[] = { 175, 60, 300, 1 };
    static struct lmr_table t;
    ck_assert_int_eq(lmr_reduction(&t, 10, 10, false, 175), 3);
    for (size_t k = 0; k < sizeof divisors / sizeof divisors[0]; k++) {
        int div = divisors[k];
        lmr_table_set(&t, div);
        ck_assert_int_eq(t.divisor, div);
        for (int d = 2; d < LMR_DEPTHS + 20; d++)
            for (int i = 1; i < LMR_INDICES + 40; i++)
                for (int pv = 0; pv < 2; pv++)
                    ck_assert_int_eq(lmr_reduction(&t, d, i, pv, div),
                                     lmr_by_formula(d, i, pv, div));
    }
    /* Hand-checked: ln 10 * ln 10 * 100 / 175 = 3.03, ln 8 * ln 20 *
     * 100 / 175 = 3.56. */
    lmr_table_set(&t, 175);
    ck_assert_int_eq(lmr_reduction(&t, 10, 10, false, 175), 3);
    ck_assert_int_eq(lmr_reduction(&t, 8, 20, false, 175), 4);
    ck_assert_int_eq(lmr_reduction(&t, 8, 20, true, 175), 3);
    ck_assert_int_eq(lmr_reduction(&t, 4, 200, false, 175), 2);
    t.r[10][10] = 9;                /* a table holding 175 is read */
    ck_assert_int_eq(lmr_reduction(&t, 10, 10, false, 175), 8);
    ck_assert_int_eq(lmr_reduction(&t, 10, 10, false, 174), 3);
}
END_TEST

/* The random tree's null move: the other side moves from the same node,
 * while at least min_plies plies are left. */
static bool tree_null_move(void *st, int min_plies)
{
    struct tree *t = st;
    if (t->len - t->ply < min_plies)
        return false;
    t->side ^= 1;
    return true;
}

/* Forward pruning (game_ops.prune) on the random trees: every kind at its
 * most aggressive, each kind alone, and the singular extension alone;
 * the null move alone last. */
static const struct prune_params prune_kinds[] = {
    { .lmr_divisor = 100, .futility_margin = 1, .late_moves = 1,
      .history_malus = true, .null_move_depth = 2, .null_move_reduction = 2,
      .null_move_material = 1, .null_move = tree_null_move },
    { .lmr_divisor = 100 },
    { .futility_margin = 1 },
    { .late_moves = 1 },
    { .history_malus = true },
    { .singular_depth = 2, .singular_margin = 1 },
    { .null_move_depth = 2, .null_move_reduction = 2,
      .null_move_material = 1, .null_move = tree_null_move },
};

static struct game_ops pruned_tree_ops(int kind)
{
    struct game_ops g = tree_ops;
    g.prune = &prune_kinds[kind];
    return g;
}

/* Each kind of pruning changes what a search to a fixed depth visits. */
START_TEST(test_pruning_changes_the_search)
{
    struct game_ops g = pruned_tree_ops(_i);
    struct tree t;
    toy_tree_start(&t, 8, 60, 9);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 7;
    struct search_result plain;
    struct search_result pruned;
    srch_once(&tree_ops, &t, 2, &l, &plain);
    srch_once(&g, &t, 2, &l, &pruned);
    ck_assert(gt_is_legal(&tree_ops, &t, pruned.best));
    ck_assert_uint_ne(plain.nodes, pruned.nodes);
    if (_i == 0)                /* all of them: far fewer nodes */
        ck_assert_uint_lt(pruned.nodes * 2, plain.nodes);
}
END_TEST

/* The singular extension alone searches some line a ply deeper than the
 * depth asked: a principal variation longer than the search's depth,
 * which the search without it never returns (the trees have no
 * quiescence).  The multi-cut alone would only shorten lines. */
START_TEST(test_singular_extends_a_line)
{
    struct game_ops g = pruned_tree_ops(COUNT(prune_kinds) - 2);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 7;
    int extended = 0;
    for (int k = 0; k < 20; k++) {
        struct tree t;
        toy_tree_start(&t, 3 + k % 4, 60, 7000 + (uint64_t)k);
        struct search_result plain;
        struct search_result ext;
        srch_once(&tree_ops, &t, 2, &l, &plain);
        srch_once(&g, &t, 2, &l, &ext);
        ck_assert_int_le(plain.pv_len, l.max_depth);
        extended += ext.pv_len > l.max_depth;
    }
    ck_assert_int_gt(extended, 0);
}
END_TEST

/* Pruning never gives a false proof: alpha-beta without a depth limit still
 * ends on the exact value of a finite tree, and the solver, which never
 * prunes, visits the same nodes as without it.  Every kind together, the
 * singular extension alone, then the null move alone. */
START_TEST(test_pruning_keeps_proofs)
{
    int kind = _i < 8 ? 0 : _i < 16 ? COUNT(prune_kinds) - 2
                                    : COUNT(prune_kinds) - 1;
    struct game_ops g = pruned_tree_ops(kind);
    struct tree t;
    toy_tree_start(&t, 3 + _i % 3, 6 + _i % 4, 2000 + (uint64_t)_i);
    int ref = ref_value(&tree_ops, &t, 0, 0);
    struct search_limits l;
    struct search *s = srch_new(&g, 1, &l);
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    srch_assert_exact(&r, ref);
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    srch_assert_exact(&r, ref);
    uint64_t pruned_nodes = r.nodes;
    ck_assert_int_eq(search_set_game(s, &tree_ops), 0);
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert_uint_eq(r.nodes, pruned_nodes);
    search_free(s);
}
END_TEST

/* Searches 200 trees a little deeper than they are long with prune kind
 * `kind` and checks that every proof claimed is the exact value; returns
 * how many were proven. */
static int exact_proofs(int kind, uint64_t seed)
{
    struct game_ops g = pruned_tree_ops(kind);
    int proven = 0;
    for (int k = 0; k < 200; k++) {
        struct tree t;
        int len = 6 + k % 3;
        toy_tree_start(&t, 3 + k % 4, len, seed + (uint64_t)k);
        struct search_limits l = srch_limits(SEARCH_ALPHABETA);
        l.max_depth = len + 4;
        struct search_result r;
        srch_once(&g, &t, 2, &l, &r);
        if (r.proven) {
            srch_assert_exact(&r, ref_value(&tree_ops, &t, 0, 0));
            proven++;
        }
    }
    return proven;
}

/* A null move cut-off rests on the static evaluation even where every
 * other line reaches the end: such searches claim a proof only of the
 * exact value (a few of these would claim a false one if the cut-off
 * counted as resolved). */
START_TEST(test_null_move_claims_no_proof)
{
    int proven = exact_proofs(COUNT(prune_kinds) - 1, 3000);
    ck_assert_int_gt(proven, 100);
    ck_assert_int_lt(proven, 200);  /* some rest on null moves */
}
END_TEST

/* The singular extension alone: its test's value decides a depth only,
 * and a multi-cut rests on the shallower test, so the searches still
 * claim proofs, and only of the exact value (with the multi-cut counted
 * as resolved, some claim a false one). */
START_TEST(test_singular_claims_only_exact_proofs)
{
    ck_assert_int_gt(exact_proofs(COUNT(prune_kinds) - 2, 5000), 100);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("search");
    TCase *tc = tap_tcase(su, "limits", 120);
    tcase_add_loop_test(tc, test_deterministic_node_budget, 0,
                        SRCH_METHODS);
    tcase_add_loop_test(tc, test_game_switch_keeps_results, 0,
                        SRCH_METHODS);
    tcase_add_test(tc, test_method_names);
    tcase_add_test(tc, test_methods_share_a_searcher);
    tcase_add_test(tc, test_golden_tree);
    tcase_add_test(tc, test_tiny_budget_returns_legal_move);
    tcase_add_loop_test(tc, test_stop_flag_preset, 0, COUNT(stop_methods));
    tcase_add_loop_test(tc, test_stop_flag_async, 0, COUNT(stop_methods));
    tcase_add_loop_test(tc, test_deadline, 0, 2 * COUNT(stop_methods));
    tcase_add_test(tc, test_max_depth);
    tcase_add_test(tc, test_single_move_under_clock);
    tcase_add_loop_test(tc, test_ring_repetition, 0, 3);
    tcase_add_test(tc, test_eval_cache);
    tcase_add_test(tc, test_lmr_table);
    tcase_add_loop_test(tc, test_pruning_changes_the_search, 0,
                        COUNT(prune_kinds));
    tcase_add_loop_test(tc, test_pruning_keeps_proofs, 0, 24);
    tcase_add_test(tc, test_null_move_claims_no_proof);
    tcase_add_test(tc, test_singular_claims_only_exact_proofs);
    tcase_add_test(tc, test_singular_extends_a_line);
    return tap_main(su);
}
