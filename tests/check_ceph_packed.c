/* check_ceph_packed.c -- Cephalopod's packed positions (the exact
 * solver's fast path, game_ops.packed) against the rules, and the fast
 * solver against the generic one (the same game_ops without packed). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "search/search.h"
#include "tap_main.h"

#define MAX_CHILDREN 176        /* 16 cells x 11 capture sets */

/* Sets *st to the empty w x h board. */
static void setup_board(void *st, int w, int h)
{
    char size[8];
    snprintf(size, sizeof size, "%dx%d", w, h);
    char *argv[] = { size };
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(cephalopod_ops.setup(st, 1, argv, 0, &err), 0);
    sbuf_free(&err);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Image t of a packed w x h position (bit 0 of t mirrors x, bit 1
 * mirrors y, bit 2 transposes), written here from the definition. */
static uint64_t image_of(uint64_t pos, int w, int h, int t)
{
    uint64_t img = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int ix = t & 1 ? w - 1 - x : x, iy = t & 2 ? h - 1 - y : y;
            if (t & 4) {
                int tmp = ix;
                ix = iy;
                iy = tmp;
            }
            img |= (pos >> (4 * (y * w + x)) & 15) << (4 * (iy * w + ix));
        }
    return img;
}

/* The position seen by the other side: every die's colour bit flipped. */
static uint64_t other_view(uint64_t pos, int cells)
{
    for (int c = 0; c < cells; c++)
        if (pos >> (4 * c) & 7)
            pos ^= 8ULL << (4 * c);
    return pos;
}

/* The key is exact: one of the images of the position seen from the
 * other side (so equal keys mean images of one position), and the same
 * for every image. */
static void check_key(const struct packed_ops *p, const void *geo,
                      uint64_t pos, int w, int h)
{
    int nsyms = w == h ? 8 : 4;
    uint64_t key = p->key(geo, pos), other = other_view(pos, w * h);
    bool among = false;
    for (int t = 0; t < nsyms; t++) {
        among = among || image_of(other, w, h, t) == key;
        ck_assert_uint_eq(p->key(geo, image_of(pos, w, h, t)), key);
    }
    ck_assert_msg(among, "key %llx is no image of %llx",
                  (unsigned long long)key, (unsigned long long)pos);
}

/* After every ply of random games on every board that fits (1x1 to 4x4,
 * 1x8, 8x1, 2x8, 5x3 and the rest of at most 16 cells), the packed
 * children are exactly the packed positions after each legal move, their
 * keys are the keys of those positions, the counts agree, and a full
 * board's margin is the rules' (from the mover's view). */
