/* check_truchet_play.c -- Truchet in play: random playouts (hashing, noisy
 * moves, the colour mirror), the max_moves bound, the evaluation, the
 * shared search. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/truchet_int.h"
#include "searchtest.h"
#include "tap_main.h"
#include "truchettest.h"

/* ------------------------------------------------------------------ */
/* Playouts, hashing, bound                                            */
/* ------------------------------------------------------------------ */

/* The colour-swapped image of *p: rows upside down (tiles change their
 * diagonal), Light and Dark exchanged, the other side to move.  The rules
 * are symmetric under it, so it is the same position for the other side. */
static void mirror(const union pos *p, union pos *out)
{
    char *s = pos_string(p);
    char bits[50], side;
    int off = 0;
    ck_assert_int_eq(sscanf(s, "truchet:%49[01]:%c:%n", bits, &side, &off), 2);
    char buf[512];
    int len = snprintf(buf, sizeof buf, "truchet:");
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++)
            buf[len++] = bits[(6 - r) * 7 + c] == '0' ? '1' : '0';
    len += snprintf(buf + len, sizeof buf - (size_t)len, ":%c:",
                    side == 'L' ? 'D' : 'L');
    for (const char *q = s + off; *q; q += *q == ',') {
        char col, owner;
        int row, h, used;
        ck_assert_int_eq(sscanf(q, "%c%d%c%d%n", &col, &row, &owner, &h,
                                &used), 4);
        len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%c%d%c%d",
                        q == s + off ? "" : ",", col, 9 - row,
                        owner == 'L' ? 'D' : 'L', h);
        q += used;
    }
    free(s);
    load(out, buf);
}

/* Whether flip-free move m, played on p, captures or brings the mover's
 * chips onto a target base it did not hold: what gen_noisy must list. */
static bool is_noisy(const union pos *p, move_t m)
{
    const struct tr_state *before = (const void *)p->b;
    union pos q = *p;
    G->play(q.b, m);
    const struct tr_state *after = (const void *)q.b;
    int s = before->side;
    uint64_t gained = after->occ[s] & ~before->occ[s] & home_of[!s];
    return after->chips[!s] < before->chips[!s] || gained;
}

/* gen_noisy lists exactly the noisy flip-free moves of gen_moves, in any
 * order (ml->mv holds gen_moves' list, n long). */
static void check_noisy(const union pos *p, const move_t *all, int n)
{
    static move_t noisy[TR_MAX_MOVES];
    int k = G->gen_noisy(p->b, noisy);
    int want = 0;
    for (int i = 0; i < n; i++) {
        if (MV_FLIP(all[i]) || !is_noisy(p, all[i]))
            continue;
        want++;
        int j = 0;
        while (j < k && noisy[j] != all[i])
            j++;
        ck_assert_int_lt(j, k);
    }
    ck_assert_int_eq(k, want);
}

static void playout(const char *key, uint64_t seed, struct mlist *ml,
                    int *finished)
{
    union pos p;
    setup_args(&p, key);
    struct rng r;
    rng_seed(&r, seed);
    for (int ply = 0; ply < 400; ply++) {
        ck_assert(G->hash(p.b) == G->hash_full(p.b));
        int n = G->gen_moves(p.b, ml->mv);
        ck_assert_int_le(n, G->max_moves);
        ck_assert_int_eq(G->count_moves(p.b), n);
        enum game_status g = G->outcome(p.b, NULL);
        char *s = pos_string(&p);
        union pos q;
        load(&q, s);
        ck_assert(G->hash(q.b) == G->hash(p.b));
        free(s);
        if (n == 0) {
            ck_assert(g == GAME_WIN_FIRST || g == GAME_WIN_SECOND);
            (*finished)++;
            return;
        }
        ck_assert_int_eq(g, GAME_ONGOING);
        check_noisy(&p, ml->mv, n);
        int e = G->evaluate(p.b);
        ck_assert_int_lt(abs(e), EVAL_WIN_MIN / 10);
        union pos img;
        mirror(&p, &img);
        ck_assert_int_eq(G->evaluate(img.b), e);
        move_t m = ml->mv[rng_below(&r, (uint64_t)n)];
        char tok[MOVE_STR_MAX];
        G->format_move(p.b, m, tok);
        move_t back;
        ck_assert_int_eq(parse(&p, tok, &back), MOVE_PARSE_OK);
        ck_assert(back == m);
        uint64_t before = G->hash(p.b);
        G->play(p.b, m);
        ck_assert(G->hash(p.b) != before);
        ck_assert_int_eq(G->side_to_move(p.b), (ply + 1) % 2);
    }
}

