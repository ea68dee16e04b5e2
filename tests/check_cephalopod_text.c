/* check_cephalopod_text.c -- Cephalopod's text: hostile moves, positions
 * and setups, their reasons, lenient forms printed canonically, the
 * diagram. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cephalopodtest.h"
#include "tap_main.h"

/* ---- hostile input ----------------------------------------------------- */

struct bad_move {
    const char *tok;
    enum move_parse expect;
    const char *why;            /* exact reason, or NULL: any non-empty */
};

static const struct bad_move BAD_MOVES[] = {
    { "", MOVE_PARSE_SYNTAX, NULL },
    { "c", MOVE_PARSE_SYNTAX, NULL },
    { "3c", MOVE_PARSE_SYNTAX, NULL },
    { "c0", MOVE_PARSE_SYNTAX, NULL },
    { "c03", MOVE_PARSE_SYNTAX, NULL },
    { "c123", MOVE_PARSE_SYNTAX, NULL },
    { " c3", MOVE_PARSE_SYNTAX, NULL },
    { "e3 ", MOVE_PARSE_SYNTAX, NULL },
    { "c3=", MOVE_PARSE_SYNTAX, NULL },
    { "c3=b3+", MOVE_PARSE_SYNTAX, NULL },
    { "c3+b3", MOVE_PARSE_SYNTAX, NULL },
    { "c3=b3c2", MOVE_PARSE_SYNTAX, NULL },
    { "c3==b3+c2", MOVE_PARSE_SYNTAX, NULL },
    { "c3=b3++c2", MOVE_PARSE_SYNTAX, NULL },
    { "c3-b3", MOVE_PARSE_SYNTAX, NULL },
    { "pass", MOVE_PARSE_SYNTAX, NULL },
    { "resign", MOVE_PARSE_SYNTAX, NULL },
    { "\xff\xfe", MOVE_PARSE_SYNTAX, NULL },
    { "c\xb3", MOVE_PARSE_SYNTAX, NULL },
    { "f3", MOVE_PARSE_ILLEGAL, "f3 is off the board" },
    { "a6", MOVE_PARSE_ILLEGAL, "a6 is off the board" },
    { "z99", MOVE_PARSE_ILLEGAL, "z99 is off the board" },
    { "c4", MOVE_PARSE_ILLEGAL, "c4 is occupied" },
    { "c4=b4+c5", MOVE_PARSE_ILLEGAL, "c4 is occupied" },
    { "c3", MOVE_PARSE_ILLEGAL, "a capture is compulsory at c3" },
    { "C3", MOVE_PARSE_ILLEGAL, "a capture is compulsory at c3" },
    { "c3=b3", MOVE_PARSE_ILLEGAL, "a capture takes at least 2 dice" },
    { "c3=b3+b3", MOVE_PARSE_ILLEGAL, "b3 is listed twice" },
    { "c3=b3+B3", MOVE_PARSE_ILLEGAL, "b3 is listed twice" },
    { "c3=a3+b3", MOVE_PARSE_ILLEGAL, "a3 is not adjacent to c3" },
    { "c3=b3+c3", MOVE_PARSE_ILLEGAL, "c3 is not adjacent to c3" },
    { "c3=b2+c2", MOVE_PARSE_ILLEGAL, "b2 is not adjacent to c3" },
    { "c3=b3+f3", MOVE_PARSE_ILLEGAL, "f3 is not adjacent to c3" },
    { "c3=b3+c2+c4+d3", MOVE_PARSE_ILLEGAL,
      "the captured dice sum to 7, more than 6" },
    { "c3=b3+c2+c4+d3+b3", MOVE_PARSE_ILLEGAL,
      "at most 4 dice can be captured" },
    { "e3=d3+e4", MOVE_PARSE_ILLEGAL, "e4 is empty" },
    { "e3=d3+e2", MOVE_PARSE_ILLEGAL, "e2 is empty" },
    { "b4=b3+c4", MOVE_PARSE_OK, "" },
    { "e3", MOVE_PARSE_OK, "" },
};

