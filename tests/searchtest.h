/* searchtest.h -- what the search suites share beyond the toy games: an
 * exhaustive reference minimax over any struct game_ops, and shorthands
 * to run a search (tests/searchtest.c). */
#ifndef TRIAD_TESTS_SEARCHTEST_H
#define TRIAD_TESTS_SEARCHTEST_H

#include <stddef.h>

#include "core/game.h"
#include "search/search.h"

/* Exact value for the side to move: margin + 1 for a win, -(margin + 1)
 * for a loss, 0 for a draw; positions plies_left plies down (if > 0) are
 * draws unless finished.  Exhaustive: small games only. */
int ref_value(const struct game_ops *g, const void *st, int ply,
              int plies_left);

/* The same encoding, read from a proven search score. */
int ref_from_score(int score);

/* Every player (not auto, which picks one of them), and their number. */
extern const enum search_method srch_methods[];
#define SRCH_METHODS 6

/* Limits with nothing but one thread, seed 42 and method. */
struct search_limits srch_limits(enum search_method method);

/* A new searcher for g with a table of hash_mb MiB (the test fails
 * without one), and in *l the limits of srch_limits(SEARCH_ALPHABETA). */
struct search *srch_new(const struct game_ops *g, size_t hash_mb,
                        struct search_limits *l);

/* One search of *st by a new searcher with a table of hash_mb MiB. */
void srch_once(const struct game_ops *g, const void *st, size_t hash_mb,
               const struct search_limits *l, struct search_result *r);

/* The result is proven and its score encodes the reference value ref. */
void srch_assert_exact(const struct search_result *r, int ref);

/* The result's move is legal and formats as want. */
void srch_assert_best(const struct game_ops *g, const void *st,
                      const struct search_result *r, const char *want);

#endif
