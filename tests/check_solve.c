/* check_solve.c -- the search is exact where it can be: search_solve,
 * search_run without a depth limit and the MCTS solver agree with an
 * exhaustive reference minimax on the toy games (tests/toygames.h). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "searchtest.h"
#include "tap_main.h"
#include "toygames.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

START_TEST(test_toy_reference_values)
{
    /* The reference minimax is trusted only after it agrees with facts. */
    struct ttt t;
    gt_setup(&ttt_ops, &t, 0, NULL, 0);
    ck_assert_int_eq(ref_value(&ttt_ops, &t, 0, 0), 0);
    struct mnim n;
    toy_mnim_start(&n, 1);
    ck_assert_int_eq(ref_value(&mnim_ops, &n, 0, 0), 4 + 1);  /* value(0)=4 */
    toy_mnim_start(&n, 2);
    /* stones 0 (4) and 1 (1): taking both wins by 5 */
    ck_assert_int_eq(ref_value(&mnim_ops, &n, 0, 0), 5 + 1);
}
END_TEST

/* search_solve and search_run (finite games, no depth limit) are exact. */
START_TEST(test_solve_mnim)
{
    int pile = 1 + _i;
    struct mnim n;
    toy_mnim_start(&n, pile);
    int ref = ref_value(&mnim_ops, &n, 0, 0);
    struct search_limits l;
    struct search *s = srch_new(&mnim_ops, 1, &l);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    srch_assert_exact(&r, ref);
    ck_assert(gt_is_legal(&mnim_ops, &n, r.best));
    /* The move played keeps the value. */
    struct mnim c = n;
    mnim_ops.play(&c, r.best);
    int v = ref_value(&mnim_ops, &c, 0, 0);
    ck_assert_int_eq(c.side == n.side ? v : -v, ref);
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    srch_assert_exact(&r, ref);
    search_free(s);
}
END_TEST

START_TEST(test_solve_tree)
{
    struct tree t;
    toy_tree_start(&t, 3 + _i % 2, 5 + _i % 3, 1000 + (uint64_t)_i);
    int ref = ref_value(&tree_ops, &t, 0, 0);
    struct search_limits l;
    struct search *s = srch_new(&tree_ops, 1, &l);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    srch_assert_exact(&r, ref);
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    srch_assert_exact(&r, ref);
    struct tree c = t;
    tree_ops.play(&c, r.best);
    int v = ref_value(&tree_ops, &c, 0, 0);
    ck_assert_int_eq(c.side == t.side ? v : -v, ref);
    search_free(s);
}
END_TEST

/* plies_left: nodes that far down are draws unless the game ended. */
START_TEST(test_plies_left_tree)
{
    struct tree t;
    toy_tree_start(&t, 3, 7, 77 + (uint64_t)_i);
    int plies = 1 + _i % 7;
    int ref = ref_value(&tree_ops, &t, 0, plies);
    struct search_limits l;
    struct search *s = srch_new(&tree_ops, 1, &l);
    l.plies_left = plies;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    srch_assert_exact(&r, ref);
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    srch_assert_exact(&r, ref);
    /* The table now holds entries of another horizon: still exact. */
    l.plies_left = 0;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert_int_eq(ref_from_score(r.score), ref_value(&tree_ops, &t, 0, 0));
    search_free(s);
}
END_TEST

START_TEST(test_plies_left_mnim_draw)
{
    /* 20 stones need at least 7 plies: a 5-ply horizon makes it a draw. */
    struct mnim n;
    toy_mnim_start(&n, 20);
    struct search_limits l;
    struct search *s = srch_new(&mnim_ops, 1, &l);
    l.plies_left = 5;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(r.score, 0);
    /* 3 stones and one ply left: only taking all three ends the game. */
    toy_mnim_start(&n, 3);
    l.plies_left = 1;
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_uint_eq(r.best, 3);
    ck_assert_int_eq(ref_from_score(r.score), 4 + 1 + 3 + 1);
    search_free(s);
}
END_TEST

START_TEST(test_ttt_solve_draw)
{
    struct ttt t;
    gt_setup(&ttt_ops, &t, 0, NULL, 0);
    struct search_limits l;
    struct search *s = srch_new(&ttt_ops, 1, &l);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(r.score, 0);
    ck_assert(gt_is_legal(&ttt_ops, &t, r.best));
    search_free(s);
}
END_TEST

/* X to move wins at once (c3 completes the diagonal); a search of any
 * method except random must see it. */
static const enum search_method win_methods[] = {
    SEARCH_AUTO, SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_GREEDY,
    SEARCH_PLAIN_MCTS, SEARCH_PLAYOUTS
};

START_TEST(test_ttt_win_in_one)
{
    struct ttt t;
    gt_load(&ttt_ops, &t, "ttt:xoo.x....");
    struct search_limits l = srch_limits(win_methods[_i]);
    l.max_nodes = 20000;
    struct search_result r;
    srch_once(&ttt_ops, &t, 1, &l, &r);
    char buf[MOVE_STR_MAX];
    ttt_ops.format_move(&t, r.best, buf);
    ck_assert_str_eq(buf, "c3");
    if (win_methods[_i] != SEARCH_PLAIN_MCTS)
        ck_assert_int_ge(r.score, EVAL_WIN_MIN);
}
END_TEST

/* O (b2, b3) threatens b1; X (a1, c3) has no win: only b1 saves X. */
START_TEST(test_ttt_block)
{
    struct ttt t;
    gt_load(&ttt_ops, &t, "ttt:x...o..ox");
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 2;
    struct search_result r;
    srch_once(&ttt_ops, &t, 1, &l, &r);
    char buf[MOVE_STR_MAX];
    ttt_ops.format_move(&t, r.best, buf);
    ck_assert_str_eq(buf, "b1");
    ck_assert(!r.proven);
    ck_assert_int_eq(r.depth, 2);
}
END_TEST

START_TEST(test_finished_game)
{
    struct ttt t;
    gt_load(&ttt_ops, &t, "ttt:xxxoo....");
    struct search *s = search_new(&ttt_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(srch_methods[_i]);
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), -1);
    ck_assert_uint_eq(r.best, MOVE_NONE);
    ck_assert(r.proven);
    ck_assert_int_le(r.score, -EVAL_WIN_MIN);    /* O to move has lost */
    ck_assert_int_eq(r.margin, -1);
    ck_assert_int_eq(search_solve(s, &t, &l, &r), -1);
    ck_assert_uint_eq(r.best, MOVE_NONE);
    search_free(s);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("solve");
    TCase *tc = tap_tcase(su, "exact", 120);
    tcase_add_test(tc, test_toy_reference_values);
    tcase_add_loop_test(tc, test_solve_mnim, 0, 18);
    tcase_add_loop_test(tc, test_solve_tree, 0, 24);
    tcase_add_loop_test(tc, test_plies_left_tree, 0, 14);
    tcase_add_test(tc, test_plies_left_mnim_draw);
    tcase_add_test(tc, test_ttt_solve_draw);
    tcase_add_loop_test(tc, test_ttt_win_in_one, 0, COUNT(win_methods));
    tcase_add_test(tc, test_ttt_block);
    tcase_add_loop_test(tc, test_finished_game, 0, SRCH_METHODS);
    return tap_main(su);
}
