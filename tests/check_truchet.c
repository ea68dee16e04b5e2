/* check_truchet.c -- Truchet's rules, each in a hand-made position: steps
 * along links, flips, splits, merges, the a8 question, the end of the game. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap_main.h"
#include "truchettest.h"

/* ------------------------------------------------------------------ */
/* Each rule in a hand-made position                                   */
/* ------------------------------------------------------------------ */

/* The tokens of the position that match a prefix, space separated. */
static char *tokens_with(const union pos *p, const char *prefix)
{
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    struct sbuf out = SBUF_INIT;
    for (int i = 0; i < ml->n; i++)
        if (strncmp(ml->tok[i], prefix, strlen(prefix)) == 0) {
            if (out.len)
                sbuf_putc(&out, ' ');
            sbuf_puts(&out, ml->tok[i]);
        }
    mlist_free(ml);
    char *s = strdup(sbuf_str(&out));
    sbuf_free(&out);
    return s;
}

START_TEST(test_step_along_links)
{
    union pos p;
    /* all '/': c3 slides on the a1-h8 diagonal until the stack on f6 */
    load_slash(&p, 'L', "c3L1,f6D1");
    char *s = tokens_with(&p, "c3-");
    ck_assert_str_eq(s, "c3-a1 c3-b2 c3-d4 c3-e5");
    free(s);
    assert_illegal(&p, "c3-g7");   /* cannot jump */
    assert_illegal(&p, "c3-f6");   /* cannot stop on a stack */
    assert_illegal(&p, "c3-d2");   /* not linked */
    assert_illegal(&p, "c3-c3");
    assert_illegal(&p, "f6-g7");   /* not the mover's stack */
    /* a '\' tile links the other diagonal: layout bit of tile c3 */
    char buf[256];
    snprintf(buf, sizeof buf, "truchet:%.16s1%.32s:L:d3L1,h8D1", ALL_SLASH,
             ALL_SLASH);
    load(&p, buf);
    /* d3 joins c4 through it, and both diagonals through d3 and c4 */
    s = tokens_with(&p, "d3-");
    ck_assert_str_eq(s, "d3-a2 d3-b1 d3-b3 d3-c2 d3-c4 d3-d5 d3-e4 d3-e6 "
                     "d3-f5 d3-f7 d3-g6 d3-g8 d3-h7");
    free(s);
}
END_TEST

START_TEST(test_flip_changes_links)
{
    union pos p;
    load_slash(&p, 'L', "a1L1,h1D1");
    ck_assert_int_eq(parse(&p, "a1-h8", NULL), MOVE_PARSE_OK);
    /* flipping b2 cuts b2-c3: a1 reaches b2 only */
    ck_assert_int_eq(parse(&p, "*b2,a1-b2", NULL), MOVE_PARSE_OK);
    assert_illegal(&p, "*b2,a1-c3");
    char *s = tokens_with(&p, "*b2,");
    ck_assert_str_eq(s, "*b2,a1-b2");
    free(s);
    /* flipping c3 cuts c3-d4 */
    s = tokens_with(&p, "*c3,");
    ck_assert_str_eq(s, "*c3,a1-b2 *c3,a1-c3");
    free(s);
    /* flipping a tile off the diagonal changes nothing for a1 */
    s = tokens_with(&p, "*d6,");
    ck_assert_str_eq(s, "*d6,a1-b2 *d6,a1-c3 *d6,a1-d4 *d6,a1-e5 "
                     "*d6,a1-f6 *d6,a1-g7 *d6,a1-h8");
    free(s);
    /* a flipped tile links the other diagonal: *d3 joins e3 and d4 */
    load_slash(&p, 'L', "d2L1,h1D1");
    ck_assert_int_eq(parse(&p, "*d3,d2-d4", NULL), MOVE_PARSE_OK);
    ck_assert_int_eq(parse(&p, "*d3,d2-a1", NULL), MOVE_PARSE_OK);
    assert_illegal(&p, "d2-d4");
    /* the flip is played: tile d3 is the 18th layout character */
    play(&p, "*d3,d2-d4");
    char *ps = pos_string(&p);
    ck_assert_int_eq(ps[8 + 2 * 7 + 3], '1');
    ck_assert_str_eq(strrchr(ps, ':') + 1, "d4L1,h1D1");
    free(ps);
}
END_TEST

