/* check_dvonn_text.c -- DVONN's text against doc/games/dvonn.md and
 * doc/protocol.md: notation spellings, position strings and setup, hostile
 * input, the diagram. */
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

/* ---- notation (doc/games/dvonn.md) ---------------------------------- */

START_TEST(test_notation_spellings)
{
    struct pos p;
    char s[4096];
    test_setup_plies(&p, 49);
    static const char *const same[] = { "A2A1", "a2a1", "A2-A1", "a2-a1",
                                        "A2-a1" };
    move_t first = MOVE_NONE;
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        move_t m;
        struct sbuf why = SBUF_INIT;
        ck_assert_int_eq(G->parse_move(p.b, same[i], &m, &why),
                         MOVE_PARSE_OK);
        if (i == 0)
            first = m;
        ck_assert_uint_eq(m, first);
        char buf[MOVE_STR_MAX];
        G->format_move(p.b, m, buf);
        ck_assert_str_eq(buf, "A2A1");
        sbuf_free(&why);
    }
    ck_assert_uint_ne(first, MOVE_NONE);
    setup_args(&p, 0, NULL, 0);
    move_t m;
    struct sbuf why = SBUF_INIT;
    ck_assert_int_eq(G->parse_move(p.b, "k5", &m, &why), MOVE_PARSE_OK);
    G->format_move(p.b, m, s);
    ck_assert_str_eq(s, "K5");
    sbuf_free(&why);
}
END_TEST

/* Not DVONN tokens at all, or cells off the board: syntax errors. */
static const char *const BAD_TOKENS[] = {
    "", "E", "E33", "Z9", "A5", "K1", "L3", "E0", "E6", "3E", "E3F4G5",
    "E3--F4", "e3-f4x", "E3_F4", "pass1", "PAS", "passs", " E3", "E3 ",
    "E3F", "E3-", "-E3F4", "\xff\x01", "E3\xc3\xa9", "A1K5K5",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "resign", "E3:F4", "E3 F4", "A1A6"
};

START_TEST(test_hostile_moves)
{
    struct pos p;
    for (int k = 0; k < 2; k++) {
        if (k == 0)
            setup_args(&p, 0, NULL, 0);
        else
            test_setup_plies(&p, 49);
        struct sbuf why = SBUF_INIT;
        move_t m = MOVE_NONE;
        ck_assert_int_eq(G->parse_move(p.b, BAD_TOKENS[_i], &m, &why),
                         MOVE_PARSE_SYNTAX);
        ck_assert_uint_gt(strlen(sbuf_str(&why)), 0);
        ck_assert_ptr_null(strchr(sbuf_str(&why), '\n'));
        sbuf_free(&why);
    }
    char *huge = malloc(1 << 20);
    memset(huge, 'E', (1 << 20) - 1);
    huge[(1 << 20) - 1] = '\0';
    move_t m;
    struct sbuf why = SBUF_INIT;
    ck_assert_int_eq(G->parse_move(p.b, huge, &m, &why), MOVE_PARSE_SYNTAX);
    sbuf_free(&why);
    free(huge);
}
END_TEST

/* ---- position strings (doc/games/dvonn.md) -------------------------- */

/* Malformed or impossible positions; each must be rejected. */
struct bad_pos {
    const char *phase, *side, *spec;   /* spec as mkpos, or NULL: raw */
    const char *raw;
    const char *reason;                /* part of the expected reason */
};

