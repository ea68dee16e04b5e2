/* check_cephalopod.c -- Cephalopod's rules, each in a hand-made position:
 * capture sets, sums of six, the end of the game, the interface constants. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cephalopodtest.h"
#include "tap_main.h"

/* ---- the capture rule -------------------------------------------------- */

/* c3 has four neighbours 1, 2, 3, 1: every pair and triple but the full
 * set (sum 7) is a capture set; {b3,c2} and {c2,d3} both sum to 3, as do
 * other pairs, and they are still distinct moves. */
START_TEST(test_capture_sets_on_one_cell)
{
    unsigned char st[STATE_MAX];
    char buf[4096];
    load(st, CROSS);
    moves_at(st, "c3", buf, sizeof buf);
    ck_assert_str_eq(buf, "c3=b3+c2 c3=b3+c4 c3=c2+c4 c3=b3+c2+c4 "
                          "c3=b3+d3 c3=c2+d3 c3=b3+c2+d3 c3=c4+d3 "
                          "c3=b3+c4+d3 c3=c2+c4+d3");
    /* b2, b4, d2, d4 see exactly one pair; every other empty cell has no
     * capture next to them and keeps its single plain move */
    moves_at(st, "b2", buf, sizeof buf);
    ck_assert_str_eq(buf, "b2=b3+c2");
    moves_at(st, "d4", buf, sizeof buf);
    ck_assert_str_eq(buf, "d4=c4+d3");
    moves_at(st, "e3", buf, sizeof buf);
    ck_assert_str_eq(buf, "e3");
    moves_at(st, "c5", buf, sizeof buf);
    ck_assert_str_eq(buf, "c5");
    move_t moves[1024];
    ck_assert_int_eq(G->gen_moves(st, moves), 16 + 4 + 10);
    ck_assert_int_eq(G->count_moves(st), 30);
    ck_assert_int_eq(perft(st, 1), 30);
}
END_TEST

/* Capturing two own dice: the new die shows their sum, only the chosen
 * set leaves the board, nothing else changes. */
START_TEST(test_capture_own_dice)
{
    unsigned char st[STATE_MAX];
    char pos[256];
    load(st, CROSS);
    play_tok(st, "c3=c4+b3");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:5x5:B:........../........../"
                          "....W4B1../....B2..../..........");
}
END_TEST

START_TEST(test_capture_mixed_three)
{
    unsigned char st[STATE_MAX];
    char pos[256];
    load(st, CROSS);
    play_tok(st, "c3=b3+c2+d3");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:5x5:B:........../....W3..../"
                          "....W4..../........../..........");
    /* no empty cell touches both white dice; d4 sees only c4 */
    char buf[256];
    moves_at(st, "d4", buf, sizeof buf);
    ck_assert_str_eq(buf, "d4");
}
END_TEST

/* A sum of exactly 6 is a capture (and compulsory); 7 is not. */
START_TEST(test_capture_sum_six_and_seven)
{
    unsigned char st[STATE_MAX];
    char buf[256], why[128], pos[128];
    move_t m;
    load(st, "cephalopod:3x3:W:....../W3..B3/......");
    moves_at(st, "b2", buf, sizeof buf);
    ck_assert_str_eq(buf, "b2=a2+c2");
    ck_assert_int_eq(parse(st, "b2", &m, why, sizeof why),
                     MOVE_PARSE_ILLEGAL);
    ck_assert_str_eq(why, "a capture is compulsory at b2");
    play_tok(st, "b2=a2+c2");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:3x3:B:....../..W6../......");

    load(st, "cephalopod:3x3:W:....../W3..B4/......");
    moves_at(st, "b2", buf, sizeof buf);
    ck_assert_str_eq(buf, "b2");
    ck_assert_int_eq(parse(st, "b2=a2+c2", &m, why, sizeof why),
                     MOVE_PARSE_ILLEGAL);
    ck_assert_str_eq(why, "the captured dice sum to 7, more than 6");
    play_tok(st, "b2");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:3x3:B:....../W3W1B4/......");
}
END_TEST

/* A 6 can never be part of a capture set; two 6s and a 1 neither. */
START_TEST(test_no_capture_with_six)
{
    unsigned char st[STATE_MAX];
    char buf[256];
    load(st, "cephalopod:3x3:B:..W6../B6..B1/..W1..");
    moves_at(st, "b2", buf, sizeof buf);
    /* only {b1, c2} (1 + 1) qualifies; any set with a 6 is over 6 */
    ck_assert_str_eq(buf, "b2=b1+c2");
}
END_TEST