START_TEST(test_hostile_moves)
{
    const struct bad_move *b = &BAD_MOVES[_i];
    unsigned char st[STATE_MAX], before[STATE_MAX];
    char why[256];
    move_t m = MOVE_NONE;
    load(st, CROSS);
    memcpy(before, st, G->state_size);
    ck_assert_int_eq(parse(st, b->tok, &m, why, sizeof why), b->expect);
    if (b->why)
        ck_assert_str_eq(why, b->why);
    else
        ck_assert_int_gt((int)strlen(why), 0);
    ck_assert_int_eq(memcmp(before, st, G->state_size), 0);
}
END_TEST

/* Huge tokens: a long capture list is counted, never stored past 5. */
START_TEST(test_hostile_long_moves)
{
    unsigned char st[STATE_MAX];
    char why[256];
    move_t m;
    size_t k = 60000, n = 5 + 3 * k;
    char *s = malloc(n + 1);
    ck_assert_ptr_nonnull(s);
    load(st, CROSS);
    memcpy(s, "c3=b3", 5);
    for (size_t i = 0; i < k; i++)
        memcpy(s + 5 + 3 * i, "+c2", 3);
    s[n] = '\0';
    ck_assert_int_eq(parse(st, s, &m, why, sizeof why), MOVE_PARSE_ILLEGAL);
    ck_assert_str_eq(why, "at most 4 dice can be captured");
    memset(s, 'c', n);
    s[n] = '\0';
    ck_assert_int_eq(parse(st, s, &m, why, sizeof why), MOVE_PARSE_SYNTAX);
    free(s);
}
END_TEST

static const char *const BAD_POSITIONS[] = {
    "",
    "cephalopod",
    "cephalopod:",
    "Cephalopod:3x3:W:....../....../......",
    "dvonn:3x3:W:....../....../......",
    "cephalopod:3x3",
    "cephalopod:3x3:",
    "cephalopod:3x3:W",
    "cephalopod:3x3:W:",
    "cephalopod:3x3:X:....../....../......",
    "cephalopod:3x3:WB:....../....../......",
    "cephalopod:3:W:....../....../......",
    "cephalopod:3y3:W:....../....../......",
    "cephalopod:0x3:W:",
    "cephalopod:1x0:W:",
    "cephalopod:1x9:W:../../../../../../../../..",
    "cephalopod:1x3:W:../..",
    "cephalopod:1x3:W:..../../..",
    "cephalopod:3x1:W:....",
    "cephalopod:9x9:W:..",
    "cephalopod:10x10:W:..",
    "cephalopod:3x3x3:W:....../....../......",
    "cephalopod:3x3:W:....../......",
    "cephalopod:3x3:W:....../....../....../......",
    "cephalopod:3x3:W:....../....../....../",
    "cephalopod:3x3:W:....../....../......./",
    "cephalopod:3x3:W:....../....../.......",
    "cephalopod:3x3:W:....../....../.....",
    "cephalopod:3x3:W:......//......",
    "cephalopod:3x3:W:....../......./.....",
    "cephalopod:3x3:W:W7..../....../......",
    "cephalopod:3x3:W:W0..../....../......",
    "cephalopod:3x3:W:X1..../....../......",
    "cephalopod:3x3:W:1W..../....../......",
    "cephalopod:3x3:W:.W..../....../......",
    "cephalopod:3x3:W:W...../....../......",
    "cephalopod:3x3:W:....../....../...... ",
    "cephalopod:3x3:W:....../....../......\n",
    " cephalopod:3x3:W:....../....../......",
    "cephalopod:3x3:W:\xff\xff..../....../......",
    /* reachability: all 1s means no capture yet */
    "cephalopod:3x3:B:....../....../......",
    "cephalopod:3x3:W:W1..../....../......",
    "cephalopod:3x3:B:B1..../....../......",
    "cephalopod:3x3:W:W1W1../....../......",
    "cephalopod:3x3:B:W1B1../....../......",
    "cephalopod:3x3:B:W1W1W1/W1B1B1/B1B1B1",
};

