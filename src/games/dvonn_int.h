/* dvonn_int.h -- what the DVONN files share: the state, the move
 * encoding, the small inline helpers of the hot paths and the functions
 * one file defines for another.  dvonn.c holds the rules and dvonn_ops,
 * dvonn_text.c setup, notation, position strings and the diagram,
 * dvonn_eval.c the evaluation, dvonn_cut.c the cut-off detector.
 * Private to src/games/dvonn*.c (and the DVONN tests). */
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

/* genmove tries to prove a win or a loss only with at most this many
 * stacks on the board, and then on every move (game_ops.
 * win_loss_in_reach). */
#define PROOF_STACKS_MAX 28

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
    bb_t tall;             /* stacks of two pieces or more               */
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

/* The cells next to any cell of b (DV_NBR of every cell at once), by
 * shifts: along a row the index moves by 1, and between rows by 9, 10 or
 * 11 depending on the row (rows of 9, 10, 11, 10, 9 cells; doc/games/
 * dvonn.md, "Coordinates"), with the cells that have no neighbour that
 * way masked out.  tests/check_dvonn.c compares bb_spread with DV_NBR,
 * each step with DV_RING and ring_splits with ring_split. */
#define DV_ROW1 0x1FFULL
#define DV_ROW2 (0x3FFULL << 9)
#define DV_ROW3 (0x7FFULL << 19)
#define DV_ROW4 (0x3FFULL << 30)
#define DV_FIRSTS (1ULL << 0 | 1ULL << 9 | 1ULL << 19 | 1ULL << 30 | 1ULL << 40)
#define DV_LASTS (1ULL << 8 | 1ULL << 18 | 1ULL << 29 | 1ULL << 39 | 1ULL << 48)
/* The cells whose neighbour one row up is 9, 10 or 11 indices on: up
 * (the same column) is +9 from rows 1 and 4, +10 from rows 2 and 3;
 * up-right one more.  The first cell of row 3 has nothing up, the last
 * cells of rows 3 and 4 nothing up-right, the first of row 4 nothing up. */
#define DV_UP9 (DV_ROW1 | (DV_ROW4 & ~(1ULL << 30)))
#define DV_UP10 (DV_ROW2 | (DV_ROW3 & ~(1ULL << 19)))
#define DV_UPRIGHT10 (DV_ROW1 | (DV_ROW4 & ~(1ULL << 39)))
#define DV_UPRIGHT11 (DV_ROW2 | (DV_ROW3 & ~(1ULL << 29)))
/* The neighbours of the cells of b in one direction: step_east(b) = the
 * cells east of a cell of b (the same row, index + 1), step_up(b) one row
 * up in the same column, step_up_right one row up and one column right,
 * and their opposites (the masks shifted the same way).  The cells of b
 * with no neighbour that way drop out. */
static inline bb_t step_east(bb_t b)
{
    return (b & ~DV_LASTS) << 1;
}

static inline bb_t step_west(bb_t b)
{
    return (b & ~DV_FIRSTS) >> 1;
}

static inline bb_t step_up(bb_t b)
{
    return (b & DV_UP9) << 9 | (b & DV_UP10) << 10;
}

static inline bb_t step_up_right(bb_t b)
{
    return (b & DV_UPRIGHT10) << 10 | (b & DV_UPRIGHT11) << 11;
}

static inline bb_t step_down(bb_t b)
{
    return (b & DV_UP9 << 9) >> 9 | (b & DV_UP10 << 10) >> 10;
}

static inline bb_t step_down_left(bb_t b)
{
    return (b & DV_UPRIGHT10 << 10) >> 10 | (b & DV_UPRIGHT11 << 11) >> 11;
}

/* All six steps at once: up and up-right share the shift by 10, down and
 * down-left too. */
static inline bb_t bb_spread(bb_t b)
{
    return step_east(b) | step_west(b) |
           (b & DV_UP9) << 9 | (b & (DV_UP10 | DV_UPRIGHT10)) << 10 |
           (b & DV_UPRIGHT11) << 11 |
           (b & DV_UP9 << 9) >> 9 |
           (b & (DV_UP10 << 10 | DV_UPRIGHT10 << 10)) >> 10 |
           (b & DV_UPRIGHT11 << 11) >> 11;
}

/* The 24 cells on the edge of the board (rows 1 and 5, the ends of the
 * others): DV_OPEN's all-ones cells. */
#define DV_PERIMETER (DV_ROW1 | 0x1FFULL << 40 | DV_FIRSTS | DV_LASTS)

/* The cells next to an empty cell or to the edge (can_leave for every
 * cell at once). */
static inline bb_t free_cells(bb_t occ)
{
    return DV_PERIMETER | bb_spread(ALL_CELLS & ~occ);
}

