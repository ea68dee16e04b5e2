/* check_users.c -- regression tests for what people, GUIs and scripts hit
 * (issue 18): completion, seeds, analyze with movetime 0, the table made
 * resident when sized, control characters and broken UTF-8 in replies,
 * over-long lines.  Terminal behaviour proper is in tests/robust/terminal.sh,
 * memory failures in check_oom.c. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/complete.h"
#include "proto/gtp.h"
#include "search/search.h"
#include "testutil.h"
#include "tap_main.h"

TU_TRIAD_FIXTURE(sess, 1)

/* Completes the last word of line (words are split at blanks only, as
 * lineio sets readline up). */
static char *complete(const char *line)
{
    const char *word = strrchr(line, ' ');
    word = word ? word + 1 : line;
    return tu_joined(complete_words(&sess.engine, line, (int)(word - line), word));
}

static void expect_completion(const char *line, const char *expected)
{
    char *got = complete(line);
    ck_assert_msg(strcmp(got, expected) == 0, "completing '%s': got '%s'",
                  line, got);
    free(got);
}

/* Whole move tokens with '=', '+', '<' complete as one word; DVONN
 * completes lower case input; an explicit colour not to move offers
 * nothing. */
START_TEST(test_completion_tokens)
{
    /* Lines starting with '>' are commands run first; the others are
     * completed and must offer what follows the '|'. */
    static const char *const script[] = {
        ">setup cephalopod", ">play a1", ">play a3", ">play b2",
        "play a2=a1|a2=a1+a3 a2=a1+b2 a2=a1+a3+b2",
        "play a2=a1+a3+|a2=a1+a3+b2",
        "play black b1=|b1=a1+b2",
        "play white b|",                /* black is to move */
        "play B1=A1|b1=a1+b2",
        ">setup dvonn",
        "play a|A1 A2 A3", "play A|A1 A2 A3", "play w|white",
        "play black A|",                /* white is to move */
        "play W a|A1 A2 A3",
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        if (script[i][0] == '>') {
            free(tu_ok(&sess, script[i] + 1));
            continue;
        }
        char line[64];
        const char *bar = strchr(script[i], '|');
        snprintf(line, sizeof line, "%.*s", (int)(bar - script[i]), script[i]);
        expect_completion(line, bar + 1);
    }

    free(tu_ok(&sess, "setup truchet"));
    char *moves = tu_ok(&sess, "legal_moves");
    char *lt = strchr(moves, '<');
    ck_assert_ptr_nonnull(lt);
    char *start = lt;
    while (start > moves && start[-1] != ' ')
        start--;
    char prefix[64] = "play ";
    size_t n = (size_t)(lt - start) + 1;
    ck_assert_uint_lt(n, 50);
    memcpy(prefix + 5, start, n);
    prefix[5 + n] = '\0';
    char *got = complete(prefix);
    for (char *w = strtok(got, " "); w; w = strtok(NULL, " "))
        ck_assert_msg(strncmp(w, prefix + 5, n) == 0,
                      "'%s' offered %s", prefix, w);
    free(got);
    free(moves);
}
END_TEST

/* The position string after the command line (which must succeed). */
static char *position_after(const char *line)
{
    free(tu_ok(&sess, line));
    return tu_ok(&sess, "position");
}

/* The default seed is seed 1: the default game's setup at start-up used
 * to consume a draw, so "setup truchet" differed from "--seed 1"'s. */
START_TEST(test_default_seed_is_seed_1)
{
    char *by_default = position_after("setup truchet");
    free(tu_ok(&sess, "set_option seed 1"));
    char *seeded = position_after("setup truchet");
    ck_assert_str_eq(by_default, seeded);
    free(by_default);
    free(seeded);
}
END_TEST

/* A refused setup takes no draw: the next random setup is the one it
 * would have been without it. */
START_TEST(test_refused_setup_draws_nothing)
{
    char *first = position_after("setup truchet");
    free(tu_ok(&sess, "set_option seed 1"));
    ck_assert(tu_fails_with(&sess, "setup truchet 1 2", "syntax error"));
    ck_assert(tu_fails_with(&sess, "setup dvonn x", "syntax error"));
    char *again = position_after("setup truchet");
    ck_assert_str_eq(first, again);
    free(first);
    free(again);
}
END_TEST

/* analyze with movetime 0 ran without a time limit (genmove clamped the
 * limit, analyze did not); it now searches the least time, as genmove.
 * The test times out (Check's timeout) if it never returns. */
