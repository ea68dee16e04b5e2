/* check_clock.c -- the time manager (proto/timeman.c): GTP clocks and the
 * budget of one move.  Only arithmetic is tested here, with simulated
 * moves that spend exactly what they were given; no wall-clock timing. */
#include "config.h"

#include <check.h>

#include <math.h>
#include <stdlib.h>

#include "games/games.h"
#include "engine/timeman.h"
#include "tap_main.h"

/* ------------------------------------------------------------------ */
/* A referee's clock, written here from the GTP rules and not from
 * timeman.c: MAIN seconds, then periods of BYO seconds for STONES moves
 * (Canadian byo-yomi).  A move that runs out of main time goes on in a
 * new period and does not count as one of its stones (the stricter
 * reading).  Time is only lost by going below zero.                    */

struct referee {
    double main_left;            /* main time left                   */
    double byo, period_left;     /* period length, time left in it   */
    int stones, stones_left;     /* moves per period, left in it     */
    bool in_byo;
    bool flagged;
};

static void ref_start(struct referee *r, double main_time, double byo,
                      int stones)
{
    *r = (struct referee){ .main_left = main_time, .byo = byo,
                           .stones = stones };
    if (main_time <= 0 && stones > 0) {
        r->in_byo = true;
        r->period_left = byo;
        r->stones_left = stones;
    }
}

/* The most the next move may take without losing on time. */
static double ref_available(const struct referee *r)
{
    if (r->in_byo)
        return r->period_left;
    return r->main_left + (r->stones > 0 ? r->byo : 0);
}

static void ref_charge(struct referee *r, double seconds)
{
    if (!r->in_byo) {
        r->main_left -= seconds;
        if (r->main_left >= 0)
            return;
        if (r->stones == 0) {
            r->flagged = true;
            return;
        }
        r->in_byo = true;
        r->period_left = r->byo + r->main_left;
        r->stones_left = r->stones;
        r->main_left = 0;
        r->flagged = r->period_left < 0;
        return;
    }
    r->period_left -= seconds;
    if (r->period_left < 0)
        r->flagged = true;
    else if (--r->stones_left == 0) {
        r->period_left = r->byo;
        r->stones_left = r->stones;
    }
}

/* One clock shape of test_budget_within_available_time. */
struct shape {
    const char *name;
    double main_time, byo;
    int stones;
    double increment;            /* > 0: Fischer-like, via time_left  */
    bool time_left_updates;      /* the referee sends time_left       */
};

static const struct shape shapes[] = {
    { "sudden death 60 s", 60, 0, 0, 0, false },
    { "sudden death 0.5 s", 0.5, 0, 0, 0, false },
    { "sudden death, time_left", 20, 0, 0, 0, true },
    { "Fischer-like 10 s + 1 s", 10, 0, 0, 1, true },
    { "Fischer-like 1 s + 0.1 s", 1, 0, 0, 0.1, true },
    { "byo-yomi 0.1 s then 10 s / 1", 0.1, 10, 1, 0, false },
    { "byo-yomi 0 s then 10 s / 1", 0, 10, 1, 0, false },
    { "byo-yomi 5 s then 3 s / 1", 5, 3, 1, 0, false },
    { "byo-yomi 0 s then 10 s / 5", 0, 10, 5, 0, false },
    { "byo-yomi 5 s then 10 s / 5", 5, 10, 5, 0, false },
    { "byo-yomi 60 s then 30 s / 10", 60, 30, 10, 0, false },
    { "byo-yomi 0.1 s then 10 s / 1, time_left", 0.1, 10, 1, 0, true },
    { "byo-yomi 5 s then 10 s / 5, time_left", 5, 10, 5, 0, true },
};

/* Tells the engine's clock what the referee's says (GTP time_left). */
static void send_time_left(struct time_control *c, const struct referee *r)
{
    if (r->in_byo)
        time_control_left(c, 0, r->period_left, r->stones_left);
    else
        time_control_left(c, 0, r->main_left, 0);
}

/* For every clock shape, a game of 150 moves in which each move takes
 * its whole budget: no budget exceeds the time the referee says is
 * available, and the referee never flags the engine. */