START_TEST(test_flip_blocked)
{
    union pos p;
    /* d4 blocks tiles c3 d3 c4 d4; h8 blocks g7; a1 blocks a1 */
    load_slash(&p, 'L', "a1D1,d4L1,h8D1");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    ck_assert_int_eq(count_flips(ml), 49 - 6);
    mlist_free(ml);
    const char *blocked[] = { "*c3,d4-e5", "*d3,d4-e5", "*c4,d4-e5",
                              "*d4,d4-e5" };
    for (int i = 0; i < 4; i++)
        assert_illegal(&p, blocked[i]);
    ck_assert_int_eq(parse(&p, "*e4,d4-c3", NULL), MOVE_PARSE_OK);
    ck_assert_int_eq(parse(&p, "*b3,d4-e5", NULL), MOVE_PARSE_OK);
    /* a stack on any single corner blocks the tile */
    static const char *const corners[] = { "e5L1", "f5L1", "e6L1",
                                           "f6L1" };
    for (int i = 0; i < 4; i++) {
        char st[64];
        snprintf(st, sizeof st, "a1D1,%s", corners[i]);
        load_slash(&p, 'L', st);
        char tok[16];
        snprintf(tok, sizeof tok, "*e5,%.2s-%c%c", corners[i],
                 corners[i][0] - 1, corners[i][1] - 1);
        assert_illegal(&p, tok);
    }
}
END_TEST

START_TEST(test_border_tiles)
{
    union pos p;
    load_slash(&p, 'L', "d4L1,h8D1");
    /* tiles are a1..g7; border tiles have no name and never flip */
    static const char *const bad[] = { "*h1,d4-e5", "*a8,d4-e5",
                                       "*h8,d4-e5", "*a0,d4-e5" };
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(parse(&p, bad[i], NULL), MOVE_PARSE_SYNTAX);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    for (int i = 0; i < ml->n; i++)
        if (ml->tok[i][0] == '*') {
            ck_assert(ml->tok[i][1] >= 'a' && ml->tok[i][1] <= 'g');
            ck_assert(ml->tok[i][2] >= '1' && ml->tok[i][2] <= '7');
        }
    mlist_free(ml);
    /* a1 on the edge: only the central tile a1 links it, border none */
    char buf[256];
    snprintf(buf, sizeof buf, "truchet:1%s:L:a1L1,h8D1", ZEROS48);
    load(&p, buf);
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_WIN_SECOND);
}
END_TEST

START_TEST(test_split_rules)
{
    union pos p;
    /* d4 L3: west own, north enemy 3 (out of reach), east enemy 2 */
    load_slash(&p, 'L', "c4L1,d4L3,d5D3,e4D2,h8D1");
    char *s = tokens_with(&p, "d4>");
    ck_assert_str_eq(s, "d4>ees");
    free(s);
    assert_illegal(&p, "d4>wes");    /* never onto an own stack */
    assert_illegal(&p, "d4>nes");    /* 1 chip cannot capture 3 */
    assert_illegal(&p, "d4>es");     /* letters must match the height */
    assert_illegal(&p, "d4>eeee");
    assert_illegal(&p, "c4>es");     /* height 1 cannot split */
    ck_assert_int_eq(parse(&p, "d4>ese", NULL), MOVE_PARSE_OK);
    /* split onto the edge */
    load_slash(&p, 'L', "a1L2,h8D1");
    s = tokens_with(&p, "a1>");
    ck_assert_str_eq(s, "a1>ne");
    free(s);
    assert_illegal(&p, "a1>ws");
    /* equal height captures; the stack leaves its junction */
    load_slash(&p, 'L', "d4L2,e4D1,h8D1");
    play(&p, "d4>es");
    char *ps = pos_string(&p);
    ck_assert_str_eq(strrchr(ps, ':') + 1, "d3L1,e4L1,h8D1");
    free(ps);
    /* height 4 splits in 31 ways on an open board */
    load_slash(&p, 'L', "d4L4,h8D1");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int k[5];
    count_kinds(ml, k);
    ck_assert_int_eq(k[T_SPLIT], 31);
    mlist_free(ml);
}
END_TEST

/* The tokens of *p beginning with prefix are want (tokens_with). */
static void assert_tokens(const union pos *p, const char *prefix,
                          const char *want)
{
    char *s = tokens_with(p, prefix);
    ck_assert_str_eq(s, want);
    free(s);
}

/* The junction north of a8 (doc/games/truchet.md, "Decisions"): the
 * board has none, so a stack on a8 splits only east and south, and no
 * merge or step reaches beyond row 8 (BoardSpace's board would take a
 * split north there). */
