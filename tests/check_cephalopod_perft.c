/* check_cephalopod_perft.c -- the perft table of doc/games/cephalopod.md,
 * its rotation symmetry on every size, the boards one cell wide against
 * scripts/cephalopod_ref.py, and the CodinGame vectors (sequence
 * counts and final-board sums). */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cephalopodtest.h"
#include "tap_main.h"

/* ---- perft ------------------------------------------------------------- */

struct perft_case {
    const char *size;
    int depth;
    int64_t expected;
};

/* The perft table of doc/games/cephalopod.md (the deeper values are in the
 * benchmark, not here). */
static const struct perft_case PERFT[] = {
    { "5x5", 1, 25 }, { "5x5", 2, 600 }, { "5x5", 3, 13800 },
    { "5x5", 4, 304840 }, { "5x5", 5, 6505928 },
    { "3x3", 1, 9 }, { "3x3", 2, 72 }, { "3x3", 3, 504 },
    { "3x3", 4, 3256 }, { "3x3", 5, 21096 }, { "3x3", 6, 139856 },
    { "3x3", 7, 939616 },
    { "3x5", 1, 15 }, { "3x5", 2, 210 }, { "3x5", 3, 2730 },
    { "3x5", 4, 33304 }, { "3x5", 5, 390512 },
    { "5x3", 1, 15 }, { "5x3", 2, 210 }, { "5x3", 3, 2730 },
    { "5x3", 4, 33304 }, { "5x3", 5, 390512 },
    /* no capture before ply 3 on any board: C, C(C-1), C(C-1)(C-2) */
    { "8x8", 1, 64 }, { "8x8", 2, 4032 }, { "8x8", 3, 249984 },
    { "2x2", 1, 4 }, { "2x2", 2, 12 }, { "2x2", 3, 24 },
    /* scripts/cephalopod_ref.py perft, beyond the first capture */
    { "2x2", 4, 40 }, { "2x2", 5, 80 }, { "2x2", 6, 176 },
    { "2x3", 4, 436 }, { "2x3", 5, 1628 }, { "2x3", 6, 6320 },
    { "2x3", 7, 24520 }, { "2x3", 8, 92608 },
};

/* Boards one cell wide, perft at depths 1 to depths, from
 * scripts/cephalopod_ref.py (written from the rules alone): up to the
 * first 0, one ply after the longest game has ended, but 1x6 only to
 * depth 16 of its 26.  1xN and Nx1 are the same game turned. */
struct line_case {
    int cells, depths;
    int64_t perft[18];
};

static const struct line_case LINE_PERFT[] = {
    { 1, 2, { 1, 0 } },
    { 2, 3, { 2, 2, 0 } },
    { 3, 6, { 3, 6, 6, 4, 4, 0 } },
    { 4, 15, { 4, 12, 24, 32, 48, 80, 136, 208, 320, 496, 776, 1200, 1872,
               1872, 0 } },
    { 5, 18, { 5, 20, 60, 132, 252, 536, 1200, 2688, 6056, 13360, 29000,
               64824, 146432, 285088, 316112, 165568, 165568, 0 } },
    { 6, 16, { 6, 30, 120, 376, 976, 2480, 6632, 18128, 48240, 130864,
               350952, 955048, 2541048, 6652136, 14206696, 22901584 } },
};

START_TEST(test_perft_table)
{
    const struct perft_case *c = &PERFT[_i];
    unsigned char st[STATE_MAX];
    setup_size(st, c->size);
    int64_t n = perft(st, c->depth);
    ck_assert_msg(n == c->expected, "perft %s d%d = %lld, expected %lld",
                  c->size, c->depth, (long long)n, (long long)c->expected);
}
END_TEST

START_TEST(test_perft_line)
{
    const struct line_case *c = &LINE_PERFT[_i];
    for (int turned = 0; turned < 2; turned++) {
        char size[8];
        snprintf(size, sizeof size, turned ? "%dx1" : "1x%d", c->cells);
        unsigned char st[STATE_MAX];
        setup_size(st, size);
        for (int d = 1; d <= c->depths; d++) {
            int64_t n = perft(st, d), want = c->perft[d - 1];
            ck_assert_msg(n == want, "perft %s d%d = %lld, expected %lld",
                          size, d, (long long)n, (long long)want);
        }
    }
}
END_TEST

/* W x H and H x W are the same game rotated: equal perft for every size. */
START_TEST(test_perft_rotation)
{
    int w = 1 + _i / 8, h = 1 + _i % 8;
    char a[16], b[16];
    unsigned char sa[STATE_MAX], sb[STATE_MAX];
    snprintf(a, sizeof a, "%dx%d", w, h);
    snprintf(b, sizeof b, "%dx%d", h, w);
    setup_size(sa, a);
    setup_size(sb, b);
    /* no board fills before ply C, the number of cells: a nonzero count */
    int cells = w * h, depth = cells <= 16 ? (cells < 6 ? cells : 6) : 4;
    int64_t na = perft(sa, depth), nb = perft(sb, depth);
    ck_assert_msg(na == nb, "%s %lld vs %s %lld", a, (long long)na, b,
                  (long long)nb);
    ck_assert_int_gt(na, 0);
}
END_TEST

/* ---- the CodinGame 2025 vectors (doc/games/cephalopod.md) -------------- */

/* Memo of (sequence count, sum of final boards) mod 2^30, keyed by the
 * colour-free board (3 bits per cell, 9 cells) and the remaining depth. */
struct memo {
    uint32_t *key;
    uint32_t *count;
    uint32_t *sum;
    size_t cap, used;
};

#define MEMO_EMPTY UINT32_MAX
#define MOD30 ((1u << 30) - 1)