/* The parser accepts any order and upper case for the same move. */
START_TEST(test_parse_spellings)
{
    unsigned char st[STATE_MAX];
    char why[128];
    move_t a = MOVE_NONE, b = MOVE_NONE, c = MOVE_NONE;
    load(st, CROSS);
    ck_assert_int_eq(parse(st, "c3=b3+d3", &a, why, sizeof why),
                     MOVE_PARSE_OK);
    ck_assert_int_eq(parse(st, "C3=D3+B3", &b, why, sizeof why),
                     MOVE_PARSE_OK);
    ck_assert_int_eq(parse(st, "c3=D3+b3", &c, why, sizeof why),
                     MOVE_PARSE_OK);
    ck_assert_uint_eq(a, b);
    ck_assert_uint_eq(a, c);
    ck_assert_uint_ne(a, MOVE_NONE);
    char tok[MOVE_STR_MAX];
    G->format_move(st, b, tok);
    ck_assert_str_eq(tok, "c3=b3+d3");
    ck_assert_int_eq(parse(st, "E3", &a, why, sizeof why), MOVE_PARSE_OK);
    G->format_move(st, a, tok);
    ck_assert_str_eq(tok, "e3");
}
END_TEST

/* ---- game end and scoring ---------------------------------------------- */

START_TEST(test_end_white_wins_3x3)
{
    unsigned char st[STATE_MAX];
    int margin = -1;
    char why[128];
    move_t m;
    load(st, "cephalopod:3x3:W:W1B1W1/B1W1B6/W1B6..");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_ONGOING);
    ck_assert_int_eq(margin, 0);
    ck_assert_int_eq(G->count_moves(st), 1);
    play_tok(st, "c1");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_WIN_FIRST);
    ck_assert_int_eq(margin, 1);
    ck_assert_int_eq(G->outcome(st, NULL), GAME_WIN_FIRST);
    move_t moves[1024];
    ck_assert_int_eq(G->gen_moves(st, moves), 0);
    ck_assert_int_eq(G->count_moves(st), 0);
    ck_assert_int_eq(G->side_to_move(st), 1);
    ck_assert_int_eq(parse(st, "a1", &m, why, sizeof why),
                     MOVE_PARSE_ILLEGAL);
    ck_assert_str_eq(why, "the game is over");
    ck_assert_int_eq(perft(st, 1), 0);
    ck_assert_int_eq(perft(st, 0), 1);
}
END_TEST

START_TEST(test_end_black_wins_3x3)
{
    unsigned char st[STATE_MAX];
    int margin = -1;
    load(st, "cephalopod:3x3:B:B1W1B1/W1B1W6/B1W6..");
    play_tok(st, "c1");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_WIN_SECOND);
    ck_assert_int_eq(margin, 1);
    /* a final capture that leaves the board full is impossible (it frees
     * cells), so a full board only comes from a plain move or setposition */
    load(st, "cephalopod:3x3:B:W1W1W1/W1W6W1/B6W6B6");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_WIN_FIRST);
    ck_assert_int_eq(margin, 5);
}
END_TEST

START_TEST(test_end_capture_is_not_the_end)
{
    unsigned char st[STATE_MAX];
    char pos[128];
    /* the last empty cell forces a capture, which empties two cells */
    load(st, "cephalopod:3x3:W:W1B1W1/B1W1B1/W1B1..");
    ck_assert_int_eq(G->count_moves(st), 1);
    play_tok(st, "c1=b1+c2");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:3x3:B:W1B1W1/B1W1../W1..W2");
    ck_assert_int_eq(G->outcome(st, NULL), GAME_ONGOING);
}
END_TEST

START_TEST(test_end_draw_even_board)
{
    unsigned char st[STATE_MAX];
    int margin = -1;
    load(st, "cephalopod:2x2:W:W6B6/B6W6");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_DRAW);
    ck_assert_int_eq(margin, 0);
}
END_TEST

/* ---- boards one cell wide ---------------------------------------------- */

/* 1x1: White's one placement fills the board and wins by 1 die to 0. */
START_TEST(test_line_one_cell)
{
    unsigned char st[STATE_MAX];
    char pos[64];
    int margin = -1;
    setup_size(st, "1x1");
    ck_assert_int_eq(G->count_moves(st), 1);
    moves_at(st, NULL, pos, sizeof pos);
    ck_assert_str_eq(pos, "a1");
    play_tok(st, "a1");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:1x1:B:W1");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_WIN_FIRST);
    ck_assert_int_eq(margin, 1);
    ck_assert_int_eq(G->count_moves(st), 0);
}
END_TEST

