/* truchet.c -- Truchet (Cameron Browne) as played on BoardSpace:
 * doc/games/truchet.md.  Stacks stand on the 8x8 junctions a1..h8 (bit
 * j = row*8+col of a uint64_t); the 49 flippable tiles are named by their south-west
 * junction and held as one bitboard of '\' tiles, from which the diagonal
 * links are derived with two masks.  Exports only truchet_ops.
 * This file: counting and generating turns, playing, outcome, hashing
 * and truchet_ops; setup and text are in truchet_text.c, evaluation in
 * truchet_eval.c.
 */
#include "config.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "games/games.h"
#include "games/truchet_int.h"
#include "games/truchet_tables.h"

/* Junctions that have at least two neighbours in b (merge targets). */
static uint64_t two_neighbours(uint64_t b)
{
    uint64_t w = (b << 1) & ~FILE_A;   /* west neighbour in b  */
    uint64_t e = (b >> 1) & ~FILE_H;   /* east neighbour in b  */
    uint64_t n = b >> 8;
    uint64_t s = b << 8;
    return (w & (e | n | s)) | (e & (n | s)) | (n & s);
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

uint64_t tr_hash_full(const void *vst)
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

/* A win already decided by the last turn (doc/games/truchet.md): the side to move
 * has no chips, or the last mover holds 3 of its 4 target bases. */
static bool decided(const struct tr_state *st)
{
    int p = st->side;
    return st->chips[p] == 0 ||
           bb_count(st->occ[!p] & home_of[p]) >= 3;
}

/* Whether the side to move has a step, split or merge (flips never create
 * or remove one: doc/games/truchet.md, "Rules as implemented"). */
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

/* The junctions onto which flip-free turn m puts chips. */
static uint64_t landing_of(move_t m)
{
    int kind = MV_KIND(m);
    unsigned aux = MV_AUX(m);
    if (kind == K_STEP || kind == K_MERGE)
        return bb_bit(MV_TO(m));
    if (kind == K_STEP_MERGE)
        return bb_bit(nbr(MV_TO(m), (int)(aux >> 4 & 3)));
    int at = kind == K_SPLIT ? MV_FROM(m) : MV_TO(m);
    uint64_t b = 0;
    for (int d = 0; d < 4; d++)
        if (aux >> (2 * d) & 3)
            b |= bb_bit(nbr(at, d));
    return b;
}

/* The quiescence moves: flip-free turns that capture or put chips on a
 * target base not yet held (doc/search.md, "Quiescence"). */
static int tr_gen_noisy(const void *vst, move_t *out)
{
    const struct tr_state *st = vst;
    if (decided(st))
        return 0;
    int p = st->side;
    uint64_t hot = st->occ[!p] | (home_of[!p] & ~st->occ[p]);
    uint64_t own = st->occ[p];
    uint64_t occ = own | st->occ[!p];
    uint64_t near = orth_spread(hot);
    struct links l = links_of(st->tiles);
    int n = 0;
    for (uint64_t b = own & near; b;) {
        int j = bb_pop(&b);
        if (st->height[j] >= 2)
            n += gen_splits(K_SPLIT, j, j, st->height[j],
                            split_code(st, p, j), out + n);
    }
    for (uint64_t b = two_neighbours(own) & hot; b;)
        n += gen_merges_onto(st, -1, -1, 0, bb_pop(&b), out + n);
    for (uint64_t b = own; b;) {
        int s = bb_pop(&b);
        uint64_t dests = reach_of(s, ~occ, l) & (near | hot);
        if (dests)
            n += gen_stack_turns(st, s, dests, out + n);
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (landing_of(out[i]) & hot)
            out[k++] = out[i];
    return k;
}

/* ------------------------------------------------------------------ */
/* Playing                                                             */
/* ------------------------------------------------------------------ */

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

enum game_status tr_outcome(const void *vst, int *margin)
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

/* Benchmark positions (see struct bench_position). */
static const struct bench_position tr_bench[] = {
    /* the mid-game vector of doc/games/truchet.md: perft 2 = 6,925,316 */
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
    .setup_usage = "[KEY | layout=BITS]",
    .state_size = sizeof(struct tr_state),
    .max_moves = TR_MAX_MOVES,
    .max_game_plies = 0,
    .side_names = { "light", "dark" },
    .side_synonyms = { "white", "black" },
    .side_letters = "LD",
    .score_has_margin = false,
    .setup = tr_setup,
    .side_to_move = tr_side_to_move,
    .gen_moves = tr_gen_moves,
    .count_moves = tr_count_moves,
    .gen_noisy = tr_gen_noisy,
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
    .eval_unit = "chips",
    .eval_scale = 100,
    .win_scale = 289,       /* measured: doc/protocol.md */
    .bench_positions = tr_bench,
    .sgf_gm = 1001,                    /* none registered */
    .random_start_prefix = "",         /* the layout key */
    .random_start_always = true,
};