START_TEST(test_playouts)
{
    static const char *const keys[] = { "2470377", "0", "1", "2", "3",
                                        "12345" };
    struct mlist *ml = mlist_new();
    int finished = 0;
    for (int i = 0; i < 12; i++)
        playout(keys[i % 6], (uint64_t)i, ml, &finished);
    ck_assert_int_gt(finished, 0);
    mlist_free(ml);
}
END_TEST

/* The max_moves argument of truchet.c: per flip choice at most
 * m(30 + 12m) + 32 * sum sp(h) turns, maximised over height multisets. */
static int bound_rec(int left, int maxh, int m, int sp_sum)
{
    static const int sp[5] = { 0, 0, 6, 16, 31 };
    int best = m ? m * (30 + 12 * m) + 32 * sp_sum : 0;
    for (int h = 1; h <= maxh && h <= left; h++) {
        int b = bound_rec(left - h, h, m + 1, sp_sum + sp[h]);
        if (b > best)
            best = b;
    }
    return best;
}

START_TEST(test_max_moves_bound)
{
    /* Derived here, not copied: no flip or one of the 49 tiles, times
     * the bound over height multisets of at most 12 pieces. */
    ck_assert_int_eq(G->max_moves, (49 + 1) * bound_rec(12, 4, 0, 0));
    /* a crowded position with many tall stacks stays well inside */
    union pos p;
    load_slash(&p, 'L', "b2L4,d4L4,f6L4,h1D1");
    long n = G->count_moves(p.b);
    ck_assert_int_gt(n, 1000);
    ck_assert_int_le(n, G->max_moves);
}
END_TEST

/* The evaluation of a position with all tiles '/' (load_slash). */
static int eval_slash(char side, const char *stacks)
{
    union pos p;
    load_slash(&p, side, stacks);
    return G->evaluate(p.b);
}

START_TEST(test_evaluate)
{
    /* more chips is better for the side that has them */
    ck_assert_int_gt(eval_slash('L', "d4L3,e6D1,h1D1"), 0);
    ck_assert_int_lt(eval_slash('D', "d4L3,e6D1,h1D1"), 0);
    /* holding an enemy base helps */
    ck_assert_int_gt(eval_slash('L', "c1L1,e7D1"),
                     eval_slash('L', "c3L1,e7D1"));
    /* so does a capture the mover can make */
    ck_assert_int_gt(eval_slash('L', "d4L2,d5D1,h8D1"),
                     eval_slash('L', "d4L2,d6D1,h8D1"));
    /* a stack that reaches two empty target bases next turn (b1 splits
     * onto a1 and c1) is worth more than one far from them (b5) */
    ck_assert_int_gt(eval_slash('L', "b1L2,h8D1"),
                     eval_slash('L', "b5L2,h8D1"));
    /* two bases held and a third one turn away (e2 splits onto e1): a
     * win in one for the mover, a threat to parry for the other side */
    int win_now = eval_slash('L', "a1L1,c1L1,e2L2,h8D2");
    ck_assert_int_gt(win_now, eval_slash('L', "a1L1,c1L1,e5L2,h8D2") + 100);
    ck_assert_int_lt(eval_slash('D', "a1L1,c1L1,e2L2,h8D2"),
                     eval_slash('D', "a1L1,c1L1,e5L2,h8D2") - 50);
    /* the same seen from the other colour (mirror image) */
    union pos p, img;
    load_slash(&p, 'L', "a1L1,c1L1,e2L2,h8D2");
    mirror(&p, &img);
    ck_assert_int_eq(G->evaluate(img.b), win_now);
    /* a stack on a held base threatens no other base, since leaving
     * gives its own up: with tile b1 '\\' the c1 stack steps to a1
     * (c1-b2-a1), which is no third base a turn away for c1 and e1, so
     * the tile changes nothing */
    char buf[128];
    snprintf(buf, sizeof buf, "truchet:01%.47s:L:c1L1,e1L1,h8D2", ZEROS48);
    union pos held;
    move_t m;
    load(&held, buf);
    ck_assert_int_eq(parse(&held, "c1-a1", &m), MOVE_PARSE_OK);
    ck_assert_int_eq(G->evaluate(held.b), eval_slash('L', "c1L1,e1L1,h8D2"));
}
END_TEST

