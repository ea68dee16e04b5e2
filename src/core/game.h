/* game.h -- the per-game interface: everything outside src/games/ sees a game
 * only through a const struct game_ops.
 *
 * A position is an opaque block of ops->state_size bytes that can be copied
 * with memcpy (copy-make): the search and the engine copy a position, then
 * call play() on the copy.  A move is a move_t whose encoding is private to
 * the game; 0 (MOVE_NONE) is never a legal move.
 *
 * Sides are numbered 0 (the first player: DVONN White, Truchet Light,
 * Cephalopod White) and 1 (the second player).
 */
#ifndef TRIAD_CORE_GAME_H
#define TRIAD_CORE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/sbuf.h"

typedef uint32_t move_t;
#define MOVE_NONE ((move_t)0)

/* Longest move token any game prints, including the terminating NUL. */
#define MOVE_STR_MAX 48

/* Outcome of a finished game (see game_ops.outcome). */
enum game_status {
    GAME_ONGOING = 0,
    GAME_WIN_FIRST,        /* side 0 won  */
    GAME_WIN_SECOND,       /* side 1 won  */
    GAME_DRAW
};

/* Results of parse_move. */
enum move_parse {
    MOVE_PARSE_OK = 0,
    MOVE_PARSE_SYNTAX = -1,   /* not a move token of this game      */
    MOVE_PARSE_ILLEGAL = -2   /* well formed, but not legal here    */
};

/* What the engine knows and a diagram may show. */
struct show_info {
    const char *last_move;   /* canonical token of the last move, or NULL */
    int ply;                 /* plies played since setup/setposition      */
    bool color;              /* ANSI colours allowed (terminal output)     */
};

/* A benchmark position: `bench` searches it, `bench perft` counts it to
 * perft_depth. */
struct bench_position {
    const char *position;    /* position string, "name:" prefix included */
    int perft_depth;
};

/* Forward pruning in alpha-beta, for a game whose evaluation has earned it
 * in timed matches (doc/search.md, "Forward pruning").  A field at 0 leaves
 * its pruning off; the exact solver never prunes. */
struct prune_params {
    int lmr_divisor;      /* late move reductions of ln(depth) * ln(index) *
                             100 / lmr_divisor plies, one less on the PV (0:
                             one or two plies, off the PV only)            */
    int futility_margin;  /* reverse futility at depth <= 3: a node off the
                             PV whose static value beats beta by this much
                             a ply (evaluate() units) returns it           */
    int late_moves;       /* late move pruning at depth <= 3: a node off the
                             PV searches at most late_moves * depth^2 moves */
    bool history_malus;   /* the moves tried before a cut-off lose history */
    /* Null move pruning off the PV at depth >= null_move_depth (0: off):
     * the side to move passes its turn without a move, and if a search
     * of the opponent's reply, null_move_reduction + depth / 4 plies
     * shallower than usual, still fails high, so does the node.  Only
     * for games of bounded length (the repetition check, which would take
     * the passed turn for a position of the line, is off there). */
    int null_move_depth;
    int null_move_reduction;
    int null_move_material; /* what null_move() needs at least on the
                               board (its unit is the game's)           */
    /* Hands the turn of *st to the opponent without a move: the side to
     * move flips, the hash with it (the same position with the other side
     * to move), nothing else changes.  Returns false with *st unchanged
     * where passing makes no sense: zugzwang likely (less than
     * min_material on the board, near the end), or one side unable to
     * move.  NULL: no null moves. */
    bool (*null_move)(void *st, int min_material);
    /* Singular extension at depth >= singular_depth (0: off): the table
     * move is searched a ply deeper when a search of half the depth
     * without it stays below its table value minus singular_margin a
     * ply; off the principal variation, when that search reaches beta
     * even so, the node is cut (multi-cut: more than one move holds). */
    int singular_depth;
    int singular_margin;
};

/* An evaluation that is a weighted sum: evaluate(st) equals the sum over
 * i < count of terms[i] * weights[i], divided by scale (rounded toward
 * zero), with terms[] as compute() writes them for st. */
struct eval_terms {
    int count;
    const char *const *names;  /* one short identifier per term          */
    const int *weights;        /* the weights evaluate() uses             */
    int scale;                 /* divisor of the weighted sum (>= 1)      */
    /* Writes the count terms of *st, from the side to move's view. */
    void (*compute)(const void *st, int *terms);
};

/* Positions packed into 64 bits, seen from the side to move, for the exact
 * solver's fast path (src/search/solve_packed.c): exact table keys, no
 * 112-byte copies.  Only for games where every move passes the turn and
 * whose rules treat both sides alike, so that a position from its mover's
 * view is all that matters.  A geometry (geometry_size bytes, filled by
 * init) holds what the functions need about the board's shape. */
