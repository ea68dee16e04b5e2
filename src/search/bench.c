/* bench.c -- the benchmark: fixed positions, a fixed searcher, the
 * signature (see bench.h). */
#include "config.h"

#include <stdlib.h>

#include "core/clock.h"
#include "core/rng.h"
#include "search/bench.h"
#include "search/perft.h"
#include "search/search.h"

/* The searcher every bench run uses: table size and seed. */
#define BENCH_HASH_MB 16
#define BENCH_SEED 20261122
/* Perft depth of a game that lists no bench positions. */
#define BENCH_DEFAULT_PERFT_DEPTH 3

/* Reads bench position i of game g into pos (or the default setup when
 * the game lists none); false past the last one. */
static bool bench_position_at(const struct game_ops *g, int i, void *pos,
                              int *perft_depth)
{
    struct sbuf err = SBUF_INIT;
    bool ok;
    if (!g->bench_positions) {
        ok = i == 0 && g->setup(pos, 0, NULL, BENCH_SEED, &err) == 0;
        *perft_depth = BENCH_DEFAULT_PERFT_DEPTH;
    } else {
        const struct bench_position *b = &g->bench_positions[i];
        ok = b->position && g->from_string(pos, b->position, &err) == 0;
        *perft_depth = ok ? b->perft_depth : 0;
    }
    sbuf_free(&err);
    return ok;
}

/* Folds the result of one search into the signature. */
static uint64_t sign(uint64_t signature, const struct search_result *r)
{
    signature = rng_mix64(signature ^ r->best ^
                          ((uint64_t)(uint32_t)r->score << 32));
    signature = rng_mix64(signature ^ (uint64_t)r->depth ^ (r->nodes << 8));
    signature = rng_mix64(signature ^ r->trace ^ r->playouts);
    for (int k = 0; k < r->pv_len; k++)
        signature = rng_mix64(signature ^ r->pv[k]);
    return signature;
}

int bench_search(const struct game_ops *g, uint64_t max_nodes,
                 const struct stop_source *stop, uint64_t *nodes,
                 double *seconds, uint64_t *signature)
{
    unsigned char *pos = malloc(g->state_size);
    struct search *sr = search_new(g, BENCH_HASH_MB);
    int depth;
    int rc = pos && sr ? 0 : -1;
    for (int i = 0; rc == 0 && bench_position_at(g, i, pos, &depth); i++) {
        struct search_limits lim = {
            .max_nodes = max_nodes, .threads = 1, .seed = BENCH_SEED,
            .stop = stop,
        };
        struct search_result r;
        search_clear(sr);
        int found = search_run(sr, pos, &lim, &r);
        if (stop_requested(stop)) {
            rc = -1;
        } else if (found == 0) {
            *nodes += r.nodes;
            *seconds += r.seconds;
            *signature = sign(*signature, &r);
        }
    }
    search_free(sr);
    free(pos);
    return rc;
}

int bench_perft(const struct game_ops *g, const struct stop_source *stop,
                uint64_t *leaves, double *seconds)
{
    unsigned char *pos = malloc(g->state_size);
    int depth;
    int rc = pos ? 0 : -1;
    for (int i = 0; rc == 0 && bench_position_at(g, i, pos, &depth); i++) {
        struct perft_ctx *p = perft_new(g, depth, stop);
        double start = clock_now();
        int64_t n = p ? perft_run(p, pos, depth) : -1;
        perft_free(p);
        if (n < 0)
            rc = -1;
        else
            *leaves += (uint64_t)n;
        *seconds += clock_now() - start;
    }
    free(pos);
    return rc;
}