START_TEST(test_budget_within_available_time)
{
    const struct shape *sh = &shapes[_i];
    struct time_control c;
    struct referee r;
    time_control_set(&c, sh->main_time, sh->byo, sh->stones);
    ref_start(&r, sh->main_time, sh->byo, sh->stones);
    for (int move = 0; move < 150; move++) {
        int expected = 40 - move > 1 ? 40 - move : 1;
        struct move_time t = time_control_move_time(&c, 0, 1.0, expected);
        ck_assert(t.soft <= t.hard);
        double b = t.hard;                  /* the worst case */
        double avail = ref_available(&r);
        ck_assert_msg(b > 0, "%s, move %d: budget %g", sh->name, move, b);
        ck_assert_msg(b <= avail, "%s, move %d: budget %g s, available %g s",
                      sh->name, move, b, avail);
        time_control_spend(&c, 0, b);
        ref_charge(&r, b);
        ck_assert_msg(!r.flagged, "%s: lost on time at move %d", sh->name,
                      move);
        if (sh->increment > 0)
            r.main_left += sh->increment;
        if (sh->time_left_updates)
            send_time_left(&c, &r);
    }
}
END_TEST

/* The example of issue 20: 0.1 s of main time, then 10 s for each move.
 * The first move may use the main time and most of one period, never
 * more than the 10.1 s there are. */
START_TEST(test_byoyomi_one_stone_first_move)
{
    struct time_control c;
    time_control_set(&c, 0.1, 10, 1);
    for (int expected = 1; expected <= 60; expected++) {
        double b = time_control_move_time(&c, 0, 1, expected).soft;
        ck_assert_msg(b > 1 && b <= 10.1, "%d moves: budget %g", expected, b);
    }
}
END_TEST

/* Sudden death: over the moves it expects, the engine uses a fair part
 * of its time (a budget that shrank to nothing would pass the tests
 * above). */
START_TEST(test_sudden_death_uses_its_time)
{
    struct time_control c;
    time_control_set(&c, 60, 0, 0);
    double spent = 0;
    for (int move = 0; move < 30; move++) {
        double b = time_control_move_time(&c, 0, 1, 30 - move).soft;
        time_control_spend(&c, 0, b);
        spent += b;
    }
    ck_assert_msg(spent > 30 && spent < 60, "spent %g s of 60", spent);
}
END_TEST

/* Every game of bounded length, played to its end from its default
 * setup (the moves picked by a fixed rule) under a sudden-death clock:
 * at every position the hard limit fits in what is left, so moves that
 * each run to their hard limit never lose on time; moves that keep to
 * the soft aim use most of the clock by the end.  From proven_ply on the
 * moves cost nothing but the overhead (genmove's solver has proven the
 * game). */
static void play_game_on_clock(const struct game_ops *g, double main_time,
                               bool spend_hard, double overhead,
                               int proven_ply, double *left_at_end)
{
    unsigned char *st = malloc(g->state_size);
    move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    ck_assert(st && moves);
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(g->setup(st, 0, NULL, 1, &err), 0);
    sbuf_free(&err);
    struct time_control c;
    time_control_set(&c, main_time, 0, 0);
    struct referee r;
    ref_start(&r, main_time, 0, 0);
    for (int ply = 0;; ply++) {
        int n = g->gen_moves(st, moves);
        if (n == 0)
            break;
        ck_assert_int_le(ply, g->max_game_plies);
        int side = g->side_to_move(st);
        if (side == 0) {
            int moves_left = time_control_moves_left(g, st);
            struct move_time t = time_control_move_time(&c, 0, 1.0,
                                                        moves_left);
            ck_assert_msg(t.soft > 0 && t.soft <= t.hard,
                          "%s, ply %d: soft %g hard %g", g->name, ply,
                          t.soft, t.hard);
            ck_assert_msg(t.hard < ref_available(&r),
                          "%s, ply %d: hard limit %g s, available %g s",
                          g->name, ply, t.hard, ref_available(&r));
            double spent = ply >= proven_ply ? 0
                           : spend_hard ? t.hard : t.soft;
            time_control_spend(&c, 0, spent);
            ref_charge(&r, spent + overhead);
            ck_assert_msg(!r.flagged, "%s, %g s, ply %d: lost on time",
                          g->name, main_time, ply);
            if (overhead > 0)           /* the controller's time_left */
                send_time_left(&c, &r);
        }
        g->play(st, moves[(ply * 7919) % n]);
    }
    *left_at_end = r.main_left;
    free(moves);
    free(st);
}

