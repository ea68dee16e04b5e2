/* dvonn_int.h -- what the DVONN files share: the state, the move
 * encoding, the small inline helpers of the hot paths and the functions
 * one file defines for another.  dvonn.c holds the rules and dvonn_ops,
 * dvonn_text.c setup, notation, position strings and the diagram,
 * dvonn_eval.c the evaluation.  Private to src/games/dvonn*.c. */
#ifndef TRIAD_GAMES_DVONN_INT_H
#define TRIAD_GAMES_DVONN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/sbuf.h"
#include "core/zobrist.h"
#include "games/dvonn_tables.h"

enum {
    NCELLS = 49,
    NRED = 3,
    NWHITE = 23,
    NBLACK = 23,
    FIRST_WHITE = NRED,              /* piece ids: 0-2 red, 3-25 white, */
    FIRST_BLACK = NRED + NWHITE,     /* 26-48 black                     */
    NO_PIECE = 0xFF,
    MAX_MOVES = 138,                 /* <= 23 own-topped stacks x 6 dirs */
    MAX_PLIES = 145                  /* 49 placements + 48 moves + 48 passes */
};

/* Colours of pieces and stack tops; WHITE and BLACK equal the side numbers. */
enum { WHITE = 0, BLACK = 1, RED = 2 };

enum { PHASE_PLACE = 0, PHASE_STACK = 1 };

enum { KIND_PLACE = 1, KIND_STACK = 2, KIND_PASS = 3 };

#define ALL_CELLS ((bb_t)0x1FFFFFFFFFFFFULL)
#define HASH_TAG 0xD7044E5u
#define HASH_SIDE 0x7FFFFFF0u        /* feature: Black to move      */
#define HASH_PHASE 0x7FFFFFF1u       /* feature: stacking phase     */

struct dv_state {
    bb_t occ;              /* occupied cells                             */
    bb_t own[2];           /* stacks topped by a white / black piece     */
    bb_t red;              /* stacks holding at least one DVONN piece    */
    uint64_t hash;         /* incremental Zobrist hash                   */
    uint8_t height[NCELLS];   /* stack height per cell, 0 when empty     */
    uint8_t bottom[NCELLS];   /* piece id at the bottom of each stack    */
    uint8_t top[NCELLS];      /* piece id on top of each stack           */
    uint8_t next[NCELLS];     /* per piece: the piece just above it      */
    uint8_t side;          /* side to move                               */
    uint8_t phase;         /* PHASE_PLACE or PHASE_STACK                 */
    uint8_t placed;        /* pieces placed so far (49 in phase S)       */
};

/* ---- small helpers ------------------------------------------------- */

static inline move_t mk_place(int cell)
{
    return (move_t)(KIND_PLACE << 12 | cell);
}

static inline move_t mk_stack(int from, int to)
{
    return (move_t)(KIND_STACK << 12 | to << 6 | from);
}

static inline move_t mk_pass(void)
{
    return (move_t)(KIND_PASS << 12);
}

static inline int mv_kind(move_t m)
{
    return (int)(m >> 12) & 3;
}

static inline int mv_from(move_t m)
{
    return (int)(m & 63);
}

static inline int mv_to(move_t m)
{
    return (int)(m >> 6) & 63;
}

static inline int piece_colour(int id)
{
    return id < FIRST_WHITE ? RED : id < FIRST_BLACK ? WHITE : BLACK;
}

/* The piece the k-th placement (k = 0..48) puts down: plies 1-3 are the
 * DVONN pieces, then Black and White alternate, Black first. */
static inline int placement_piece(int k)
{
    if (k < NRED)
        return k;
    return (k & 1) ? FIRST_BLACK + (k - 3) / 2 : FIRST_WHITE + (k - 4) / 2;
}

static inline int top_colour(const struct dv_state *p, int cell)
{
    bb_t b = bb_bit(cell);
    return (p->own[WHITE] & b) ? WHITE : (p->own[BLACK] & b) ? BLACK : RED;
}

/* Zobrist key of a stack: what play and score depend on (cell, owner,
 * DVONN content, height); the inner order of pieces is not hashed. */
static inline uint64_t stack_key(int cell, int colour, int has_red, int h)
{
    uint32_t f = (uint32_t)((((cell * 3 + colour) * 2 + has_red) << 6) | h);
    return zobrist_key(HASH_TAG, f);
}

static inline uint64_t cell_key(const struct dv_state *p, int cell)
{
    return stack_key(cell, top_colour(p, cell),
                     (p->red >> cell) & 1, p->height[cell]);
}

static inline int dest_index(int h)
{
    return h <= 10 ? h : 0;
}

/* Own stacks that are not surrounded: DV_OPEN makes perimeter stacks free. */
static inline bool can_leave(const struct dv_state *p, int s)
{
    return (DV_OPEN[s] & ~p->occ) != 0;
}

static inline bb_t targets(const struct dv_state *p, int s)
{
    return DV_DEST[s][dest_index(p->height[s])] & p->occ;
}

/* Per-byte bit counts of x (each byte of the result is 0..8).  Plain -O2
 * builds have no popcount instruction and __builtin_popcountll becomes a
 * library call, so the bulk counter adds these byte vectors instead. */
static inline uint64_t byte_counts(bb_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
}

static inline bool has_stacking(const struct dv_state *p, int side)
{
    for (bb_t m = p->own[side]; m; ) {
        int s = bb_pop(&m);
        if (can_leave(p, s) && targets(p, s))
            return true;
    }
    return false;
}

/* The occupied cells joined to a DVONN piece by a chain of stacks. */
static inline bb_t connected_to_dvonn(const struct dv_state *p)
{
    bb_t reached = p->red;
    bb_t todo = reached;
    while (todo) {
        int s = bb_pop(&todo);
        bb_t fresh = DV_NBR[s] & p->occ & ~reached;
        reached |= fresh;
        todo |= fresh;
    }
    return reached;
}

static inline int side_score(const struct dv_state *p, int side)
{
    int sum = 0;
    for (bb_t m = p->own[side]; m; )
        sum += p->height[bb_pop(&m)];
    return sum;
}

/* dvonn.c */
enum game_status dv_outcome(const void *st, int *margin);
uint64_t dv_hash_full(const void *st);

/* dvonn_text.c */
int dv_setup(void *st, int argc, char *const argv[], uint64_t seed,
             struct sbuf *err);
enum move_parse dv_parse_move(const void *st, const char *s, move_t *out,
                              struct sbuf *why);
void dv_format_move(const void *st, move_t m, char buf[MOVE_STR_MAX]);
void dv_to_string(const void *st, struct sbuf *out);
int dv_from_string(void *st, const char *s, struct sbuf *err);
void dv_show(const void *st, const struct show_info *info,
             struct sbuf *out);

/* dvonn_clock.c */
int dv_clock_moves_left(const void *st);

/* dvonn_eval.c */
int dv_evaluate(const void *st);
int dv_expected_moves_left(const void *st);

#endif
