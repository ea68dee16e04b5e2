/* check_sgf.c -- SGF game trees with variations (src/record/sgf.c): the
 * main line read as the record's moves, the other variations kept as
 * text at the node where they branch and written back there, malformed
 * and deeply nested trees refused with their reason.  Plain records are
 * checked in check_match.c. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record/record.h"
#include "record/sgf.h"
#include "tap_main.h"
#include "testutil.h"

#define ROOT "(;FF[4]CA[UTF-8]AP[t]GM[1002]XGAME[cephalopod]RO[1]" \
    "DT[2026-11-26]PW[white]PB[black]RE[?]XEND[normal]XMATCH[white][black]" \
    "XSEED[1]XTIME[movetime 0.05]XSETPOSITION[]XOPENING[0]" \
    "XSTART[cephalopod:3x3:W:....../....../......]" \
    "XREASON[game in progress]C[game in progress]"

/* Reads the one record of text (len bytes) into *r (record_init'ed). */
static void read_one(const char *text, size_t len, struct game_record *r)
{
    struct sbuf err = SBUF_INIT;
    size_t pos = 0;
    ck_assert_msg(sgf_read(text, len, &pos, r, &err) == 1, "%s",
                  sbuf_str(&err));
    struct game_record rest;
    record_init(&rest);
    ck_assert_int_eq(sgf_read(text, len, &pos, &rest, &err), 0);
    record_free(&rest);
    sbuf_free(&err);
}

static const char *variations_at(const struct game_record *r, int k)
{
    return k < r->nvariations ? sbuf_str(&r->variations[k]) : "";
}

/* Writes r, reads that back and writes it again: the same text, the same
 * moves and the same variations.  Returns the text (sbuf_free it). */
static struct sbuf write_twice(const struct game_record *r)
{
    struct sbuf first = SBUF_INIT, second = SBUF_INIT;
    sgf_write(r, "t", &first);
    struct game_record back;
    record_init(&back);
    read_one(first.buf, first.len, &back);
    sgf_write(&back, "t", &second);
    ck_assert_str_eq(sbuf_str(&second), sbuf_str(&first));
    ck_assert_str_eq(sbuf_str(&back.moves), sbuf_str(&r->moves));
    int n = back.nvariations > r->nvariations ? back.nvariations
                                              : r->nvariations;
    for (int k = 0; k < n; k++)
        ck_assert_str_eq(variations_at(&back, k), variations_at(r, k));
    record_free(&back);
    sbuf_free(&second);
    return first;
}

/* The file the page saves: its main line is the record, its variation
 * (after Black's a1) comes back verbatim, node properties and all. */
START_TEST(test_page_tree)
{
    FILE *f = fopen(TOP_SRCDIR "/tests/records/page-variations.sgf", "rb");
    ck_assert_ptr_nonnull(f);
    char text[8192];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    struct game_record r;
    record_init(&r);
    read_one(text, len, &r);
    ck_assert_str_eq(sbuf_str(&r.moves), "b2 a1 c3 a3");
    ck_assert_str_eq(sbuf_str(&r.sides), "WBWB");
    const char *other = strstr(text, "(;W[c1]");
    ck_assert_ptr_nonnull(other);
    struct sbuf want = SBUF_INIT;
    sbuf_putc(&want, '\n');
    sbuf_putn(&want, other, strlen(other) - strlen("))\n") + 1);
    ck_assert_str_eq(variations_at(&r, 2), sbuf_str(&want));
    ck_assert_str_eq(variations_at(&r, 0), "");
    ck_assert_str_eq(variations_at(&r, 1), "");
    ck_assert_str_eq(variations_at(&r, 3), "");
    struct sbuf v = SBUF_INIT;
    ck_assert(sgf_prop_get(&r.extra[2], "C", &v));
    ck_assert_str_eq(sbuf_str(&v), "Inaccuracy: Black lost 0.12.");
    ck_assert(sgf_prop_get(&r.extra[0], "XREVIEW", &v));
    struct sbuf out = write_twice(&r);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), sbuf_str(&want)));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out),
                                 ";B[a1]XE[0.50]XW[0.770]XBEST[b1]"));
    sbuf_free(&out);
    sbuf_free(&v);
    sbuf_free(&want);
    record_free(&r);
}
END_TEST

