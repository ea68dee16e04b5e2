/* check_sbuf.c -- src/core/sbuf.c: the builder is always NUL-terminated,
 * grows to any length keeping what it had, keeps its memory on reset and
 * gives it back on free, and an append it cannot hold is refused once and
 * for good (oom) without touching the text. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "tap_main.h"

START_TEST(test_empty)
{
    struct sbuf b = SBUF_INIT;
    ck_assert_str_eq(sbuf_str(&b), "");
    ck_assert_uint_eq(b.len, 0);
    sbuf_chomp(&b);
    sbuf_reset(&b);
    ck_assert_str_eq(sbuf_str(&b), "");
    sbuf_puts(&b, "");
    ck_assert_str_eq(sbuf_str(&b), "");
    ck_assert_uint_eq(b.len, 0);
    /* Nothing from nowhere (an empty slice of a NULL text): no memcpy
     * from NULL, which the sanitizer build would report. */
    sbuf_putn(&b, NULL, 0);
    ck_assert_str_eq(sbuf_str(&b), "");
    ck_assert_uint_eq(b.len, 0);
    sbuf_free(&b);
    ck_assert_ptr_null(b.buf);
    struct sbuf c;
    memset(&c, 0xff, sizeof c);
    sbuf_init(&c);
    ck_assert_ptr_null(c.buf);
    ck_assert_uint_eq(c.len, 0);
    ck_assert(!c.oom);
}
END_TEST

/* One byte at a time past many doublings: every prefix is intact and
 * terminated, the capacity always holds the text and its NUL. */
START_TEST(test_growth_keeps_text)
{
    enum { N = 100000 };
    struct sbuf b = SBUF_INIT;
    for (size_t i = 0; i < N; i++) {
        sbuf_putc(&b, (char)('a' + i % 26));
        ck_assert_uint_eq(b.len, i + 1);
        ck_assert_uint_gt(b.cap, b.len);
        ck_assert_int_eq(b.buf[b.len], '\0');
    }
    ck_assert_uint_eq(strlen(sbuf_str(&b)), N);
    for (size_t i = 0; i < N; i++)
        ck_assert_int_eq(b.buf[i], 'a' + (int)(i % 26));
    ck_assert(!b.oom);
    sbuf_free(&b);
}
END_TEST

START_TEST(test_appends_in_order)
{
    struct sbuf b = SBUF_INIT;
    sbuf_puts(&b, "abc");
    sbuf_putc(&b, '-');
    sbuf_putn(&b, "xyz", 2);
    sbuf_printf(&b, "[%d %s %05.1f]", -12, "w", 2.5);
    ck_assert_str_eq(sbuf_str(&b), "abc-xy[-12 w 002.5]");
    ck_assert_uint_eq(b.len, strlen("abc-xy[-12 w 002.5]"));
    /* bytes, not a C string: an embedded NUL is counted */
    sbuf_putn(&b, "\0q", 2);
    ck_assert_uint_eq(b.len, strlen("abc-xy[-12 w 002.5]") + 2);
    ck_assert_int_eq(b.buf[b.len - 1], 'q');
    ck_assert_int_eq(b.buf[b.len], '\0');
    sbuf_free(&b);
}
END_TEST

/* A printf longer than the first allocation, after text already there. */
START_TEST(test_long_printf)
{
    char *word = malloc(5001);
    ck_assert_ptr_nonnull(word);
    memset(word, 'z', 5000);
    word[5000] = '\0';
    struct sbuf b = SBUF_INIT;
    sbuf_puts(&b, "head:");
    sbuf_printf(&b, "%s|%s", word, word);
    ck_assert_uint_eq(b.len, 5 + 5000 + 1 + 5000);
    ck_assert_uint_eq(strlen(sbuf_str(&b)), b.len);
    ck_assert(strncmp(b.buf, "head:zzz", 8) == 0);
    ck_assert_int_eq(b.buf[5 + 5000], '|');
    ck_assert_int_eq(b.buf[b.len - 1], 'z');
    free(word);
    sbuf_free(&b);
}
END_TEST

START_TEST(test_reset_keeps_memory)
{
    struct sbuf b = SBUF_INIT;
    for (int i = 0; i < 1000; i++)
        sbuf_puts(&b, "0123456789");
    char *mem = b.buf;
    size_t cap = b.cap;
    sbuf_reset(&b);
    ck_assert_str_eq(sbuf_str(&b), "");
    ck_assert_uint_eq(b.len, 0);
    ck_assert_ptr_eq(b.buf, mem);
    ck_assert_uint_eq(b.cap, cap);
    sbuf_puts(&b, "again");
    ck_assert_str_eq(sbuf_str(&b), "again");
    ck_assert_ptr_eq(b.buf, mem);
    sbuf_free(&b);
    ck_assert_ptr_null(b.buf);
    ck_assert_uint_eq(b.len, 0);
    ck_assert_uint_eq(b.cap, 0);
    sbuf_puts(&b, "reused");
    ck_assert_str_eq(sbuf_str(&b), "reused");
    sbuf_free(&b);
}
END_TEST

START_TEST(test_chomp)
{
    static const char *const cases[][2] = {
        { "reply\n\n\n", "reply" }, { "a\nb\n", "a\nb" }, { "\n\n", "" },
        { "none", "none" }, { "cr\r\n", "cr\r" }, { "", "" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct sbuf b = SBUF_INIT;
        sbuf_puts(&b, cases[i][0]);
        sbuf_chomp(&b);
        ck_assert_str_eq(sbuf_str(&b), cases[i][1]);
        ck_assert_uint_eq(b.len, strlen(cases[i][1]));
        sbuf_free(&b);
    }
}
END_TEST

/* An append whose size would overflow the capacity arithmetic is refused
 * before any byte is read: the text stays, oom stays set through later
 * appends until a reset. */
START_TEST(test_overflow_is_sticky)
{
    struct sbuf b = SBUF_INIT;
    sbuf_puts(&b, "kept");
    sbuf_putn(&b, "x", SIZE_MAX - 1);
    ck_assert(b.oom);
    ck_assert_str_eq(sbuf_str(&b), "kept");
    ck_assert_uint_eq(b.len, 4);
    sbuf_puts(&b, " lost");
    sbuf_putc(&b, '!');
    sbuf_printf(&b, "%d", 7);
    ck_assert(b.oom);
    ck_assert_str_eq(sbuf_str(&b), "kept");
    sbuf_reset(&b);
    ck_assert(!b.oom);
    sbuf_puts(&b, "fresh");
    ck_assert_str_eq(sbuf_str(&b), "fresh");
    sbuf_putn(&b, "x", SIZE_MAX / 2);
    ck_assert(b.oom);
    sbuf_free(&b);
    ck_assert(!b.oom);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sbuf");
    TCase *tc = tcase_create("sbuf");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_empty);
    tcase_add_test(tc, test_growth_keeps_text);
    tcase_add_test(tc, test_appends_in_order);
    tcase_add_test(tc, test_long_printf);
    tcase_add_test(tc, test_reset_keeps_memory);
    tcase_add_test(tc, test_chomp);
    tcase_add_test(tc, test_overflow_is_sticky);
    return tap_main(s);
}
