/* truchet.c -- Truchet (Cameron Browne) as played on BoardSpace: rules.md
 * section 2.  Stacks stand on the 8x8 junctions a1..h8 (bit j = row*8+col
 * of a uint64_t); the 49 flippable tiles are named by their south-west
 * junction and held as one bitboard of '\' tiles, from which the diagonal
 * links are derived with two masks.  Exports only truchet_ops.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/sbuf.h"
#include "core/zobrist.h"
#include "games/games.h"

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
static const char dir_letter[4] = { 'w', 'n', 'e', 's' };
static const char *const dir_word[4] = { "west", "north", "east", "south" };
static const int dir_off[4] = { -1, 8, 1, -8 };
/* Junctions that have a neighbour in each direction. */
static const uint64_t dir_ok[4] = { ~FILE_A, ~RANK_8, ~FILE_H, ~RANK_1 };

static const uint64_t home_of[2] = { HOME_LIGHT, HOME_DARK };

/* The orthogonal neighbour of junction j in direction d, or -1. */
static inline int nbr(int j, int d)
{
    return (dir_ok[d] >> j & 1) ? j + dir_off[d] : -1;
}

/* Links between diagonal junctions (rules.md 2.2).  ne: bit j means j and
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

/* Junctions that have at least two neighbours in b (merge targets). */
static uint64_t two_neighbours(uint64_t b)
{
    uint64_t w = (b << 1) & ~FILE_A;   /* west neighbour in b  */
    uint64_t e = (b >> 1) & ~FILE_H;   /* east neighbour in b  */
    uint64_t n = b >> 8;
    uint64_t s = b << 8;
    return (w & (e | n | s)) | (e & (n | s)) | (n & s);
}

/* Split tables (generated, see the header) */
#include "games/truchet_tables.h"

/* Chips a split vector sends in direction d. */
static inline int split_k(unsigned v, int d)
{
    return (int)(v >> (2 * d) & 3);
}

/* Whether split vector v respects the per-direction minima of code. */
static inline bool split_fits(unsigned v, unsigned code)
{
    for (int d = 0; d < 4; d++) {
        unsigned k = v >> (2 * d) & 3;
        unsigned m = code >> (2 * d) & 3;
        if (k && (m == 0 || k < m))
            return false;
    }
    return true;
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
 * stacks of 4; checked in tests/check_truchet.c).  50 * 3174 = 158700.
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

static uint64_t tr_hash_full(const void *vst)
{
    const struct tr_state *st = vst;
    uint64_t h = st->side ? zobrist_key(TR_TAG, ZF_SIDE) : 0;
    for (int p = 0; p < 2; p++)
        for (uint64_t b = st->occ[p]; b;) {
            int j = bb_pop(&b);
            h ^= zk_stack(p, j, st->height[j]);
        }
    for (uint64_t b = st->tiles & TILE_MASK; b;)
        h ^= zobrist_key(TR_TAG, ZF_TILE + (uint32_t)bb_pop(&b));
    return h;
}

static uint64_t tr_hash(const void *vst)
{
    return ((const struct tr_state *)vst)->hash;
}

static int tr_side_to_move(const void *vst)
{
    return ((const struct tr_state *)vst)->side;
}

/* ------------------------------------------------------------------ */
/* Counting the parts of a turn                                        */
/* ------------------------------------------------------------------ */

/* Per direction from junction t, the least number of chips side p may
 * split there (0 = closed): an own stack or the edge closes it, an enemy
 * stack of height e needs e chips (4 is out of reach of any split). */
static unsigned split_code(const struct tr_state *st, int p, int t)
{
    unsigned code = 0;
    for (int d = 0; d < 4; d++) {
        int y = nbr(t, d);
        if (y < 0 || (st->occ[p] >> y & 1))
            continue;
        unsigned m = (st->occ[!p] >> y & 1) ? st->height[y] : 1;
        if (m < MAX_HEIGHT)
            code |= m << (2 * d);
    }
    return code;
}

/* Own stacks next to x that may join a merge onto x (all own neighbours
 * but 'skip', which is -1 or the vacated start of a step).  Fills their
 * directions and heights; returns how many. */
static int merge_sources(const struct tr_state *st, int p, int x, int skip,
                         int dirs[4], int hs[4])
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        int y = nbr(x, d);
        if (y < 0 || y == skip || !(st->occ[p] >> y & 1))
            continue;
        dirs[n] = d;
        hs[n++] = st->height[y];
    }
    return n;
}

/* Enemy height on x for side p (0 if empty); -1 if p owns x. */
static inline int target_enemy(const struct tr_state *st, int p, int x)
{
    if (st->occ[p] >> x & 1)
        return -1;
    return (st->occ[!p] >> x & 1) ? st->height[x] : 0;
}

/* Source subsets (bitmask over hs[0..n-1]) with at least min_size members
 * whose total plus base is within [e, MAX_HEIGHT]. */
static int count_subsets(const int hs[4], int n, int base, int e,
                         int min_size)
{
    int c = 0;
    for (unsigned s = 1; s < (1u << n); s++) {
        if (__builtin_popcount(s) < min_size)
            continue;
        int total = base;
        for (int i = 0; i < n; i++)
            if (s >> i & 1)
                total += hs[i];
        if (total <= MAX_HEIGHT && total >= e)
            c++;
    }
    return c;
}

/* Step+merges after side p's stack of height h stepped from s to t. */
static int count_step_merges(const struct tr_state *st, int p, int s, int t,
                             int h)
{
    if (h >= MAX_HEIGHT)
        return 0;
    int c = 0;
    for (int d = 0; d < 4; d++) {
        int x = nbr(t, d);
        int e = x < 0 ? -1 : target_enemy(st, p, x);
        if (e < 0)
            continue;
        int dirs[4], hs[4];
        int n = merge_sources(st, p, x, s, dirs, hs);
        if (n)
            c += count_subsets(hs, n, h, e, 1);
    }
    return c;
}