START_TEST(test_packed_follows_rules)
{
    const struct game_ops *g = &cephalopod_ops;
    const struct packed_ops *p = g->packed;
    ck_assert_ptr_nonnull(p);
    ck_assert_int_ge(p->max_children, MAX_CHILDREN);
    void *geo = malloc(p->geometry_size);
    unsigned char *st = malloc(g->state_size);
    unsigned char *child = malloc(g->state_size);
    move_t *mv = malloc(g->max_moves * sizeof *mv);
    ck_assert(geo && st && child && mv);
    uint64_t kids[MAX_CHILDREN], keys[MAX_CHILDREN], made[MAX_CHILDREN];
    struct rng rng;
    rng_seed(&rng, 19);
    long plies = 0;
    for (int w = 1; w <= 8; w++)
        for (int h = 1; h <= 8 && w * h <= 16; h++)
            for (int game = 0; game < 30; game++) {
                setup_board(st, w, h);
                ck_assert(p->init(geo, st));
                for (;;) {
                    uint64_t pos = p->pack(geo, st);
                    int n = g->gen_moves(st, mv);
                    ck_assert_int_eq(p->children(geo, pos, kids, keys), n);
                    ck_assert_int_eq(p->count_children(geo, pos), n);
                    int counted = -1;
                    p->evaluate(geo, pos, &counted);
                    ck_assert_int_eq(counted, n);
                    check_key(p, geo, pos, w, h);
                    for (int i = 0; i < n; i++) {
                        ck_assert_uint_eq(keys[i], p->key(geo, kids[i]));
                        memcpy(child, st, g->state_size);
                        g->play(child, mv[i]);
                        made[i] = p->pack(geo, child);
                    }
                    qsort(kids, (size_t)n, sizeof *kids, cmp_u64);
                    qsort(made, (size_t)n, sizeof *made, cmp_u64);
                    ck_assert(memcmp(kids, made, (size_t)n * 8) == 0);
                    if (n == 0)
                        break;
                    g->play(st, mv[rng_below(&rng, (uint64_t)n)]);
                    plies++;
                }
                int margin;
                enum game_status o = g->outcome(st, &margin);
                int mover = g->side_to_move(st);
                int want = o == GAME_DRAW ? 0
                           : (o == GAME_WIN_FIRST) == (mover == 0) ? margin
                                                                   : -margin;
                ck_assert_int_eq(p->final_margin(geo, p->pack(geo, st)), want);
            }
    ck_assert_int_gt(plies, 10000);
    /* a board of more than 16 cells does not fit */
    setup_board(st, 5, 4);
    ck_assert(!p->init(geo, st));
    free(mv);
    free(child);
    free(st);
    free(geo);
}
END_TEST

/* The solvers: the fast path (cephalopod_ops) or the generic one (a copy
 * without packed positions). */
static struct game_ops generic_ops(void)
{
    struct game_ops g = cephalopod_ops;
    g.packed = NULL;
    return g;
}

/* Proves st with ops on threads threads and a table of hash_mb MiB
 * within max_nodes (0: no limit); false if it could not.  The margin
 * from the side to move's view in *margin, the move in *best. */
static bool solve_with(const struct game_ops *ops, const void *st,
                       int threads, size_t hash_mb, uint64_t max_nodes,
                       int *margin, move_t *best)
{
    struct search *s = search_new(ops, hash_mb);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = { .threads = threads, .seed = 1,
                               .max_nodes = max_nodes };
    struct search_result r;
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    search_free(s);
    *margin = r.margin;
    if (best)
        *best = r.best;
    return r.proven;
}

/* The margin of a finished game from the view of its side to move. */
static int final_margin(const void *st)
{
    const struct game_ops *g = &cephalopod_ops;
    int margin;
    enum game_status o = g->outcome(st, &margin);
    if (o == GAME_DRAW)
        return 0;
    return (o == GAME_WIN_FIRST) == (g->side_to_move(st) == 0) ? margin
                                                               : -margin;
}

/* Where the fast solver proves st on threads threads within max_nodes:
 * the generic solver proves the same value, and the fast solver's move
 * keeps it (the generic solver values the position after it).  False if
 * the fast solver did not finish. */
static bool same_value(const void *st, int threads, uint64_t max_nodes)
{
    const struct game_ops *g = &cephalopod_ops;
    struct game_ops generic = generic_ops();
    move_t best;
    int fast, slow, after;
    if (!solve_with(g, st, threads, 4, max_nodes, &fast, &best))
        return false;
    ck_assert(solve_with(&generic, st, 1, 4, 0, &slow, NULL));
    ck_assert_int_eq(slow, fast);
    unsigned char *child = malloc(g->state_size);
    ck_assert_ptr_nonnull(child);
    memcpy(child, st, g->state_size);
    g->play(child, best);
    if (g->outcome(child, NULL) == GAME_ONGOING)
        ck_assert(solve_with(&generic, child, 1, 4, 0, &after, NULL));
    else
        after = final_margin(child);
    ck_assert_int_eq(-after, fast);
    free(child);
    return true;
}

/* The empty boards whose proofs take less than a second, on one thread
 * and on two (the loop's index: doc/search.md, "Proofs on several
 * threads"). */
