/* check_truchet_perft.c -- the test facts of doc/games/truchet.md: initial
 * layouts from their keys, perft, turns per flip, the mid-game vector. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap_main.h"
#include "truchettest.h"

/* ------------------------------------------------------------------ */
/* doc/games/truchet.md: initial layouts                              */
/* ------------------------------------------------------------------ */

struct layout_fact {
    const char *key, *bits;
    int steps, step_merges, actions, perft1;
};

static const struct layout_fact layouts[] = {
    { "2470377", BITS_2470377, 14, 6, 83, 683 },
    { "0", "1010100111000101101011000111101101100000111100111",
      19, 24, 106, 888 },
    { "1", "1111011011010001101100010101001011101010100001001",
      6, 18, 87, 727 },
    { "2", "1000001011110111110100101100001010010101111100101",
      26, 33, 122, 977 },
    { "3", "1101110100100101110001101100001010111110001000011",
      35, 62, 160, 1205 },
    { "12345", "0010011100000010011101011111111010000000010111011",
      21, 22, 106, 884 },
};

START_TEST(test_layout_facts)
{
    const struct layout_fact *f = &layouts[_i];
    union pos p;
    setup_args(&p, f->key);
    char *s = pos_string(&p);
    ck_assert_int_eq(strncmp(s, "truchet:", 8), 0);
    ck_assert_int_eq(strncmp(s + 8, f->bits, 49), 0);
    free(s);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int k[5];
    ck_assert_int_eq(count_kinds(ml, k), f->actions);
    ck_assert_int_eq(k[T_STEP], f->steps);
    ck_assert_int_eq(k[T_STEP_MERGE], f->step_merges);
    ck_assert_int_eq(k[T_MERGE], 63);
    ck_assert_int_eq(k[T_SPLIT] + k[T_STEP_SPLIT], 0);
    ck_assert_int_eq(ml->n, f->perft1);
    ck_assert_int_eq(G->count_moves(p.b), f->perft1);
    ck_assert_int_eq(count_flips(ml), 7);
    for (int i = 0; i < ml->n; i++)   /* the flippable tiles: a4 .. g4 */
        if (ml->tok[i][0] == '*')
            ck_assert_int_eq(ml->tok[i][2], '4');
    mlist_free(ml);
}
END_TEST

/* More keys, layouts checked against java.util.Random (JDK 17). */
static const char *const java_layouts[][2] = {
    { "-1", "0000010011101100101011111110101000010100010010000" },
    { "9223372036854775807",
      "0000010011101100101011111110101000010100010010000" },
    { "-9223372036854775808",
      "1010100111000101101011000111101101100000111100111" },
    { "987654321", "0001000100101010111110100001000001100101101110010" },
    { "-42", "0011100010101101101001011101001000010101000111010" },
    { "+12345", "0010011100000010011101011111111010000000010111011" },
};

START_TEST(test_java_layouts)
{
    union pos p;
    setup_args(&p, java_layouts[_i][0]);
    char *s = pos_string(&p);
    ck_assert_int_eq(strncmp(s + 8, java_layouts[_i][1], 49), 0);
    free(s);
}
END_TEST

static const struct {
    const char *key;
    int64_t perft2;
} perft2_facts[] = {
    { "2470377", 631092 },
    { "1", 759574 },
};

START_TEST(test_perft2)
{
    union pos p;
    setup_args(&p, perft2_facts[_i].key);
    ck_assert_int_eq(perft(&p, 0), 1);
    ck_assert_int_eq(perft(&p, 2), perft2_facts[_i].perft2);
}
END_TEST