/* Variations at the root's first move, on the main line and inside a
 * variation; the exact text written for them. */
START_TEST(test_nested)
{
    const char *t = ROOT
        "(;W[b2];B[a1]\n"
        "  (;W[c3](;B[a3])(;B[a2]C[x]))\n"
        "  (;W[c1](;B[a3])(;B[b1](;W[a2]))))\n"
        "(;W[a1]C[first move, other]))\n";
    struct game_record r;
    record_init(&r);
    read_one(t, strlen(t), &r);
    ck_assert_str_eq(sbuf_str(&r.moves), "b2 a1 c3 a3");
    ck_assert_str_eq(variations_at(&r, 0), "\n(;W[a1]C[first move, other])");
    ck_assert_str_eq(variations_at(&r, 1), "");
    ck_assert_str_eq(variations_at(&r, 2),
                     "\n(;W[c1](;B[a3])(;B[b1](;W[a2])))");
    ck_assert_str_eq(variations_at(&r, 3), "\n(;B[a2]C[x])");
    struct sbuf out = write_twice(&r);
    const char *tail = strstr(sbuf_str(&out), "C[game in progress]\n");
    ck_assert_ptr_nonnull(tail);
    ck_assert_str_eq(tail, "C[game in progress]\n"
                     "(;W[b2];B[a1]\n(;W[c3]\n(;B[a3])\n(;B[a2]C[x]))\n"
                     "(;W[c1](;B[a3])(;B[b1](;W[a2]))))\n"
                     "(;W[a1]C[first move, other]))\n");
    sbuf_free(&out);
    record_free(&r);
}
END_TEST

/* Brackets, backslashes and parentheses inside a variation's values are
 * text, not structure; the variation comes back as it was. */
START_TEST(test_escapes)
{
    const char *var = "(;W[c1]C[a \\] ( b \\\\]GC[)(;];B[a3]C[\\\\\\]])";
    struct sbuf t = SBUF_INIT;
    sbuf_printf(&t, "%s;W[b2](;B[a1]C[main \\] line])%s)", ROOT, var);
    struct game_record r;
    record_init(&r);
    read_one(t.buf, t.len, &r);
    ck_assert_str_eq(sbuf_str(&r.moves), "b2 a1");
    struct sbuf want = SBUF_INIT;
    sbuf_printf(&want, "\n%s", var);
    ck_assert_str_eq(variations_at(&r, 1), sbuf_str(&want));
    struct sbuf v = SBUF_INIT;
    ck_assert(sgf_prop_get(&r.extra[2], "C", &v));
    ck_assert_str_eq(sbuf_str(&v), "main ] line");
    struct sbuf out = write_twice(&r);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), var));
    sbuf_free(&out);
    sbuf_free(&v);
    sbuf_free(&want);
    sbuf_free(&t);
    record_free(&r);
}
END_TEST

static const struct {
    const char *tree;      /* after ROOT */
    const char *reason;
} malformed[] = {
    { ";W[b2](;B[a1]", "the game tree is not closed" },
    { ";W[b2](;B[a1])(;B[a2]", "a variation not closed" },
    { ";W[b2](;B[a1])(;B[a2](;W[c1])", "a variation not closed" },
    { ";W[b2]()", "a variation without a node" },
    { ";W[b2](;B[a1])()", "a variation without a node" },
    { ";W[b2](;B[a1])(;B[a2](W[c1]))", "a variation without a node" },
    { ";W[b2](;B[a1]);W[c1])", "a node after variations" },
    { ";W[b2](;B[a1])(;B[a2](;W[c1]);W[c2]))", "a node after variations" },
    { ";W[b2](;B[a1])(;B[a2]C[x)", "unterminated property value" },
    { ";W[b2](;B[a1])(;B[a2]C)", "expected a property value" },
    { ";W[b2](;B[a1])(;B[a2]1[x])", "unexpected character in a variation" },
    { ";W[b2](;C[no move];B[a1]))", "a main line that does not start" },
    { ";W[b2](;B[a1])x)", "expected ')'" },
    { ";W[b2](;B[a1 b1])(;B[a2]))", "bad move" },
};