/* ------------------------------------------------------------------ */
/* The shared search on Truchet                                       */
/* ------------------------------------------------------------------ */

/* Truchet, Light to move: of 1078 turns exactly one wins at once (flip b2,
 * step b5-f1 and split onto the bases); a one-ply search finds it. */
#define TRUCHET_WIN "truchet:1001101100111011011000011110001010101010011110" \
    "111:L:a1L1,b1L1,b5L2,b8D1,c6D2,c7D1,d4D1,d8L2,e5D1,f2D1,f4D1,f6L2,g3D1," \
    "g5D1,h2L2"

/* Not plain UCT: 1078 moves are too many for uniform playouts. */
static const enum search_method win_methods[] = {
    SEARCH_AUTO, SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_GREEDY
};

START_TEST(test_truchet_win_in_one)
{
    const struct game_ops *g = &truchet_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    gt_load(g, st, TRUCHET_WIN);
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(win_methods[_i]);
    l.max_depth = 1;
    l.max_nodes = 100000;
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    srch_assert_best(g, st, &r, "*b2,b5-f1>we");
    search_free(s);
    free(st);
}
END_TEST

/* The children of the root's moves, all of them but skip's (MOVE_NONE:
 * all), as a game history; *n receives their number. */
static unsigned char *children_but(const union pos *p, move_t skip, int *n)
{
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    unsigned char *hist = malloc(G->state_size * (size_t)ml->n);
    ck_assert_ptr_nonnull(hist);
    *n = 0;
    for (int i = 0; i < ml->n; i++) {
        if (ml->mv[i] == skip)
            continue;
        unsigned char *c = hist + G->state_size * (size_t)(*n)++;
        memcpy(c, p->b, G->state_size);
        G->play(c, ml->mv[i]);
    }
    mlist_free(ml);
    return hist;
}

/* A position already seen in the game scores as a draw, worth
 * SEARCH_REP_CONTEMPT less than 0 to the side to move at the root
 * (src/search/repetition.c). */
START_TEST(test_repetition_draw)
{
    union pos p;
    /* Light captures e4 (d4>es and others): clearly ahead after it */
    load_slash(&p, 'L', "d4L3,e4D1,h8D1");
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 1 + _i;
    struct search_result free_run, r;
    srch_once(G, p.b, 4, &l, &free_run);
    ck_assert_int_gt(free_run.score, 100);
    /* every move leads to a position seen before: the root is a draw */
    l.history = children_but(&p, MOVE_NONE, &l.history_len);
    srch_once(G, p.b, 4, &l, &r);
    ck_assert_int_eq(r.score, -SEARCH_REP_CONTEMPT);
    ck_assert(!r.proven);
    free((void *)l.history);
    /* all but the best one: the same choice and value as without them */
    l.history = children_but(&p, free_run.best, &l.history_len);
    srch_once(G, p.b, 4, &l, &r);
    ck_assert_uint_eq(r.best, free_run.best);
    ck_assert_int_eq(r.score, free_run.score);
    free((void *)l.history);
    /* only the best one: another move, worth less */
    union pos best = p;
    G->play(best.b, free_run.best);
    l.history = best.b;
    l.history_len = 1;
    srch_once(G, p.b, 4, &l, &r);
    ck_assert_uint_ne(r.best, free_run.best);
    ck_assert_int_le(r.score, free_run.score);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("truchet_play");
    TCase *tc = tap_tcase(s, "play", 120);
    tcase_add_test(tc, test_playouts);
    tcase_add_test(tc, test_max_moves_bound);
    tcase_add_test(tc, test_evaluate);
    tcase_add_loop_test(tc, test_repetition_draw, 0, 2);
    tcase_add_loop_test(tc, test_truchet_win_in_one, 0,
                        (int)(sizeof win_methods / sizeof win_methods[0]));
    return tap_main(s);
}
