/* check_tactics.c -- the search on real games, through the protocol:
 * tactical positions each game's player must get right, and the exact
 * solver on small endgames. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tap_main.h"

static struct tu_triad sess;

static void setup(void)
{
    ck_assert_int_eq(tu_open(&sess, 11), 0);
    sess.engine.quiet = true;
    free(tu_ok(&sess, "set_option movetime 30"));
    free(tu_ok(&sess, "set_option maxnodes 20000"));
    free(tu_ok(&sess, "set_option hash 4"));
}

static void teardown(void)
{
    tu_close(&sess);
}

static void set_position(const char *pos)
{
    char line[512];
    snprintf(line, sizeof line, "setposition %s", pos);
    char *r = tu_ok(&sess, line);
    ck_assert_msg(r != NULL, "position rejected: %s", pos);
    free(r);
}

static void assert_reply(const char *line, const char *expected)
{
    ck_assert_msg(tu_replies(&sess, line, expected), "%s: not '%s'", line,
                  expected);
}

/* Every searcher that claims strength, on every tactic. */
static const char *const methods[] = { "auto", "alphabeta", "mcts",
                                       "playouts" };
#define N_METHODS (int)(sizeof methods / sizeof methods[0])

static void use_method(int i)
{
    char line[64];
    snprintf(line, sizeof line, "set_option method %s", methods[i]);
    free(tu_ok(&sess, line));
}

/* DVONN: White's B1 stack keeps Black's C1-D1-E1 chain connected to the
 * DVONN piece on A1.  B1A1 cuts the chain (three black pieces leave the
 * board) and wins 2-0; B1C1 would cut White's own stack off instead. */
#define DVONN_CUT "dvonn:S:W:R,W,B,B,B,.,.,R,R,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.," \
    ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,."

START_TEST(test_dvonn_cuts_off_a_group)
{
    use_method(_i);
    set_position(DVONN_CUT);
    assert_reply("genmove white", "B1A1");
    assert_reply("final_score", "W+2");
}
END_TEST

/* DVONN, 7 plies from the end of an engine game: of White's 26 moves
 * only F2D2 wins (by 1; every other move loses, by 5 to 23).  genmove
 * proves it with a quarter of a small node budget before its alpha-beta
 * search; then the game is played out by genmove on both sides and White,
 * playing its proven moves, wins. */
#define DVONN_UNIQUE_WIN "dvonn:S:W:.,.,W,WWB,.,.,WB,.,.,.,.,BBW,B,R,BW," \
    "WB,B,.,.,.,.,R,.,WBWB,.,BW,BW,WB,.,.,B,WBW,.,WB,.,.,.,BBW,WB,.,B,B," \
    ".,R,W,.,BW,W,W"

START_TEST(test_dvonn_genmove_solves_the_ending)
{
    free(tu_ok(&sess, "set_option maxnodes 4000"));
    set_position(DVONN_UNIQUE_WIN);
    assert_reply("genmove white", "F2D2");
    for (int ply = 0; ply < 20; ply++) {
        char *st = tu_ok(&sess, "game_status");    /* "playing COLOR" */
        ck_assert_ptr_nonnull(st);
        char line[64];
        bool playing = strncmp(st, "playing ", 8) == 0;
        if (playing)
            snprintf(line, sizeof line, "genmove %s", st + 8);
        free(st);
        if (!playing)
            break;
        free(tu_ok(&sess, line));
    }
    char *score = tu_ok(&sess, "final_score");
    ck_assert_msg(score && score[0] == 'W', "final score %s", score);
    free(score);
}
END_TEST

/* Truchet: Light holds a1 and c1; the link d2-e1 (tile d1 is '\') lets
 * the d2 stack take a third enemy base at once. */
#define TRUCHET_BASE "truchet:0001000000000000000000000000000000000000000000000" \
    ":L:a1L1,c1L1,d2L1,f8D1,h8D1"

START_TEST(test_truchet_base_win_in_one)
{
    use_method(_i);
    set_position(TRUCHET_BASE);
    char *m = tu_ok(&sess, "genmove light");
    ck_assert_ptr_nonnull(m);
    ck_assert_msg(strstr(m, "d2-e1") != NULL, "played %s", m);
    free(m);
    assert_reply("game_status", "over W+");
}
END_TEST

/* Cephalopod 3x3, White to move on the last empty cell: b1 and c2 show
 * 6 + 6 > 6, so c1 captures nothing and White ends the game 5-4.  (A
 * single legal move: this checks that every player finishes a game and
 * that the result is scored, not a choice.) */
#define CEPH_LAST "cephalopod:3x3:W:W1W1W1/W1B1B6/B1B6.."

START_TEST(test_cephalopod_last_cell)
{
    use_method(_i);
    set_position(CEPH_LAST);
    assert_reply("genmove white", "c1");
    assert_reply("final_score", "W+1");
}
END_TEST

#define CEPH_THREE_EMPTY "cephalopod:3x3:W:W1B1../..W6B4/W6B1.."

/* The exact solver on small endgames: the value and a best move. */
START_TEST(test_solve_endgames)
{
    set_position(CEPH_LAST);
    assert_reply("solve 30", "W+1 c1");
    /* three empty cells: the only winning move of three (values checked
     * against an exhaustive minimax in check_search) */
    set_position(CEPH_THREE_EMPTY);
    assert_reply("solve 30", "W+3 a2");
    free(tu_ok(&sess, "set_option maxnodes 200000"));  /* about 40,000 */
    set_position(DVONN_UNIQUE_WIN);
    assert_reply("solve 30", "W+1 F2D2");
    set_position(DVONN_CUT);
    assert_reply("solve 30", "W+2 B1A1");
    /* a finished game cannot be solved */
    free(tu_ok(&sess, "play B1A1"));
    ck_assert(tu_fails_with(&sess, "solve", "the game is over"));
}
END_TEST

/* doc/games/cephalopod.md: 3x3 Cephalopod is a first-player win by 5 cells
 * to 4, whatever the opening.  The proof takes 21-23 M nodes (12-16 s at -O2,
 * doc/search.md), hence its own time limit. */
START_TEST(test_solve_empty_3x3)
{
    free(tu_ok(&sess, "set_option maxnodes 0"));
    free(tu_ok(&sess, "set_option hash 64"));
    free(tu_ok(&sess, "setup cephalopod 3x3"));
    char *r = tu_ok(&sess, "solve 3600");
    ck_assert_msg(r && strncmp(r, "W+1 ", 4) == 0, "solve: %s", r);
    char line[64];
    snprintf(line, sizeof line, "play %s", r + 4);
    free(r);
    free(tu_ok(&sess, line));          /* the move given is legal */
}
END_TEST

static Suite *tactics_suite(void)
{
    Suite *s = suite_create("tactics");
    TCase *tc = tcase_create("positions");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_dvonn_cuts_off_a_group, 0, N_METHODS);
    tcase_add_loop_test(tc, test_truchet_base_win_in_one, 0, N_METHODS);
    tcase_add_loop_test(tc, test_cephalopod_last_cell, 0, N_METHODS);
    tcase_add_test(tc, test_solve_endgames);
    tcase_add_test(tc, test_dvonn_genmove_solves_the_ending);
    suite_add_tcase(s, tc);
    tc = tcase_create("solve");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_solve_empty_3x3);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tap_main(tactics_suite());
}