START_TEST(test_bounded_games_never_flag)
{
    static const double clocks[] = { 5, 0.5, 60 };
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        if (g->max_game_plies <= 0)
            continue;
        int never = g->max_game_plies + 1;
        for (size_t k = 0; k < sizeof clocks / sizeof *clocks; k++) {
            double left;
            play_game_on_clock(g, clocks[k], true, 0, never, &left);
            ck_assert(left > 0);
            play_game_on_clock(g, clocks[k], false, 0, never, &left);
            ck_assert_msg(left > 0 && left < clocks[k] * 0.5,
                          "%s, %g s: %g s left at the end", g->name,
                          clocks[k], left);
            /* The controller counts more than the search (pipes,
             * scheduling): with TIME_MOVE_LATENCY of that on every
             * move, reported back by time_left, moves that keep to
             * their soft aim still never flag from 5 s up. */
            if (clocks[k] >= 5) {
                play_game_on_clock(g, clocks[k], false, TIME_MOVE_LATENCY,
                                   never, &left);
                ck_assert(left >= 0);
            }
        }
    }
}
END_TEST

/* DVONN at 5 s a game (moves keeping to their soft aim, the referee's
 * overhead on each): the placement phase of a full game takes between a
 * quarter and a half of the clock, and when the solver proves the game
 * some way into the stacking phase (the moves after it take no time)
 * little of the clock is left unused, the less the later the proof: under
 * 0.3 s after 20 stacking plies (the weights before this test's
 * introduction left 0.55 s after 24, the ramp from 34 to 20 stacks 0.43 s
 * after 20, the one from 36 to 24 stacks 0.26 s; the ramp from 38 to 27
 * leaves 0.10 s). */
START_TEST(test_dvonn_clock_used_before_the_proof)
{
    const struct game_ops *g = game_find("dvonn");
    ck_assert_ptr_nonnull(g);
    double left;
    play_game_on_clock(g, 5, false, TIME_MOVE_LATENCY, 49, &left);
    ck_assert_msg(left > 2.5 && left < 3.75, "%g s left after placing",
                  left);
    double before = left;
    for (int stacking_plies = 16; stacking_plies <= 28; stacking_plies += 4) {
        play_game_on_clock(g, 5, false, TIME_MOVE_LATENCY,
                           49 + stacking_plies, &left);
        ck_assert_msg(left > 0 && left < before,
                      "proven after %d stacking plies: %g s left",
                      stacking_plies, left);
        if (stacking_plies == 20)
            ck_assert_msg(left < 0.3, "proven after 20 stacking plies: "
                          "%g s left", left);
        before = left;
    }
}
END_TEST

/* The hard limit of a move under main time leaves TIME_MOVE_SAFETY of
 * the clock for the controller's overhead whenever at least twice that is
 * left (else min(TIME_MOVE_SAFETY, 3/4 of what is left)), for every clock from
 * 1 ms to 1000 s and every estimate of the moves to come. */
START_TEST(test_hard_limit_keeps_safety)
{
    struct time_control c;
    for (double left = 0.001; left < 1000; left *= 1.07) {
        for (int moves = 1; moves <= 200; moves++) {
            time_control_set(&c, left, 0, 0);
            struct move_time t = time_control_move_time(&c, 0, 1, moves);
            double kept = left - t.hard;
            double need = fmin(TIME_MOVE_SAFETY, 0.75 * left);
            ck_assert_msg(t.hard > 0 && kept >= need - 1e-12,
                          "%g s left, %d moves: hard %g s", left, moves,
                          t.hard);
        }
    }
}
END_TEST

/* time_left on its own: the clock becomes limited, and what it says
 * replaces the engine's own accounting for that side only. */
START_TEST(test_time_left_is_per_side)
{
    struct time_control c;
    time_control_set(&c, 100, 0, 0);
    time_control_left(&c, 1, 2, 0);
    ck_assert(c.left[0] == 100 && c.left[1] == 2);
    ck_assert(time_control_move_time(&c, 1, 1, 30).soft <= 1.0);
    ck_assert(time_control_move_time(&c, 0, 1, 30).soft > 3.0);
}
END_TEST

/* Plays `moves` simulated moves for side 0, each spending its whole
 * budget (moves_left counting down from `expected`, never below 1);
 * returns the smallest time left seen after a move. */
static double spend_game(struct time_control *c, int moves, int expected)
{
    double lowest = 1e9;
    for (int i = 0; i < moves; i++) {
        int left = expected - i > 1 ? expected - i : 1;
        double b = time_control_move_time(c, 0, 1.0, left).soft;
        ck_assert(b > 0);
        time_control_spend(c, 0, b);
        if (c->stones_left[0] == 0 && c->left[0] < lowest)
            lowest = c->left[0];
    }
    return lowest;
}

