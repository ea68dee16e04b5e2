/* check_mcts.c -- the players other than alpha-beta on the toy games
 * (tests/toygames.h): the random and greedy baselines, the MCTS solver,
 * its horizon and a full node pool. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "searchtest.h"
#include "tap_main.h"
#include "toygames.h"

START_TEST(test_random_is_uniformish)
{
    struct tree t;
    toy_tree_start(&t, 5, 10, 1);
    struct search *s = search_new(&tree_ops, 1);
    ck_assert_ptr_nonnull(s);
    int seen[6] = { 0 };
    for (uint64_t seed = 0; seed < 200; seed++) {
        struct search_limits l = srch_limits(SEARCH_RANDOM);
        l.seed = seed;
        struct search_result r;
        ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
        ck_assert(gt_is_legal(&tree_ops, &t, r.best));
        seen[r.best]++;
    }
    for (int m = 1; m <= 5; m++)
        ck_assert_int_gt(seen[m], 15);
    search_free(s);
}
END_TEST

/* Greedy: the best evaluation after one ply (mnim: the most stone value). */
START_TEST(test_greedy_takes_most)
{
    struct mnim n;
    toy_mnim_start(&n, 10);
    /* top stones 9..7 are worth 2, 5, 3: taking 3 scores 10 */
    struct search_limits l = srch_limits(SEARCH_GREEDY);
    struct search_result r;
    srch_once(&mnim_ops, &n, 1, &l, &r);
    ck_assert_uint_eq(r.best, 3);
    ck_assert_int_eq(r.score, 1000);
    ck_assert_uint_eq(r.nodes, 3);
}
END_TEST

START_TEST(test_mcts_solver_proves)
{
    /* X wins at once: the solver proves it. */
    struct ttt t;
    gt_load(&ttt_ops, &t, "ttt:xoo.x....");
    struct search *s = search_new(&ttt_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(SEARCH_MCTS);
    l.max_nodes = 1000000;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_ge(r.score, EVAL_WIN_MIN);
    ck_assert_int_eq(r.margin, 1);
    ck_assert_uint_lt(r.nodes, 1000000);    /* stopped by the proof */
    /* X a1, O b2 is a draw; MCTS-Solver proves it too. */
    gt_load(&ttt_ops, &t, "ttt:x...o....");
    ck_assert_int_eq(ref_value(&ttt_ops, &t, 0, 0), 0);
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_uint_lt(r.nodes, 1000000);
    ck_assert_int_eq(r.score, 0);
    ck_assert_int_eq(r.margin, 0);
    search_free(s);
}
END_TEST

START_TEST(test_mcts_plies_left)
{
    struct mnim n;
    toy_mnim_start(&n, 20);
    struct search_limits l = srch_limits(SEARCH_MCTS);
    l.plies_left = 4;
    l.max_nodes = 1000000;
    struct search_result r;
    srch_once(&mnim_ops, &n, 1, &l, &r);
    ck_assert(r.proven);
    ck_assert_int_eq(r.score, 0);
}
END_TEST

/* MCTS with a small pool: it fills, the search goes on and ends legally. */
START_TEST(test_mcts_pool_full)
{
    struct tree t;
    toy_tree_start(&t, 8, 60, 9);
    struct search_limits l = srch_limits(SEARCH_MCTS);
    l.max_nodes = 300000;
    struct search_result r;
    srch_once(&tree_ops, &t, 0, &l, &r);
    ck_assert(gt_is_legal(&tree_ops, &t, r.best));
    ck_assert_uint_eq(r.nodes, 300000);
    ck_assert_uint_gt(r.playouts, 10000);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("mcts");
    TCase *tc = tap_tcase(su, "players", 120);
    tcase_add_test(tc, test_random_is_uniformish);
    tcase_add_test(tc, test_greedy_takes_most);
    tcase_add_test(tc, test_mcts_solver_proves);
    tcase_add_test(tc, test_mcts_plies_left);
    tcase_add_test(tc, test_mcts_pool_full);
    return tap_main(su);
}