/* Turns that step the stack on s to one of the junctions of dests. */
static long count_stack_turns(const struct tr_state *st, int s,
                              uint64_t dests)
{
    int p = st->side;
    int h = st->height[s];
    long c = 0;
    while (dests) {
        int t = bb_pop(&dests);
        c += 1 + count_step_merges(st, p, s, t, h);
        if (h >= 2)
            c += split_count[h - 2][split_code(st, p, t)];
    }
    return c;
}

/* Plain splits and merges of the side to move (they ignore the tiles). */
static long count_plain(const struct tr_state *st)
{
    int p = st->side;
    uint64_t own = st->occ[p];
    long c = 0;
    for (uint64_t b = own; b;) {
        int j = bb_pop(&b);
        if (st->height[j] >= 2)
            c += split_count[st->height[j] - 2][split_code(st, p, j)];
    }
    for (uint64_t b = two_neighbours(own) & ~own; b;) {
        int x = bb_pop(&b);
        int dirs[4], hs[4];
        int n = merge_sources(st, p, x, -1, dirs, hs);
        c += count_subsets(hs, n, 0, target_enemy(st, p, x), 2);
    }
    return c;
}

/* A win already decided by the last turn (rules.md 2.6): the side to move
 * has no chips, or the last mover holds 3 of its 4 target bases. */
static bool decided(const struct tr_state *st)
{
    int p = st->side;
    return st->chips[p] == 0 ||
           bb_count(st->occ[!p] & home_of[p]) >= 3;
}

/* Whether the side to move has a step, split or merge (flips never create
 * or remove one: rules.md 2.6 notes). */
static bool has_action(const struct tr_state *st)
{
    int p = st->side;
    uint64_t own = st->occ[p];
    uint64_t empty = ~(own | st->occ[!p]);
    if (link_spread(own, links_of(st->tiles)) & empty)
        return true;
    for (uint64_t b = own; b;) {
        int j = bb_pop(&b);
        if (st->height[j] >= 2 &&
            split_count[st->height[j] - 2][split_code(st, p, j)])
            return true;
    }
    for (uint64_t b = two_neighbours(own) & ~own; b;) {
        int x = bb_pop(&b);
        int dirs[4], hs[4];
        int n = merge_sources(st, p, x, -1, dirs, hs);
        if (count_subsets(hs, n, 0, target_enemy(st, p, x), 2))
            return true;
    }
    return false;
}

/* The own stacks of the side to move; returns how many (<= 12). */
static int own_stacks(const struct tr_state *st, int sq[MAX_CHIPS])
{
    int n = 0;
    for (uint64_t b = st->occ[st->side]; b;)
        sq[n++] = bb_pop(&b);
    assert(n <= MAX_CHIPS);
    return n;
}

/* Bulk count (perft leaves).  Splits and merges do not depend on the
 * tiles, and a flip changes the steps of a stack only if its reach touches
 * a corner of the flipped tile, so each flip costs just the difference of
 * the reaches of the stacks it touches. */
static long tr_count_moves(const void *vst)
{
    const struct tr_state *st = vst;
    if (decided(st))
        return 0;
    int sq[MAX_CHIPS];
    uint64_t r0[MAX_CHIPS];
    int ns = own_stacks(st, sq);
    uint64_t occ = st->occ[0] | st->occ[1];
    struct links l = links_of(st->tiles);
    long base = count_plain(st);
    for (int i = 0; i < ns; i++) {
        r0[i] = reach_of(sq[i], ~occ, l);
        base += count_stack_turns(st, sq[i], r0[i]);
    }
    if (base == 0)
        return 0;
    long total = base;
    for (uint64_t f = flippable_tiles(occ); f;) {
        int t = bb_pop(&f);
        uint64_t corners = tile_corners(t);
        struct links lf = links_of(st->tiles ^ bb_bit(t));
        long c = base;
        for (int i = 0; i < ns; i++) {
            if (!(r0[i] & corners))
                continue;
            uint64_t r = reach_of(sq[i], ~occ, lf);
            c += count_stack_turns(st, sq[i], r & ~r0[i]);
            c -= count_stack_turns(st, sq[i], r0[i] & ~r);
        }
        total += c;
    }
    return total;
}

/* ------------------------------------------------------------------ */
/* Generation                                                          */
/* ------------------------------------------------------------------ */

/* Appends the splits of a stack of height h at t (from the stack's view:
 * kind, its start s) whose pieces fit code. */
static int gen_splits(int kind, int s, int t, int h, unsigned code,
                      move_t *out)
{
    int n = 0;
    const uint8_t *v = split_vecs[h - 2];
    for (int i = 0; i < split_nvecs[h - 2]; i++)
        if (split_fits(v[i], code))
            out[n++] = kind == K_SPLIT ? mv_make(K_SPLIT, s, 0, v[i])
                                       : mv_make(kind, s, t, v[i]);
    return n;
}

/* Appends the merges onto x (plain when s < 0, else after the step s-t of
 * a stack of height h, which then must take part). */
static int gen_merges_onto(const struct tr_state *st, int s, int t, int h,
                           int x, move_t *out)
{
    int p = st->side;
    int e = target_enemy(st, p, x);
    if (e < 0)
        return 0;
    int dirs[4], hs[4];
    int n = merge_sources(st, p, x, s, dirs, hs);
    int base = s < 0 ? 0 : h;
    int min_size = s < 0 ? 2 : 1;
    int c = 0;
    for (unsigned set = 1; set < (1u << n); set++) {
        if (__builtin_popcount(set) < min_size)
            continue;
        int total = base;
        unsigned mask = 0;
        for (int i = 0; i < n; i++)
            if (set >> i & 1) {
                total += hs[i];
                mask |= 1u << dirs[i];
            }
        if (total > MAX_HEIGHT || total < e)
            continue;
        if (s < 0) {
            out[c++] = mv_make(K_MERGE, 0, x, mask);
        } else {
            /* t lies opposite to the direction x lies from t */
            int d = 0;
            while (nbr(t, d) != x)
                d++;
            mask |= 1u << (d ^ 2);
            out[c++] = mv_make(K_STEP_MERGE, s, t, mask | (unsigned)d << 4);
        }
    }
    return c;
}