START_TEST(test_movetime_uses_nearly_all)
{
    struct time_control c;
    time_control_reset(&c);
    static const double movetimes[] = { 0.05, 0.2, 1, 5, 60 };
    for (unsigned i = 0; i < sizeof movetimes / sizeof *movetimes; i++) {
        double t = movetimes[i];
        double b = time_control_move_time(&c, 0, t, 30).soft;
        ck_assert_msg(b >= 0.95 * t && b < t, "movetime %g: budget %g", t, b);
    }
}
END_TEST

START_TEST(test_main_time_spread)
{
    struct time_control c;
    time_control_set(&c, 60, 0, 0);
    double b = time_control_move_time(&c, 0, 1, 30).soft;
    ck_assert(b > 1.8 && b < 2.0);          /* 60 s over 30 moves */
    /* Never more than half of what is left on one move. */
    b = time_control_move_time(&c, 0, 1, 1).soft;
    ck_assert(b <= 30.0);
}
END_TEST

/* A game far longer than expected still never overruns the clock. */
START_TEST(test_long_game_never_flags)
{
    struct time_control c;
    time_control_set(&c, 10, 0, 0);
    double lowest = spend_game(&c, 300, 20);
    ck_assert(lowest > 0);
}
END_TEST

START_TEST(test_byoyomi_periods)
{
    struct time_control c;
    time_control_set(&c, 0, 10, 5);           /* 10 s for every 5 moves */
    ck_assert_int_eq(c.stones_left[0], 5);
    double b = time_control_move_time(&c, 0, 1, 30).soft;
    ck_assert(b > 1.9 && b < 2.0);
    for (int i = 0; i < 5; i++)
        time_control_spend(&c, 0, time_control_move_time(&c, 0, 1, 30).soft);
    /* A new period starts with full time. */
    ck_assert_int_eq(c.stones_left[0], 5);
    ck_assert(c.left[0] == 10);
}
END_TEST

START_TEST(test_main_time_then_byoyomi)
{
    struct time_control c;
    time_control_set(&c, 5, 10, 5);
    /* The budget counts on byo-yomi, but stays inside main + one period. */
    double b = time_control_move_time(&c, 0, 1, 30).soft;
    ck_assert(b > 5.0 / 30 && b < 5 + 10);
    time_control_spend(&c, 0, 6);                  /* overrun: into byo-yomi */
    ck_assert_int_eq(c.stones_left[0], 5);
    ck_assert(c.left[0] > 8.9 && c.left[0] < 9.1);
    spend_game(&c, 100, 50);
    ck_assert(c.left[0] > 0);
}
END_TEST

START_TEST(test_time_left_overrides)
{
    struct time_control c;
    time_control_reset(&c);
    time_control_left(&c, 1, 3, 0);                /* time_left alone limits */
    ck_assert(c.limited);
    double b = time_control_move_time(&c, 1, 30, 10).soft;
    ck_assert(b > 0 && b < 1.5);
    /* Almost nothing left: a tiny positive budget, never more. */
    time_control_left(&c, 1, 0.001, 0);
    b = time_control_move_time(&c, 1, 30, 10).soft;
    ck_assert(b > 0 && b <= 0.005);
}
END_TEST

START_TEST(test_no_limit_settings)
{
    struct time_control c;
    time_control_set(&c, 100, 5, 0);          /* GTP: BYO > 0, STONES = 0 */
    ck_assert(!c.limited);
    double b = time_control_move_time(&c, 0, 2, 30).soft;
    ck_assert(b >= 1.8 && b < 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("clock");
    TCase *tc = tcase_create("budget");
    tcase_add_test(tc, test_movetime_uses_nearly_all);
    tcase_add_test(tc, test_bounded_games_never_flag);
    tcase_add_test(tc, test_hard_limit_keeps_safety);
    tcase_add_test(tc, test_dvonn_clock_used_before_the_proof);
    tcase_add_test(tc, test_main_time_spread);
    tcase_add_test(tc, test_long_game_never_flags);
    tcase_add_test(tc, test_byoyomi_periods);
    tcase_add_test(tc, test_main_time_then_byoyomi);
    tcase_add_test(tc, test_time_left_overrides);
    tcase_add_test(tc, test_no_limit_settings);
    tcase_add_loop_test(tc, test_budget_within_available_time, 0,
                        (int)(sizeof shapes / sizeof shapes[0]));
    tcase_add_test(tc, test_byoyomi_one_stone_first_move);
    tcase_add_test(tc, test_sudden_death_uses_its_time);
    tcase_add_test(tc, test_time_left_is_per_side);
    suite_add_tcase(s, tc);
    return tap_main(s);
}
