/* perft.h -- move-path counting, written once against game_ops. */
#ifndef TRIAD_SEARCH_PERFT_H
#define TRIAD_SEARCH_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/stop.h"

struct perft_ctx;

/* A context for perft up to max_depth plies of game g (buffers allocated
 * once).  stop, if not NULL, is polled now and then: a request aborts
 * the count.
 * Returns NULL when memory is short. */
struct perft_ctx *perft_new(const struct game_ops *g, int max_depth,
                            const struct stop_source *stop);
void perft_free(struct perft_ctx *p);

/* Whether p (may be NULL) is what perft_new(g, depth, stop) would make
 * or more, so that a caller that counts again can keep it. */
bool perft_fits(const struct perft_ctx *p, const struct game_ops *g,
                int depth, const struct stop_source *stop);

/* Number of move sequences of exactly depth moves from *st (doc/protocol.md,
 * perft); depth <= max_depth.  Leaves are bulk-counted.  Returns -1 if
 * aborted through the stop source. */
int64_t perft_run(struct perft_ctx *p, const void *st, int depth);

/* Number of positions visited (make operations) by the last perft_run. */
uint64_t perft_nodes(const struct perft_ctx *p);

#endif