/* Appends every plain split and merge (no flip). */
static int gen_plain(const struct tr_state *st, move_t *out)
{
    int p = st->side;
    uint64_t own = st->occ[p];
    int n = 0;
    for (uint64_t b = own; b;) {
        int j = bb_pop(&b);
        if (st->height[j] >= 2)
            n += gen_splits(K_SPLIT, j, j, st->height[j],
                            split_code(st, p, j), out + n);
    }
    for (uint64_t b = two_neighbours(own) & ~own; b;)
        n += gen_merges_onto(st, -1, -1, 0, bb_pop(&b), out + n);
    return n;
}

/* Appends every turn (no flip) that steps the stack on s into dests. */
static int gen_stack_turns(const struct tr_state *st, int s, uint64_t dests,
                           move_t *out)
{
    int p = st->side;
    int h = st->height[s];
    int n = 0;
    while (dests) {
        int t = bb_pop(&dests);
        out[n++] = mv_make(K_STEP, s, t, 0);
        if (h >= 2)
            n += gen_splits(K_STEP_SPLIT, s, t, h, split_code(st, p, t),
                            out + n);
        if (h < MAX_HEIGHT)
            for (int d = 0; d < 4; d++) {
                int x = nbr(t, d);
                if (x >= 0)
                    n += gen_merges_onto(st, s, t, h, x, out + n);
            }
    }
    return n;
}

/* Copies n moves, adding a flip. */
static int copy_flipped(const move_t *src, int n, move_t flip, move_t *out)
{
    for (int i = 0; i < n; i++)
        out[i] = src[i] | flip;
    return n;
}

/* The flip-free turns come first, grouped as plain actions and then per
 * stack; every flip copies the groups its tile cannot affect and
 * regenerates the others (same reasoning as tr_count_moves). */
static int tr_gen_moves(const void *vst, move_t *out)
{
    const struct tr_state *st = vst;
    if (decided(st))
        return 0;
    int sq[MAX_CHIPS], beg[MAX_CHIPS + 1];
    uint64_t r0[MAX_CHIPS];
    int ns = own_stacks(st, sq);
    uint64_t occ = st->occ[0] | st->occ[1];
    struct links l = links_of(st->tiles);
    int n = gen_plain(st, out);
    int nplain = n;
    for (int i = 0; i < ns; i++) {
        beg[i] = n;
        r0[i] = reach_of(sq[i], ~occ, l);
        n += gen_stack_turns(st, sq[i], r0[i], out + n);
    }
    beg[ns] = n;
    if (n == 0)
        return 0;
    for (uint64_t f = flippable_tiles(occ); f;) {
        int t = bb_pop(&f);
        move_t flip = (move_t)(t + 1);
        struct links lf = links_of(st->tiles ^ bb_bit(t));
        n += copy_flipped(out, nplain, flip, out + n);
        for (int i = 0; i < ns; i++) {
            if (!(r0[i] & tile_corners(t))) {
                n += copy_flipped(out + beg[i], beg[i + 1] - beg[i], flip,
                                  out + n);
                continue;
            }
            int k = gen_stack_turns(st, sq[i], reach_of(sq[i], ~occ, lf),
                                    out + n);
            n += copy_flipped(out + n, k, flip, out + n);
        }
    }
    assert(n <= TR_MAX_MOVES);
    return n;
}

/* ------------------------------------------------------------------ */
/* Playing                                                             */
/* ------------------------------------------------------------------ */

static void put_stack(struct tr_state *st, int p, int j, int h)
{
    st->occ[p] |= bb_bit(j);
    st->height[j] = (uint8_t)h;
    st->hash ^= zk_stack(p, j, h);
}

/* Removes the stack of side p on j; returns its height. */
static int take_stack(struct tr_state *st, int p, int j)
{
    int h = st->height[j];
    st->occ[p] &= ~bb_bit(j);
    st->height[j] = 0;
    st->hash ^= zk_stack(p, j, h);
    return h;
}

/* Side p lands on x: an enemy stack there is captured. */
static void clear_for(struct tr_state *st, int p, int x)
{
    if (st->occ[!p] >> x & 1)
        st->chips[!p] = (uint8_t)(st->chips[!p] - take_stack(st, !p, x));
}

static void do_split(struct tr_state *st, int p, int j, unsigned v)
{
    take_stack(st, p, j);
    for (int d = 0; d < 4; d++) {
        int k = split_k(v, d);
        if (!k)
            continue;
        int y = nbr(j, d);
        clear_for(st, p, y);
        put_stack(st, p, y, k);
    }
}

static void do_merge(struct tr_state *st, int p, int x, unsigned mask)
{
    int total = 0;
    for (int d = 0; d < 4; d++)
        if (mask >> d & 1)
            total += take_stack(st, p, nbr(x, d));
    clear_for(st, p, x);
    put_stack(st, p, x, total);
}

static void tr_play(void *vst, move_t m)
{
    struct tr_state *st = vst;
    int p = st->side;
    int flip = MV_FLIP(m), kind = MV_KIND(m);
    int from = MV_FROM(m), to = MV_TO(m);
    unsigned aux = MV_AUX(m);
    if (flip) {
        st->tiles ^= bb_bit(flip - 1);
        st->hash ^= zobrist_key(TR_TAG, ZF_TILE + (uint32_t)(flip - 1));
    }
    if (kind <= K_STEP_MERGE)
        put_stack(st, p, to, take_stack(st, p, from));
    if (kind == K_STEP_SPLIT)
        do_split(st, p, to, aux);
    else if (kind == K_STEP_MERGE)
        do_merge(st, p, nbr(to, (int)(aux >> 4)), aux & 15);
    else if (kind == K_SPLIT)
        do_split(st, p, from, aux);
    else if (kind == K_MERGE)
        do_merge(st, p, to, aux);
    st->side = (uint8_t)!p;
    st->hash ^= zobrist_key(TR_TAG, ZF_SIDE);
}

