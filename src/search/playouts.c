/* playouts.c -- the method `playouts`, a sparring partner that shares
 * nothing with the static evaluation: UCT with the MCTS-Solver on
 * mcts.c's tree, every playout played to the end of the game and scored
 * by the game's real result.  A playout move is, with probability
 * PLAYOUTS_NOISY_PERCENT %, one of the game's noisy moves
 * (game_ops.gen_noisy: captures of tall stacks and cut-offs in DVONN,
 * captures and target bases in Truchet) chosen uniformly, else a
 * uniformly random legal move (always so in a game without gen_noisy,
 * and when no move is noisy).
 * Games of unbounded length (Truchet) count a playout still running
 * after PLAYOUT_PLY_CAP plies as a draw.  doc/search.md, "Methods", has
 * its tuning and its matches.
 */
#include "config.h"

#include <limits.h>

#include "search/mcts_int.h"
#include "search/method.h"
#include "search/search_int.h"

enum { PLAYOUT_PLY_CAP = 300 };

/* UCT's exploration constant for results in [0, 1], tuned by self-play
 * in DVONN from the stacking suite at 5 s a game (doc/search.md, "The
 * sparring partner `playouts`"): 0.25 beat 0.4, which beat 0.7; 0.15
 * and 1.0 lost. */
#define PLAYOUTS_C 0.25

move_t playouts_move(const struct game_ops *g, const void *st,
                     const move_t *moves, int n, struct rng *rng,
                     move_t *scratch)
{
    if (g->gen_noisy && rng_below(rng, 100) < PLAYOUTS_NOISY_PERCENT) {
        int k = g->gen_noisy(st, scratch);
        if (k > 0)
            return scratch[rng_below(rng, (uint64_t)k)];
    }
    return moves[rng_below(rng, (uint64_t)n)];
}

static const struct mcts_cfg bounded_cfg = {
    .c = PLAYOUTS_C, .playout_plies = INT_MAX, .solver = true,
    .playout_move = playouts_move,
};
static const struct mcts_cfg capped_cfg = {
    .c = PLAYOUTS_C, .playout_plies = PLAYOUT_PLY_CAP, .solver = true,
    .playout_move = playouts_move,
};

static int playouts_search(struct search *s, void *scratch,
                           struct search_result *out)
{
    bool bounded = s->g->max_game_plies > 0;
    return mcts_search(s, scratch, bounded ? &bounded_cfg : &capped_cfg,
                       out);
}

const struct method_ops playouts_method = {
    .name = "playouts",
    .create = mcts_pool_create,
    .destroy = mcts_pool_destroy,
    .resize = mcts_pool_resize,
    .search = playouts_search,
};