static void memo_init(struct memo *m, size_t cap)
{
    m->cap = cap;
    m->used = 0;
    m->key = malloc(cap * sizeof *m->key);
    m->count = malloc(cap * sizeof *m->count);
    m->sum = malloc(cap * sizeof *m->sum);
    ck_assert(m->key && m->count && m->sum);
    for (size_t i = 0; i < cap; i++)
        m->key[i] = MEMO_EMPTY;
}

static void memo_free(struct memo *m)
{
    free(m->key);
    free(m->count);
    free(m->sum);
}

static size_t memo_slot(const struct memo *m, uint32_t key)
{
    size_t i = (size_t)(((uint64_t)key * 0x9E3779B97F4A7C15ULL) >> 20);
    for (i &= m->cap - 1; m->key[i] != MEMO_EMPTY && m->key[i] != key;
         i = (i + 1) & (m->cap - 1))
        ;
    return i;
}

static void memo_put(struct memo *m, uint32_t key, uint32_t count,
                     uint32_t sum)
{
    if (2 * (m->used + 1) > m->cap) {
        struct memo big;
        memo_init(&big, m->cap * 2);
        for (size_t i = 0; i < m->cap; i++)
            if (m->key[i] != MEMO_EMPTY)
                memo_put(&big, m->key[i], m->count[i], m->sum[i]);
        memo_free(m);
        *m = big;
    }
    size_t i = memo_slot(m, key);
    if (m->key[i] == MEMO_EMPTY)
        m->used++;
    m->key[i] = key;
    m->count[i] = count;
    m->sum[i] = sum;
}

struct cg {
    struct memo memo;
    struct sbuf text;
    unsigned char *states;      /* one position per ply */
    move_t *moves;              /* one move list per ply */
};

/* The 3x3 board without colours: pips packed 3 bits a cell (*packed) and
 * as the 9-digit number read row by row from the top (*value). */
static void cg_board(struct cg *cg, const void *st, uint32_t *packed,
                     uint32_t *value)
{
    sbuf_reset(&cg->text);
    G->to_string(st, &cg->text);
    const char *s = sbuf_str(&cg->text) + strlen("cephalopod:3x3:W:");
    *packed = 0;
    *value = 0;
    for (int i = 0; i < 9; i++, s += 2) {
        if (*s == '/')
            s++;
        uint32_t pips = s[0] == '.' ? 0 : (uint32_t)(s[1] - '0');
        *packed = *packed << 3 | pips;
        *value = *value * 10 + pips;
    }
}

static void cg_count(struct cg *cg, int ply, int depth, uint32_t *count,
                     uint32_t *sum)
{
    size_t size = G->state_size;
    const unsigned char *st = cg->states + size * (size_t)ply;
    uint32_t packed, value;
    cg_board(cg, st, &packed, &value);
    move_t *moves = cg->moves + (size_t)G->max_moves * (size_t)ply;
    int n = depth ? G->gen_moves(st, moves) : 0;
    if (n == 0) {
        *count = 1;
        *sum = value & MOD30;
        return;
    }
    uint32_t key = packed << 5 | (uint32_t)depth;
    size_t slot = memo_slot(&cg->memo, key);
    if (cg->memo.key[slot] == key) {
        *count = cg->memo.count[slot];
        *sum = cg->memo.sum[slot];
        return;
    }
    uint32_t c = 0, s = 0;
    unsigned char *child = cg->states + size * (size_t)(ply + 1);
    for (int i = 0; i < n; i++) {
        uint32_t cc, cs;
        memcpy(child, st, size);
        G->play(child, moves[i]);
        cg_count(cg, ply + 1, depth - 1, &cc, &cs);
        c = (c + cc) & MOD30;
        s = (s + cs) & MOD30;
    }
    memo_put(&cg->memo, key, c, s);
    *count = c;
    *sum = s;
}

struct cg_case {
    const char *pos;            /* colours arbitrary: they do not matter */
    int depth;
    uint32_t expected;
};

static const struct cg_case CG[] = {
    /* 0 6 0 / 2 2 2 / 1 6 1 */
    { "cephalopod:3x3:W:..W6../W2B2W2/B1W6B1", 20, 322444322 },
    /* 0 5 1 / 0 0 0 / 4 0 1 */
    { "cephalopod:3x3:W:..W5B1/....../W4..B1", 20, 738691369 },
};

START_TEST(test_codingame_vectors)
{
    const struct cg_case *c = &CG[_i];
    struct cg cg;
    memo_init(&cg.memo, 1u << 16);
    sbuf_init(&cg.text);
    cg.states = malloc(G->state_size * (size_t)(c->depth + 1));
    cg.moves = malloc(sizeof(move_t) * (size_t)G->max_moves *
                      (size_t)(c->depth + 1));
    ck_assert(cg.states && cg.moves);
    load(cg.states, c->pos);
    uint32_t count, sum;
    cg_count(&cg, 0, c->depth, &count, &sum);
    ck_assert_uint_gt(count, 0);
    ck_assert_uint_eq(sum, c->expected);
    free(cg.states);
    free(cg.moves);
    sbuf_free(&cg.text);
    memo_free(&cg.memo);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cephalopod_perft");
    TCase *tc = tap_tcase(s, "perft", 120);
    tcase_add_loop_test(tc, test_perft_table, 0, NELEM(PERFT));
    tcase_add_loop_test(tc, test_perft_line, 0, NELEM(LINE_PERFT));
    tcase_add_loop_test(tc, test_perft_rotation, 0, 64);
    tcase_add_loop_test(tc, test_codingame_vectors, 0, NELEM(CG));
    return tap_main(s);
}