struct packed_ops {
    size_t geometry_size;
    int max_children;          /* upper bound of children() for any fit */
    /* Fills *geo for positions shaped like *st; false when they do not
     * fit 64 bits (the caller then uses the generic solver).  *geo is
     * all zero the first time, then what earlier calls left: a geometry
     * already made for st's shape may be kept as it is. */
    bool (*init)(void *geo, const void *st);
    /* *st packed, from its side to move's view. */
    uint64_t (*pack)(const void *geo, const void *st);
    /* Every position after one legal move, each from its own mover's
     * view, in any order (one per legal move); 0 iff the game is over.
     * With keys not NULL, keys[i] = key(out[i]), made more cheaply. */
    int (*children)(const void *geo, uint64_t pos, uint64_t *out,
                    uint64_t *keys);
    /* What children() would return, without making them. */
    int (*count_children)(const void *geo, uint64_t pos);
    /* The final margin of a finished position from its mover's view. */
    int (*final_margin)(const void *geo, uint64_t pos);
    /* The same key for every position that is the same game up to a
     * symmetry of the board, and different keys for different games (the
     * smallest image, say): exact, not a hash, so a table keyed by it has
     * no false hits.  Never UINT64_MAX or UINT64_MAX - 1. */
    uint64_t (*key)(const void *geo, uint64_t pos);
    /* A static score from the mover's view, for move ordering, and in
     * *children what count_children() would return. */
    int (*evaluate)(const void *geo, uint64_t pos, int *children);
};

struct game_ops {
    const char *name;          /* protocol name, e.g. "cephalopod"          */
    const char *title;         /* human name, e.g. "Cephalopod"             */
    size_t state_size;         /* bytes of one position                      */
    int max_moves;             /* upper bound of gen_moves() for any state   */
    int max_game_plies;        /* upper bound of a game's length, 0 = none   */
    const char *side_names[2]; /* colour words: "white"/"black", ...        */
    /* Further colour words a controller may use for each side (Truchet:
     * "white"/"black" besides "light"/"dark"), or NULL.  A side is named
     * by its name, a synonym, or the first letter of either; no word may
     * name both sides. */
    const char *side_synonyms[2];
    const char *side_letters;  /* one letter per side, e.g. "WB" or "LD"    */
    bool score_has_margin;     /* final_score prints W+n (true) or W+      */
    /* The setup arguments the game accepts, as a usage text after the
     * game name (list_games prints it), e.g. "[WxH]"; every form listed
     * here is one setup() accepts.  NULL: the game takes no setup
     * arguments. */
    const char *setup_usage;

    /* Sets *st to the start position described by the setup arguments
     * (argv[0..argc-1], after the game name).  seed feeds any random choice
     * the variant makes (random layouts, random starts).  Returns 0, or -1
     * with a reason in *err (st may then be garbage). */
    int (*setup)(void *st, int argc, char *const argv[], uint64_t seed,
                 struct sbuf *err);

    /* Side to move, 0 or 1.  Meaningful also in a finished game. */
    int (*side_to_move)(const void *st);

    /* Writes every legal move of the side to move into out (room for
     * max_moves entries) and returns their number; 0 iff the game is over. */
    int (*gen_moves)(const void *st, move_t *out);

    /* Optional: the number gen_moves() would return, possibly faster
     * (bulk counting in perft).  NULL: callers use gen_moves. */
    long (*count_moves)(const void *st);

    /* Optional: whether gen_moves(st) would list m, for any value of m (a
     * move remembered from another position, or garbage).  The search
     * tries its table's move and killers with it before generating the
     * whole list.  NULL: the search generates the list first. */
    bool (*is_legal)(const void *st, move_t m);

    /* Optional: the moves among gen_moves(st) that the alpha-beta
     * quiescence search plays beyond the nominal depth (captures and the
     * like, which change the evaluation too much to stop before them);
     * returns their number.  NULL: no quiescence search. */
    int (*gen_noisy)(const void *st, move_t *out);

    /* Plays legal move m on *st. */
    void (*play)(void *st, move_t m);

    /* The outcome of the position; *margin (may be NULL) receives the
     * winner's margin (0 for a draw or when the game has no margin). */
    enum game_status (*outcome)(const void *st, int *margin);

    /* Zobrist-style hash of the position, side to move included. */
    uint64_t (*hash)(const void *st);

    /* Optional: hash() of the position after legal move m, without making
     * it; a rare wrong guess is allowed (the search only prefetches table
     * entries with it).  NULL: no prefetching. */
    uint64_t (*hash_after)(const void *st, move_t m);

    /* Optional debug cross-check: the hash recomputed from scratch. */
    uint64_t (*hash_full)(const void *st);

    /* Optional: a hash equal for positions that are the same game for the
     * side to move up to a symmetry (e.g. the minimum of the Zobrist hash
     * over the board's symmetries), so that their values from the side to
     * move's view are equal: mirror images, and where the rules treat both
     * sides alike, the position with the colours swapped and the other side
     * to move.  Tables keyed by it (the exact solver's) share one entry
     * between images, so a move stored there may belong to another image:
     * callers use such a move only as a hint.  NULL: callers use hash. */
    uint64_t (*hash_symmetric)(const void *st);