/* The cells whose occupied neighbours form two or more arcs of their ring
 * (ring_split for every cell at once).  has[i]: the cells whose neighbour
 * in the i-th direction around the ring (east, up-right, up, west,
 * down-left, down: DV_RING's order) is occupied; an arc starts where that
 * neighbour is occupied and the one before it is not. */
static inline bb_t ring_splits(bb_t occ)
{
    bb_t has[6] = { step_west(occ), step_down_left(occ), step_down(occ),
                    step_east(occ), step_up_right(occ), step_up(occ) };
    bb_t one = 0, two = 0;
    /* The loops over a ring run at every node: unrolled (gcc and clang
     * honour the pragma; plain -O2 would keep the loop). */
#pragma GCC unroll 6
    for (int i = 0; i < 6; i++) {
        bb_t start = has[i] & ~has[(i + 5) % 6];
        two |= one & start;
        one |= start;
    }
    return two;
}

/* The cells of occ joined to a cell of seeds by a chain of cells of occ
 * (seeds included): whole rings at a time, which measured faster than
 * cell by cell (no dependent table loads). */
static inline bb_t flood(bb_t seeds, bb_t occ)
{
    bb_t reached = seeds, prev;
    do {
        prev = reached;
        reached |= bb_spread(reached) & occ;
    } while (reached != prev);
    return reached;
}

/* The occupied cells joined to a DVONN piece by a chain of stacks. */
static inline bb_t connected_to_dvonn(const struct dv_state *p)
{
    return flood(p->red, p->occ);
}

/* Whether the occupied neighbours of cell s form more than one arc of its
 * ring: only then can emptying s disconnect anything (a path through s
 * can otherwise go round it). */
static inline bool ring_split(bb_t occ, int s)
{
    const uint8_t *ring = DV_RING[s];
    unsigned pat = 0;
#pragma GCC unroll 6
    for (int i = 0; i < 6; i++)
        pat |= (unsigned)((occ >> ring[i]) & 1) << i;
    return DV_RUNS[pat] > 1;
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

/* dvonn_cut.c -- cut-offs: occupied cells whose emptying (the stack there
 * moving away) disconnects stacks from every DVONN piece. */
struct dv_cuts {
    bb_t cells;             /* the cut cells among those asked about     */
    bb_t region[NCELLS];    /* per cut cell: the stacks it cuts off      */
};

/* What emptying the cell s, which holds no DVONN piece, cuts off: the
 * stacks of rest (the occupied cells but s) no longer joined to a DVONN
 * stack (red).  Before s emptied, every stack was joined to one.  Floods
 * from each arc of s's occupied neighbours grow a ring at a time, in
 * turn; a flood that meets another joins it, one that reaches a DVONN
 * stack stays, one that stops growing is cut off, and when one is left
 * and no other reached a DVONN stack, it holds one.  A stack hanging off
 * the side is settled in a step or two without flooding the rest.  0 when
 * s's ring does not split. */
bb_t dv_cut_region(bb_t rest, bb_t red, int s);

/* Fills *c for the cells of `which` (occupied, not holding a DVONN piece:
 * a stack carrying one moves its group's anchor, which is no simple cut).
 * Only region[] of the cells in c->cells is written. */
void dv_find_cuts(const struct dv_state *p, bb_t which, struct dv_cuts *c);

/* Pieces (stack heights, by top colour) in the stacks of region. */
void dv_region_pieces(const struct dv_state *p, bb_t region, int pieces[2]);

/* For a move ordering (no search uses one yet): what the stacking move
 * m of the side to move removes from the board besides the capture
 * itself, as pieces of the enemy's stacks minus pieces of its own,
 * counted by top colour as the score counts them (when m lands inside
 * the part it cuts off, the new stack there, all its pieces, counts as
 * the mover's loss).  Exact (the same removal as the rules make), 0 for
 * placements, passes and moves that cut nothing off. */
int dv_cut_gain(const struct dv_state *p, move_t m);

/* dv_cut_gain of the stacking move s-t given lost, the stacks it cuts
 * off (for a stack without a DVONN piece, dv_cut_region's answer, which
 * is the same for every t). */
int dv_gain_of_cut(const struct dv_state *p, int s, int t, bb_t lost);

/* dvonn_noisy.c: game_ops.gen_noisy, captures of enemy stacks of three
 * pieces or more and moves that cut more enemy pieces off than own, the
 * biggest gain first. */
int dv_gen_noisy(const void *st, move_t *out);

/* dvonn_moves_left.c */
int dv_expected_moves_left(const void *st);

/* dvonn_eval.c */
extern const struct eval_terms dv_eval_terms;
int dv_evaluate(const void *st);

#endif
