/* bench.h -- the benchmark behind the `bench` command: each game's fixed
 * positions (game_ops.bench_positions, or the default setup) searched with
 * a node budget, which yields a signature of the search's behaviour, or
 * counted by perft, which measures the move generators.
 */
#ifndef TRIAD_SEARCH_BENCH_H
#define TRIAD_SEARCH_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/stop.h"

/* Node budget per position when the caller has no other. */
#define BENCH_DEFAULT_NODES 200000

/* Searches every bench position of g with max_nodes nodes, one thread, a
 * fresh table and a fixed seed.  Adds to *nodes and *seconds and folds
 * each result (move, score, depth, nodes, trace, PV) into *signature, so
 * that the signature after every game is the same on every machine.
 * Returns 0, or -1 when memory is short or stop (polled, may be
 * NULL) asked to stop: max_nodes has no upper bound, so stop is the only
 * way out. */
int bench_search(const struct game_ops *g, uint64_t max_nodes,
                 const struct stop_source *stop, uint64_t *nodes,
                 double *seconds, uint64_t *signature);

/* Counts every bench position of g to its perft depth; adds to *leaves
 * and *seconds.  Returns 0, or -1 when memory is short or the count was
 * stopped through stop (may be NULL). */
int bench_perft(const struct game_ops *g, const struct stop_source *stop,
                uint64_t *leaves, double *seconds);

#endif
