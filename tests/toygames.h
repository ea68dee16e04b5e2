/* toygames.h -- three small games behind struct game_ops that the search
 * suites share (tests/toygames.c):
 *  - ttt: tic-tac-toe (a draw; wins and blocks in one);
 *  - mnim: Nim with valued stones and a margin: take 1-3 stones from the
 *    top, score their values; taking a stone worth 5 gives another turn;
 *  - tree: a random game tree (no transpositions), branch B, length L,
 *    random extra turns, random winners, margins and draws;
 *  - ring: a token stepped one way or the other round a ring of RING_SIZE
 *    places, forever (it repeats positions), the second player better
 *    everywhere.
 * Small enough for the exhaustive reference minimax of searchtest.h.
 */
#ifndef TRIAD_TESTS_TOYGAMES_H
#define TRIAD_TESTS_TOYGAMES_H

#include <stdint.h>

#include "core/game.h"
#include "search/search.h"

#define TREE_MAX_BRANCH 16

struct ttt {
    uint8_t cell[9];    /* 0 empty, 1 X (side 0), 2 O (side 1) */
    uint8_t side;
    uint8_t filled;
    uint64_t hash;
};

struct mnim {
    int pile;           /* stones left; the top one has index pile - 1 */
    int took[2];        /* values collected */
    int side;
};

struct tree {
    uint64_t id;        /* identifies the path from the start */
    int ply;
    int len;            /* the game ends after len plies */
    int branch;
    int side;
};

#define RING_SIZE 6

/* How much better the second player of the ring stands everywhere: more
 * than a repetition's contempt, so the first player takes a draw. */
#define RING_LEAD (2 * SEARCH_REP_CONTEMPT)

struct ring {
    int at;             /* 0 .. RING_SIZE - 1 */
    int side;
};

extern const struct game_ops ttt_ops;
extern const struct game_ops ring_ops;
extern const struct game_ops mnim_ops;
extern const struct game_ops tree_ops;

/* The tree of BRANCH moves a node and LEN plies from seed. */
void toy_tree_start(struct tree *t, int branch, int len, uint64_t seed);

/* A mnim pile of PILE stones. */
void toy_mnim_start(struct mnim *n, int pile);

#endif