static const struct bad_pos BAD_POSITIONS[] = {
    { NULL, NULL, NULL, "", "expected dvonn" },
    { NULL, NULL, NULL, "dvonn", "expected dvonn" },
    { NULL, NULL, NULL, "dvonn:", "phase" },
    { NULL, NULL, NULL, "DVONN:P:W:.", "expected dvonn" },
    { NULL, NULL, NULL, "cephalopod:3x3:W:......", "expected dvonn" },
    { NULL, NULL, NULL, "dvonn:X:W:.", "phase" },
    { NULL, NULL, NULL, "dvonn:PP:W:.", "phase" },
    { NULL, NULL, NULL, "dvonn:P:", "side" },
    { NULL, NULL, NULL, "dvonn:P:Q:.", "side" },
    { NULL, NULL, NULL, "dvonn:P:W", "side" },
    { NULL, NULL, NULL, "dvonn:P:W:", "blank" },
    { NULL, NULL, NULL, "dvonn:P:W:.,.,.", "expected 49 cells" },
    { NULL, NULL, NULL, "dvonn:P:W:.,", "blank" },
    { "P", "B", "A1=X", NULL, "bad character" },
    { "P", "B", "A1=.R", NULL, "bad character" },
    { "P", "B", "A1=R.", NULL, "bad character" },
    { "S", "W", "A1=RRRR", NULL, "more than 3 red" },
    { "S", "W", "A1=R B1=R C1=R D1=WWWWWWWWWWWWWWWWWWWWWWWW", NULL,
      "more than 23 white" },
    { "S", "W", "A1=R B1=R C1=R D1=BBBBBBBBBBBBBBBBBBBBBBBB", NULL,
      "more than 23 black" },
    /* stacking phase */
    { "S", "W", "A1=R B1=R", NULL, "3 DVONN" },
    { "S", "W", "A1=R B1=R C1=WR", NULL, "cannot top" },
    { "S", "W", "A1=R B1=R C1=R E3=W", NULL, "not connected" },
    { "S", "W", "A1=R B1=WB C1=R D1=R E3=BW", NULL, "not connected" },
    /* placement phase */
    { "P", "W", "A1=RW", NULL, "no stacks" },
    { "P", "B", "A1=R B1=R C1=R D1=B", NULL, "white places piece 5" },
    { "P", "W", "A1=R B1=R C1=W", NULL, "expect 3 red, 0 white, 0 black" },
    { "P", "W", "A1=R B1=R C1=R D1=W", NULL, "expect 3 red, 0 white, 1 black"},
    { "P", "W", "A1=R", NULL, "black places piece 2" },
    { "P", "W", "A1=R B1=B", NULL, "expect 2 red" },
    { "P", "W", "A1=W", NULL, "expect 1 red" },
};

static void fill_full_board(char *out, size_t n, char phase, char side,
                            int swap_first)
{
    /* 3 red, 23 white, 23 black on all 49 cells. */
    int len = snprintf(out, n, "dvonn:%c:%c:", phase, side);
    for (int c = 0; c < 49; c++) {
        char ch = c < 3 ? 'R' : (c & 1) ? 'W' : 'B';
        if (swap_first && c == 48)
            ch = 'W';
        len += snprintf(out + len, n - (size_t)len, "%s%c", c ? "," : "", ch);
    }
}

START_TEST(test_bad_positions)
{
    const struct bad_pos *b = &BAD_POSITIONS[_i];
    char s[4096];
    struct pos p;
    struct sbuf err = SBUF_INIT;
    if (b->spec)
        mkpos(s, sizeof s, b->phase, b->side, b->spec);
    else
        snprintf(s, sizeof s, "%s", b->raw);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_msg(strstr(sbuf_str(&err), b->reason) != NULL,
                  "%s: reason '%s' lacks '%s'", s, sbuf_str(&err), b->reason);
    ck_assert_ptr_null(strchr(sbuf_str(&err), '\n'));
    sbuf_free(&err);
}
END_TEST