/* On a line a cell has at most two neighbours: one capture set at most,
 * both of them, compulsory when they sum to at most 6; the ends have one
 * neighbour and never capture.  Column (1x5) and row (5x1) alike. */
START_TEST(test_line_captures)
{
    static const struct {
        const char *pos, *cell, *want;
    } cases[] = {
        { "cephalopod:1x5:W:../B1/../W1/..", "a3", "a3=a2+a4" },
        { "cephalopod:1x5:W:../B1/../W1/..", "a5", "a5" },
        { "cephalopod:1x5:W:../B1/../W1/..", "a1", "a1" },
        { "cephalopod:5x1:W:..W1..B1..", "c1", "c1=b1+d1" },
        { "cephalopod:5x1:B:..W1..W5B1", "c1", "c1=b1+d1" },
        { "cephalopod:5x1:B:..W2..W5B1", "c1", "c1" },   /* 7 > 6 */
        { "cephalopod:1x3:B:W6/../B1", "a2", "a2" },
    };
    unsigned char st[STATE_MAX];
    char got[256], why[128];
    move_t m;
    for (size_t i = 0; i < NELEM(cases); i++) {
        load(st, cases[i].pos);
        moves_at(st, cases[i].cell, got, sizeof got);
        ck_assert_msg(strcmp(got, cases[i].want) == 0, "%s at %s: %s",
                      cases[i].pos, cases[i].cell, got);
    }
    load(st, "cephalopod:1x5:W:../B1/../W1/..");
    ck_assert_int_eq(parse(st, "a3", &m, why, sizeof why),
                     MOVE_PARSE_ILLEGAL);
    ck_assert_str_eq(why, "a capture is compulsory at a3");
    ck_assert_int_eq(parse(st, "a3=a2+a4+b3", &m, why, sizeof why),
                     MOVE_PARSE_ILLEGAL);
    ck_assert_str_eq(why, "b3 is not adjacent to a3");
    play_tok(st, "A3=A4+A2");
    pos_str(st, got, sizeof got);
    ck_assert_str_eq(got, "cephalopod:1x5:B:../../W2/../..");
}
END_TEST

/* 1x2 ends 1-1, a draw; 1x3 ends 2-1 for White. */
START_TEST(test_line_results)
{
    unsigned char st[STATE_MAX];
    int margin = -1;
    setup_size(st, "1x2");
    play_tok(st, "a2");
    play_tok(st, "a1");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_DRAW);
    ck_assert_int_eq(margin, 0);
    setup_size(st, "3x1");
    play_tok(st, "b1");
    play_tok(st, "a1");
    play_tok(st, "c1");
    ck_assert_int_eq(G->outcome(st, &margin), GAME_WIN_FIRST);
    ck_assert_int_eq(margin, 1);
}
END_TEST

/* ---- interface constants ----------------------------------------------- */

START_TEST(test_interface_constants)
{
    ck_assert_str_eq(G->name, "cephalopod");
    ck_assert_str_eq(G->title, "Cephalopod");
    ck_assert_str_eq(G->side_names[0], "white");
    ck_assert_str_eq(G->side_names[1], "black");
    ck_assert_str_eq(G->side_letters, "WB");
    ck_assert(G->score_has_margin);
    ck_assert_int_eq(G->max_game_plies, 11 * 64);
    ck_assert_int_ge(G->max_moves, 64 * 11);
    ck_assert_uint_le(G->state_size, 128);
    ck_assert_uint_le(G->state_size, STATE_MAX);
    ck_assert_ptr_nonnull(G->count_moves);
    ck_assert_ptr_nonnull(G->hash_full);
    ck_assert(G->prefers_mcts != NULL);    /* auto plays MCTS here */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cephalopod");
    TCase *tc = tcase_create("rules");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_capture_sets_on_one_cell);
    tcase_add_test(tc, test_capture_own_dice);
    tcase_add_test(tc, test_capture_mixed_three);
    tcase_add_test(tc, test_capture_sum_six_and_seven);
    tcase_add_test(tc, test_no_capture_with_six);
    tcase_add_test(tc, test_parse_spellings);
    tcase_add_test(tc, test_end_white_wins_3x3);
    tcase_add_test(tc, test_end_black_wins_3x3);
    tcase_add_test(tc, test_end_capture_is_not_the_end);
    tcase_add_test(tc, test_end_draw_even_board);
    tcase_add_test(tc, test_line_one_cell);
    tcase_add_test(tc, test_line_captures);
    tcase_add_test(tc, test_line_results);
    tc = tcase_create("interface");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_interface_constants);
    return tap_main(s);
}
