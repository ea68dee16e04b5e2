/* gametest.h -- helpers the Check suites share to handle one game through
 * its struct game_ops: load a position, set up, play a token, count
 * perft, test legality.  Each fails the running test with the game's own
 * reason when the game refuses. */
#ifndef TRIAD_TESTS_GAMETEST_H
#define TRIAD_TESTS_GAMETEST_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "search/perft.h"

/* Position string pos into st; it must be accepted. */
static inline void gt_load(const struct game_ops *g, void *st,
                           const char *pos)
{
    struct sbuf err = SBUF_INIT;
    int rc = g->from_string(st, pos, &err);
    ck_assert_msg(rc == 0, "from_string(%s): %s", pos, sbuf_str(&err));
    sbuf_free(&err);
}

/* setup with argc words and seed; it must be accepted. */
static inline void gt_setup(const struct game_ops *g, void *st, int argc,
                            char *const argv[], uint64_t seed)
{
    struct sbuf err = SBUF_INIT;
    int rc = g->setup(st, argc, argv, seed, &err);
    ck_assert_msg(rc == 0, "setup %s: %s", argc > 0 ? argv[0] : "",
                  sbuf_str(&err));
    sbuf_free(&err);
}

/* Plays a move given as a token, which must be legal; the incremental
 * hash must still equal the full one. */
static inline void gt_play(const struct game_ops *g, void *st,
                           const char *tok)
{
    struct sbuf why = SBUF_INIT;
    move_t m = MOVE_NONE;
    enum move_parse r = g->parse_move(st, tok, &m, &why);
    ck_assert_msg(r == MOVE_PARSE_OK, "%s: %s", tok, sbuf_str(&why));
    sbuf_free(&why);
    g->play(st, m);
    ck_assert(g->hash(st) == g->hash_full(st));
}

/* Leaf count of the game tree depth plies below st. */
static inline int64_t gt_perft(const struct game_ops *g, const void *st,
                               int depth)
{
    struct perft_ctx *ctx = perft_new(g, depth, NULL);
    ck_assert_ptr_nonnull(ctx);
    int64_t n = perft_run(ctx, st, depth);
    perft_free(ctx);
    return n;
}

/* True if m is among the generated moves of st. */
static inline bool gt_is_legal(const struct game_ops *g, const void *st,
                               move_t m)
{
    move_t *mv = malloc(sizeof *mv * (size_t)g->max_moves);
    ck_assert_ptr_nonnull(mv);
    int n = g->gen_moves(st, mv);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = mv[i] == m;
    free(mv);
    return found;
}

#endif