static enum game_status tr_outcome(const void *vst, int *margin)
{
    const struct tr_state *st = vst;
    if (margin)
        *margin = 0;
    if (!decided(st) && has_action(st))
        return GAME_ONGOING;
    /* whoever is to move has lost */
    return st->side == LIGHT ? GAME_WIN_SECOND : GAME_WIN_FIRST;
}

/* ------------------------------------------------------------------ */
/* Names and move notation                                             */
/* ------------------------------------------------------------------ */

static const char *const side_word[2] = { "light", "dark" };

static void put_jct(struct sbuf *b, int j)
{
    sbuf_putc(b, (char)('a' + j % 8));
    sbuf_putc(b, (char)('1' + j / 8));
}

static char *jct_name(int j, char buf[3])
{
    buf[0] = (char)('a' + j % 8);
    buf[1] = (char)('1' + j / 8);
    buf[2] = '\0';
    return buf;
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Appends each direction letter of mask times the height of that source
 * (heights read from st, except the stepped stack on t: h_t). */
static void put_merge_letters(char **w, const struct tr_state *st, int x,
                              unsigned mask, int t, int h_t)
{
    for (int d = 0; d < 4; d++) {
        if (!(mask >> d & 1))
            continue;
        int y = nbr(x, d);
        int h = y == t ? h_t : st->height[y];
        for (int k = 0; k < h; k++)
            *(*w)++ = dir_letter[d];
    }
}

static void put_split_letters(char **w, unsigned v)
{
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < split_k(v, d); k++)
            *(*w)++ = dir_letter[d];
}

static void put_name(char **w, int j)
{
    *(*w)++ = (char)('a' + j % 8);
    *(*w)++ = (char)('1' + j / 8);
}

static void tr_format_move(const void *vst, move_t m, char buf[MOVE_STR_MAX])
{
    const struct tr_state *st = vst;
    char *w = buf;
    int kind = MV_KIND(m), from = MV_FROM(m), to = MV_TO(m);
    unsigned aux = MV_AUX(m);
    if (MV_FLIP(m)) {
        *w++ = '*';
        put_name(&w, MV_FLIP(m) - 1);
        *w++ = ',';
    }
    if (kind <= K_STEP_MERGE) {
        put_name(&w, from);
        *w++ = '-';
        put_name(&w, to);
    }
    if (kind == K_STEP_SPLIT || kind == K_SPLIT) {
        if (kind == K_SPLIT)
            put_name(&w, from);
        *w++ = '>';
        put_split_letters(&w, aux);
    } else if (kind == K_STEP_MERGE) {
        int x = nbr(to, (int)(aux >> 4));
        *w++ = '+';
        put_name(&w, x);
        *w++ = '<';
        put_merge_letters(&w, st, x, aux & 15, to, st->height[from]);
    } else if (kind == K_MERGE) {
        put_name(&w, to);
        *w++ = '<';
        put_merge_letters(&w, st, to, aux, -1, 0);
    }
    *w = '\0';
}

/* A turn as read from a token, before the legality check. */
struct tr_parsed {
    int flip;       /* tile, or -1 */
    int kind;
    int from, to;   /* step, or the split / merge junction in 'from' */
    int x;          /* merge target after a step */
    int cnt[4];     /* letters per direction */
    int nletters;
};

/* Cursor-based readers: each returns false without reading past a NUL. */
static bool read_square(const char **p, int cols, int rows, int *j)
{
    char c = lower((*p)[0]);
    if (c < 'a' || c >= 'a' + cols)
        return false;
    char r = (*p)[1];
    if (r < '1' || r >= '1' + rows)
        return false;
    *j = (r - '1') * 8 + (c - 'a');
    *p += 2;
    return true;
}

static bool read_letters(const char **p, struct tr_parsed *pm)
{
    for (; **p; (*p)++) {
        const char *hit = memchr(dir_letter, lower(**p), 4);
        if (!hit || pm->nletters == MAX_HEIGHT)
            return false;
        pm->cnt[hit - dir_letter]++;
        pm->nletters++;
    }
    return pm->nletters >= 2;
}

/* Syntax of rules.md 2.7; true if s is a Truchet turn token. */
static bool parse_token(const char *s, struct tr_parsed *pm)
{
    memset(pm, 0, sizeof *pm);
    pm->flip = -1;
    if (*s == '*') {
        s++;
        if (!read_square(&s, 7, 7, &pm->flip) || *s++ != ',')
            return false;
    }
    if (!read_square(&s, 8, 8, &pm->from))
        return false;
    char c = *s++;
    if (c == '>') {
        pm->kind = K_SPLIT;
        return read_letters(&s, pm);
    }
    if (c == '<') {
        pm->kind = K_MERGE;
        return read_letters(&s, pm);
    }
    if (c != '-' || !read_square(&s, 8, 8, &pm->to))
        return false;
    c = *s++;
    if (c == '\0') {
        pm->kind = K_STEP;
        return true;
    }
    if (c == '>') {
        pm->kind = K_STEP_SPLIT;
        return read_letters(&s, pm);
    }
    pm->kind = K_STEP_MERGE;
    return c == '+' && read_square(&s, 8, 8, &pm->x) && *s++ == '<' &&
           read_letters(&s, pm);
}

static int distinct_dirs(const int cnt[4])
{
    return (cnt[0] > 0) + (cnt[1] > 0) + (cnt[2] > 0) + (cnt[3] > 0);
}

/* Legality of a split of the own stack on j with the letters of pm, on
 * the position st (after any flip and step).  Sets *v. */