START_TEST(test_analyze_movetime_0)
{
    free(tu_ok(&sess, "set_option movetime 0"));
    free(tu_ok(&sess, "set_option hash 1"));
    char *r = tu_ok(&sess, "analyze");
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(strncmp(r, "best ", 5), 0);
    free(r);
    r = tu_ok(&sess, "genmove white");
    ck_assert_ptr_nonnull(r);
    free(r);
}
END_TEST

/* Resident memory in bytes, from /proc/self/statm; 0 if unknown. */
static size_t resident(void)
{
    unsigned long size = 0, pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%lu %lu", &size, &pages) != 2)
            pages = 0;
        fclose(f);
    }
    return (size_t)pages * 4096;
}

/* The table is made resident when it is sized, and it survives a change
 * of game and clear_board: its first touches used to fall inside a
 * move's time (0.3 ms per 2 MiB page). */
START_TEST(test_table_resident_when_sized)
{
    size_t before = resident();
    if (before == 0)
        return;                         /* no /proc: nothing to measure */
    free(tu_ok(&sess, "set_option hash 32"));
    ck_assert_uint_ge(resident(), before + ((size_t)28 << 20));
    struct search *table = sess.engine.search;
    free(tu_ok(&sess, "setup truchet"));
    free(tu_ok(&sess, "clear_board"));
    ck_assert_ptr_eq(sess.engine.search, table);
    ck_assert_uint_ge(resident(), before + ((size_t)28 << 20));
    free(tu_ok(&sess, "set_option maxnodes 200"));
    char *m = tu_ok(&sess, "genmove light");
    ck_assert_ptr_nonnull(m);
    free(m);
}
END_TEST

/* C1 controls (U+0080..U+009F) are dropped like other controls and bytes
 * that are not UTF-8 become U+FFFD: no reply echoes them raw. */
START_TEST(test_no_raw_controls_echoed)
{
    char *r = tu_run(&sess, "1 play \xc2\x9b" "A1\xc2\x85x\xff\xc3");
    ck_assert_str_eq(r, "?1 illegal move: A1x\xef\xbf\xbd\xef\xbf\xbd: "
                        "expected a cell like E3, a move like E3F4, or PASS\n\n");
    free(r);
    r = tu_run(&sess, "2 pl\xc2\x80" "ay\xe0\x80\xaf");  /* overlong '/' */
    ck_assert_str_eq(r, "?2 unknown command\n\n");
    free(r);
    /* valid UTF-8 passes unchanged */
    char *clean = gtp_preprocess("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9);
    ck_assert_str_eq(clean, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
    free(clean);
    clean = gtp_preprocess("\xed\xa0\x80\xf4\x90\x80\x80", 7);
    for (const char *p = clean; *p; p += 3)
        ck_assert_int_eq(memcmp(p, "\xef\xbf\xbd", 3), 0);
    free(clean);
}
END_TEST

/* A refused line is answered with its id, if one can be read. */
START_TEST(test_refused_line_keeps_id)
{
    static const struct { const char *line; const char *reply; } cases[] = {
        { "42 play xxxxxxxx", "?42 line too long\n\n" },
        { "  \t7\tname", "?7 line too long\n\n" },
        { "name 42", "? line too long\n\n" },
        { "", "? line too long\n\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = NULL;
        size_t size = 0;
        FILE *mem = open_memstream(&text, &size);
        ck_assert_ptr_nonnull(mem);
        gtp_refuse(cases[i].line, strlen(cases[i].line), "line too long",
                   mem);
        fclose(mem);
        ck_assert_str_eq(text, cases[i].reply);
        free(text);
    }
    /* an id cut by the scanned prefix is no id */
    char digits[200];
    memset(digits, '9', sizeof digits);
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    gtp_refuse(digits, sizeof digits, "line too long", mem);
    fclose(mem);
    ck_assert_str_eq(text, "? line too long\n\n");
    free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("users");
    TCase *tc = tcase_create("issue18");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_completion_tokens);
    tcase_add_test(tc, test_default_seed_is_seed_1);
    tcase_add_test(tc, test_refused_setup_draws_nothing);
    tcase_add_test(tc, test_analyze_movetime_0);
    tcase_add_test(tc, test_table_resident_when_sized);
    tcase_add_test(tc, test_no_raw_controls_echoed);
    tcase_add_test(tc, test_refused_line_keeps_id);
    suite_add_tcase(s, tc);
    return tap_main(s);
}