START_TEST(test_malformed)
{
    struct sbuf t = SBUF_INIT, err = SBUF_INIT;
    sbuf_printf(&t, "%s%s", ROOT, malformed[_i].tree);
    struct game_record r;
    record_init(&r);
    size_t pos = 0;
    ck_assert_int_eq(sgf_read(t.buf, t.len, &pos, &r, &err), -1);
    ck_assert_msg(strstr(sbuf_str(&err), malformed[_i].reason), "%s: %s",
                  malformed[_i].tree, sbuf_str(&err));
    ck_assert(pos <= t.len);
    record_free(&r);
    sbuf_free(&err);
    sbuf_free(&t);
}
END_TEST

/* ROOT, then prefix, unit n times, suffix n times and end. */
static void repeat(struct sbuf *t, const char *prefix, const char *unit,
                   const char *suffix, long n, const char *end)
{
    sbuf_reset(t);
    sbuf_puts(t, ROOT);
    sbuf_puts(t, prefix);
    for (long i = 0; i < n; i++)
        sbuf_puts(t, unit);
    for (long i = 0; i < n; i++)
        sbuf_puts(t, suffix);
    sbuf_puts(t, end);
}

/* Nesting is counted, not recursed into: a main line with 990 branches
 * reads and writes back; 1000 nested parentheses are refused, whether on
 * the main line or in a variation, and so are 4 MiB of "(;" or of "(". */
START_TEST(test_deep)
{
    struct sbuf t = SBUF_INIT, err = SBUF_INIT;
    struct game_record r;
    record_init(&r);
    repeat(&t, "", "(;W[b2]", ")(;B[a1])", 990, ")");
    read_one(t.buf, t.len, &r);
    ck_assert_int_eq(r.nmoves, 990);
    ck_assert_str_eq(variations_at(&r, 0), "\n(;B[a1])");
    ck_assert_str_eq(variations_at(&r, 989), "\n(;B[a1])");
    struct sbuf out = write_twice(&r);
    sbuf_free(&out);

    const long mib4 = 2L << 20;
    struct {
        const char *prefix, *unit, *suffix;
        long n;
        const char *reason;
    } deep[] = {
        { "", "(;W[b2]", ")", 1000, "nested more than 1000 deep" },
        { "", "(;W[b2]", "", mib4 / 4, "nested more than 1000 deep" },
        { "", "(;", "", mib4, "a main line that does not start" },
        { ";W[b2](;B[a1])(;B[a2]", "(;W[c1]", ")", 1000,
          "nested more than 1000 deep" },
        { ";W[b2](;B[a1])", "(;", "", mib4, "nested more than 1000 deep" },
        { ";W[b2](;B[a1])", "((", "", mib4, "a variation without a node" },
        { "", "((", "", mib4, "a variation without a node" },
    };
    for (size_t i = 0; i < sizeof deep / sizeof deep[0]; i++) {
        repeat(&t, deep[i].prefix, deep[i].unit, deep[i].suffix, deep[i].n,
               ")");
        size_t pos = 0;
        sbuf_reset(&err);
        ck_assert_int_eq(sgf_read(t.buf, t.len, &pos, &r, &err), -1);
        ck_assert_msg(strstr(sbuf_str(&err), deep[i].reason), "%zu: %s", i,
                      sbuf_str(&err));
    }
    record_free(&r);
    sbuf_free(&err);
    sbuf_free(&t);
}
END_TEST

/* Variations added to a record the writer made (as the page adds them to
 * a triad-match record) go where they branch and come back. */
