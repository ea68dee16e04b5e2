/* truchet_int.h -- what the Truchet files share: geometry, the state,
 * the move encoding, hashing keys and the small inline helpers of the hot
 * paths.  truchet.c holds the rules and truchet_ops, truchet_text.c setup,
 * notation, position strings and the diagram, truchet_eval.c the
 * evaluation.  Private to src/games/truchet*.c. */
#ifndef TRIAD_GAMES_TRUCHET_INT_H
#define TRIAD_GAMES_TRUCHET_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/sbuf.h"
#include "core/zobrist.h"

/* ------------------------------------------------------------------ */
/* Geometry                                                            */
/* ------------------------------------------------------------------ */

#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define RANK_1 0x00000000000000FFULL
#define RANK_8 0xFF00000000000000ULL
/* Junctions that are the south-west corner of a central tile (a1..g7). */
#define TILE_MASK 0x007F7F7F7F7F7F7FULL
/* Home bases: Light's a8 c8 e8 g8 (Dark's targets), Dark's a1 c1 e1 g1. */
#define HOME_LIGHT 0x5500000000000000ULL
#define HOME_DARK 0x0000000000000055ULL

#define MAX_HEIGHT 4
#define MAX_CHIPS 12

enum { LIGHT = 0, DARK = 1 };

/* Directions in canonical letter order w n e s; opposite = d ^ 2. */
enum { DIR_W, DIR_N, DIR_E, DIR_S };
static const int dir_off[4] = { -1, 8, 1, -8 };
/* Junctions that have a neighbour in each direction. */
static const uint64_t dir_ok[4] = { ~FILE_A, ~RANK_8, ~FILE_H, ~RANK_1 };

static const uint64_t home_of[2] = { HOME_LIGHT, HOME_DARK };

/* The orthogonal neighbour of junction j in direction d, or -1. */
static inline int nbr(int j, int d)
{
    return (dir_ok[d] >> j & 1) ? j + dir_off[d] : -1;
}

/* Links between diagonal junctions (doc/games/truchet.md).  ne: bit j means j and
 * j+9 are linked (tile j is '/'); nw: bit j means j and j+7 are linked
 * (tile j-1 is '\').  Border tiles link nothing, so only TILE_MASK tiles
 * count. */
struct links {
    uint64_t ne, nw;
};

static inline struct links links_of(uint64_t tiles)
{
    struct links l = { TILE_MASK & ~tiles, (tiles & TILE_MASK) << 1 };
    return l;
}

/* Junctions linked to some junction of b. */
static inline uint64_t link_spread(uint64_t b, struct links l)
{
    return ((b & l.ne) << 9) | ((b >> 9) & l.ne) |
           ((b & l.nw) << 7) | ((b >> 7) & l.nw);
}

/* Junctions orthogonally next to a junction of b. */
static inline uint64_t orth_spread(uint64_t b)
{
    return ((b << 1) & ~FILE_A) | ((b >> 1) & ~FILE_H) | b << 8 | b >> 8;
}

/* Step destinations of a stack on s: the junctions reached from s along
 * links through empty junctions only (flood fill). */
static inline uint64_t reach_of(int s, uint64_t empty, struct links l)
{
    uint64_t r = bb_bit(s);
    for (;;) {
        uint64_t n = r | (link_spread(r, l) & empty);
        if (n == r)
            return r & ~bb_bit(s);
        r = n;
    }
}

/* Tiles (by south-west junction) none of whose four corners is occupied. */
static inline uint64_t flippable_tiles(uint64_t occ)
{
    return TILE_MASK & ~(occ | occ >> 1 | occ >> 8 | occ >> 9);
}

static inline uint64_t tile_corners(int t)
{
    return 0x303ULL << t;
}

/* Chips a split vector sends in direction d. */
static inline int split_k(unsigned v, int d)
{
    return (int)(v >> (2 * d) & 3);
}

/* ------------------------------------------------------------------ */
/* State, move encoding, hashing                                       */
/* ------------------------------------------------------------------ */

/* 112 bytes.  occ[] and height[] describe the stacks (all single-coloured
 * between turns); chips[] caches the chip totals; key is the BoardSpace
 * layout key unless custom (layout from bits or a position string). */
struct tr_state {
    uint64_t hash;
    uint64_t occ[2];
    uint64_t tiles;        /* bit j: the tile with SW corner j is '\' */
    int64_t key;
    uint8_t height[64];
    uint8_t side;          /* side to move */
    uint8_t custom;
    uint8_t chips[2];
};