START_TEST(test_hostile_positions)
{
    unsigned char st[STATE_MAX];
    struct sbuf err = SBUF_INIT;
    const char *s = BAD_POSITIONS[_i];
    ck_assert_int_eq(G->from_string(st, s, &err), -1);
    ck_assert_int_gt((int)err.len, 0);
    ck_assert_ptr_null(strchr(sbuf_str(&err), '\n'));
    ck_assert_int_eq(G->from_string(st, s, NULL), -1);
    sbuf_free(&err);
}
END_TEST

START_TEST(test_position_reasons)
{
    unsigned char st[STATE_MAX];
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(G->from_string(st, "cephalopod:3x3:W:W7..../....../"
                                    "......", &err), -1);
    ck_assert_str_eq(sbuf_str(&err),
                     "bad cell a3: expected .., W1..W6 or B1..B6");
    sbuf_reset(&err);
    ck_assert_int_eq(G->from_string(st, "cephalopod:3x3:W:....../......",
                                    &err), -1);
    ck_assert_str_eq(sbuf_str(&err), "expected 3 rows");
    sbuf_reset(&err);
    ck_assert_int_eq(G->from_string(st, "cephalopod:3x3:B:....../....../"
                                    "......", &err), -1);
    ck_assert_str_eq(sbuf_str(&err), "impossible position: with no capture "
                     "yet, white must have one die more than black");
    sbuf_reset(&err);
    ck_assert_int_eq(G->from_string(st, "cephalopod:3x3:W:W1..../....../"
                                    "......", &err), -1);
    ck_assert_str_eq(sbuf_str(&err), "impossible position: with no capture "
                     "yet, white must have as many dice as black");
    sbuf_free(&err);
}
END_TEST

/* Accepted non-canonical forms print canonically. */
START_TEST(test_position_lenient_forms)
{
    unsigned char st[STATE_MAX];
    char pos[128];
    load(st, "cephalopod:3X3:b:w1..../....../......");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:3x3:B:W1..../....../......");
    load(st, "cephalopod:3x3:B:....../..B6../......");
    load(st, "cephalopod:3x3:W:W1B1../....../......");
    load(st, "cephalopod:3x3:B:W1B1W1/B1W1B1/W1B1W1");
    ck_assert_int_eq(G->outcome(st, NULL), GAME_WIN_FIRST);
}
END_TEST

static const char *const BAD_SETUPS[] = {
    "", "5", "x5", "5x", "9x9", "0x0", "0x1", "1x0", "1x9", "9x1", "0x5", "5x9", "5x55",
    "55x5", "5x5x5", "5*5", "abc", "5x5 ", " 5x5", "-5x5", "\xff",
};

START_TEST(test_hostile_setup)
{
    unsigned char st[STATE_MAX];
    struct sbuf err = SBUF_INIT;
    char *argv[1] = { (char *)BAD_SETUPS[_i] };
    ck_assert_int_eq(G->setup(st, 1, argv, 7, &err), -1);
    ck_assert_int_gt((int)err.len, 0);
    sbuf_free(&err);
}
END_TEST

START_TEST(test_setup_forms)
{
    unsigned char st[STATE_MAX];
    char pos[256];
    struct sbuf err = SBUF_INIT;
    setup_size(st, NULL);
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:5x5:W:........../........../"
                          "........../........../..........");
    setup_size(st, "3X5");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:3x5:W:....../....../....../"
                          "....../......");
    setup_size(st, "2x8");
    setup_size(st, "1x1");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:1x1:W:..");
    setup_size(st, "1x5");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:1x5:W:../../../../..");
    setup_size(st, "5x1");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:5x1:W:..........");
    setup_size(st, "8x2");
    pos_str(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "cephalopod:8x2:W:................/"
                          "................");
    char *two[2] = { (char *)"5x5", (char *)"5x5" };
    ck_assert_int_eq(G->setup(st, 2, two, 0, &err), -1);
    ck_assert_str_eq(sbuf_str(&err),
                     "expected at most one argument, the size WxH");
    ck_assert_int_eq(G->setup(st, 2, two, 0, NULL), -1);
    sbuf_free(&err);
    /* setups of different sizes hash differently */
    unsigned char other[STATE_MAX];
    setup_size(st, "3x5");
    setup_size(other, "5x3");
    ck_assert_uint_ne(G->hash(st), G->hash(other));
    setup_size(st, "1x5");
    setup_size(other, "5x1");
    ck_assert_uint_ne(G->hash(st), G->hash(other));
    ck_assert_uint_ne(G->hash_symmetric(st), G->hash_symmetric(other));
    /* the error names the sizes allowed */
    char *big[1] = { (char *)"9x1" };
    ck_assert_int_eq(G->setup(st, 1, big, 0, &err), -1);
    ck_assert_str_eq(sbuf_str(&err),
                     "expected a size WxH with W and H from 1 to 8");
    sbuf_free(&err);
}
END_TEST

