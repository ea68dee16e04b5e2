/* check_threads.c -- several search threads, the progress lines and the
 * transposition table (resizing, clearing, its memory mapping), on the
 * toy games (tests/toygames.h). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/tt.h"

#include "gametest.h"
#include "searchtest.h"
#include "tap_main.h"
#include "toygames.h"

START_TEST(test_threads_solve_exact)
{
    struct tree t;
    toy_tree_start(&t, 4, 6, 500 + (uint64_t)_i);
    int ref = ref_value(&tree_ops, &t, 0, 0);
    struct search_limits l;
    struct search *s = srch_new(&tree_ops, 4, &l);
    l.threads = 3;
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    srch_assert_exact(&r, ref);
    ck_assert_int_eq(r.margin, ref > 0 ? ref - 1 : ref < 0 ? ref + 1 : 0);
    l.method = SEARCH_MCTS;
    l.max_nodes = 200000;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(gt_is_legal(&tree_ops, &t, r.best));
    search_free(s);
}
END_TEST

/* With several threads the node budget is shared: the search stops once
 * all threads together reached it, overshooting by at most the nodes each
 * thread counts between two looks at the shared total (1024). */
START_TEST(test_threads_share_node_budget)
{
    struct tree t;
    toy_tree_start(&t, 8, 60, 9);
    struct search *s = search_new(&tree_ops, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(_i ? SEARCH_MCTS : SEARCH_ALPHABETA);
    l.threads = 3;
    l.max_nodes = 20000;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(gt_is_legal(&tree_ops, &t, r.best));
    ck_assert_uint_ge(r.nodes, 20000);
    ck_assert_uint_lt(r.nodes, 20000 + 3 * 2048);
    search_free(s);
}
END_TEST

/* Reads what a search printed to its progress stream. */
static char *capture_progress(const struct game_ops *g, const void *st,
                              struct search_limits *l)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    l->progress = f;
    struct search *s = search_new(g, 1);
    ck_assert_ptr_nonnull(s);
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, l, &r), 0);
    search_free(s);
    long n = ftell(f);
    char *text = calloc(1, (size_t)n + 1);
    ck_assert_ptr_nonnull(text);
    rewind(f);
    ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return text;
}

START_TEST(test_progress_lines)
{
    struct tree t;
    toy_tree_start(&t, 4, 20, 11);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 3;
    char *text = capture_progress(&tree_ops, &t, &l);
    ck_assert_msg(strncmp(text, "info depth 1 score ", 19) == 0, "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "\ninfo depth 3 score "));
    ck_assert_ptr_nonnull(strstr(text, " nodes "));
    ck_assert_ptr_nonnull(strstr(text, " nps "));
    ck_assert_ptr_nonnull(strstr(text, " time "));
    ck_assert_ptr_nonnull(strstr(text, " pv m"));
    ck_assert_ptr_null(strstr(text, "info depth 4"));
    free(text);
    l = srch_limits(SEARCH_MCTS);
    l.max_nodes = 5000;
    text = capture_progress(&tree_ops, &t, &l);
    ck_assert_msg(strncmp(text, "info playouts ", 14) == 0, "%s", text);
    ck_assert_ptr_nonnull(strstr(text, " pv m"));
    free(text);
}
END_TEST

START_TEST(test_hash_resize_and_clear)
{
    struct mnim n;
    toy_mnim_start(&n, 17);
    int ref = ref_value(&mnim_ops, &n, 0, 0);
    struct search_limits l;
    struct search *s = srch_new(&mnim_ops, 1, &l);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    ck_assert_int_eq(ref_from_score(r.score), ref);
    ck_assert_int_eq(search_set_hash(s, 3), 0);
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    ck_assert_int_eq(ref_from_score(r.score), ref);
    search_clear(s);
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    srch_assert_exact(&r, ref);
    /* An absurd size fails and keeps the old table. */
    ck_assert_int_eq(search_set_hash(s, (size_t)1 << 30), -1);
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    ck_assert_int_eq(ref_from_score(r.score), ref);
    search_free(s);
}
END_TEST

/* A table of 2 MiB or more starts on a 2 MiB boundary (huge pages), and
 * its first and last buckets are its own. */
START_TEST(test_tt_mapping)
{
    static const size_t sizes[] = { 1, 2, 3, 4 };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct tt t;
        ck_assert_int_eq(tt_init(&t, sizes[i]), 0);
        size_t want = sizes[i] == 3 ? 2 : sizes[i];   /* a power of two */
        ck_assert_uint_eq(tt_bytes(&t), want << 20);
        if (sizes[i] >= 2)
            ck_assert_uint_eq((uintptr_t)t.e % (2 << 20), 0);
        uint64_t first = 0x1234500000000000ULL;
        uint64_t last = first | t.mask;
        tt_store(&t, first, 7, 11, 3, TT_EXACT, false);
        tt_store(&t, last, 9, -13, 4, TT_LOWER, true);
        struct tt_hit h;
        ck_assert(tt_probe(&t, first, &h));
        ck_assert_int_eq(h.move, 7);
        ck_assert_int_eq(h.score, 11);
        ck_assert(tt_probe(&t, last, &h));
        ck_assert_int_eq(h.move, 9);
        ck_assert_int_eq(h.score, -13);
        ck_assert(h.resolved);
        tt_clear(&t);
        ck_assert(!tt_probe(&t, last, &h));
        tt_free(&t);
    }
}
END_TEST

int main(void)
{
    Suite *su = suite_create("threads");
    TCase *tc = tap_tcase(su, "threads", 120);
    tcase_add_loop_test(tc, test_threads_solve_exact, 0, 6);
    tcase_add_loop_test(tc, test_threads_share_node_budget, 0, 2);
    tcase_add_test(tc, test_progress_lines);
    tcase_add_test(tc, test_hash_resize_and_clear);
    tcase_add_test(tc, test_tt_mapping);
    return tap_main(su);
}