START_TEST(test_a8_north)
{
    union pos p;
    load_slash(&p, 'L', "a8L2,h1D1");
    assert_tokens(&p, "a8>", "a8>es");
    static const char *const north[] = { "a8>ns", "a8>ne", "a8>nn",
                                         "a8>nnn" };
    for (int i = 0; i < 4; i++)
        assert_illegal(&p, north[i]);
    /* the same for Dark on a8, and for h8's corner */
    load_slash(&p, 'D', "a8D3,h1L1");
    assert_tokens(&p, "a8>", "a8>ees a8>ess");
    assert_illegal(&p, "a8>nes");
    load_slash(&p, 'L', "h8L2,a1D1");
    assert_tokens(&p, "h8>", "h8>ws");
    assert_illegal(&p, "h8>ne");
}
END_TEST

START_TEST(test_merge_rules)
{
    union pos p;
    /* e5 empty between d5 L2, e6 L1, f5 L1, e4 L3 */
    load_slash(&p, 'L', "d5L2,e4L3,e6L1,f5L1,h1D1");
    char *s = tokens_with(&p, "e5<");
    /* not d5 + e4: 5 chips would pass the height limit */
    ck_assert_str_eq(s, "e5<esss e5<ne e5<nsss e5<wwe e5<wwn e5<wwne");
    free(s);
    ck_assert_int_eq(parse(&p, "e5<wwsss", NULL), MOVE_PARSE_SYNTAX);
    assert_illegal(&p, "e5<wne");    /* d5 has 2 chips */
    assert_illegal(&p, "e5<ww");     /* one stack is no merge */
    assert_illegal(&p, "d5<ne");     /* own target */
    ck_assert_int_eq(parse(&p, "e5<nww", NULL), MOVE_PARSE_OK);
    /* capture with equal height; not with less */
    load_slash(&p, 'L', "d5L1,f5L1,e5D2,a1D1");
    ck_assert_int_eq(parse(&p, "e5<we", NULL), MOVE_PARSE_OK);
    play(&p, "e5<ew");
    char *ps = pos_string(&p);
    ck_assert_str_eq(strrchr(ps, ':') + 1, "a1D1,e5L2");
    free(ps);
    load_slash(&p, 'L', "d5L1,f5L1,e5D3,a1D1");
    assert_illegal(&p, "e5<we");
    load_slash(&p, 'L', "d5L2,f5L2,e5D4,a1D1");
    ck_assert_int_eq(parse(&p, "e5<wwee", NULL), MOVE_PARSE_OK);
    /* sources need not be collinear */
    load_slash(&p, 'L', "d5L1,e6L1,a1D1");
    s = tokens_with(&p, "e5<");
    ck_assert_str_eq(s, "e5<wn");
    free(s);
    s = tokens_with(&p, "d6<");
    ck_assert_str_eq(s, "d6<es");
    free(s);
}
END_TEST

START_TEST(test_step_then_split)
{
    union pos p;
    /* b2 L2 slides to d4 and splits there (from its new junction) */
    load_slash(&p, 'L', "b2L2,d5D1,h1D1");
    ck_assert_int_eq(parse(&p, "b2-d4>ne", NULL), MOVE_PARSE_OK);
    assert_illegal(&p, "b2-d4>nee");
    assert_illegal(&p, "b2-a1>ws");
    play(&p, "b2-d4>ns");
    char *ps = pos_string(&p);
    ck_assert_str_eq(strrchr(ps, ':') + 1, "d3L1,d5L1,h1D1");
    free(ps);
    /* the split after a step never lands on an own stack either */
    load_slash(&p, 'L', "b2L2,e4L1,h1D1");
    assert_illegal(&p, "b2-d4>ne");
    ck_assert_int_eq(parse(&p, "b2-d4>sn", NULL), MOVE_PARSE_OK);
    char *s = tokens_with(&p, "b2-d4>");
    ck_assert_str_eq(s, "b2-d4>ns b2-d4>wn b2-d4>ws");
    free(s);
}
END_TEST