START_TEST(test_full_board_positions)
{
    char s[4096];
    struct pos p;
    struct sbuf err = SBUF_INIT;
    fill_full_board(s, sizeof s, 'S', 'W', 0);
    load(&p, s);
    fill_full_board(s, sizeof s, 'S', 'B', 0);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "white makes the first"));
    sbuf_reset(&err);
    fill_full_board(s, sizeof s, 'P', 'W', 0);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "full board"));
    sbuf_reset(&err);
    fill_full_board(s, sizeof s, 'S', 'W', 1);   /* 24 white */
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "more than 23 white"));
    sbuf_free(&err);
    /* A valid placement position, lower case accepted, printed upper. */
    char want[4096];
    mkpos(s, sizeof s, "p", "b", "A1=r B1=r C1=r D1=b E1=w");
    load(&p, s);
    pos_str(&p, s, sizeof s);
    mkpos(want, sizeof want, "P", "B", "A1=R B1=R C1=R D1=B E1=W");
    ck_assert_str_eq(s, want);
    ck_assert_int_eq(G->side_to_move(p.b), 1);
    play_tok(&p, "F1");
    play_tok(&p, "G1");
    pos_str(&p, s, sizeof s);
    ck_assert(strncmp(s, "dvonn:P:B:R,R,R,B,W,B,W,.", 25) == 0);
}
END_TEST

/* 48, 50 and 49-plus-trailing-comma fields are all wrong counts. */
START_TEST(test_field_counts)
{
    static const int nfields[] = { 1, 48, 50, 49 };
    char s[4096];
    struct pos p;
    struct sbuf err = SBUF_INIT;
    int len = snprintf(s, sizeof s, "dvonn:P:W:");
    for (int i = 0; i < nfields[_i]; i++)
        len += snprintf(s + len, sizeof s - (size_t)len, "%s.", i ? "," : "");
    if (_i == 3)
        strcat(s, ",");
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "expected 49 cells"));
    sbuf_free(&err);
    if (_i == 3) {                  /* without the comma it is fine */
        s[len] = '\0';
        load(&p, s);
    }
}
END_TEST

START_TEST(test_hostile_positions)
{
    struct pos p;
    struct sbuf err = SBUF_INIT;
    size_t n = 1 << 20;
    char *s = malloc(n + 1);
    strcpy(s, "dvonn:S:W:");
    memset(s + 10, 'W', n - 10);
    s[n] = '\0';
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    sbuf_reset(&err);
    memset(s + 10, ',', n - 10);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    sbuf_reset(&err);
    for (size_t i = 10; i < n; i++)
        s[i] = (char)(i * 131 + 7);
    s[n - 1] = '\0';
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_uint_gt(strlen(sbuf_str(&err)), 0);
    free(s);
    sbuf_free(&err);
}
END_TEST

/* ---- setup (doc/protocol.md, doc/games/dvonn.md) -------------------- */

START_TEST(test_setup_random)
{
    struct pos a, b;
    char sa[4096], sb[4096];
    setup_args(&a, 1, "random=12345", 0);
    setup_args(&b, 1, "random=12345", 99);
    pos_str(&a, sa, sizeof sa);
    pos_str(&b, sb, sizeof sb);
    ck_assert_str_eq(sa, sb);
    ck_assert(strncmp(sa, "dvonn:S:W:", 10) == 0);
    int n[3] = { 0, 0, 0 };
    for (const char *c = sa + 10; *c; c++)
        n[0] += *c == 'W', n[1] += *c == 'B', n[2] += *c == 'R';
    ck_assert_int_eq(n[0], 23);
    ck_assert_int_eq(n[1], 23);
    ck_assert_int_eq(n[2], 3);
    setup_args(&b, 1, "random=12346", 0);
    pos_str(&b, sb, sizeof sb);
    ck_assert_str_ne(sa, sb);
    /* Without SEED the engine's seed decides. */
    setup_args(&b, 1, "random", 12345);
    pos_str(&b, sb, sizeof sb);
    ck_assert_str_eq(sa, sb);
    ck_assert_uint_eq(G->hash(b.b), G->hash_full(b.b));
    setup_args(&b, 1, "random=18446744073709551615", 0);
    setup_args(&b, 1, "random=0", 0);
}
END_TEST