START_TEST(test_same_value_small_boards)
{
    static const int sizes[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 },
                                    { 1, 1 }, { 1, 7 }, { 8, 1 } };
    unsigned char *st = malloc(cephalopod_ops.state_size);
    ck_assert_ptr_nonnull(st);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        setup_board(st, sizes[i][0], sizes[i][1]);
        ck_assert(same_value(st, _i, 0));
    }
    free(st);
}
END_TEST

/* One searcher proves boards of different shapes in turn, keeping its
 * scratch and the geometry of the last shape: every answer, node count
 * included, is what a new searcher gives. */
START_TEST(test_searcher_reused)
{
    static const int sizes[][2] = { { 2, 3 }, { 3, 2 }, { 2, 2 },
                                    { 3, 2 }, { 3, 2 }, { 2, 4 } };
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    struct search *kept = search_new(g, 4);
    ck_assert(st && kept);
    struct search_limits l = { .threads = 1, .seed = 1 };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        setup_board(st, sizes[i][0], sizes[i][1]);
        struct search_result again, fresh;
        ck_assert_int_eq(search_solve(kept, st, &l, &again), 0);
        struct search *s = search_new(g, 4);
        ck_assert_ptr_nonnull(s);
        ck_assert_int_eq(search_solve(s, st, &l, &fresh), 0);
        search_free(s);
        ck_assert(again.proven && fresh.proven);
        ck_assert_int_eq(again.margin, fresh.margin);
        ck_assert_int_eq(again.best, fresh.best);
        ck_assert_uint_eq(again.nodes, fresh.nodes);
    }
    search_free(kept);
    free(st);
}
END_TEST

/* The number of empty cells of st. */
static int empty_cells(const void *st)
{
    struct sbuf s = SBUF_INIT;
    cephalopod_ops.to_string(st, &s);
    ck_assert_ptr_nonnull(s.buf);
    int dots = 0;
    for (const char *c = s.buf; *c; c++)
        dots += *c == '.';
    sbuf_free(&s);
    return dots / 2;               /* ".." is an empty cell */
}

/* 50 positions of random games on 4x4, 4x3 and 3x4 with 2 to 4 empty
 * cells, among those the fast solver proves within 200 000 nodes (some
 * with 3 empty cells on 4x4 take more than 200 M: captures reopen the
 * board), on one thread and on two (the loop's index). */
START_TEST(test_same_value_endgames)
{
    static const int sizes[][2] = { { 4, 4 }, { 4, 3 }, { 3, 4 } };
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    move_t *mv = malloc(g->max_moves * sizeof *mv);
    ck_assert(st && mv);
    struct rng rng;
    rng_seed(&rng, 2026);
    int compared = 0, tries = 0;
    for (; compared < 50 && tries < 500; tries++) {
        int w = sizes[tries % 3][0], h = sizes[tries % 3][1];
        int empties = 2 + tries % 3;
        setup_board(st, w, h);
        int n = g->gen_moves(st, mv);
        while (n > 0 && !(n > 1 && empty_cells(st) == empties)) {
            g->play(st, mv[rng_below(&rng, (uint64_t)n)]);
            n = g->gen_moves(st, mv);
        }
        if (n > 0 && same_value(st, _i, 200000))
            compared++;
    }
    ck_assert_int_eq(compared, 50);
    free(mv);
    free(st);
}
END_TEST

static Suite *ceph_packed_suite(void)
{
    Suite *s = suite_create("ceph_packed");
    TCase *tc = tcase_create("packed");
    tcase_set_timeout(tc, 300);     /* seconds, more under sanitizers */
    tcase_add_test(tc, test_packed_follows_rules);
    tcase_add_loop_test(tc, test_same_value_small_boards, 1, 3);
    tcase_add_test(tc, test_searcher_reused);
    tcase_add_loop_test(tc, test_same_value_endgames, 1, 3);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tap_main(ceph_packed_suite());
}
