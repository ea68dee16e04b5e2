/* method.h -- the one interface of a search method, through which
 * search.c runs every method and names none.
 *
 * A method is a descriptor (struct method_ops) in its own file: its name,
 * a few facts the dispatcher needs, and hooks.  Each method owns its
 * scratch, the memory it keeps between searches (MCTS's node pool, the
 * solvers' rows, alpha-beta's set of the game's positions): the searcher
 * makes one per method with create, hands it to search, and nobody else
 * looks inside.  The methods run on the workers of runtime.c.
 */
#ifndef TRIAD_SEARCH_METHOD_H
#define TRIAD_SEARCH_METHOD_H

#include <stdbool.h>

#include "core/game.h"
#include "search/search.h"

struct search;

struct method_ops {
    const char *name;          /* as the option `method` spells it       */
    /* A method that only picks another for each position (auto): the
     * method that searches st, never one that picks.  Its other hooks
     * are NULL.  NULL: this method searches itself. */
    enum search_method (*pick)(const struct game_ops *g, const void *st);
    /* Where the game's worth_proving hook says so, a proof of the exact
     * value (with a slice of the budget) comes before the search. */
    bool exact_proof_first;
    /* genmove's solve_first may prove a win or a loss before it. */
    bool win_loss_proof_first;
    /* Iterative deepening: it starts no iteration past the soft time
     * limit itself; any other method stops there. */
    bool deepens;
    /* Its scratch, kept for the searcher's life (NULL when memory is
     * short; allocations that depend on the game or the table wait for
     * the first search).  create NULL: no scratch. */
    void *(*create)(void);
    void (*destroy)(void *scratch);
    /* The table size (hash option) changed: memory sized on it goes, to
     * be made again at the new size when used.  NULL: none is. */
    void (*resize)(void *scratch);
    /* A new game (search_clear): what the scratch keeps from one search
     * to the next goes.  NULL: it keeps nothing of a game. */
    void (*forget)(void *scratch);
    /* Searches s->root within s->lim on s's workers, begun for it, and
     * fills *out (zeroed, best MOVE_NONE).  0, or -1 if the root has no
     * legal move. */
    int (*search)(struct search *s, void *scratch, struct search_result *out);
};

#define SEARCH_METHOD(id, ops) extern const struct method_ops ops;
#include "search/methods.def"
#undef SEARCH_METHOD

/* solve.c: the exact solver, a depth-free alpha-beta on the final margin
 * for games of bounded length (max_game_plies > 0) without a maxplies
 * limit, run by search_solve and the proofs before a search (no option
 * value names it).  Its table borrows the memory of s->tt
 * (s->solve_table_bytes of it), which is empty there afterwards. */
extern const struct method_ops solve_method;

/* Every method has a slot in the searcher: the option's, at their enum
 * value, then the solver's. */
#define METHOD_SOLVE SEARCH_METHOD_COUNT
#define METHOD_SLOTS (SEARCH_METHOD_COUNT + 1)

#endif
