/* session.h -- everything a controller can change: the game, its start
 * position and history, the options, the clocks and the searcher.
 *
 * The history is kept as the list of positions (copy-make), so undo is a
 * pop and a failed command never has to repair anything.  Two sessions in
 * one process never share state.
 */
#ifndef TRIAD_PROTO_SESSION_H
#define TRIAD_PROTO_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/rng.h"
#include "core/sbuf.h"
#include "core/stop.h"
#include "proto/timeman.h"

struct search;
struct perft_ctx;

struct options {
    uint64_t seed;        /* random choices of setups and the search  */
    int threads;          /* search threads, >= 1                     */
    double movetime;      /* seconds per move when no clock is set    */
    uint64_t maxnodes;    /* node budget per search, 0 = none         */
    int hash_mb;          /* transposition table size in MiB          */
    int maxplies;         /* adjudicate a draw after N plies, 0 = off */
    int method;           /* enum search_method: 0 = auto             */
};

struct session {
    const struct game_ops *game;
    unsigned char *states;        /* states[k] = position after k moves */
    move_t *moves;                /* moves[k] = move from states[k]   */
    int nply;                     /* moves played since the start     */
    int cap;                      /* room for positions in states     */
    move_t *legal;                /* session_legal_list's buffer...   */
    int legal_cap;                /* ...room for this many moves      */
    bool resigned;                /* the game ended by resignation... */
    int resigner;                 /* ...of this side                  */
    struct options opt;
    struct clock_state clock;     /* time_settings / time_left        */
    struct rng rng;
    struct search *search;        /* created lazily, per game         */
    struct perft_ctx *perft;      /* perft's buffers, kept between counts */
    const struct stop_source *stop;   /* SIGINT, a vanished controller */
    FILE *log;                    /* progress and warnings, or NULL   */
    bool quiet;                   /* --quiet: no search progress      */
    bool interactive;             /* a person at a terminal           */
    bool color;                   /* ANSI colours in showboard        */
    /* Waits up to seconds for input and says whether the next command
     * line (or the end of input) is there; streaming commands run until
     * it is.  NULL: no input can come, a stream ends after one line. */
    bool (*input_pending)(void *ctx, double seconds);
    void *input_ctx;
    /* The reply being made, for commands that stream it (gtp.c sets
     * them around each command; see gtp_stream_line). */
    FILE *reply_out;
    const char *reply_id;
    bool reply_started;
    struct sbuf reply_text;       /* the reply's text, kept (gtp.c)   */
};

/* The options of a new session whose seed is seed. */
struct options session_default_options(uint64_t seed);

/* Initialises *s with the default game (the first registered one) and
 * default options.  Returns 0, or -1 when memory is short. */
int session_init(struct session *s, uint64_t seed);
void session_done(struct session *s);

/* The current position (never NULL). */
const void *session_position(const struct session *s);

/* What session_setup and session_setposition return when memory is
 * short (bad arguments: -1). */
#define SESSION_NO_MEMORY (-2)

/* Starts a new game g from setup words argv[0..argc-1].  On failure
 * returns -1 with a reason in *err, or SESSION_NO_MEMORY, and leaves the
 * session unchanged (its random sequence included). */
int session_setup(struct session *s, const struct game_ops *g, int argc,
                  char *const argv[], struct sbuf *err);

/* Replaces the game with the position string pos; as session_setup. */
int session_setposition(struct session *s, const char *pos,
                        struct sbuf *err);

/* Back to the start of the game: the position the last setup or
 * setposition made (so the same Truchet layout, the same random start). */
void session_restart(struct session *s);

/* Plays legal move m.  Returns 0, or -1 when memory is short (nothing
 * changed). */
int session_play(struct session *s, move_t m);

/* Ends the game: side resigns (the last move is then the resignation,
 * which undo takes back first). */
void session_resign(struct session *s, int side);

/* Takes back the resignation or else the last move; -1 at the start of the
 * game. */
int session_undo(struct session *s);

/* Outcome including a resignation (margin 0) and the maxplies
 * adjudication (a draw, margin 0). */
enum game_status session_outcome(const struct session *s, int *margin);

/* Legal moves of the current position (none once the game is over,
 * including by maxplies).  Writes at most game->max_moves moves into out
 * and returns their number. */
int session_legal_moves(const struct session *s, move_t *out);

/* The same moves in a buffer the session owns (room for max_moves, made
 * when the game is installed), valid until the next call or the next
 * game; *n receives their number.  Commands that list or check moves
 * need no allocation of max_moves each (Truchet: 158,700 moves). */
const move_t *session_legal_list(struct session *s, int *n);

/* Parses a colour word of the current game: 0, 1, or -1. */
int session_parse_color(const struct session *s, const char *word);

/* The searcher for the current game, created on first use; NULL when
 * memory is short. */
struct search *session_searcher(struct session *s);

/* Gives the searcher a table of hash_mb MiB now, creating the searcher
 * if there is none yet, so that a size the machine cannot give fails
 * here (the hash option) rather than at the next search.  Returns 0, or
 * -1 with the old table and options kept when memory is short. */
int session_set_hash(struct session *s, int hash_mb);

#endif
