/* check_rng.c -- src/core/rng.[ch]: the generator is xoshiro256** and its
 * seeding splitmix64 (their published vectors), a seed always gives the
 * same stream (seeded setups and playouts are replayed by seed, so the
 * stream of a seed is pinned), and rng_below stays in [0, n) and is
 * uniform, rejecting the draws that would bias it. */
#include "config.h"

#include <check.h>
#include <stdint.h>

#include "core/rng.h"
#include "tap_main.h"

#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* splitmix64 from state 1234567: each output is the finaliser of the
 * state, which then advances by the golden gamma (Vigna's splitmix64.c). */
START_TEST(test_splitmix64_vector)
{
    static const uint64_t want[] = {
        6457827717110365317ULL, 3203168211198807973ULL,
        9817491932198370423ULL, 4593380528125082431ULL,
        16408922859458223821ULL,
    };
    uint64_t state = 1234567;
    for (int i = 0; i < NELEM(want); i++) {
        ck_assert_uint_eq(rng_mix64(state), want[i]);
        state += 0x9E3779B97F4A7C15ULL;
    }
}
END_TEST

/* xoshiro256** from the state {1, 2, 3, 4}: the reference outputs. */
START_TEST(test_xoshiro_vector)
{
    static const uint64_t want[] = {
        11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
        1216172134540287360ULL, 607988272756665600ULL,
        16172922978634559625ULL, 8476171486693032832ULL,
        10595114339597558777ULL, 2904607092377533576ULL,
    };
    struct rng r = { { 1, 2, 3, 4 } };
    for (int i = 0; i < NELEM(want); i++)
        ck_assert_uint_eq(rng_next(&r), want[i]);
}
END_TEST

/* The stream of seed 2026, as every game's seeded setup and the search's
 * seeded playouts see it; changing it changes every recorded seed. */
START_TEST(test_seed_stream_pinned)
{
    static const uint64_t want[] = {
        0x528c4ea62ee2e3b4ULL, 0xeb3e1e82c6ae1663ULL,
        0x00dafde674cb860bULL, 0x2cc07366c9a42f81ULL,
    };
    struct rng r;
    rng_seed(&r, 2026);
    for (int i = 0; i < NELEM(want); i++)
        ck_assert_uint_eq(rng_next(&r), want[i]);
}
END_TEST

/* Reseeding restarts the stream; a copy continues it identically. */
START_TEST(test_seed_determinism)
{
    struct rng a, b;
    rng_seed(&a, 99);
    uint64_t first[64];
    for (int i = 0; i < 64; i++)
        first[i] = rng_next(&a);
    rng_seed(&b, 99);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(rng_next(&b), first[i]);
    struct rng twin = a;
    for (int i = 0; i < 1000; i++)
        ck_assert_uint_eq(rng_next(&a), rng_next(&twin));
}
END_TEST

/* Nearby and extreme seeds start apart, and no seed leaves the all-zero
 * state (xoshiro's one fixed point). */
START_TEST(test_seeds_differ)
{
    static const uint64_t seeds[] = { 0, 1, 2, 3, UINT64_MAX, 1ULL << 63 };
    uint64_t first[NELEM(seeds)];
    for (int i = 0; i < NELEM(seeds); i++) {
        struct rng r;
        rng_seed(&r, seeds[i]);
        ck_assert(r.s[0] | r.s[1] | r.s[2] | r.s[3]);
        first[i] = rng_next(&r);
        for (int j = 0; j < i; j++)
            ck_assert_uint_ne(first[i], first[j]);
    }
}
END_TEST

static const uint64_t BOUNDS[] = {
    1, 2, 3, 6, 7, 1000, (1ULL << 32) + 1, (1ULL << 63) + 1, UINT64_MAX,
};

START_TEST(test_below_in_range)
{
    uint64_t n = BOUNDS[_i];
    struct rng r;
    rng_seed(&r, 7 + (uint64_t)_i);
    uint64_t max = 0;
    for (int i = 0; i < 2000; i++) {
        uint64_t x = rng_below(&r, n);
        ck_assert_uint_lt(x, n);
        if (x > max)
            max = x;
    }
    /* the top of the range is reached when it is small, and the draws
     * are not all squeezed into the low half when it is large */
    if (n <= 1000)
        ck_assert_uint_eq(max, n - 1);
    else
        ck_assert_uint_ge(max, n / 2);
}
END_TEST

/* 60000 rolls of a die: each face within 500 of 10000 (about 5.5
 * standard deviations; the seed makes the counts fixed). */
START_TEST(test_below_uniform)
{
    struct rng r;
    rng_seed(&r, 6);
    int count[6] = { 0 };
    for (int i = 0; i < 60000; i++)
        count[rng_below(&r, 6)]++;
    for (int f = 0; f < 6; f++) {
        ck_assert_int_gt(count[f], 9500);
        ck_assert_int_lt(count[f], 10500);
    }
}
END_TEST

/* For n = 3 * 2^62 the unbiased draws are exactly those below n: the
 * result is the next raw draw under n, the others are skipped (a quarter
 * of them), never folded back by the modulo. */
START_TEST(test_below_rejects_biased_draws)
{
    const uint64_t n = 3ULL << 62;
    struct rng r, raw;
    rng_seed(&r, 11);
    raw = r;
    int skipped = 0;
    for (int i = 0; i < 400; i++) {
        uint64_t x;
        while ((x = rng_next(&raw)) >= n)
            skipped++;
        ck_assert_uint_eq(rng_below(&r, n), x);
    }
    ck_assert_int_gt(skipped, 50);
    ck_assert_int_lt(skipped, 250);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rng");
    TCase *tc = tcase_create("stream");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_splitmix64_vector);
    tcase_add_test(tc, test_xoshiro_vector);
    tcase_add_test(tc, test_seed_stream_pinned);
    tcase_add_test(tc, test_seed_determinism);
    tcase_add_test(tc, test_seeds_differ);
    tc = tcase_create("below");
    suite_add_tcase(s, tc);
    tcase_add_loop_test(tc, test_below_in_range, 0, NELEM(BOUNDS));
    tcase_add_test(tc, test_below_uniform);
    tcase_add_test(tc, test_below_rejects_biased_draws);
    return tap_main(s);
}
