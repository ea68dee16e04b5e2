/* check_dvonn_perft.c -- the perft vectors of doc/games/dvonn.md (placement
 * and the deterministic test setup), its root moves and the move counts at
 * the start of stacking. */
#include "config.h"

#include <check.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dvonntest.h"
#include "tap_main.h"

static const int64_t PLACE_PERFT[] = { 1, 49, 2352, 110544 };

START_TEST(test_placement_perft)
{
    struct pos p;
    setup_args(&p, 0, NULL, 0);
    ck_assert_int_eq(perft(&p, _i), PLACE_PERFT[_i]);
}
END_TEST

static const int64_t SETUP_PERFT[] = { 1, 45, 2090, 99242, 4804443 };

START_TEST(test_setup_perft)
{
    struct pos p;
    test_setup_plies(&p, 49);
    ck_assert_int_eq(perft(&p, _i), SETUP_PERFT[_i]);
}
END_TEST

START_TEST(test_setup_root_moves)
{
    struct pos p;
    char s[4096];
    test_setup_plies(&p, 49);
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, TEST_SETUP_MOVES);
    ck_assert_int_eq(G->count_moves(p.b), 45);
    pos_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "dvonn:S:W:B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,"
                        "W,B,R,W,B,R,W,B,R,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,"
                        "B,W,B,W,B,W");
}
END_TEST

/* doc/games/dvonn.md: at the start of phase 2 White has as many moves as the
 * on-board neighbours of its perimeter stacks; all perimeter cells
 * together give 90 when no DVONN piece stands on the perimeter. */
START_TEST(test_start_of_stacking_counts)
{
    for (uint64_t seed = 1; seed <= 60; seed++) {
        struct pos p, q;
        char s[4096];
        char arg[32];
        snprintf(arg, sizeof arg, "random=%llu", (unsigned long long)seed);
        setup_args(&p, 1, arg, 0);
        pos_str(&p, s, sizeof s);
        int expect = 0, red_rim = 0;
        const char *f = s + strlen("dvonn:S:W:");
        for (int c = 0; c < 49; c++, f += 2) {
            int deg = test_degree(c);
            if (deg == 6)
                continue;
            if (*f == 'W')
                expect += deg;
            if (*f == 'R')
                red_rim += deg;
        }
        ck_assert_int_eq(G->count_moves(p.b), expect);
        /* Same board, colours swapped: Black's original moves. */
        swap_colours(s);
        s[8] = 'B';
        struct sbuf err = SBUF_INIT;
        ck_assert_int_ne(G->from_string(q.b, s, &err), 0);
        sbuf_free(&err);
        s[8] = 'W';
        load(&q, s);
        ck_assert_int_eq(G->count_moves(p.b) + G->count_moves(q.b),
                         90 - red_rim);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dvonn_perft");
    TCase *tc = tap_tcase(s, "perft", 120);
    tcase_add_loop_test(tc, test_placement_perft, 0, 4);
    tcase_add_loop_test(tc, test_setup_perft, 0, 5);
    tcase_add_test(tc, test_setup_root_moves);
    tcase_add_test(tc, test_start_of_stacking_counts);
    return tap_main(s);
}
