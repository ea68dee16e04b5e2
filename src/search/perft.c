/* perft.c -- move-path counting by copy-make over game_ops.
 *
 * One position buffer and one move list per ply are allocated up front, so
 * the recursion never allocates.  The last ply is bulk-counted with
 * count_moves when the game has it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "search/perft.h"

#define PERFT_POLL 256

struct perft_ctx {
    const struct game_ops *g;
    int max_depth;
    const struct stop_source *stop;
    bool aborted;
    unsigned polls;          /* interior nodes since the last stop poll */
    uint64_t nodes;
    unsigned char *states;   /* (max_depth + 1) positions */
    move_t *moves;           /* max_depth move lists      */
};

struct perft_ctx *perft_new(const struct game_ops *g, int max_depth,
                            const struct stop_source *stop)
{
    if (max_depth < 1)
        max_depth = 1;
    struct perft_ctx *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->g = g;
    p->max_depth = max_depth;
    p->stop = stop;
    p->states = malloc(g->state_size * (size_t)(max_depth + 1));
    p->moves = malloc(sizeof(move_t) * (size_t)g->max_moves *
                      (size_t)max_depth);
    if (!p->states || !p->moves) {
        perft_free(p);
        return NULL;
    }
    return p;
}

void perft_free(struct perft_ctx *p)
{
    if (!p)
        return;
    free(p->states);
    free(p->moves);
    free(p);
}

bool perft_fits(const struct perft_ctx *p, const struct game_ops *g,
                int depth, const struct stop_source *stop)
{
    return p && p->g == g && depth <= p->max_depth && p->stop == stop;
}

static int64_t count_leaves(struct perft_ctx *p, const void *st, int ply)
{
    if (p->g->count_moves)
        return p->g->count_moves(st);
    return p->g->gen_moves(st, p->moves + (size_t)p->g->max_moves * (size_t)ply);
}

/* Counts from the position stored at ply index ply; depth >= 1. */
static int64_t perft_rec(struct perft_ctx *p, int ply, int depth)
{
    const struct game_ops *g = p->g;
    const unsigned char *st = p->states + g->state_size * (size_t)ply;
    if (depth == 1)
        return count_leaves(p, st, ply);
    /* A poll may cost a system call: one every PERFT_POLL interior nodes. */
    if (++p->polls % PERFT_POLL == 0 && stop_requested(p->stop)) {
        p->aborted = true;
        return 0;
    }
    move_t *moves = p->moves + (size_t)g->max_moves * (size_t)ply;
    int n = g->gen_moves(st, moves);
    unsigned char *child = p->states + g->state_size * (size_t)(ply + 1);
    int64_t total = 0;
    for (int i = 0; i < n && !p->aborted; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, moves[i]);
        p->nodes++;
        total += perft_rec(p, ply + 1, depth - 1);
    }
    return total;
}

int64_t perft_run(struct perft_ctx *p, const void *st, int depth)
{
    p->nodes = 0;
    p->aborted = false;
    if (depth <= 0)
        return 1;
    if (depth > p->max_depth)
        return -1;
    memcpy(p->states, st, p->g->state_size);
    int64_t n = perft_rec(p, 0, depth);
    return p->aborted ? -1 : n;
}

uint64_t perft_nodes(const struct perft_ctx *p)
{
    return p->nodes;
}