static bool check_split(const struct tr_state *st, int j,
                        const struct tr_parsed *pm, unsigned *v,
                        struct sbuf *why)
{
    int p = st->side;
    char a[3], b[3];
    if (!(st->occ[p] >> j & 1)) {
        sbuf_printf(why, "no %s stack on %s", side_word[p], jct_name(j, a));
        return false;
    }
    if (pm->nletters != st->height[j]) {
        sbuf_printf(why, "%s has %d chips, not %d", jct_name(j, a),
                    st->height[j], pm->nletters);
        return false;
    }
    if (distinct_dirs(pm->cnt) < 2) {
        sbuf_puts(why, "a split needs at least two directions");
        return false;
    }
    *v = 0;
    for (int d = 0; d < 4; d++) {
        if (!pm->cnt[d])
            continue;
        int y = nbr(j, d);
        if (y < 0) {
            sbuf_printf(why, "no junction %s of %s", dir_word[d],
                        jct_name(j, a));
            return false;
        }
        if (st->occ[p] >> y & 1) {
            sbuf_printf(why, "%s holds a %s stack", jct_name(y, b),
                        side_word[p]);
            return false;
        }
        if ((st->occ[!p] >> y & 1) && pm->cnt[d] < st->height[y]) {
            sbuf_printf(why, "%d chips cannot capture the %d-high stack "
                        "on %s", pm->cnt[d], st->height[y], jct_name(y, b));
            return false;
        }
        *v |= (unsigned)pm->cnt[d] << (2 * d);
    }
    return true;
}

/* Legality of a merge onto x with the letters of pm; step_t is the
 * stepped stack's junction (it must take part) or -1.  Sets *mask. */
static bool check_merge(const struct tr_state *st, int x, int step_t,
                        const struct tr_parsed *pm, unsigned *mask,
                        struct sbuf *why)
{
    int p = st->side;
    char a[3], b[3];
    if (st->occ[p] >> x & 1) {
        sbuf_printf(why, "%s holds a %s stack", jct_name(x, a), side_word[p]);
        return false;
    }
    if (distinct_dirs(pm->cnt) < 2) {
        sbuf_puts(why, "a merge needs at least two stacks");
        return false;
    }
    *mask = 0;
    for (int d = 0; d < 4; d++) {
        if (!pm->cnt[d])
            continue;
        int y = nbr(x, d);
        if (y < 0) {
            sbuf_printf(why, "no junction %s of %s", dir_word[d],
                        jct_name(x, a));
            return false;
        }
        if (!(st->occ[p] >> y & 1)) {
            sbuf_printf(why, "no %s stack on %s", side_word[p],
                        jct_name(y, b));
            return false;
        }
        if (pm->cnt[d] != st->height[y]) {
            sbuf_printf(why, "%s has %d chips, not %d", jct_name(y, b),
                        st->height[y], pm->cnt[d]);
            return false;
        }
        *mask |= 1u << d;
    }
    if (step_t >= 0) {
        int d = 0;
        while (d < 4 && nbr(x, d) != step_t)
            d++;
        if (d == 4 || !(*mask >> d & 1)) {
            sbuf_puts(why, "the merge must include the stepped stack");
            return false;
        }
    }
    int e = target_enemy(st, p, x);
    if (pm->nletters < e) {
        sbuf_printf(why, "%d chips cannot capture the %d-high stack on %s",
                    pm->nletters, e, jct_name(x, a));
        return false;
    }
    return true;
}

/* Legality of the flip (applied to *st) of pm. */
static bool check_flip(struct tr_state *st, const struct tr_parsed *pm,
                       struct sbuf *why)
{
    if (pm->flip < 0)
        return true;
    uint64_t blocked = tile_corners(pm->flip) & (st->occ[0] | st->occ[1]);
    if (blocked) {
        char a[3], b[3];
        sbuf_printf(why, "tile %s cannot flip: %s is occupied",
                    jct_name(pm->flip, a), jct_name(bb_lsb(blocked), b));
        return false;
    }
    st->tiles ^= bb_bit(pm->flip);
    return true;
}

/* Legality of the step of pm, applied to *st (no hash update). */
static bool check_step(struct tr_state *st, const struct tr_parsed *pm,
                       struct sbuf *why)
{
    int p = st->side;
    char a[3], b[3];
    if (!(st->occ[p] >> pm->from & 1)) {
        sbuf_printf(why, "no %s stack on %s", side_word[p],
                    jct_name(pm->from, a));
        return false;
    }
    uint64_t occ = st->occ[0] | st->occ[1];
    if (occ >> pm->to & 1) {
        sbuf_printf(why, "%s is occupied", jct_name(pm->to, a));
        return false;
    }
    if (!(reach_of(pm->from, ~occ, links_of(st->tiles)) >> pm->to & 1)) {
        sbuf_printf(why, "%s cannot step to %s", jct_name(pm->from, a),
                    jct_name(pm->to, b));
        return false;
    }
    st->occ[p] ^= bb_bit(pm->from) | bb_bit(pm->to);
    st->height[pm->to] = st->height[pm->from];
    st->height[pm->from] = 0;
    return true;
}

/* Full legality check of a parsed turn; builds the move. */
static bool check_turn(const struct tr_state *st0, const struct tr_parsed *pm,
                       move_t *out, struct sbuf *why)
{
    struct tr_state st = *st0;
    unsigned aux = 0;
    if (!check_flip(&st, pm, why))
        return false;
    int kind = pm->kind;
    if (kind <= K_STEP_MERGE && !check_step(&st, pm, why))
        return false;
    if (kind == K_STEP_MERGE) {
        int d = 0;
        while (d < 4 && nbr(pm->to, d) != pm->x)
            d++;
        if (d == 4) {
            char a[3], b[3];
            sbuf_printf(why, "%s is not next to %s", jct_name(pm->x, a),
                        jct_name(pm->to, b));
            return false;
        }
        if (!check_merge(&st, pm->x, pm->to, pm, &aux, why))
            return false;
        aux |= (unsigned)d << 4;
    } else if (kind == K_STEP_SPLIT || kind == K_SPLIT) {
        int j = kind == K_SPLIT ? pm->from : pm->to;
        if (!check_split(&st, j, pm, &aux, why))
            return false;
    } else if (kind == K_MERGE && !check_merge(&st, pm->from, -1, pm, &aux,
                                               why)) {
        return false;
    }
    move_t m;
    if (kind == K_SPLIT)
        m = mv_make(K_SPLIT, pm->from, 0, aux);
    else if (kind == K_MERGE)
        m = mv_make(K_MERGE, 0, pm->from, aux);
    else
        m = mv_make(kind, pm->from, pm->to, aux);
    *out = m | (move_t)(pm->flip + 1);
    return true;
}

