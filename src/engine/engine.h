/* engine.h -- the engine's state, apart from any protocol: the game, its
 * start position and history, the options, the clocks and the searcher,
 * with the operations a front end drives (src/proto/ for GTP).
 *
 * Nothing here prints: every entry returns its result or an error code,
 * and the front end words the reply.  The history is kept as the list of
 * positions (copy-make), so undo is a pop and a failed call never has to
 * repair anything.  Engines share no state: a process may hold several
 * (one per position analysed in parallel, say), each used by one thread
 * at a time.  Front ends read the fields below; they change them only
 * through the functions (log, quiet and stop are theirs to set).
 */
#ifndef TRIAD_ENGINE_ENGINE_H
#define TRIAD_ENGINE_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/rng.h"
#include "core/sbuf.h"
#include "core/stop.h"
#include "engine/timeman.h"
#include "search/search.h"

struct perft_ctx;

struct engine_options {
    uint64_t seed;        /* random choices of setups and the search  */
    int threads;          /* search threads, >= 1                     */
    double movetime;      /* seconds per move when no clock is set    */
    uint64_t maxnodes;    /* node budget per search, 0 = none         */
    int hash_mb;          /* transposition table size in MiB          */
    int maxplies;         /* adjudicate a draw after N plies, 0 = off */
    int method;           /* enum search_method: 0 = auto             */
};

struct engine {
    const struct game_ops *game;
    unsigned char *states;        /* states[k] = position after k moves */
    move_t *moves;                /* moves[k] = move from states[k]   */
    int nply;                     /* moves played since the start     */
    int cap;                      /* room for positions in states     */
    move_t *legal;                /* engine_legal_list's buffer...    */
    int legal_cap;                /* ...room for this many moves      */
    bool resigned;                /* the game ended by resignation... */
    int resigner;                 /* ...of this side                  */
    struct engine_options opt;
    struct time_control time_control; /* the clocks of both sides   */
    struct rng rng;
    struct search *search;        /* created lazily, per game         */
    struct perft_ctx *perft;      /* perft's buffers, kept between counts */
    const struct stop_source *stop;   /* stops searches, perft, bench */
    FILE *log;                    /* search progress lines, or NULL   */
    bool quiet;                   /* no search progress even with log */
};

/* What the entries below return besides 0 (success). */
enum engine_error {
    ENGINE_BAD_ARGUMENT = -1,     /* reason in the err text, if any    */
    ENGINE_NO_MEMORY = -2,
    ENGINE_GAME_OVER = -3,
    ENGINE_NOT_TURN = -4,         /* the side asked for is not to move */
    ENGINE_STOPPED = -5,          /* the stop source asked (perft)     */
    ENGINE_NO_MOVE = -6           /* the search found no legal move    */
};

/* The options of a new engine whose seed is seed. */
struct engine_options engine_default_options(uint64_t seed);

/* Initialises *e with the default game (the first registered one) and
 * default options.  Returns 0, or -1 when memory is short. */
int engine_init(struct engine *e, uint64_t seed);
void engine_done(struct engine *e);

/* The current position (never NULL). */
const void *engine_position(const struct engine *e);

/* The position before the move k (0 <= k <= nply; k = nply: the current
 * one). */
const void *engine_position_at(const struct engine *e, int k);

/* Starts a new game g from setup words argv[0..argc-1].  On failure
 * returns ENGINE_BAD_ARGUMENT with a reason in *err, or ENGINE_NO_MEMORY,
 * and leaves the engine unchanged (its random sequence included). */
int engine_setup(struct engine *e, const struct game_ops *g, int argc,
                 char *const argv[], struct sbuf *err);

/* Replaces the game with the position string pos; as engine_setup. */
int engine_setposition(struct engine *e, const char *pos, struct sbuf *err);

/* Back to the start of the game: the position the last setup or
 * setposition made (so the same Truchet layout, the same random start). */
void engine_restart(struct engine *e);

/* Plays legal move m.  Returns 0, or ENGINE_NO_MEMORY (nothing changed). */
int engine_play(struct engine *e, move_t m);

/* Ends the game: side resigns (the last move is then the resignation,
 * which undo takes back first). */
void engine_resign(struct engine *e, int side);

/* Takes back the resignation or else the last move; -1 at the start of the
 * game. */
