/* searchtest.c -- the reference minimax and search shorthands of
 * searchtest.h. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "searchtest.h"

int ref_value(const struct game_ops *g, const void *st, int ply,
              int plies_left)
{
    move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
    unsigned char *child = malloc(g->state_size);
    if (!mv || !child)
        abort();            /* not ck_assert: Check logs every call */
    int n = g->gen_moves(st, mv);
    int side = g->side_to_move(st);
    int best = -1000000;
    if (n == 0) {
        int margin = 0;
        enum game_status o = g->outcome(st, &margin);
        best = o == GAME_DRAW ? 0
             : (o == GAME_WIN_FIRST) == (side == 0) ? margin + 1
             : -(margin + 1);
    } else if (plies_left > 0 && ply >= plies_left) {
        best = 0;
    }
    for (int i = 0; i < n && !(plies_left > 0 && ply >= plies_left); i++) {
        memcpy(child, st, g->state_size);
        g->play(child, mv[i]);
        int v = ref_value(g, child, ply + 1, plies_left);
        if (g->side_to_move(child) != side)
            v = -v;
        if (v > best)
            best = v;
    }
    free(mv);
    free(child);
    return best;
}

int ref_from_score(int score)
{
    if (score >= EVAL_WIN_MIN)
        return search_score_margin(score) + 1;
    if (score <= -EVAL_WIN_MIN)
        return -(search_score_margin(score) + 1);
    return score;
}

const enum search_method srch_methods[SRCH_METHODS] = {
    SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_PLAIN_MCTS, SEARCH_GREEDY,
    SEARCH_RANDOM, SEARCH_PLAYOUTS
};

struct search_limits srch_limits(enum search_method method)
{
    struct search_limits l;
    memset(&l, 0, sizeof l);
    l.threads = 1;
    l.seed = 42;
    l.method = method;
    return l;
}

struct search *srch_new(const struct game_ops *g, size_t hash_mb,
                        struct search_limits *l)
{
    struct search *s = search_new(g, hash_mb);
    ck_assert_ptr_nonnull(s);
    *l = srch_limits(SEARCH_ALPHABETA);
    return s;
}

void srch_once(const struct game_ops *g, const void *st, size_t hash_mb,
               const struct search_limits *l, struct search_result *r)
{
    struct search *s = search_new(g, hash_mb);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(search_run(s, st, l, r), 0);
    search_free(s);
}

void srch_assert_exact(const struct search_result *r, int ref)
{
    ck_assert(r->proven);
    ck_assert_int_eq(ref_from_score(r->score), ref);
}

void srch_assert_best(const struct game_ops *g, const void *st,
                      const struct search_result *r, const char *want)
{
    char buf[MOVE_STR_MAX];
    ck_assert(gt_is_legal(g, st, r->best));
    g->format_move(st, r->best, buf);
    ck_assert_str_eq(buf, want);
}
