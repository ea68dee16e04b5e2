/* mcts_int.h -- the tree search of mcts.c, for the methods built on it
 * (mcts.c's own mcts and plainmcts, playouts.c): a method is a
 * configuration of the one search, its node pool the shared scratch.
 */
#ifndef TRIAD_SEARCH_MCTS_INT_H
#define TRIAD_SEARCH_MCTS_INT_H

#include <stdbool.h>

#include "core/game.h"
#include "core/rng.h"
#include "search/search.h"

struct search;

/* The move a playout plays at st among its n legal moves; scratch holds
 * max_moves moves. */
typedef move_t (*mcts_playout_move_fn)(const struct game_ops *g,
                                       const void *st, const move_t *moves,
                                       int n, struct rng *rng,
                                       move_t *scratch);

struct mcts_cfg {
    double c;              /* UCT exploration constant                  */
    int playout_plies;     /* plies before a playout ends               */
    bool evaluate;         /* end a playout with the static evaluation,
                              else as a draw (a game too long)          */
    bool solver;           /* MCTS-Solver: proven results propagate     */
    /* A baseline: max_nodes counts playouts, and a lone legal move is
     * searched like any other. */
    bool plain;
    mcts_playout_move_fn playout_move;   /* NULL: uniformly random */
};

/* The node pool, each tree method's scratch (method.h). */
void *mcts_pool_create(void);
void mcts_pool_destroy(void *scratch);
void mcts_pool_resize(void *scratch);

/* Searches s->root with cfg in the pool `scratch` (method.h's search). */
int mcts_search(struct search *s, void *scratch, const struct mcts_cfg *cfg,
                struct search_result *out);

/* playouts.c: the playout move of the method `playouts`.  With
 * probability PLAYOUTS_NOISY_PERCENT % one of the game's noisy moves
 * (game_ops.gen_noisy), each equally likely; else, or when the game has
 * none there, one of the n legal moves, each equally likely.  In DVONN
 * 0 % and 100 % lost clearly to 50 %, 25 % and 75 % about even
 * (doc/search.md). */
#define PLAYOUTS_NOISY_PERCENT 50
move_t playouts_move(const struct game_ops *g, const void *st,
                     const move_t *moves, int n, struct rng *rng,
                     move_t *scratch);

#endif