static const char *const BAD_SETUP[] = {
    "random=", "random=-1", "random=18446744073709551616", "random=12a",
    "random= 1", "randomx", "RANDOM", "random=+5", "5x5", "", "random=0x10",
    "random=99999999999999999999999999"
};

START_TEST(test_setup_bad_args)
{
    struct pos p;
    struct sbuf err = SBUF_INIT;
    char arg[64];
    snprintf(arg, sizeof arg, "%s", BAD_SETUP[_i]);
    char *argv[2] = { arg, arg };
    ck_assert_int_eq(G->setup(p.b, 1, argv, 0, &err), -1);
    ck_assert_uint_gt(strlen(sbuf_str(&err)), 0);
    sbuf_reset(&err);
    ck_assert_int_eq(G->setup(p.b, 2, argv, 0, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "too many"));
    sbuf_free(&err);
}
END_TEST

/* ---- diagram -------------------------------------------------------- */

static void check_diagram(const char *d)
{
    ck_assert(*d != '\0');
    ck_assert(d[strlen(d) - 1] == '\n');
    ck_assert_ptr_null(strstr(d, "\n\n"));
    ck_assert(d[0] != '\n');
    ck_assert_ptr_null(strstr(d, " \n"));
}

START_TEST(test_show)
{
    struct pos p;
    struct sbuf out = SBUF_INIT;
    struct show_info info = { NULL, 0, false };
    setup_args(&p, 0, NULL, 0);
    G->show(p.b, &info, &out);
    check_diagram(sbuf_str(&out));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "placement"));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "last move none"));
    sbuf_reset(&out);
    test_setup_plies(&p, 49);
    play_tok(&p, "A2A1");
    struct show_info info2 = { "A2A1", 50, false };
    G->show(p.b, &info2, &out);
    const char *d = sbuf_str(&out);
    check_diagram(d);
    ck_assert_ptr_null(strchr(d, '\033'));
    ck_assert_ptr_nonnull(strstr(d, "5              W1    B1    W1"));
    ck_assert_ptr_nonnull(strstr(d, "1              W2"));
    ck_assert_ptr_nonnull(strstr(d, "R1*"));
    ck_assert_ptr_nonnull(strstr(d, "black to move"));
    ck_assert_ptr_nonnull(strstr(d, "white 24, black 22"));
    ck_assert_ptr_nonnull(strstr(d, "move 50, last move A2A1"));
    ck_assert_ptr_nonnull(strstr(d, "A     B     C"));
    sbuf_reset(&out);
    struct show_info info3 = { "A2A1", 50, true };
    G->show(p.b, &info3, &out);
    check_diagram(sbuf_str(&out));
    ck_assert_ptr_nonnull(strchr(sbuf_str(&out), '\033'));
    sbuf_reset(&out);
    load_spec(&p, "S", "W", "C3=BBW D3=R E3=WWWB K5=R I1=R");
    G->show(p.b, &info, &out);
    check_diagram(sbuf_str(&out));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "game over"));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "W3 "));
    sbuf_free(&out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dvonn_text");
    TCase *tc = tcase_create("text");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_notation_spellings);
    tcase_add_loop_test(tc, test_hostile_moves, 0,
                        (int)(sizeof BAD_TOKENS / sizeof BAD_TOKENS[0]));
    tcase_add_loop_test(tc, test_bad_positions, 0,
                        (int)(sizeof BAD_POSITIONS / sizeof BAD_POSITIONS[0]));
    tcase_add_test(tc, test_full_board_positions);
    tcase_add_loop_test(tc, test_field_counts, 0, 4);
    tcase_add_test(tc, test_hostile_positions);
    tcase_add_test(tc, test_setup_random);
    tcase_add_loop_test(tc, test_setup_bad_args, 0,
                        (int)(sizeof BAD_SETUP / sizeof BAD_SETUP[0]));
    tcase_add_test(tc, test_show);
    return tap_main(s);
}