START_TEST(test_key_2470377_detail)
{
    static const char *const steps[] = {
        "g6-h5", "g6-f5", "g6-g4", "g6-e4", "g6-d3", "g6-c2", "g6-b1",
        "g6-a2", "g6-f3", "g6-g2", "g6-h3", "g6-f1", "g6-e2", "g6-d1",
    };
    static const char *const step_merges[] = {
        "g6-h5+h6<ns", "g6-f5+e5<ne", "g6-f5+f6<ws", "g6-f5+f6<ns",
        "g6-f5+f6<wns", "g6-e4+e5<ns",
    };
    union pos p;
    setup_args(&p, "2470377");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        ck_assert_msg(mlist_has(ml, steps[i]), "%s missing", steps[i]);
    for (size_t i = 0; i < sizeof step_merges / sizeof step_merges[0]; i++)
        ck_assert_msg(mlist_has(ml, step_merges[i]), "%s missing",
                      step_merges[i]);
    int k[5];
    count_kinds(ml, k);   /* exactly these: the counts match the lists */
    ck_assert_int_eq(k[T_STEP], 14);
    ck_assert_int_eq(k[T_STEP_MERGE], 6);
    mlist_free(ml);
}
END_TEST

START_TEST(test_turns_per_flip)
{
    static const struct {
        const char *flip;
        int n;
    } facts[] = {
        { "*a4,", 83 }, { "*b4,", 83 }, { "*c4,", 83 }, { "*d4,", 108 },
        { "*e4,", 77 }, { "*f4,", 83 }, { "*g4,", 83 },
    };
    union pos p;
    setup_args(&p, "2470377");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int total = 83;
    for (size_t f = 0; f < sizeof facts / sizeof facts[0]; f++) {
        int n = 0;
        for (int i = 0; i < ml->n; i++)
            n += strncmp(ml->tok[i], facts[f].flip, 4) == 0;
        ck_assert_msg(n == facts[f].n, "%s: %d", facts[f].flip, n);
        total += n;
    }
    ck_assert_int_eq(total, 683);
    ck_assert_int_eq(ml->n, 683);
    mlist_free(ml);
}
END_TEST

/* ------------------------------------------------------------------ */
/* doc/games/truchet.md: the mid-game vector                          */
/* ------------------------------------------------------------------ */

START_TEST(test_midgame)
{
    union pos p;
    load(&p, MIDGAME);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int k[5];
    ck_assert_int_eq(count_kinds(ml, k), 119);
    ck_assert_int_eq(k[T_STEP], 26);
    ck_assert_int_eq(k[T_STEP_SPLIT], 65);
    ck_assert_int_eq(k[T_STEP_MERGE], 17);
    ck_assert_int_eq(k[T_SPLIT], 10);
    ck_assert_int_eq(k[T_MERGE], 1);
    ck_assert_int_eq(count_flips(ml), 17);
    ck_assert_int_eq(ml->n, 2280);
    ck_assert_int_eq(G->count_moves(p.b), 2280);
    /* the captures among the flip-free turns */
    static const char *const captures[] = {
        "g8-g6+g5<wnn", "g8-g6>es", "g8-g6>ns", "g8-g6>ws",
    };
    int ncap = 0;
    for (int i = 0; i < ml->n; i++) {
        if (ml->tok[i][0] == '*')
            continue;
        union pos q = p;
        play(&q, ml->tok[i]);
        char *s = pos_string(&q);
        int dark = 0;
        for (const char *c = strchr(s + 8, ':') + 3; *c; c++)
            if (*c == 'D')
                dark += c[1] - '0';
        free(s);
        if (dark < 12) {
            ck_assert_int_lt(ncap, 4);
            ck_assert_str_eq(ml->tok[i], captures[ncap]);
            ncap++;
        }
    }
    ck_assert_int_eq(ncap, 4);
    ck_assert_int_eq(perft(&p, 1), 2280);
    ck_assert_int_eq(perft(&p, 2), 6925316);
    mlist_free(ml);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("truchet_perft");
    TCase *tc = tap_tcase(s, "facts", 120);
    tcase_add_loop_test(tc, test_layout_facts, 0,
                        (int)(sizeof layouts / sizeof layouts[0]));
    tcase_add_loop_test(tc, test_java_layouts, 0,
                        (int)(sizeof java_layouts / sizeof java_layouts[0]));
    tcase_add_loop_test(tc, test_perft2, 0,
                        (int)(sizeof perft2_facts / sizeof perft2_facts[0]));
    tcase_add_test(tc, test_key_2470377_detail);
    tcase_add_test(tc, test_turns_per_flip);
    tcase_add_test(tc, test_midgame);
    return tap_main(s);
}