static enum move_parse tr_parse_move(const void *vst, const char *s,
                                     move_t *out, struct sbuf *why)
{
    const struct tr_state *st = vst;
    struct tr_parsed pm;
    if (!parse_token(s, &pm)) {
        sbuf_puts(why, "not a truchet move");
        return MOVE_PARSE_SYNTAX;
    }
    if (tr_outcome(st, NULL) != GAME_ONGOING) {
        sbuf_puts(why, "the game is over");
        return MOVE_PARSE_ILLEGAL;
    }
    return check_turn(st, &pm, out, why) ? MOVE_PARSE_OK
                                         : MOVE_PARSE_ILLEGAL;
}

/* ------------------------------------------------------------------ */
/* Setup and position strings                                          */
/* ------------------------------------------------------------------ */

/* BoardSpace's layout: java.util.Random(key), one nextInt(4) per tile,
 * columns outer, rows inner; k >= 2 means '\' (rules.md 2.3). */
static uint64_t layout_from_key(int64_t key)
{
    const uint64_t mult = 0x5DEECE66DULL, mask = (1ULL << 48) - 1;
    uint64_t s = ((uint64_t)key ^ mult) & mask;
    uint64_t tiles = 0;
    for (int x = 0; x < 7; x++)
        for (int y = 0; y < 7; y++) {
            s = (s * mult + 0xB) & mask;
            if ((s >> 46) >= 2)
                tiles |= bb_bit(y * 8 + x);
        }
    return tiles;
}

/* Reads the 49-character layout string (a1..g1, a2.., '1' = '\'). */
static bool read_layout(const char *s, uint64_t *tiles, struct sbuf *err)
{
    *tiles = 0;
    for (int i = 0; i < 49; i++) {
        if (s[i] != '0' && s[i] != '1') {
            sbuf_puts(err, "expected 49 layout bits (0 or 1)");
            return false;
        }
        if (s[i] == '1')
            *tiles |= bb_bit(i / 7 * 8 + i % 7);
    }
    return true;
}

/* Clears *st to an empty board with the given tiles, Light to move. */
static void init_empty(struct tr_state *st, uint64_t tiles, int64_t key,
                       bool custom)
{
    memset(st, 0, sizeof *st);
    st->tiles = tiles;
    st->key = key;
    st->custom = custom;
}

static void init_start(struct tr_state *st)
{
    for (int j = 0; j < 64; j++) {
        int r = j / 8, c = j % 8;
        if (r <= 2 && (r + c) % 2 == 0)
            put_stack(st, DARK, j, 1);
        else if (r >= 5 && (r + c) % 2 == 1)
            put_stack(st, LIGHT, j, 1);
    }
    st->chips[LIGHT] = st->chips[DARK] = MAX_CHIPS;
    st->hash = tr_hash_full(st);
}

/* A signed 64-bit decimal integer, nothing else. */
static bool read_key(const char *s, int64_t *key)
{
    bool neg = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    if (!*s)
        return false;
    uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned dgt = (unsigned)(*s - '0');
        if (v > (limit - dgt) / 10)
            return false;
        v = v * 10 + dgt;
    }
    /* v may be 2^63 when negative: negate without overflowing */
    *key = neg && v ? -(int64_t)(v - 1) - 1 : (int64_t)v;
    return true;
}

static int tr_setup(void *vst, int argc, char *const argv[], uint64_t seed,
                    struct sbuf *err)
{
    struct tr_state *st = vst;
    if (argc > 1) {
        sbuf_puts(err, "expected at most one argument (KEY or layout=BITS)");
        return -1;
    }
    if (argc == 0) {
        /* a non-negative key below 2^31, like BoardSpace's */
        int64_t key = (int64_t)(rng_mix64(seed) >> 33);
        init_empty(st, layout_from_key(key), key, false);
    } else if (strncmp(argv[0], "layout=", 7) == 0) {
        uint64_t tiles;
        if (!read_layout(argv[0] + 7, &tiles, err))
            return -1;
        if (argv[0][7 + 49] != '\0') {
            sbuf_puts(err, "expected 49 layout bits");
            return -1;
        }
        init_empty(st, tiles, 0, true);
    } else {
        int64_t key;
        if (!read_key(argv[0], &key)) {
            sbuf_puts(err, "expected a 64-bit integer key or layout=BITS");
            return -1;
        }
        init_empty(st, layout_from_key(key), key, false);
    }
    init_start(st);
    return 0;
}

static void put_layout(struct sbuf *out, uint64_t tiles)
{
    for (int i = 0; i < 49; i++)
        sbuf_putc(out, (tiles >> (i / 7 * 8 + i % 7) & 1) ? '1' : '0');
}

static void tr_to_string(const void *vst, struct sbuf *out)
{
    const struct tr_state *st = vst;
    sbuf_puts(out, "truchet:");
    put_layout(out, st->tiles);
    sbuf_printf(out, ":%c:", "LD"[st->side]);
    bool first = true;
    for (int c = 0; c < 8; c++)        /* byte order: a1 a2 .. a8 b1 .. */
        for (int r = 0; r < 8; r++) {
            int j = r * 8 + c;
            int p = (st->occ[LIGHT] >> j & 1) ? LIGHT
                  : (st->occ[DARK] >> j & 1) ? DARK : -1;
            if (p < 0)
                continue;
            if (!first)
                sbuf_putc(out, ',');
            first = false;
            put_jct(out, j);
            sbuf_printf(out, "%c%d", "LD"[p], st->height[j]);
        }
}

