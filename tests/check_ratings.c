/* check_ratings.c -- the rating fit of triad-match (a logistic maximum-
 * likelihood fit, draws as half a win) and its cross table against values
 * computed by hand. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/rating.h"
#include "match/table.h"
#include "tap_main.h"

/* 400 / ln 10: Elo per natural unit of the logistic. */
#define ELO_NAT 173.717792761
#define Z95 1.959963984540054

static void games(struct rating_input *in, int i, int j, double n,
                  double points_of_i)
{
    in->games[i][j] = in->games[j][i] = n;
    in->points[i][j] = points_of_i;
    in->points[j][i] = n - points_of_i;
}

/* Two engines, A scores 3 of 4: Elo difference -400 log10(1/0.75 - 1) =
 * 400 log10(3) = 190.849, so +95.424 and -95.424 around the mean.  The
 * information of the difference is n p (1-p) = 0.75 (natural units), each
 * rating is half the difference: sd = 1 / (2 sqrt(0.75)) = 0.57735, and
 * the margin 1.959964 * 0.57735 * 173.7178 = 196.577. */
START_TEST(test_two_engines)
{
    struct rating_input in = { .n = 2 };
    games(&in, 0, 1, 4, 3);
    double elo[2], margin[2];
    ck_assert_int_eq(rating_fit(&in, elo, margin), 0);
    ck_assert_double_eq_tol(elo[0], 95.424, 0.001);
    ck_assert_double_eq_tol(elo[1], -95.424, 0.001);
    ck_assert_double_eq_tol(margin[0], 196.577, 0.001);
    ck_assert_double_eq_tol(margin[1], 196.577, 0.001);
}
END_TEST

/* Results that a logistic model fits exactly: A-B 3 of 4 (odds 3), B-C 3
 * of 4 (odds 3), A-C 9 of 10 (odds 9 = 3 * 3).  Every observed score is
 * then the model's, so the maximum is A +190.849, B 0, C -190.849. */
START_TEST(test_consistent_three)
{
    struct rating_input in = { .n = 3 };
    games(&in, 0, 1, 4, 3);
    games(&in, 1, 2, 4, 3);
    games(&in, 0, 2, 10, 9);
    double elo[3], margin[3];
    ck_assert_int_eq(rating_fit(&in, elo, margin), 0);
    ck_assert_double_eq_tol(elo[0], 190.849, 0.001);
    ck_assert_double_eq_tol(elo[1], 0.0, 0.001);
    ck_assert_double_eq_tol(elo[2], -190.849, 0.001);
}
END_TEST

/* Three engines, every pair 2 of 4: all ratings 0.  The information is
 * w (3 I - J) with w = 4 * 0.25 = 1; its inverse on the mean-zero space
 * is (I - J/3) / 3, diagonal 2/9: sd = sqrt(2/9) = 0.471405, margin
 * 1.959964 * 0.471405 * 173.7178 = 160.505. */
START_TEST(test_even_three)
{
    struct rating_input in = { .n = 3 };
    games(&in, 0, 1, 4, 2);
    games(&in, 1, 2, 4, 2);
    games(&in, 0, 2, 4, 2);
    double elo[3], margin[3];
    ck_assert_int_eq(rating_fit(&in, elo, margin), 0);
    for (int i = 0; i < 3; i++) {
        ck_assert_double_eq_tol(elo[i], 0.0, 1e-6);
        ck_assert_double_eq_tol(margin[i], 160.505, 0.001);
    }
    ck_assert_double_eq_tol(Z95 * sqrt(2.0 / 9) * ELO_NAT, 160.505, 0.001);
}
END_TEST

/* No finite maximum: A won every game, or two groups never met. */
START_TEST(test_no_fit)
{
    struct rating_input in = { .n = 2 };
    double elo[4], margin[4];
    games(&in, 0, 1, 4, 4);
    ck_assert_int_eq(rating_fit(&in, elo, margin), -1);
    struct rating_input apart = { .n = 4 };
    games(&apart, 0, 1, 4, 2);
    games(&apart, 2, 3, 4, 2);
    ck_assert_int_eq(rating_fit(&apart, elo, margin), -1);
    struct rating_input one = { .n = 1 };
    ck_assert_int_eq(rating_fit(&one, elo, margin), -1);
}
END_TEST

/* The cross table counts each game for both engines, and its printout
 * holds the fit of test_consistent_three. */
START_TEST(test_table)
{
    struct xtable t;
    table_init(&t);
    int a = table_engine(&t, "a");
    int b = table_engine(&t, "b");
    int c = table_engine(&t, "c");
    ck_assert_int_eq(table_engine(&t, "b"), b);
    for (int k = 0; k < 4; k++) {
        table_add(&t, a, b, k < 3 ? 1 : -1, -1, false);
        table_add(&t, c, b, k < 3 ? -1 : 1, k == 0 ? c : -1, k == 0);
    }
    for (int k = 0; k < 10; k++)
        table_add(&t, c, a, k < 9 ? -1 : 1, -1, false);
    ck_assert_int_eq(table_games(&t), 18);
    ck_assert_int_eq(t.pair[b][c].wins, 3);
    ck_assert_int_eq(t.pair[c][b].losses, 3);
    ck_assert_int_eq(t.forfeits[c], 1);
    ck_assert_int_eq(t.timeouts[c], 1);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    table_print(&t, f);
    fclose(f);
    ck_assert_msg(strstr(text, " 1 a              -     3.0/4    9.0/10     12.0/14\n"
                  " 2 b          1.0/4         -     3.0/4       4.0/8\n"),
                  "%s", text);
    ck_assert_msg(strstr(text, "   1 a        190.8"), "%s", text);
    ck_assert_msg(strstr(text, "   2 b          0.0"), "%s", text);
    ck_assert_msg(strstr(text, "   3 c       -190.8"), "%s", text);
    free(text);
}
END_TEST

/* A sweep has no maximum: one virtual draw per pairing makes 4 of 4 into
 * 4.5 of 5, p = 0.9, a difference of 400 log10(9) = 381.697, +-190.849;
 * engines that never met get no ratings at all. */
START_TEST(test_table_sweep)
{
    struct xtable t;
    table_init(&t);
    for (int k = 0; k < 4; k++)
        table_add(&t, table_engine(&t, "a"), table_engine(&t, "b"), 1, -1,
                  false);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    table_print(&t, f);
    table_add(&t, table_engine(&t, "c"), table_engine(&t, "d"), 1, -1,
              false);
    table_print(&t, f);
    fclose(f);
    ck_assert_msg(strstr(text, "Ratings with one virtual draw per pairing"),
                  "%s", text);
    ck_assert_msg(strstr(text, "   1 a        190.8"), "%s", text);
    ck_assert_msg(strstr(text, "   2 b       -190.8"), "%s", text);
    ck_assert_msg(strstr(text, "Ratings: none (some engines have no games"),
                  "%s", text);
    free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ratings");
    TCase *tc = tcase_create("fit");
    tcase_add_test(tc, test_two_engines);
    tcase_add_test(tc, test_consistent_three);
    tcase_add_test(tc, test_even_three);
    tcase_add_test(tc, test_no_fit);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_table_sweep);
    suite_add_tcase(s, tc);
    return tap_main(s);
}