START_TEST(test_added)
{
    const char *t = ROOT ";W[b2];B[a1];W[c3];B[a3])\n";
    struct game_record r;
    record_init(&r);
    read_one(t, strlen(t), &r);
    sbuf_puts(record_variations(&r, 1), "\n(;B[c1])\n(;B[c3]C[x])");
    sbuf_puts(record_variations(&r, 3), "\n(;B[b1])");
    sbuf_puts(record_variations(&r, 4), "\n(;W[b1])");   /* after the end */
    struct sbuf out = SBUF_INIT;
    sgf_write(&r, "t", &out);
    const char *tail = strstr(sbuf_str(&out), "C[game in progress]\n");
    ck_assert_ptr_nonnull(tail);
    ck_assert_str_eq(tail, "C[game in progress]\n"
                     ";W[b2]\n(;B[a1];W[c3]\n(;B[a3])\n(;B[b1]))\n"
                     "(;B[c1])\n(;B[c3]C[x]))\n");
    sbuf_free(&out);
    sbuf_reset(&r.variations[4]);
    out = write_twice(&r);
    sbuf_free(&out);
    record_free(&r);
}
END_TEST

/* Writes text (len bytes) to a new temporary file; its path in path. */
static void write_temp(char path[], const char *text, size_t len)
{
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert(write(fd, text, len) == (ssize_t)len);
    close(fd);
}

/* loadsgf plays the main line of a tree with variations, whose moves are
 * not checked; a tree nested too deep is refused and changes nothing. */
START_TEST(test_loadsgf)
{
    struct tu_triad t;
    ck_assert_int_eq(tu_open(&t, 7), 0);
    t.engine.quiet = true;
    char *r = tu_ok(&t, "loadsgf " TOP_SRCDIR
                        "/tests/records/page-variations.sgf");
    ck_assert_ptr_nonnull(r);
    free(r);
    r = tu_ok(&t, "printsgf");
    ck_assert_ptr_nonnull(r);
    ck_assert_msg(strstr(r, "\n;W[b2];B[a1];W[c3];B[a3])"), "%s", r);
    free(r);

    char path[] = "/tmp/check_sgf_XXXXXX";
    const char *odd = ROOT ";W[b2](;B[a1])(;B[zz9]C[not a move]))";
    write_temp(path, odd, strlen(odd));
    char line[64];
    snprintf(line, sizeof line, "loadsgf %s", path);
    r = tu_ok(&t, line);
    ck_assert_ptr_nonnull(r);
    free(r);
    char *before = tu_snapshot(&t);
    ck_assert_msg(strstr(before, "b2") && strstr(before, "a1"), "%s",
                  before);
    unlink(path);

    struct sbuf deep = SBUF_INIT;
    sbuf_puts(&deep, ROOT);
    for (long i = 0; i < (1L << 19); i++)     /* 3.5 MiB */
        sbuf_puts(&deep, "(;W[b2]");
    strcpy(path, "/tmp/check_sgf_XXXXXX");
    write_temp(path, deep.buf, deep.len);
    snprintf(line, sizeof line, "loadsgf %s", path);
    r = tu_run(&t, line);
    ck_assert_msg(strncmp(r, "? syntax error: ", 16) == 0 &&
                  strstr(r, ": variations nested more than 1000 deep"),
                  "%s", r);
    free(r);
    char *after = tu_snapshot(&t);
    ck_assert_str_eq(after, before);
    unlink(path);
    free(after);
    free(before);
    sbuf_free(&deep);
    tu_close(&t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sgf");
    TCase *tc = tap_tcase(s, "variations", 60);
    tcase_add_test(tc, test_page_tree);
    tcase_add_test(tc, test_nested);
    tcase_add_test(tc, test_escapes);
    tcase_add_loop_test(tc, test_malformed, 0,
                        (int)(sizeof malformed / sizeof malformed[0]));
    tcase_add_test(tc, test_deep);
    tcase_add_test(tc, test_added);
    tcase_add_test(tc, test_loadsgf);
    return tap_main(s);
}