int engine_undo(struct engine *e);

/* Outcome including a resignation (margin 0) and the maxplies
 * adjudication (a draw, margin 0). */
enum game_status engine_outcome(const struct engine *e, int *margin);

/* Legal moves of the current position (none once the game is over,
 * including by maxplies).  Writes at most game->max_moves moves into out
 * and returns their number. */
int engine_legal_moves(const struct engine *e, move_t *out);

/* The same moves in a buffer the engine owns (room for max_moves, made
 * when the game is installed), valid until the next call or the next
 * game; *n receives their number.  Callers that list or check moves need
 * no allocation of max_moves each (Truchet: 158,700 moves). */
const move_t *engine_legal_list(struct engine *e, int *n);

/* True if m is a legal move of the current position. */
bool engine_is_legal(struct engine *e, move_t m);

/* Parses a colour word of the current game: 0, 1, or -1. */
int engine_parse_color(const struct engine *e, const char *word);

/* The searcher for the current game, created on first use; NULL when
 * memory is short. */
struct search *engine_searcher(struct engine *e);

/* Gives the searcher a table of hash_mb MiB now, creating the searcher
 * if there is none yet, so that a size the machine cannot give fails
 * here (the hash option) rather than at the next search.  Returns 0, or
 * ENGINE_NO_MEMORY with the old table and options kept. */
int engine_set_hash(struct engine *e, int hash_mb);

/* Sets the options to o (already checked one by one), resizing the table
 * when hash_mb changes (the random sequence goes on: engine_set_seed).
 * Returns 0, or ENGINE_NO_MEMORY with nothing changed. */
int engine_set_options(struct engine *e, const struct engine_options *o);

/* Sets the seed option and restarts the random sequence of setups from
 * it (the same seed again: the same games again). */
void engine_set_seed(struct engine *e, uint64_t seed);

/* Searching.  Every entry searches the current position; the result is
 * the searcher's (search.h), moves as move_t of the current position. */

/* The limits of a search of seconds (0: none) under the options: node
 * budget, threads, seed, maxplies, the game's history, the method, the
 * stop source and the progress lines.  A front end narrows them (depth,
 * nodes) before passing them to engine_search. */
struct search_limits engine_search_limits(const struct engine *e,
                                          double seconds);

/* The limits of the next move of side under its clock (or the movetime
 * option without one), reckoned from the time start (clock_now()) at
 * which the move's time began to run. */
struct search_limits engine_move_limits(const struct engine *e, int side,
                                        double start);

/* A search of the current position within *lim.  Returns 0, or
 * ENGINE_GAME_OVER, or ENGINE_NO_MEMORY (no searcher). */
int engine_search(struct engine *e, const struct search_limits *lim,
                  struct search_result *out);

/* As engine_search, proving the game value (search_solve). */
int engine_solve(struct engine *e, const struct search_limits *lim,
                 struct search_result *out);

/* Called after each slice of engine_search_slices with the slice's
 * result and the totals so far; returns false to end the search. */
typedef bool engine_progress_fn(void *ctx, const struct search_result *r,
                                uint64_t nodes, double seconds);

/* Searches on, in slices within *slice each (the table kept between
 * slices, so each goes on where the last stopped), calling progress after
 * each, until it returns false, the stop source asks or a slice proves
 * the game value.  Returns as engine_search. */
int engine_search_slices(struct engine *e, const struct search_limits *slice,
                         engine_progress_fn *progress, void *ctx);

/* The engine's move for side: checks that the game goes on and that side
 * is to move, searches within side's clock and verifies the move.  Fills
 * *m and *spent (seconds, searcher creation included); plays nothing and
 * charges no clock (engine_play, engine_charge).  Returns 0, or
 * ENGINE_GAME_OVER, ENGINE_NOT_TURN, ENGINE_NO_MEMORY, ENGINE_NO_MOVE. */
int engine_choose_move(struct engine *e, int side, move_t *m,
                       double *spent);

/* Charges side's clock for a move that took seconds. */
void engine_charge(struct engine *e, int side, double seconds);

/* Counts the leaf paths depth plies deep from the current position into
 * *count.  Returns 0, or ENGINE_NO_MEMORY, or ENGINE_STOPPED. */
int engine_perft(struct engine *e, int depth, int64_t *count);

#endif