    /* Parses a move token (any accepted spelling) for the side to move.
     * MOVE_PARSE_OK: *out is a legal move.  Otherwise a short reason may be
     * appended to *why. */
    enum move_parse (*parse_move)(const void *st, const char *s, move_t *out,
                                  struct sbuf *why);

    /* Canonical token of legal move m in position *st (before m is played).
     * buf has room for MOVE_STR_MAX bytes. */
    void (*format_move)(const void *st, move_t m, char buf[MOVE_STR_MAX]);

    /* Position string (doc/protocol.md, position; "name:" prefix included). */
    void (*to_string)(const void *st, struct sbuf *out);

    /* Reads a position string (whole token, "name:" prefix included).
     * Returns 0, or -1 with a reason in *err for a malformed or impossible
     * position (st may then be garbage). */
    int (*from_string)(void *st, const char *s, struct sbuf *err);

    /* A multi-line diagram of the position, every line ending in '\n'
     * and none empty. */
    void (*show)(const void *st, const struct show_info *info,
                 struct sbuf *out);

    /* Static evaluation for the search, from the side to move's point of
     * view, in centi-units of the game (|value| < EVAL_WIN_MIN). */
    int (*evaluate)(const void *st);

    /* What the evaluation counts, for people and GUIs (the analysis mode
     * reports scores as evaluate() / eval_scale eval_units): a plural
     * noun such as "stones", the same thing the final margin counts when
     * score_has_margin.  Required. */
    const char *eval_unit;
    /* evaluate() units per eval_unit (100 for centi-units); >= 1. */
    int eval_scale;
    /* The logistic scale of a searched score, in evaluate() units: the
     * side to move wins with probability 1 / (1 + exp(-score /
     * win_scale)), so a score of win_scale gives it 0.731 (the analysis
     * mode's "win").  Measured from game results (scripts/win_scale.sh;
     * the numbers are in doc/protocol.md, "The analysis mode").
     * Required, >= 1. */
    int win_scale;

    /* Optional: the evaluation as a weighted sum of terms, for the tuning
     * tool (scripts/tune.c) that fits the weights to game results.  NULL:
     * the evaluation is not linear in named terms. */
    const struct eval_terms *eval_terms;

    /* Optional: about how many more moves the side to move will make in
     * this game (>= 1), for the time manager that spreads a clock over
     * them.  An average, not a bound.  A game whose moves deserve unequal
     * time counts them in units of the current move: the share of the
     * clock the current move gets is 1 / this.  NULL: the time control
     * assumes 30. */
    int (*expected_moves_left)(const void *st);

    /* Optional: true where MCTS measured stronger than alpha-beta in
     * positions like *st (the search's `auto` method asks before every
     * search, so the answer may depend on the phase).  NULL: alpha-beta
     * everywhere.  The measurements are in doc/search.md. */
    bool (*prefers_mcts)(const void *st);

    /* Optional: the forward pruning alpha-beta may use (struct
     * prune_params).  NULL: none beyond its default reductions. */
    const struct prune_params *prune;

    /* Optional: true where the exact solver (`solve`) is likely to prove
     * *st within a fraction of a move's time (a small board, a late
     * endgame).  genmove and analyze with the method `auto` then try a
     * proof first, with a slice of their budget, and play and report the
     * proven move when it comes; otherwise they search as usual with the
     * rest.  Only for games of bounded length (max_game_plies > 0).
     * NULL: never. */
    bool (*worth_proving)(const void *st);

    /* Optional: false where genmove's win/loss proof (search_limits.
     * solve_first) has no chance within a slice of the move (too early in
     * the game): the search then gets the whole move.  Where true, every
     * move gets an attempt, failed ones included.  NULL: tried wherever
     * the search asks for it, and a failed attempt puts off the next few. */
    bool (*win_loss_in_reach)(const void *st);

    /* Optional: packed positions for the exact solver's fast path (see
     * struct packed_ops).  NULL: the generic solver only. */
    const struct packed_ops *packed;

    /* MCTS playouts run to the end of the game (true) instead of a few
     * random plies closed by the static evaluation.  Only for games of
     * bounded length (max_game_plies > 0). */
    bool mcts_full_playouts;

    /* Optional: fixed benchmark positions, ended by { NULL, 0 }. */
    const struct bench_position *bench_positions;

    /* The game's number in the GM property of SGF records (triad-match's
     * --records; doc/triad-match.md): a registered number where SGF has
     * one, else one above 1000 that no registered game uses.  0: records
     * carry no GM, only the XGAME name. */
    int sgf_gm;

    /* Optional: how a random start is spelled as one setup word, for
     * triad-match's per-pair openings: this prefix, then a number below
     * 2^31 (e.g. "random=" gives "random=123456"; "" gives the bare
     * number).  NULL: the game has no random start. */
    const char *random_start_prefix;

    /* The start is random by the rules (a Truchet layout): triad-match
     * draws one per pair even without --random-start.  Only with a
     * random_start_prefix. */
    bool random_start_always;
};

/* Scores above this are reserved for proven results in the search. */
#define EVAL_WIN_MIN 100000

#endif
