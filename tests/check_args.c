/* check_args.c -- src/core/args.c: each parser takes the whole word or
 * nothing (no blank before or after, no trailing garbage, no overflow,
 * the bounds inclusive) and leaves its output alone when it refuses. */
#include "config.h"

#include <check.h>
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "core/args.h"
#include "tap_main.h"

/* Words no parser may take: empty, blanks around, garbage after, a
 * number in another base or notation than the parser's. */
static const char *const NOT_WHOLE[] = {
    "", " ", " 5", "5 ", "\t5", "5\n", "5x", "x5", "5 5", "--5", "+-5",
    "5.", "0x10", "1e3", "five",
};

#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Each integer parser refuses the word and leaves its output alone. */
START_TEST(test_integers_refuse_partial_words)
{
    const char *w = NOT_WHOLE[_i];
    long l = 42;
    uint64_t u = 42;
    int64_t i = 42;
    ck_assert_msg(args_long(w, LONG_MIN, LONG_MAX, &l) == -1, "long '%s'", w);
    ck_assert_msg(args_u64(w, &u) == -1, "u64 '%s'", w);
    ck_assert_msg(args_i64(w, &i) == -1, "i64 '%s'", w);
    ck_assert_int_eq(l, 42);
    ck_assert_uint_eq(u, 42);
    ck_assert_int_eq(i, 42);
}
END_TEST

START_TEST(test_long_range_is_inclusive)
{
    long v = 0;
    ck_assert_int_eq(args_long("-3", -3, 7, &v), 0);
    ck_assert_int_eq(v, -3);
    ck_assert_int_eq(args_long("7", -3, 7, &v), 0);
    ck_assert_int_eq(v, 7);
    ck_assert_int_eq(args_long("+7", -3, 7, &v), 0);
    ck_assert_int_eq(v, 7);
    ck_assert_int_eq(args_long("007", -3, 7, &v), 0);
    ck_assert_int_eq(v, 7);
    v = 99;
    ck_assert_int_eq(args_long("8", -3, 7, &v), -1);
    ck_assert_int_eq(args_long("-4", -3, 7, &v), -1);
    ck_assert_int_eq(v, 99);
}
END_TEST

START_TEST(test_long_overflow)
{
    char buf[64];
    long v = 0;
    snprintf(buf, sizeof buf, "%ld", LONG_MAX);
    ck_assert_int_eq(args_long(buf, LONG_MIN, LONG_MAX, &v), 0);
    ck_assert_int_eq(v, LONG_MAX);
    snprintf(buf, sizeof buf, "%ld", LONG_MIN);
    ck_assert_int_eq(args_long(buf, LONG_MIN, LONG_MAX, &v), 0);
    ck_assert_int_eq(v, LONG_MIN);
    /* strtol would clamp these to LONG_MAX and LONG_MIN */
    v = 5;
    ck_assert_int_eq(args_long("99999999999999999999999", LONG_MIN, LONG_MAX,
                               &v), -1);
    ck_assert_int_eq(args_long("-99999999999999999999999", LONG_MIN,
                               LONG_MAX, &v), -1);
    ck_assert_int_eq(v, 5);
}
END_TEST

START_TEST(test_u64_whole_range)
{
    uint64_t v = 0;
    ck_assert_int_eq(args_u64("0", &v), 0);
    ck_assert_uint_eq(v, 0);
    ck_assert_int_eq(args_u64("18446744073709551615", &v), 0);
    ck_assert_uint_eq(v, UINT64_MAX);
    v = 7;
    ck_assert_int_eq(args_u64("18446744073709551616", &v), -1);
    /* strtoull takes "-1" as UINT64_MAX and skips blanks and '+' */
    ck_assert_int_eq(args_u64("-1", &v), -1);
    ck_assert_int_eq(args_u64("+1", &v), -1);
    ck_assert_int_eq(args_u64(" 1", &v), -1);
    ck_assert_uint_eq(v, 7);
}
END_TEST

START_TEST(test_i64_whole_range)
{
    int64_t v = 0;
    ck_assert_int_eq(args_i64("9223372036854775807", &v), 0);
    ck_assert_int_eq(v, INT64_MAX);
    ck_assert_int_eq(args_i64("-9223372036854775808", &v), 0);
    ck_assert_int_eq(v, INT64_MIN);
    ck_assert_int_eq(args_i64("+12", &v), 0);
    ck_assert_int_eq(v, 12);
    ck_assert_int_eq(args_i64("-0", &v), 0);
    ck_assert_int_eq(v, 0);
    v = 3;
    ck_assert_int_eq(args_i64("9223372036854775808", &v), -1);
    ck_assert_int_eq(args_i64("-9223372036854775809", &v), -1);
    ck_assert_int_eq(v, 3);
}
END_TEST

/* Words args_double refuses: not whole, not finite, not decimal. */
static const char *const BAD_DOUBLES[] = {
    "", " 1", "1 ", "1.5s", "1,5", ".", "e3", "1e", "--1",
    "nan", "NAN", "inf", "-inf", "infinity", "1e999", "-1e999",
    "0x10", "0x1p3", "0X1P-2",
};

START_TEST(test_double_refuses)
{
    const char *w = BAD_DOUBLES[_i];
    double v = 42;
    ck_assert_msg(args_double(w, -DBL_MAX, DBL_MAX, &v) == -1, "'%s'", w);
    ck_assert(v == 42);
}
END_TEST

START_TEST(test_double_forms_and_range)
{
    double v = 0;
    ck_assert_int_eq(args_double("0.5", 0, 1, &v), 0);
    ck_assert(v == 0.5);
    ck_assert_int_eq(args_double(".25", 0, 1, &v), 0);
    ck_assert(v == 0.25);
    ck_assert_int_eq(args_double("2.5e2", 0, 1000, &v), 0);
    ck_assert(v == 250);
    ck_assert_int_eq(args_double("-1E-1", -1, 0, &v), 0);
    ck_assert(v == -0.1);
    ck_assert_int_eq(args_double("1", 1, 1, &v), 0);
    ck_assert(v == 1);
    v = 9;
    ck_assert_int_eq(args_double("1.0000001", 0, 1, &v), -1);
    ck_assert_int_eq(args_double("-0.001", 0, 1, &v), -1);
    ck_assert(v == 9);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("args");
    TCase *tc = tcase_create("integers");
    suite_add_tcase(s, tc);
    tcase_add_loop_test(tc, test_integers_refuse_partial_words, 0,
                        NELEM(NOT_WHOLE));
    tcase_add_test(tc, test_long_range_is_inclusive);
    tcase_add_test(tc, test_long_overflow);
    tcase_add_test(tc, test_u64_whole_range);
    tcase_add_test(tc, test_i64_whole_range);
    tc = tcase_create("decimals");
    suite_add_tcase(s, tc);
    tcase_add_loop_test(tc, test_double_refuses, 0, NELEM(BAD_DOUBLES));
    tcase_add_test(tc, test_double_forms_and_range);
    return tap_main(s);
}
