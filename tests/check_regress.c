/* check_regress.c -- regression tests for the bugs that fuzzing and the
 * fault tests of issue 7 found (doc/robustness.md lists them), each
 * driven through the protocol as the controller met it. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "games/games.h"
#include "testutil.h"
#include "tap_main.h"

/* AddressSanitizer reserves terabytes of address space: an address-space
 * limit cannot be used to provoke out-of-memory under it. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

TU_TRIAD_FIXTURE(sess, 1)

#define ASSERT_REPLY(line, expected) do { \
        char *r_ = tu_run(&sess, line); \
        ck_assert_str_eq(r_, expected); \
        free(r_); \
    } while (0)

/* legal_moves on a finished game called qsort(NULL, 0, ...), undefined
 * behaviour that UBSan reported on the golden transcript cephalopod.gtp
 * (found by fuzz_gtp). */
START_TEST(test_legal_moves_when_over)
{
    ASSERT_REPLY("setposition cephalopod:3x3:B:W1W1W1/W1B1B1/B1B1W1", "= \n\n");
    ASSERT_REPLY("game_status", "= over W+1\n\n");
    ASSERT_REPLY("1 legal_moves", "=1 \n\n");
    ASSERT_REPLY("setup cephalopod 3x3", "= \n\n");
    ASSERT_REPLY("set_option maxplies 1", "= \n\n");
    ASSERT_REPLY("play b2", "= \n\n");
    ASSERT_REPLY("2 legal_moves", "=2 \n\n");
}
END_TEST

/* set_option hash N used to accept any N until the first search, which
 * then failed with "out of memory" on every genmove while options showed
 * the size that could not be had.  Now the table is allocated at once. */
START_TEST(test_hash_allocated_at_once)
{
    ck_assert_ptr_null(sess.engine.search);
    ASSERT_REPLY("set_option hash 2", "= \n\n");
    ck_assert_ptr_nonnull(sess.engine.search);
    ASSERT_REPLY("set_option hash 3", "= \n\n");
    ASSERT_REPLY("setup cephalopod 3x3", "= \n\n");
    ASSERT_REPLY("set_option maxnodes 100", "= \n\n");
    char *move = tu_ok(&sess, "genmove w");
    ck_assert_ptr_nonnull(move);
    free(move);
}
END_TEST

/* Process size in bytes, from /proc/self/statm; 0 if unknown. */
static size_t vm_size(void)
{
    unsigned long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%lu", &pages) != 1)
            pages = 0;
        fclose(f);
    }
    return (size_t)pages * 4096;
}

/* The address-space limit test_hash_out_of_memory sets: 512 MiB above
 * the process's present size, so that a 16 GiB table cannot be had. */
static rlim_t oom_limit(void)
{
    return (rlim_t)(vm_size() + ((size_t)512 << 20));
}

/* Why test_hash_out_of_memory cannot run here, or NULL if it can. */
static const char *oom_skip_reason(void)
{
    struct rlimit old;
    if (UNDER_ASAN)
        return "AddressSanitizer reserves the address space";
    if (vm_size() == 0)
        return "no /proc/self/statm to size the limit";
    if (getrlimit(RLIMIT_AS, &old) != 0)
        return "getrlimit(RLIMIT_AS) failed";
    if (old.rlim_max != RLIM_INFINITY && oom_limit() > old.rlim_max)
        return "the hard address-space limit is too low";
    return NULL;
}

/* With an address-space limit, a hash the machine cannot give is refused
 * with "out of memory", the option keeps its value and the engine goes
 * on playing.  (Registered only when oom_skip_reason() is NULL.) */
START_TEST(test_hash_out_of_memory)
{
    struct rlimit old;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
    struct rlimit low = old;
    low.rlim_cur = oom_limit();
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &low), 0);
    char *hash = tu_run(&sess, "1 set_option hash 16384");
    char *opts = tu_ok(&sess, "options");
    ASSERT_REPLY("setup cephalopod 3x3", "= \n\n");
    ASSERT_REPLY("set_option maxnodes 100", "= \n\n");
    char *move = tu_ok(&sess, "genmove w");
    setrlimit(RLIMIT_AS, &old);
    ck_assert_str_eq(hash, "?1 out of memory\n\n");
    ck_assert_ptr_nonnull(strstr(opts, "hash 64\n"));
    ck_assert_ptr_nonnull(move);
    free(hash), free(opts), free(move);
}
END_TEST

/* bench NODES has no upper bound and did not poll the stop flag, so a
 * huge NODES ran for ever, deaf to SIGINT.  With the flag already set it
 * must stop at once (the test times out otherwise). */
START_TEST(test_bench_stops)
{
    atomic_bool stop = true;
    struct stop_source src = STOP_ON_FLAG(&stop);
    sess.engine.stop = &src;
    char *reply = tu_run(&sess, "1 bench 18446744073709551615");
    ck_assert_ptr_nonnull(strstr(reply, "?1 bench stopped in "));
    free(reply);
    reply = tu_run(&sess, "2 bench perft");
    ck_assert_ptr_nonnull(strstr(reply, "?2 bench stopped in "));
    free(reply);
    sess.engine.stop = NULL;
}
END_TEST

int main(void)
{
    Suite *s = suite_create("regress");
    TCase *tc = tcase_create("issue7");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_legal_moves_when_over);
    tcase_add_test(tc, test_hash_allocated_at_once);
    struct tap_skip skip = { "test_hash_out_of_memory", oom_skip_reason() };
    if (!skip.reason)
        tcase_add_test(tc, test_hash_out_of_memory);
    tcase_add_test(tc, test_bench_stops);
    suite_add_tcase(s, tc);
    return tap_main_skips(s, &skip, skip.reason ? 1 : 0);
}