START_TEST(test_step_then_merge)
{
    union pos p;
    /* g6 steps to f5, merges onto f6 with e6 (doc/games/truchet.md) */
    setup_args(&p, "2470377");
    play(&p, "g6-f5+f6<ws");
    char *ps = pos_string(&p);
    ck_assert_ptr_nonnull(strstr(ps, "f6L2"));
    ck_assert_ptr_null(strstr(ps, "g6L"));
    ck_assert_ptr_null(strstr(ps, "e6L"));
    free(ps);
    setup_args(&p, "2470377");
    /* the stepped stack must take part; the vacated g6 is no source */
    assert_illegal(&p, "g6-f5+f6<wn");
    assert_illegal(&p, "g6-f5+f6<se");
    assert_illegal(&p, "g6-f5+g5<nw");
    assert_illegal(&p, "g6-f5+f4<ws");   /* no light stack on e4 */
    assert_illegal(&p, "g6-f5+d5<ee");   /* d5 is not next to f5 */
    /* the step and plain merge tokens are distinct turns */
    union pos q;
    load_slash(&q, 'L', "d5L1,f5L1,h1D1");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &q);
    ck_assert(mlist_has(ml, "e6<ws") == false);
    ck_assert(mlist_has(ml, "e5<we"));
    ck_assert(mlist_has(ml, "d5-e6+e5<ne"));   /* same result as e5<we */
    ck_assert(mlist_has(ml, "d5-e6+e5<wne") == false);   /* d5 vacated */
    ck_assert(mlist_has(ml, "d5-e6+f6<ws"));
    mlist_free(ml);
}
END_TEST

/* ------------------------------------------------------------------ */
/* End of the game                                                     */
/* ------------------------------------------------------------------ */

static void assert_over(const union pos *p, enum game_status want)
{
    int margin = 99;
    ck_assert_int_eq(G->outcome(p->b, &margin), want);
    ck_assert_int_eq(margin, 0);
    move_t mv[8];
    ck_assert_int_eq(G->gen_moves(p->b, mv), 0);
    ck_assert_int_eq(G->count_moves(p->b), 0);
    assert_illegal(p, "a1-b2");
}

START_TEST(test_base_win)
{
    union pos p;
    /* Light holds a1 and c1; f2 slides to e1 */
    load_slash(&p, 'L', "a1L1,c1L1,f2L1,d2D1,h8D1");
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    play(&p, "f2-e1");
    ck_assert_int_eq(G->side_to_move(p.b), 1);
    assert_over(&p, GAME_WIN_FIRST);
    /* two bases are not enough */
    load_slash(&p, 'L', "a1L1,f2L1,d2D1,h8D1");
    play(&p, "f2-e1");
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    /* Dark wins on a8 c8 e8; own bases do not count */
    load_slash(&p, 'D', "a8D1,c8D1,d7D1,a1L1,h1L1");
    play(&p, "d7-e8");
    assert_over(&p, GAME_WIN_SECOND);
    load_slash(&p, 'L', "a1D1,c1D1,d2D1,h8L1");
    play(&p, "h8-g7");
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
}
END_TEST

START_TEST(test_capture_win)
{
    union pos p;
    load_slash(&p, 'L', "d4L2,e4D1");
    play(&p, "d4>es");
    assert_over(&p, GAME_WIN_FIRST);
    load_slash(&p, 'D', "d4D1,f4D1,e4L2");
    play(&p, "e4<we");
    assert_over(&p, GAME_WIN_SECOND);
}
END_TEST

START_TEST(test_stalemate_loss)
{
    char buf[256];
    union pos p;
    /* a1 unlinked (tile a1 is '\'), height 1, alone: Light cannot act */
    snprintf(buf, sizeof buf, "truchet:1%s:L:a1L1,h8D1", ZEROS48);
    load(&p, buf);
    assert_over(&p, GAME_WIN_SECOND);
    snprintf(buf, sizeof buf, "truchet:1%s:D:a1D1,h8L1", ZEROS48);
    load(&p, buf);
    assert_over(&p, GAME_WIN_FIRST);
    /* the same stack with a split left is not stalemated */
    snprintf(buf, sizeof buf, "truchet:1%s:L:a1L2,h8D1", ZEROS48);
    load(&p, buf);
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    /* stacks blocked in by each other */
    load_slash(&p, 'L', "a1L1,b2D1,h8D1");
    assert_over(&p, GAME_WIN_SECOND);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("truchet");
    TCase *tc = tcase_create("rules");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_step_along_links);
    tcase_add_test(tc, test_flip_changes_links);
    tcase_add_test(tc, test_flip_blocked);
    tcase_add_test(tc, test_border_tiles);
    tcase_add_test(tc, test_split_rules);
    tcase_add_test(tc, test_a8_north);
    tcase_add_test(tc, test_merge_rules);
    tcase_add_test(tc, test_step_then_split);
    tcase_add_test(tc, test_step_then_merge);
    tcase_add_test(tc, test_base_win);
    tcase_add_test(tc, test_capture_win);
    tcase_add_test(tc, test_stalemate_loss);
    return tap_main(s);
}