static int side_of_letter(char c)
{
    c = lower(c);
    return c == 'l' ? LIGHT : c == 'd' ? DARK : -1;
}

/* Reads the stack list "g6L1,d3D2" into an empty *st. */
static bool read_stacks(struct tr_state *st, const char *s, struct sbuf *err)
{
    int chips[2] = { 0, 0 };
    for (int i = 1;; i++) {
        int j, p;
        if (!read_square(&s, 8, 8, &j) || (p = side_of_letter(*s)) < 0 ||
            s[1] < '1' || s[1] > '4' || (s[2] != ',' && s[2] != '\0')) {
            sbuf_printf(err, "bad stack number %d (expected like g6L1)", i);
            return false;
        }
        char a[3];
        if ((st->occ[0] | st->occ[1]) >> j & 1) {
            sbuf_printf(err, "two stacks on %s", jct_name(j, a));
            return false;
        }
        chips[p] += s[1] - '0';
        if (chips[p] > MAX_CHIPS) {
            sbuf_printf(err, "%s has more than %d chips", side_word[p],
                        MAX_CHIPS);
            return false;
        }
        st->occ[p] |= bb_bit(j);
        st->height[j] = (uint8_t)(s[1] - '0');
        s += 2;
        if (*s++ == '\0')
            break;
    }
    st->chips[LIGHT] = (uint8_t)chips[LIGHT];
    st->chips[DARK] = (uint8_t)chips[DARK];
    return true;
}

/* Rejects finished positions that no game can reach.  Only the side to
 * move can be the loser: the last mover cannot have lost its own chips,
 * and if the side to move held 3 enemy bases, it held them after its own
 * last turn and the game would have ended then. */
static bool check_possible(const struct tr_state *st, struct sbuf *err)
{
    int p = st->side, q = !p;
    if (st->chips[q] == 0) {
        sbuf_printf(err, "%s has no chips but %s is to move", side_word[q],
                    side_word[p]);
        return false;
    }
    if (bb_count(st->occ[p] & home_of[q]) >= 3) {
        sbuf_printf(err, "%s already holds 3 bases but is to move",
                    side_word[p]);
        return false;
    }
    return true;
}

