/* check_truchet_text.c -- Truchet's text: move notation and its spellings,
 * position strings and setup round trips, hostile input, the diagram. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "tap_main.h"
#include "truchettest.h"

/* ------------------------------------------------------------------ */
/* Notation                                                            */
/* ------------------------------------------------------------------ */

/* Swaps the case of letters, and reverses the direction letters. */
static void respell(const char *in, char *out)
{
    size_t n = strlen(in);
    const char *dirs = strpbrk(in, "<>");
    for (size_t i = 0; i < n; i++) {
        char c = in[i];
        if (dirs && in + i > dirs)
            c = in[(size_t)(dirs - in) + n - i];
        out[i] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    out[n] = '\0';
}

static void check_round_trip(const union pos *p)
{
    move_t *mv = malloc(sizeof *mv * (size_t)G->max_moves);
    int n = G->gen_moves(p->b, mv);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    for (int i = 0; i + 1 < ml->n; i++)
        ck_assert_msg(strcmp(ml->tok[i], ml->tok[i + 1]) != 0,
                      "%s twice", ml->tok[i]);
    for (int i = 0; i < n; i++) {
        char tok[MOVE_STR_MAX], alt[MOVE_STR_MAX];
        G->format_move(p->b, mv[i], tok);
        move_t m;
        ck_assert_int_eq(parse(p, tok, &m), MOVE_PARSE_OK);
        ck_assert_msg(m == mv[i], "%s does not round trip", tok);
        respell(tok, alt);
        ck_assert_int_eq(parse(p, alt, &m), MOVE_PARSE_OK);
        ck_assert_msg(m == mv[i], "%s does not parse as %s", alt, tok);
    }
    mlist_free(ml);
    free(mv);
}

START_TEST(test_round_trip_fixed)
{
    union pos p;
    load(&p, MIDGAME);
    check_round_trip(&p);
    setup_args(&p, "3");
    check_round_trip(&p);
    load_slash(&p, 'D', "d4D4,e4L1,c4L3,d5L2,a1D2,b1D2,h8D4");
    check_round_trip(&p);
}
END_TEST

START_TEST(test_spellings)
{
    union pos p;
    setup_args(&p, "2470377");
    move_t a, b;
    ck_assert_int_eq(parse(&p, "g6-f5+f6<wns", &a), MOVE_PARSE_OK);
    ck_assert_int_eq(parse(&p, "G6-F5+F6<SNW", &b), MOVE_PARSE_OK);
    ck_assert(a == b);
    ck_assert_int_eq(parse(&p, "*D4,g6-f5", &a), MOVE_PARSE_OK);
    char tok[MOVE_STR_MAX];
    G->format_move(p.b, a, tok);
    ck_assert_str_eq(tok, "*d4,g6-f5");
    ck_assert_int_eq(parse(&p, "b6<NW", &a), MOVE_PARSE_OK);
    G->format_move(p.b, a, tok);
    ck_assert_str_eq(tok, "b6<wn");
}
END_TEST

/* Every token of a few shapes parses OK exactly when the generator
 * lists it: the legality check and the generator agree. */
static void cross_check(const union pos *p, bool with_flips)
{
    static const char *const sets[] = {
        "wn", "we", "ws", "ne", "ns", "es", "ww", "wwn", "wne", "wns",
        "nes", "wes", "nns", "wee", "sss", "wnes", "wwee", "wwns", "nnss",
        "eees", "wwwn", "wnnn", "wwww", "wwnn", "eess", "wess", "wnee",
    };
    const int nsets = (int)(sizeof sets / sizeof sets[0]);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    int accepted = 0;              /* tokens parsed OK (and so listed) */
    char tok[64];
    for (int a = 0; a < 64; a++) {
        char ja[3] = { (char)('a' + a % 8), (char)('1' + a / 8), 0 };
        for (int i = 0; i < nsets; i++)
            for (int c = 0; c < 2; c++) {
                snprintf(tok, sizeof tok, "%s%c%s", ja, "><"[c], sets[i]);
                bool ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                accepted += ok;
            }
        for (int b = 0; b < 64; b++) {
            char jb[3] = { (char)('a' + b % 8), (char)('1' + b / 8), 0 };
            for (int f = -1; f < (with_flips ? 49 : 0); f++) {
                char fl[8] = "";
                if (f >= 0)
                    snprintf(fl, sizeof fl, "*%c%c,", 'a' + f % 7,
                             '1' + f / 7);
                snprintf(tok, sizeof tok, "%s%s-%s", fl, ja, jb);
                bool ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                accepted += ok;
                if (!ok || f >= 0)
                    continue;
                for (int i = 0; i < nsets; i++) {
                    snprintf(tok, sizeof tok, "%s-%s>%s", ja, jb, sets[i]);
                    ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                    ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                    accepted += ok;
                    for (int d = 0; d < 4; d++) {
                        static const int off[4] = { -1, 8, 1, -8 };
                        int x = b + off[d];
                        if (x < 0 || x >= 64 || (d % 2 == 0 && x / 8 != b / 8))
                            continue;
                        snprintf(tok, sizeof tok, "%s-%s+%c%c<%s", ja, jb,
                                 'a' + x % 8, '1' + x / 8, sets[i]);
                        ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                        ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                        accepted += ok;
                    }
                }
            }
        }
    }
    /* Not vacuous: some of the tried tokens are legal moves (a parser
     * and a generator that both reject everything would agree too), and
     * every token the parser took is a distinct listed move. */
    ck_assert_int_gt(accepted, 0);
    ck_assert_int_le(accepted, ml->n);
    mlist_free(ml);
}

START_TEST(test_parse_agrees_with_generator)
{
    union pos p;
    load(&p, MIDGAME);
    cross_check(&p, true);
    load_slash(&p, 'D', "d4D4,e4L1,c4L3,d5L2,a1D2,b1D2,h8D4");
    cross_check(&p, false);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Position strings and setup                                          */
/* ------------------------------------------------------------------ */

START_TEST(test_position_string)
{
    union pos p, q;
    setup_args(&p, "2470377");
    char *s = pos_string(&p);
    ck_assert_str_eq(s, "truchet:" BITS_2470377 ":L:a1D1,a3D1,a6L1,a8L1,"
                     "b2D1,b7L1,c1D1,c3D1,c6L1,c8L1,d2D1,d7L1,e1D1,e3D1,"
                     "e6L1,e8L1,f2D1,f7L1,g1D1,g3D1,g6L1,g8L1,h2D1,h7L1");
    load(&q, s);
    ck_assert(G->hash(q.b) == G->hash(p.b));
    free(s);
    /* any order and case are accepted; the output is canonical */
    load(&q, "truchet:" ALL_SLASH ":d:H8l4,a1D2,A2d1");
    s = pos_string(&q);
    ck_assert_str_eq(s, "truchet:" ALL_SLASH ":D:a1D2,a2D1,h8L4");
    free(s);
    ck_assert_int_eq(G->side_to_move(q.b), 1);
    /* finished positions that can exist */
    load_slash(&q, 'D', "a1L1,c1L1,e1L1");              /* Dark lost all */
    ck_assert_int_eq(G->outcome(q.b, NULL), GAME_WIN_FIRST);
    load_slash(&q, 'L', "a8D1,c8D1,g8D1,a1L1");         /* Dark holds 3 */
    ck_assert_int_eq(G->outcome(q.b, NULL), GAME_WIN_SECOND);
}
END_TEST

static const char *const bad_positions[] = {
    "",
    "truchet",
    "truchet:",
    "dvonn:" ALL_SLASH ":L:a1L1,h8D1",
    "Truchet:" ALL_SLASH ":L:a1L1,h8D1",
    "truchet:" ALL_SLASH "0:L:a1L1,h8D1",                 /* 50 bits */
    "truchet:000000000000000000000000000000000000000000000000:L:a1L1",
    "truchet:" ALL_SLASH ":X:a1L1,h8D1",
    "truchet:" ALL_SLASH ":L:",
    "truchet:" ALL_SLASH ":L",
    "truchet:" ALL_SLASH "::a1L1,h8D1",
    "truchet:" ALL_SLASH ":L:a1L1,",
    "truchet:" ALL_SLASH ":L:,a1L1",
    "truchet:" ALL_SLASH ":L:a1L1,,h8D1",
    "truchet:" ALL_SLASH ":L:a1L0,h8D1",                  /* height 0 */
    "truchet:" ALL_SLASH ":L:a1L5,h8D1",                  /* height 5 */
    "truchet:" ALL_SLASH ":L:a1L12,h8D1",
    "truchet:" ALL_SLASH ":L:i1L1,h8D1",
    "truchet:" ALL_SLASH ":L:a9L1,h8D1",
    "truchet:" ALL_SLASH ":L:a0L1,h8D1",
    "truchet:" ALL_SLASH ":L:a1X1,h8D1",
    "truchet:" ALL_SLASH ":L:a1L1,a1D1",                  /* duplicate */
    "truchet:" ALL_SLASH ":L:a1L1,h8D1 ",
    "truchet:" ALL_SLASH ":L:a1L1;h8D1",
    "truchet:" ALL_SLASH ":L:a1L4,a2L4,a3L4,a4L1,h8D1",  /* 13 chips */
    "truchet:" ALL_SLASH ":L:a1L1",                  /* Dark moved last?  */
    "truchet:" ALL_SLASH ":D:a1D1",
    "truchet:" ALL_SLASH ":L:a1L1,c1L1,e1L1,h8D1",   /* Light to move, won */
    "truchet:" ALL_SLASH ":D:a8D1,c8D1,e8D1,g8D1,h1L1",
    "truchet:" ALL_SLASH ":L:a1L1,h8D1:",
    "truchet:" ALL_SLASH "2:L:a1L1,h8D1",
};

START_TEST(test_bad_positions)
{
    union pos p;
    struct sbuf err = SBUF_INIT;
    int rc = G->from_string(p.b, bad_positions[_i], &err);
    ck_assert_msg(rc == -1, "accepted %s", bad_positions[_i]);
    ck_assert_msg(err.len > 0 && !strchr(sbuf_str(&err), '\n'),
                  "bad reason for %s", bad_positions[_i]);
    sbuf_free(&err);
}
END_TEST

START_TEST(test_position_prefixes_and_mutations)
{
    char *s;
    union pos p;
    load(&p, MIDGAME);
    s = pos_string(&p);
    size_t n = strlen(s);
    struct sbuf err = SBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        /* a proper prefix is a position only if it ends after a stack */
        char *t = strndup(s, i);
        bool whole = i > 60 && strchr("1234", t[i - 1]) &&
                     strchr("LD", t[i - 2]);
        ck_assert_msg((G->from_string(p.b, t, &err) == 0) == whole,
                      "prefix %s", t);
        free(t);
    }
    struct rng r;
    rng_seed(&r, 42);
    for (int k = 0; k < 20000; k++) {     /* random byte changes */
        char *t = strdup(s);
        int changes = 1 + (int)rng_below(&r, 3);
        for (int c = 0; c < changes; c++)
            t[rng_below(&r, n)] = (char)(rng_below(&r, 255) + 1);
        sbuf_reset(&err);
        if (G->from_string(p.b, t, &err) == 0) {
            ck_assert(G->hash(p.b) == G->hash_full(p.b));
            char *u = pos_string(&p);
            union pos q;
            load(&q, u);
            char *v = pos_string(&q);
            ck_assert_str_eq(u, v);
            free(u);
            free(v);
        } else {
            ck_assert_int_gt((int)err.len, 0);
        }
        free(t);
    }
    sbuf_free(&err);
    free(s);
}
END_TEST

static const char *const bad_moves[] = {
    "", "*", "*a1", "*a1,", "*a1,a", "a", "a1", "a1-", "a1-b", "a1-b2+",
    "a1-b2+b3", "a1-b2+b3<", "a1-b2+b3<w", "a1>", "a1>w", "a1>x", "a1<",
    "a1<ww ", " a1<wn", "a1>wwwww", "a1<wnesw", "i1-a1", "a9-a1", "a0>wn",
    "*h1,a1-b2", "*a8,a1-b2", "**a1,a1-b2", "*a1;a1-b2", "a1-b2-c3",
    "a1-b2>", "a1-b2>wx", "a1-b2+c3<wn", "pass", "resign", "a1\xff",
    "\xc3\xa9", "a1-b2\n", "a1-b2+b3<wn,", "*a1,*b1,a1-b2",
};

START_TEST(test_hostile_moves)
{
    union pos p;
    load(&p, MIDGAME);
    const char *s = bad_moves[_i];
    move_t m = 12345;
    enum move_parse r = parse(&p, s, &m);
    ck_assert_msg(r != MOVE_PARSE_OK, "accepted '%s'", s);
    setup_args(&p, "0");
    ck_assert_msg(parse(&p, s, NULL) != MOVE_PARSE_OK, "accepted '%s'", s);
}
END_TEST

START_TEST(test_hostile_long_and_random)
{
    union pos p;
    load(&p, MIDGAME);
    size_t n = 1 << 20;
    char *big = malloc(n + 1);
    memset(big, 'w', n);
    big[n] = '\0';
    memcpy(big, "b4>", 3);
    ck_assert_int_eq(parse(&p, big, NULL), MOVE_PARSE_SYNTAX);
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(G->from_string(p.b, big, &err), -1);
    char *argv[1] = { big };
    ck_assert_int_eq(G->setup(p.b, 1, argv, 1, &err), -1);
    free(big);
    /* legal tokens with one or two characters changed, cut or extended:
     * whatever parses must be a listed turn */
    static const char alpha[] = "abcdefghi0123456789*,-+<>wnesWNES\x01\xff";
    struct rng r;
    rng_seed(&r, 7);
    load(&p, MIDGAME);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int legal = 0;
    for (int k = 0; k < 100000; k++) {
        char tok[MOVE_STR_MAX + 2];
        strcpy(tok, ml->tok[rng_below(&r, (uint64_t)ml->n)]);
        size_t len = strlen(tok);
        int changes = 1 + (int)rng_below(&r, 2);
        for (int c = 0; c < changes; c++)
            tok[rng_below(&r, len)] = alpha[rng_below(&r, sizeof alpha - 1)];
        if (rng_below(&r, 4) == 0)
            tok[rng_below(&r, len)] = '\0';
        else if (rng_below(&r, 4) == 0)
            strcpy(tok + len, "w");
        move_t m;
        if (parse(&p, tok, &m) == MOVE_PARSE_OK) {
            char canon[MOVE_STR_MAX];
            G->format_move(p.b, m, canon);
            ck_assert_msg(mlist_has(ml, canon), "%s", tok);
            legal++;
        }
    }
    ck_assert_int_gt(legal, 1000);
    mlist_free(ml);
    sbuf_free(&err);
}
END_TEST

static const char *const bad_setups[] = {
    "abc", "12a", "", "-", "+", "1.5", " 1", "1 ", "0x10",
    "9223372036854775808", "-9223372036854775809",
    "99999999999999999999999", "layout=", "layout=0101",
    "layout=" ALL_SLASH "0", "layout=" ALL_SLASH " ",
    "layout=000000000000000000000000000000000000000000000000x",
    ("Layout=" ALL_SLASH), "key=5",
};

START_TEST(test_bad_setups)
{
    union pos p;
    struct sbuf err = SBUF_INIT;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", bad_setups[_i]);
    char *argv[1] = { buf };
    ck_assert_msg(G->setup(p.b, 1, argv, 3, &err) == -1, "accepted %s",
                  bad_setups[_i]);
    ck_assert_int_gt((int)err.len, 0);
    sbuf_free(&err);
}
END_TEST

START_TEST(test_setup_forms)
{
    union pos p, q;
    struct sbuf err = SBUF_INIT;
    char a0[] = "1", a1[] = "2";
    char *two[2] = { a0, a1 };
    ck_assert_int_eq(G->setup(p.b, 2, two, 3, &err), -1);
    ck_assert_int_gt((int)err.len, 0);
    /* layout= gives the same position as the key, shown as custom */
    setup_args(&p, "2470377");
    setup_args(&q, "layout=" BITS_2470377);
    ck_assert(G->hash(p.b) == G->hash(q.b));
    char *s1 = pos_string(&p), *s2 = pos_string(&q);
    ck_assert_str_eq(s1, s2);
    free(s1);
    free(s2);
    /* no argument: a key from the seed, shown and reproducible */
    ck_assert_int_eq(G->setup(p.b, 0, NULL, 99, &err), 0);
    ck_assert_int_eq(G->setup(q.b, 0, NULL, 99, &err), 0);
    ck_assert(G->hash(p.b) == G->hash(q.b));
    struct sbuf out = SBUF_INIT;
    struct show_info si = { NULL, 0, false };
    G->show(p.b, &si, &out);
    const char *k = strstr(sbuf_str(&out), "layout key: ");
    ck_assert_ptr_nonnull(k);
    long long key = atoll(k + 12);
    ck_assert(key >= 0 && key < (1LL << 31));
    char kb[32];
    snprintf(kb, sizeof kb, "%lld", key);
    setup_args(&q, kb);
    ck_assert(G->hash(p.b) == G->hash(q.b));
    ck_assert_int_eq(G->setup(q.b, 0, NULL, 100, &err), 0);
    ck_assert(G->hash(p.b) != G->hash(q.b));
    sbuf_free(&out);
    sbuf_free(&err);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Diagram                                                             */
/* ------------------------------------------------------------------ */

static void check_lines(const char *s)
{
    ck_assert(*s);
    ck_assert(s[strlen(s) - 1] == '\n');
    for (const char *l = s; *l;) {
        const char *e = strchr(l, '\n');
        ck_assert_ptr_nonnull(e);
        ck_assert_msg(e > l, "empty line in\n%s", s);
        ck_assert_msg(e[-1] != ' ', "trailing blank in\n%s", s);
        l = e + 1;
    }
}

START_TEST(test_show)
{
    union pos p;
    setup_args(&p, "2470377");
    struct sbuf out = SBUF_INIT;
    struct show_info si = { NULL, 0, false };
    G->show(p.b, &si, &out);
    const char *s = sbuf_str(&out);
    check_lines(s);
    ck_assert_ptr_nonnull(strstr(s, "layout key: 2470377\n"));
    ck_assert_ptr_nonnull(strstr(s, "8[L1]..[L1]..[L1]..[L1]..\n"
                                    "    \\  \\  \\  \\  /  /  /\n"
                                    "7 .. L1 .. L1 .. L1 .. L1\n"));
    ck_assert_ptr_nonnull(strstr(s, "\n1[D1]  [D1]  [D1]  [D1]\n"));
    ck_assert_ptr_nonnull(strstr(s, "light to move, move 1, last move: "
                                    "none\n"));
    ck_assert_ptr_nonnull(strstr(s, "chips: light 12, dark 12\n"));
    ck_assert_ptr_null(strchr(s, '\033'));
    play(&p, "g6-f5+f6<ws");
    struct show_info si2 = { "g6-f5+f6<ws", 1, true };
    sbuf_reset(&out);
    G->show(p.b, &si2, &out);
    s = sbuf_str(&out);
    check_lines(s);
    ck_assert_ptr_nonnull(strchr(s, '\033'));
    ck_assert_ptr_nonnull(strstr(s, "dark to move, move 2, last move: "
                                    "g6-f5+f6<ws\n"));
    load_slash(&p, 'D', "a1L1,c1L1,e1L1,h8D2");
    sbuf_reset(&out);
    G->show(p.b, &si, &out);
    s = sbuf_str(&out);
    check_lines(s);
    ck_assert_ptr_nonnull(strstr(s, "layout: custom\n"));
    ck_assert_ptr_nonnull(strstr(s, "light wins"));
    ck_assert_ptr_nonnull(strstr(s, "bases held: light 3"));
    sbuf_free(&out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("truchet_text");
    TCase *tc = tap_tcase(s, "text", 120);
    tcase_add_test(tc, test_round_trip_fixed);
    tcase_add_test(tc, test_spellings);
    tcase_add_test(tc, test_parse_agrees_with_generator);
    tcase_add_test(tc, test_position_string);
    tcase_add_loop_test(tc, test_bad_positions, 0,
                        (int)(sizeof bad_positions / sizeof bad_positions[0]));
    tcase_add_test(tc, test_position_prefixes_and_mutations);
    tcase_add_loop_test(tc, test_hostile_moves, 0,
                        (int)(sizeof bad_moves / sizeof bad_moves[0]));
    tcase_add_test(tc, test_hostile_long_and_random);
    tcase_add_loop_test(tc, test_bad_setups, 0,
                        (int)(sizeof bad_setups / sizeof bad_setups[0]));
    tcase_add_test(tc, test_setup_forms);
    tcase_add_test(tc, test_show);
    return tap_main(s);
}