/* move_t layout (29 bits used):
 *   bits  0-5   flip: 0 = none, else tile (SW junction) + 1
 *   bits  6-8   kind (never 0, so no legal move is MOVE_NONE)
 *   bits  9-14  from: the stepping or splitting stack
 *   bits 15-20  to: the step destination, or a plain merge's target
 *   bits 21-28  aux: a split vector (see split tables), or a merge:
 *               bits 0-3 the source directions seen from the target,
 *               bits 4-5 (after a step) the target's direction from 'to'.
 */
enum {
    K_STEP = 1, K_STEP_SPLIT, K_STEP_MERGE, K_SPLIT, K_MERGE
};

#define MV_FLIP(m) ((int)((m) & 63))
#define MV_KIND(m) ((int)((m) >> 6 & 7))
#define MV_FROM(m) ((int)((m) >> 9 & 63))
#define MV_TO(m) ((int)((m) >> 15 & 63))
#define MV_AUX(m) ((unsigned)((m) >> 21 & 255))

static inline move_t mv_make(int kind, int from, int to, unsigned aux)
{
    return (move_t)kind << 6 | (move_t)from << 9 | (move_t)to << 15 |
           (move_t)aux << 21;
}

/* Upper bound of the complete turns of any position (max_moves).
 *
 * Proof.  A turn is a flip choice (none, or one of at most 49 tiles: 50
 * choices) plus an action.  Fix the flip and let the mover have m stacks
 * (m <= 12) of heights h_s; sp(h) = 0, 6, 16, 31 for h = 1..4 is the number
 * of split vectors of height h (split_nvecs).  For one stack s:
 *  - steps: at most 31 destinations (same-coloured junctions but s);
 *  - step+split: at most 31 * sp(h_s); a plain split: at most sp(h_s);
 *  - step+merge: for a target x, the step ends on an empty neighbour t of
 *    x and the other sources are a non-empty subset of the a' own stacks
 *    (other than s) next to x, so there are at most (4-a')(2^a' - 1) <= 3a'
 *    pairs (t, sources); summed over x that is 3 * (number of
 *    (own stack, neighbour) pairs) <= 3 * 4 * (m-1) = 12(m-1);
 *  - plain merges, charged to stacks: a target with a own neighbours has
 *    2^a - 1 - a <= 11a/4 source sets, so all targets together <= 11m.
 * So one flip choice allows at most m(30 + 12m) + 32 * sum sp(h_s) turns;
 * over all height multisets with sum h_s <= 12 this peaks at 3174 (three
 * stacks of 4; checked in tests/check_truchet_play.c).  50 * 3174 = 158700.
 */
#define TR_MAX_MOVES (50 * 3174)

/* Zobrist features: stacks side*256 + j*4 + h-1, '\' tiles 512 + j, side
 * to move (dark) 1024. */
#define TR_TAG 0x54524348u   /* "TRCH" */
#define ZF_TILE 512u
#define ZF_SIDE 1024u

static inline uint64_t zk_stack(int side, int j, int h)
{
    return zobrist_key(TR_TAG, (uint32_t)(side * 256 + j * 4 + h - 1));
}

/* Enemy height on x for side p (0 if empty); -1 if p owns x. */
static inline int target_enemy(const struct tr_state *st, int p, int x)
{
    if (st->occ[p] >> x & 1)
        return -1;
    return (st->occ[!p] >> x & 1) ? st->height[x] : 0;
}

static inline void put_stack(struct tr_state *st, int p, int j, int h)
{
    st->occ[p] |= bb_bit(j);
    st->height[j] = (uint8_t)h;
    st->hash ^= zk_stack(p, j, h);
}

/* truchet.c */
enum game_status tr_outcome(const void *vst, int *margin);
uint64_t tr_hash_full(const void *vst);

/* truchet_text.c */
int tr_setup(void *vst, int argc, char *const argv[], uint64_t seed,
             struct sbuf *err);
enum move_parse tr_parse_move(const void *vst, const char *s, move_t *out,
                              struct sbuf *why);
void tr_format_move(const void *vst, move_t m, char buf[MOVE_STR_MAX]);
void tr_to_string(const void *vst, struct sbuf *out);
int tr_from_string(void *vst, const char *s, struct sbuf *err);
void tr_show(const void *vst, const struct show_info *info,
             struct sbuf *out);

/* truchet_eval.c */
int tr_evaluate(const void *vst);

#endif