static int tr_from_string(void *vst, const char *s, struct sbuf *err)
{
    struct tr_state *st = vst;
    uint64_t tiles;
    if (strncmp(s, "truchet:", 8) != 0) {
        sbuf_puts(err, "expected truchet:BITS:SIDE:STACKS");
        return -1;
    }
    s += 8;
    if (!read_layout(s, &tiles, err))
        return -1;
    s += 49;
    int side = s[0] == ':' ? side_of_letter(s[1]) : -1;
    if (side < 0 || s[2] != ':') {
        sbuf_puts(err, "expected :L: or :D: after the 49 layout bits");
        return -1;
    }
    init_empty(st, tiles, 0, true);
    st->side = (uint8_t)side;
    if (!read_stacks(st, s + 3, err) || !check_possible(st, err))
        return -1;
    st->hash = tr_hash_full(st);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Diagram                                                             */
/* ------------------------------------------------------------------ */

/* Line writer that drops trailing blanks: spaces are held back until
 * something visible follows. */
struct line {
    struct sbuf *out;
    int pending;
};

static void ln_space(struct line *ln, int n)
{
    ln->pending += n;
}

static void ln_text(struct line *ln, const char *s)
{
    for (; ln->pending > 0; ln->pending--)
        sbuf_putc(ln->out, ' ');
    sbuf_puts(ln->out, s);
}

static void ln_end(struct line *ln)
{
    ln->pending = 0;
    sbuf_putc(ln->out, '\n');
}

/* Text, in colour sgr when colours are on. */
static void ln_colored(struct line *ln, bool color, const char *sgr,
                       const char *s)
{
    if (color) {
        ln_text(ln, "\033[");
        sbuf_puts(ln->out, sgr);
        sbuf_putc(ln->out, 'm');
    }
    ln_text(ln, s);
    if (color)
        sbuf_puts(ln->out, "\033[0m");
}

static const char *const side_sgr[2] = { "1;33", "1;36" };

/* One junction row: "8[L1]..[L1].." - bases in brackets, an empty dark
 * junction "..", an empty light one blank. */
static void show_row(const struct tr_state *st, int r, bool color,
                     struct sbuf *out)
{
    struct line ln = { out, 0 };
    char txt[3] = { (char)('1' + r), '\0', '\0' };
    ln_text(&ln, txt);
    for (int c = 0; c < 8; c++) {
        int j = r * 8 + c;
        bool base = (HOME_LIGHT | HOME_DARK) >> j & 1;
        if (base)
            ln_colored(&ln, color, "32", "[");
        else if (c == 0 || !((HOME_LIGHT | HOME_DARK) >> (j - 1) & 1))
            ln_space(&ln, 1);
        int p = (st->occ[LIGHT] >> j & 1) ? LIGHT
              : (st->occ[DARK] >> j & 1) ? DARK : -1;
        if (p >= 0) {
            txt[0] = "LD"[p];
            txt[1] = (char)('0' + st->height[j]);
            txt[2] = '\0';
            ln_colored(&ln, color, side_sgr[p], txt);
        } else if ((r + c) % 2 == 0) {
            ln_text(&ln, "..");
        } else {
            ln_space(&ln, 2);
        }
        if (base)
            ln_colored(&ln, color, "32", "]");
    }
    ln_end(&ln);
}

/* The tiles between junction rows r and r+1: '/' or '\' per tile. */
static void show_tiles(const struct tr_state *st, int r, bool color,
                       struct sbuf *out)
{
    struct line ln = { out, 0 };
    ln_space(&ln, 4);
    for (int x = 0; x < 7; x++) {
        if (x)
            ln_space(&ln, 2);
        ln_colored(&ln, color, "2",
                   (st->tiles >> (r * 8 + x) & 1) ? "\\" : "/");
    }
    ln_end(&ln);
}

static void show_status(const struct tr_state *st,
                        const struct show_info *info, struct sbuf *out)
{
    enum game_status g = tr_outcome(st, NULL);
    int p = st->side;
    if (g == GAME_ONGOING) {
        sbuf_printf(out, "%s to move, move %d", side_word[p], info->ply + 1);
    } else {
        const char *why = st->chips[p] == 0 ? "captured all"
                        : bb_count(st->occ[!p] & home_of[p]) >= 3
                        ? "holds 3 bases" : "opponent cannot move";
        sbuf_printf(out, "game over after %d moves: %s wins (%s)",
                    info->ply, side_word[!p], why);
    }
    sbuf_printf(out, ", last move: %s\n",
                info->last_move ? info->last_move : "none");
    sbuf_printf(out, "chips: light %d, dark %d\n", st->chips[LIGHT],
                st->chips[DARK]);
    sbuf_printf(out, "bases held: light %d of a1 c1 e1 g1, "
                "dark %d of a8 c8 e8 g8\n",
                bb_count(st->occ[LIGHT] & HOME_DARK),
                bb_count(st->occ[DARK] & HOME_LIGHT));
}

static void tr_show(const void *vst, const struct show_info *info,
                    struct sbuf *out)
{
    const struct tr_state *st = vst;
    if (st->custom)
        sbuf_puts(out, "layout: custom\n");
    else
        sbuf_printf(out, "layout key: %lld\n", (long long)st->key);
    for (int r = 7; r >= 0; r--) {
        show_row(st, r, info->color, out);
        if (r > 0)
            show_tiles(st, r - 1, info->color, out);
    }
    sbuf_puts(out, "   a  b  c  d  e  f  g  h\n");
    show_status(st, info, out);
}

/* ------------------------------------------------------------------ */
/* Evaluation                                                          */
/* ------------------------------------------------------------------ */

/* Evaluation weights, in centi-chips, chosen by self-play matches
 * (doc/games/truchet.md, "Tuning"); a tuning build replaces the whole
 * set with -DTR_EVAL_WEIGHTS='{...}'. */
struct tr_weights {
    int chip;          /* per chip on the board */
    int row;           /* per row a stack has advanced towards the enemy */
    int base;          /* per enemy base held (3 is a win, never evaluated) */
    int mobility;      /* per empty junction one link from an own stack */
    int threat_now;    /* x enemy height: a capture the mover can make */
    int threat_later;  /* the same for the side not to move */
};

/* row = 0: advancing as such measured harmful (4 lost to 1 and 1 to 0 by
 * about 170 Elo each); the search finds the base wins it needs.
 * mobility = 0: 3 lost to 0 by about 90 Elo (twice in 200 games). */
#ifndef TR_EVAL_WEIGHTS
#define TR_EVAL_WEIGHTS { 100, 0, 60, 0, 20, 10 }
#endif
static const struct tr_weights weights = TR_EVAL_WEIGHTS;

/* Side p's terms.  A stack of height h next to an enemy stack of height
 * e < h can split onto it and capture: the side to move can do it now. */
static int eval_side(const struct tr_state *st, int p, bool to_move)
{
    const struct tr_weights *w = &weights;
    uint64_t own = st->occ[p];
    uint64_t empty = ~(own | st->occ[!p]);
    int threat = to_move ? w->threat_now : w->threat_later;
    int v = w->chip * st->chips[p];
    for (uint64_t b = own; b;) {
        int j = bb_pop(&b);
        int row = j / 8;
        v += w->row * (p == LIGHT ? 7 - row : row);
        for (int d = 0; d < 4; d++) {
            int y = nbr(j, d);
            if (y >= 0 && (st->occ[!p] >> y & 1) &&
                st->height[y] < st->height[j])
                v += threat * st->height[y];
        }
    }
    v += w->base * bb_count(own & home_of[!p]);
    v += w->mobility * bb_count(link_spread(own, links_of(st->tiles)) & empty);
    return v;
}

static int tr_evaluate(const void *vst)
{
    const struct tr_state *st = vst;
    int p = st->side;
    return eval_side(st, p, true) - eval_side(st, !p, false);
}

/* ------------------------------------------------------------------ */

/* Benchmark positions (see struct bench_position). */
static const struct bench_position tr_bench[] = {
    /* the rules.md 2.10 mid-game vector: perft 2 = 6,925,316 */
    { "truchet:1000100110011000000001101101010111010010101111000:L:"
      "a1D1,a6L1,b4L2,c1D1,c2D2,e1D1,e7L2,e8L2,f2D1,f3D2,f5L1,f8L2,"
      "g1D1,g5D1,g8L2,h7D2", 2 },
    /* the start of key 2470377: perft 3 = 728,800,858 */
    { "truchet:1000100100011000000000100010010100110010101111000:L:"
      "a1D1,a3D1,a6L1,a8L1,b2D1,b7L1,c1D1,c3D1,c6L1,c8L1,d2D1,d7L1,"
      "e1D1,e3D1,e6L1,e8L1,f2D1,f7L1,g1D1,g3D1,g6L1,g8L1,h2D1,h7L1", 3 },
    { NULL, 0 }
};

const struct game_ops truchet_ops = {
    .name = "truchet",
    .title = "Truchet",
    .state_size = sizeof(struct tr_state),
    .max_moves = TR_MAX_MOVES,
    .max_game_plies = 0,
    .side_names = { "light", "dark" },
    .side_letters = "LD",
    .score_has_margin = false,
    .setup = tr_setup,
    .side_to_move = tr_side_to_move,
    .gen_moves = tr_gen_moves,
    .count_moves = tr_count_moves,
    .play = tr_play,
    .outcome = tr_outcome,
    .hash = tr_hash,
    .hash_full = tr_hash_full,
    .parse_move = tr_parse_move,
    .format_move = tr_format_move,
    .to_string = tr_to_string,
    .from_string = tr_from_string,
    .show = tr_show,
    .evaluate = tr_evaluate,
    .bench_positions = tr_bench,
};