/* ---- diagram ----------------------------------------------------------- */

static void check_diagram_shape(const char *s)
{
    size_t n = strlen(s);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(s[n - 1], '\n');
    ck_assert_ptr_null(strstr(s, "\n\n"));
    ck_assert_ptr_null(strstr(s, " \n"));
    ck_assert_int_ne(s[0], '\n');
}

START_TEST(test_show)
{
    unsigned char st[STATE_MAX];
    struct sbuf out = SBUF_INIT;
    struct show_info info = { "c3=b3+c2+d3", 7, false };
    load(st, CROSS);
    play_tok(st, "c3=b3+c2+d3");
    G->show(st, &info, &out);
    check_diagram_shape(sbuf_str(&out));
    ck_assert_str_eq(sbuf_str(&out),
                     "Cephalopod 5x5\n"
                     "5 .  .  .  .  .\n"
                     "4 .  .  W3 .  .\n"
                     "3 .  .  W4 .  .\n"
                     "2 .  .  .  .  .\n"
                     "1 .  .  .  .  .\n"
                     "  a  b  c  d  e\n"
                     "dice: white 2, black 0; empty cells 23\n"
                     "ply 7, black to move, last move c3=b3+c2+d3\n");
    sbuf_reset(&out);
    info.color = true;
    info.last_move = NULL;
    G->show(st, &info, &out);
    check_diagram_shape(sbuf_str(&out));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "\033["));
    sbuf_reset(&out);
    load(st, "cephalopod:3x3:B:W1W1W1/W1W6W1/B6W6B6");
    info.color = false;
    G->show(st, &info, &out);
    check_diagram_shape(sbuf_str(&out));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out),
                                 "ply 7, game over: white wins by 5\n"));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "3 W1 W1 W1\n"));
    /* boards one cell wide, a column and a row: a1, the far end, then
     * the capture of both between them */
    static const struct {
        const char *size, *far, *capture, *rows;
    } line[] = {
        { "1x3", "a3", "a2=a1+a3", "3 .\n2 W2\n1 .\n  a\n" },
        { "3x1", "c1", "b1=a1+c1", "1 .  W2 .\n  a  b  c\n" },
    };
    for (size_t i = 0; i < NELEM(line); i++) {
        sbuf_reset(&out);
        setup_size(st, line[i].size);
        play_tok(st, "a1");
        play_tok(st, line[i].far);
        play_tok(st, line[i].capture);
        info.ply = 3;
        info.last_move = line[i].capture;
        G->show(st, &info, &out);
        check_diagram_shape(sbuf_str(&out));
        char want[256];
        snprintf(want, sizeof want, "Cephalopod %s\n%s"
                 "dice: white 1, black 0; empty cells 2\n"
                 "ply 3, black to move, last move %s\n", line[i].size,
                 line[i].rows, line[i].capture);
        ck_assert_str_eq(sbuf_str(&out), want);
    }
    sbuf_free(&out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cephalopod_text");
    TCase *tc = tcase_create("input");
    suite_add_tcase(s, tc);
    tcase_add_loop_test(tc, test_hostile_moves, 0, NELEM(BAD_MOVES));
    tcase_add_test(tc, test_hostile_long_moves);
    tcase_add_loop_test(tc, test_hostile_positions, 0, NELEM(BAD_POSITIONS));
    tcase_add_test(tc, test_position_reasons);
    tcase_add_test(tc, test_position_lenient_forms);
    tcase_add_loop_test(tc, test_hostile_setup, 0, NELEM(BAD_SETUPS));
    tcase_add_test(tc, test_setup_forms);
    tc = tcase_create("diagram");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_show);
    return tap_main(s);
}
