/* search.h -- the game-agnostic searcher behind genmove, analyze, solve
 * and bench.  Written once against struct game_ops.
 *
 * A struct search owns everything a search mutates (transposition table,
 * node counters, ordering tables, random generator, MCTS tree).  The
 * caller owns the positions.  A search stops by polling: the node budget,
 * the deadline and the caller's stop flag are checked regularly, and the
 * best move of the last completed iteration is returned.
 */
#ifndef TRIAD_SEARCH_SEARCH_H
#define TRIAD_SEARCH_SEARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/stop.h"

#define SEARCH_MAX_PV 64

/* Which player to use: SEARCH_AUTO (0), SEARCH_ALPHABETA, SEARCH_MCTS,
 * SEARCH_RANDOM, SEARCH_GREEDY, SEARCH_PLAIN_MCTS, SEARCH_PLAYOUTS, in
 * the order of the one list of methods, search/methods.def.  SEARCH_AUTO
 * lets the game/phase pick the method measured strongest
 * (doc/search.md). */
enum search_method {
#define SEARCH_METHOD(id, ops) id,
#include "search/methods.def"
#undef SEARCH_METHOD
    SEARCH_METHOD_COUNT
};

/* The name of method m as the option `method` spells it ("auto",
 * "alphabeta", ...), which its descriptor holds; "?" for no method. */
const char *search_method_name(enum search_method m);

/* The method called name (any case); -1 for an unknown name. */
int search_method_find(const char *name);

struct search_limits {
    double seconds;             /* wall-clock budget, 0 = none            */
    double soft_seconds;        /* alpha-beta starts no iteration after
                                   this many seconds, and other methods
                                   stop there; 0 = seconds                 */
    uint64_t max_nodes;         /* node budget, 0 = none                   */
    int max_depth;              /* depth limit (alpha-beta), 0 = none      */
    int threads;                /* >= 1                                   */
    uint64_t seed;              /* random choices (tie breaks, MCTS)       */
    int plies_left;             /* game adjudicated a draw after this many
                                   more plies; 0 = no limit (maxplies)     */
    /* The game's positions before the root, oldest first (history_len
     * blocks of state_size bytes; NULL, 0 = none).  Alpha-beta scores a
     * position already seen in the game, or earlier on the search path,
     * as a draw (src/search/repetition.c). */
    const void *history;
    int history_len;
    enum search_method method;
    bool solve_first;           /* genmove: an alpha-beta search of a game
                                   of bounded length first tries to prove
                                   a win or a draw with a quarter of the
                                   budget (doc/search.md)                  */
    const struct stop_source *stop;  /* polled by the calling thread;
                                        may be NULL                   */
    FILE *progress;             /* progress lines (stderr), NULL = quiet   */
};

/* What a repeated position (see search_limits.history) is worth to the
 * side to move at the root: a draw, valued this much below 0 (centi-units
 * of the game), so that the engine repeats only when it stands clearly
 * worse (in Truchet, the one game that can repeat, by 3 chips) and plays
 * on otherwise (doc/search.md, "Finishing Truchet games"). */
#define SEARCH_REP_CONTEMPT 300

struct search_result {
    move_t best;                /* MOVE_NONE only if the game is over      */
    int score;                  /* side to move's view; |score| >=
                                   EVAL_WIN_MIN means a proven result      */
    int depth;                  /* last completed depth (or playouts/1000) */
    uint64_t nodes;
    double seconds;
    bool proven;                /* score is the exact game value           */
    int margin;                 /* when proven: the final margin from the
                                   side to move's view (> 0 it wins, < 0
                                   it loses, 0 draw; +-1 in games without
                                   a margin)                               */
    int pv_len;
    move_t pv[SEARCH_MAX_PV];
    uint64_t playouts;          /* MCTS playouts (0 for other methods)     */
    uint64_t trace;             /* a hash of the search's course (alpha-
                                   beta: the node count at each finished
                                   iteration), for bench's signature       */
};

/* The winner's margin held by a proven score (|score| >= EVAL_WIN_MIN):
 * a won position scores EVAL_WIN_MIN + margin * 256 + a tie-break in
 * 0..255 (quicker wins higher), a lost one the negation; 0 for a game
 * without margin.  Nonsense for |score| < EVAL_WIN_MIN. */
static inline int search_score_margin(int score)
{
    return ((score < 0 ? -score : score) - EVAL_WIN_MIN) / 256;
}

/* A searcher for game g with a transposition table of about hash_mb MiB.
 * Returns NULL when memory is short. */
struct search *search_new(const struct game_ops *g, size_t hash_mb);
void search_free(struct search *s);

/* Makes s a searcher for game g, keeping its table (emptied), so that a
 * new game does not pay for a new table.  Returns 0, or -1 with s
 * unchanged when memory is short. */
int search_set_game(struct search *s, const struct game_ops *g);

/* Resizes the table (hash option); returns 0, or -1 with the old table
 * kept when memory is short. */
int search_set_hash(struct search *s, size_t hash_mb);

/* Forgets what earlier searches learnt (new game). */
void search_clear(struct search *s);

/* Searches position *st within *lim.  Returns 0 with *out filled, or -1
 * if the position has no legal move. */
int search_run(struct search *s, const void *st,
               const struct search_limits *lim, struct search_result *out);

/* Tries to prove the game value of *st within *lim; *out->proven tells
 * whether it succeeded. Returns as search_run. */
int search_solve(struct search *s, const void *st,
                 const struct search_limits *lim, struct search_result *out);

#endif
