/* auto.c -- the method `auto`, the default: for each position the method
 * measured strongest for its game and phase (doc/search.md): MCTS where
 * the game's prefers_mcts hook asks for it, alpha-beta elsewhere; and
 * first a proof of the exact value where the game's worth_proving hook
 * says one is in reach.
 */
#include "config.h"

#include "search/method.h"

static enum search_method auto_pick(const struct game_ops *g, const void *st)
{
    return g->prefers_mcts && g->prefers_mcts(st) ? SEARCH_MCTS
                                                  : SEARCH_ALPHABETA;
}

const struct method_ops auto_method = {
    .name = "auto",
    .pick = auto_pick,
    .exact_proof_first = true,
};
