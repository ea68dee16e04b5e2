/* check_oom.c -- a failed command changes nothing, memory failures
 * included: every allocation a command makes is made to fail in turn
 * (the program is linked with -Wl,--wrap=malloc,--wrap=calloc,
 * --wrap=realloc), and each time the reply must be "out of memory" with
 * the game, the history and the clocks as they were.  genmove used to
 * play its move and then answer "? out of memory" when its reply could
 * not be written, and to charge the clock when the history could not
 * grow. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tap_main.h"

/* Allocations left before one fails; negative: none fails. */
static long fail_in = -1;

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);

static int should_fail(void)
{
    return fail_in >= 0 && fail_in-- == 0;
}

void *__wrap_malloc(size_t n)
{
    return should_fail() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t k, size_t n)
{
    return should_fail() ? NULL : __real_calloc(k, n);
}

void *__wrap_realloc(void *p, size_t n)
{
    return should_fail() ? NULL : __real_realloc(p, n);
}

TU_TRIAD_FIXTURE(sess, 1)

/* What a failed command must leave as it was. */
struct snapshot {
    char *position;
    char *history;
    struct time_control clock;
    int nply;
};

static void take(struct snapshot *snap)
{
    snap->position = tu_ok(&sess, "position");
    snap->history = tu_ok(&sess, "history");
    snap->clock = sess.engine.time_control;
    snap->nply = sess.engine.nply;
}

static void expect_same(const struct snapshot *a, const char *what)
{
    struct snapshot b;
    take(&b);
    ck_assert_msg(strcmp(a->position, b.position) == 0,
                  "%s changed the position", what);
    ck_assert_msg(strcmp(a->history, b.history) == 0,
                  "%s changed the history", what);
    ck_assert_msg(memcmp(&a->clock, &b.clock, sizeof a->clock) == 0,
                  "%s changed the clock", what);
    ck_assert_int_eq(a->nply, b.nply);
    free(b.position);
    free(b.history);
}

/* Runs line with its k-th allocation failing, for k = 0, 1, ... until it
 * succeeds; every failure must say "out of memory" and change nothing.
 * Returns how many allocation points were tried. */
static long fail_each_allocation(const char *line)
{
    long k;
    for (k = 0; k < 100000; k++) {
        struct snapshot before;
        take(&before);
        fail_in = k;
        char *reply = tu_run(&sess, line);
        bool failed_alloc = fail_in < 0;
        fail_in = -1;
        if (!failed_alloc) {            /* k is past the last allocation */
            ck_assert_msg(reply[0] == '=', "%s: %s", line, reply);
            free(reply);
            free(before.position);
            free(before.history);
            break;
        }
        if (reply[0] == '?') {
            ck_assert_msg(strstr(reply, "out of memory") != NULL,
                          "%s, allocation %ld failing: %s", line, k, reply);
            expect_same(&before, line);
        } else {
            /* The failed allocation did not matter (a search copes by
             * searching less): the command succeeded; undo a move. */
            if (sess.engine.nply > before.nply)
                free(tu_ok(&sess, "undo"));
            sess.engine.time_control = before.clock;
        }
        free(reply);
        free(before.position);
        free(before.history);
    }
    return k;
}

START_TEST(test_genmove_out_of_memory)
{
    free(tu_ok(&sess, "setup cephalopod"));
    free(tu_ok(&sess, "set_option hash 1"));
    free(tu_ok(&sess, "set_option maxnodes 200"));
    free(tu_ok(&sess, "time_settings 600 0 0"));
    ck_assert_int_gt(fail_each_allocation("genmove white"), 0);
}
END_TEST

/* The same when the history must grow: the move after the 63rd. */
START_TEST(test_genmove_history_growth_out_of_memory)
{
    free(tu_ok(&sess, "setup truchet"));
    free(tu_ok(&sess, "set_option hash 1"));
    free(tu_ok(&sess, "set_option method random"));
    free(tu_ok(&sess, "time_settings 600 0 0"));
    while (sess.engine.nply + 1 < sess.engine.cap) {
        const char *side = sess.engine.nply % 2 ? "genmove dark"
                                                : "genmove light";
        free(tu_ok(&sess, side));
    }
    char *status = tu_ok(&sess, "game_status");
    ck_assert_int_eq(strncmp(status, "playing", 7), 0);
    free(status);
    const char *line = sess.engine.nply % 2 ? "genmove dark" : "genmove light";
    ck_assert_int_gt(fail_each_allocation(line), 0);
}
END_TEST

START_TEST(test_play_and_setup_out_of_memory)
{
    free(tu_ok(&sess, "setup dvonn"));
    fail_each_allocation("play A1");
    fail_each_allocation("setup truchet");
    free(tu_ok(&sess, "setup cephalopod 3x3"));
    char *pos = tu_ok(&sess, "position");
    char line[200];
    snprintf(line, sizeof line, "setposition %s", pos);
    free(pos);
    free(tu_ok(&sess, "setup dvonn"));
    fail_each_allocation(line);
    fail_each_allocation("legal_moves");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("oom");
    TCase *tc = tcase_create("issue18");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_genmove_out_of_memory);
    tcase_add_test(tc, test_genmove_history_growth_out_of_memory);
    tcase_add_test(tc, test_play_and_setup_out_of_memory);
    suite_add_tcase(s, tc);
    return tap_main(s);
}
