/* check_clock.c -- the time manager (proto/timeman.c): GTP clocks and the
 * budget of one move.  Only arithmetic is tested here, with simulated
 * moves that spend exactly what they were given; no wall-clock timing. */
#include "config.h"

#include <check.h>

#include "proto/timeman.h"
#include "tap_main.h"

/* Plays `moves` simulated moves for side 0, each spending its whole
 * budget (moves_left counting down from `expected`, never below 1);
 * returns the smallest time left seen after a move. */
static double spend_game(struct clock_state *c, int moves, int expected)
{
    double lowest = 1e9;
    for (int i = 0; i < moves; i++) {
        int left = expected - i > 1 ? expected - i : 1;
        double b = clock_budget(c, 0, 1.0, left);
        ck_assert(b > 0);
        clock_spend(c, 0, b);
        if (c->stones_left[0] == 0 && c->left[0] < lowest)
            lowest = c->left[0];
    }
    return lowest;
}

START_TEST(test_movetime_uses_nearly_all)
{
    struct clock_state c;
    clock_reset(&c);
    static const double movetimes[] = { 0.05, 0.2, 1, 5, 60 };
    for (unsigned i = 0; i < sizeof movetimes / sizeof *movetimes; i++) {
        double t = movetimes[i];
        double b = clock_budget(&c, 0, t, 30);
        ck_assert_msg(b >= 0.95 * t && b < t, "movetime %g: budget %g", t, b);
    }
}
END_TEST

START_TEST(test_main_time_spread)
{
    struct clock_state c;
    clock_settings(&c, 60, 0, 0);
    double b = clock_budget(&c, 0, 1, 30);
    ck_assert(b > 1.8 && b < 2.0);          /* 60 s over 30 moves */
    /* Never more than half of what is left on one move. */
    b = clock_budget(&c, 0, 1, 1);
    ck_assert(b <= 30.0);
}
END_TEST

/* A game far longer than expected still never overruns the clock. */
START_TEST(test_long_game_never_flags)
{
    struct clock_state c;
    clock_settings(&c, 10, 0, 0);
    double lowest = spend_game(&c, 300, 20);
    ck_assert(lowest > 0);
}
END_TEST

START_TEST(test_byoyomi_periods)
{
    struct clock_state c;
    clock_settings(&c, 0, 10, 5);           /* 10 s for every 5 moves */
    ck_assert_int_eq(c.stones_left[0], 5);
    double b = clock_budget(&c, 0, 1, 30);
    ck_assert(b > 1.9 && b < 2.0);
    for (int i = 0; i < 5; i++)
        clock_spend(&c, 0, clock_budget(&c, 0, 1, 30));
    /* A new period starts with full time. */
    ck_assert_int_eq(c.stones_left[0], 5);
    ck_assert(c.left[0] == 10);
}
END_TEST

START_TEST(test_main_time_then_byoyomi)
{
    struct clock_state c;
    clock_settings(&c, 5, 10, 5);
    /* The budget counts on byo-yomi, but stays inside main + one period. */
    double b = clock_budget(&c, 0, 1, 30);
    ck_assert(b > 5.0 / 30 && b < 5 + 10);
    clock_spend(&c, 0, 6);                  /* overrun: into byo-yomi */
    ck_assert_int_eq(c.stones_left[0], 5);
    ck_assert(c.left[0] > 8.9 && c.left[0] < 9.1);
    spend_game(&c, 100, 50);
    ck_assert(c.left[0] > 0);
}
END_TEST

START_TEST(test_time_left_overrides)
{
    struct clock_state c;
    clock_reset(&c);
    clock_left(&c, 1, 3, 0);                /* time_left alone limits */
    ck_assert(c.limited);
    double b = clock_budget(&c, 1, 30, 10);
    ck_assert(b > 0 && b < 1.5);
    /* Almost nothing left: a tiny positive budget, never more. */
    clock_left(&c, 1, 0.001, 0);
    b = clock_budget(&c, 1, 30, 10);
    ck_assert(b > 0 && b <= 0.005);
}
END_TEST

START_TEST(test_no_limit_settings)
{
    struct clock_state c;
    clock_settings(&c, 100, 5, 0);          /* GTP: BYO > 0, STONES = 0 */
    ck_assert(!c.limited);
    double b = clock_budget(&c, 0, 2, 30);
    ck_assert(b >= 1.8 && b < 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("clock");
    TCase *tc = tcase_create("budget");
    tcase_add_test(tc, test_movetime_uses_nearly_all);
    tcase_add_test(tc, test_main_time_spread);
    tcase_add_test(tc, test_long_game_never_flags);
    tcase_add_test(tc, test_byoyomi_periods);
    tcase_add_test(tc, test_main_time_then_byoyomi);
    tcase_add_test(tc, test_time_left_overrides);
    tcase_add_test(tc, test_no_limit_settings);
    suite_add_tcase(s, tc);
    return tap_main(s);
}
