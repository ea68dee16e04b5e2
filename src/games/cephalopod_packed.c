/* cephalopod_packed.c -- Cephalopod positions of at most 16 cells packed
 * into one uint64_t, for the exact solver's fast path (struct packed_ops,
 * src/search/solve_packed.c; doc/games/cephalopod.md, "Packed positions").
 *
 * Cell (x, y) is nibble y * W + x: bits 0..2 its pips (0 = empty), bit 3
 * set for a die of the side NOT to move.  The rules treat both colours
 * alike, so the position from the mover's view is the whole game: a move
 * places a die of the mover and then flips every colour bit.  The game is
 * over when no cell is empty.  Capture sets come from the same tables as
 * the rules (CAPTURE_SETS, MOVE_COUNT), keyed by the neighbours' pips.
 *
 * The key of a position x is the smallest of the images of flip(x) (x
 * seen by the side that just moved) under the board's symmetries.  It is
 * the same for all images of x and tells x's images apart from every
 * other position; seen from the other side, a child's key is the smallest
 * image of the parent with the move made, before the flip, and those
 * images follow from the parent's with a few operations each.
 */
#include "config.h"

#include <string.h>

#include "games/cephalopod_int.h"

#define PACKED_CELLS 16
#define LOW_BITS 0x1111111111111111ULL   /* bit 0 of every nibble */
#define PIP_BITS 0x7777777777777777ULL   /* the pips of every nibble */
#define NSYMS 8                          /* images of a square board */
#define NMASKS (1 << NDIRS)
#define MAX_SWAPS 4          /* a reflection of up to 8 columns or rows */
_Static_assert(MAX_SWAPS >= SIDE_MAX / 2, "a mirror swaps SIDE_MAX / 2 pairs");

/* A permutation of the cells as delta swaps: the nibbles under mask[i]
 * trade places with those shift[i] bits above them. */
struct cell_perm {
    int swaps;
    uint64_t mask[MAX_SWAPS];
    uint8_t shift[MAX_SWAPS];
};

/* The shape of one board size. */
struct ceph_geo {
    int w, h, cells;
    int nsyms;                 /* 8 on a square board, 4 on a rectangle */
    uint64_t board;            /* bit 0 of every cell's nibble           */
    /* The nibbles of the cells with a neighbour to the left, and of
     * those with one to the right; the bits of a row. */
    uint64_t has_left, has_right;
    int row_bits;
    /* CAPTURE_SETS and MOVE_COUNT keyed by the four pips as 3-bit fields
     * (left, down << 3, up << 6, right << 9): no multiplications. */
    uint16_t sets[1 << (3 * NDIRS)];
    uint8_t count[1 << (3 * NDIRS)];
    /* swing[theirs][mask]: opponent dice minus own dice that capture
     * mask takes when the neighbours in theirs are the opponent's. */
    int8_t swing[NMASKS][NMASKS];
    /* taken[c][mask][t]: the nibbles (all four bits) that capture mask at
     * cell c removes, in image t (only masks of neighbours on the board
     * are used); shift[c][t]: the bit offset of cell c in image t.  A
     * child's images read one row of each. */
    uint64_t taken[PACKED_CELLS][NMASKS][NSYMS];
    uint8_t shift[PACKED_CELLS][NSYMS];
    /* The moves of the contents of the cells that make the images: x
     * mirrored, y mirrored, and (square boards) the transposition. */
    struct cell_perm mirror_x, mirror_y, transpose;
};

/* Bit 0 of every nibble holding a die. */
static inline uint64_t occupied(uint64_t pos)
{
    return (pos | pos >> 1 | pos >> 2) & LOW_BITS;
}

/* The same position seen by the other side. */
static inline uint64_t flip(uint64_t pos)
{
    return pos ^ occupied(pos) << 3;
}

/* The number of nibbles whose bit 0 is set in x (which has no other
 * bits): the generic x86-64 build has no popcount instruction. */
static inline int count_nibbles(uint64_t x)
{
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* For every cell of a position, the nibble of its neighbour in one
 * direction, in the cell's own nibble (0 where the board ends). */
struct neighbours {
    uint64_t left, down, up, right;
};

static inline struct neighbours neighbours_of(const struct ceph_geo *g,
                                              uint64_t pos)
{
    struct neighbours nb = {
        .left = pos << 4 & g->has_left,
        .down = pos << g->row_bits,      /* nothing lies above the board */
        .up = pos >> g->row_bits,
        .right = pos >> 4 & g->has_right,
    };
    return nb;
}

/* The index of cell's neighbours' pips in sets[] and count[]. */
static inline unsigned neighbour_key(const struct neighbours *nb, int cell)
{
    int at = 4 * cell;
    return (unsigned)((nb->left >> at & 7) | (nb->down >> at & 7) << 3 |
                      (nb->up >> at & 7) << 6 | (nb->right >> at & 7) << 9);
}

/* Which of cell's neighbours are the opponent's dice: bit d for the
 * direction d of the capture masks. */
static inline unsigned opponent_neighbours(const struct neighbours *nb,
                                           int cell)
{
    int at = 4 * cell + 3;
    return (unsigned)((nb->left >> at & 1) | (nb->down >> at & 1) << 1 |
                      (nb->up >> at & 1) << 2 | (nb->right >> at & 1) << 3);
}

/* Cell (x, y) under symmetry t (cephalopod.c's numbering: bit 0 mirrors
 * x, bit 1 mirrors y, bit 2 then transposes; 0 is the identity). */
static int image_cell(const struct ceph_geo *g, int t, int cell)
{
    int x = cell % g->w, y = cell / g->w;
    if (t & 1)
        x = g->w - 1 - x;
    if (t & 2)
        y = g->h - 1 - y;
    if (t & 4) {
        int tmp = x;
        x = y;
        y = tmp;
    }
    return y * g->w + x;
}

static void init_neighbours(struct ceph_geo *g)
{
    static const int dx[NDIRS] = { -1, 0, 0, 1 };    /* left down up right */
    static const int dy[NDIRS] = { 0, -1, 1, 0 };
    g->row_bits = 4 * g->w;
    for (int c = 0; c < g->cells; c++) {
        g->board |= 1ULL << (4 * c);
        int x = c % g->w, y = c / g->w;
        if (x > 0)
            g->has_left |= 15ULL << (4 * c);
        if (x < g->w - 1)
            g->has_right |= 15ULL << (4 * c);
        for (int d = 0; d < NDIRS; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || nx >= g->w || ny < 0 || ny >= g->h)
                continue;
            int nb = ny * g->w + nx;
            for (int t = 0; t < g->nsyms; t++)
                for (unsigned mask = 0; mask < NMASKS; mask++)
                    if (mask >> d & 1)
                        g->taken[c][mask][t] |=
                            15ULL << (4 * image_cell(g, t, nb));
        }
    }
}

static void init_sets(struct ceph_geo *g)
{
    for (unsigned k = 0; k < 1u << (3 * NDIRS); k++) {
        unsigned key = 0, weight = 1;
        bool valid = true;
        for (int d = 0; d < NDIRS; d++, weight *= 7) {
            unsigned pips = k >> (3 * d) & 7;
            valid = valid && pips < 7;
            key += pips * weight;
        }
        g->sets[k] = valid ? CAPTURE_SETS[key] : 0;
        g->count[k] = valid ? MOVE_COUNT[key] : 0;
    }
    for (unsigned theirs = 0; theirs < NMASKS; theirs++)
        for (unsigned mask = 0; mask < NMASKS; mask++)
            g->swing[theirs][mask] =
                (int8_t)(2 * __builtin_popcount(mask & theirs) -
                         __builtin_popcount(mask));
}

/* Adds to *p the swap of cell a with cell b (a < b) and of every pair
 * that lies the same distance apart in the same swap. */
static void add_swap(struct cell_perm *p, int a, int b)
{
    uint8_t shift = (uint8_t)(4 * (b - a));
    int i = 0;
    while (i < p->swaps && p->shift[i] != shift)
        i++;
    if (i == p->swaps) {
        p->swaps++;
        p->shift[i] = shift;
        p->mask[i] = 0;
    }
    p->mask[i] |= 15ULL << (4 * a);
}

static void init_images(struct ceph_geo *g)
{
    for (int t = 0; t < g->nsyms; t++)
        for (int c = 0; c < g->cells; c++)
            g->shift[c][t] = (uint8_t)(4 * image_cell(g, t, c));
    /* the images 1, 2 and 4 are the three generators (image_cell) */
    struct cell_perm *perm[] = { &g->mirror_x, &g->mirror_y, &g->transpose };
    for (int k = 0; k < 3 && 1 << k < g->nsyms; k++)
        for (int c = 0; c < g->cells; c++) {
            int to = image_cell(g, 1 << k, c);
            if (c < to)
                add_swap(perm[k], c, to);
        }
}

/* x with its cells moved by p. */
static inline uint64_t permute(const struct cell_perm *p, uint64_t x)
{
    for (int i = 0; i < p->swaps; i++) {
        uint64_t t = (x ^ x >> p->shift[i]) & p->mask[i];
        x ^= t ^ t << p->shift[i];
    }
    return x;
}

static bool ceph_packed_init(void *geo, const void *st)
{
    const struct ceph *p = st;
    struct ceph_geo *g = geo;
    if (p->w * p->h > PACKED_CELLS)
        return false;
    if (g->cells > 0 && g->w == p->w && g->h == p->h)
        return true;           /* made for this shape already */
    memset(g, 0, sizeof *g);
    g->w = p->w;
    g->h = p->h;
    g->cells = p->w * p->h;
    g->nsyms = p->w == p->h ? NSYMS : NSYMS / 2;
    init_neighbours(g);
    init_sets(g);
    init_images(g);
    return true;
}

static uint64_t ceph_pack(const void *geo, const void *st)
{
    const struct ceph_geo *g = geo;
    const struct ceph *p = st;
    uint64_t pos = 0;
    for (int c = 0; c < g->cells; c++) {
        int sq = (c / g->w) * 8 + c % g->w;
        uint64_t pips = p->pips[sq];
        if (pips && colour_at(p, sq) != p->side)
            pips |= 8;
        pos |= pips << (4 * c);
    }
    return pos;
}

/* The images of pos: img[t] for every symmetry t of the board (the
 * mirrors, then on a square board the transpositions of those). */
static void images(const struct ceph_geo *g, uint64_t pos,
                   uint64_t img[NSYMS])
{
    img[0] = pos;
    img[1] = permute(&g->mirror_x, pos);
    img[2] = permute(&g->mirror_y, pos);
    img[3] = permute(&g->mirror_y, img[1]);
    if (g->nsyms == NSYMS)
        for (int t = 0; t < NSYMS / 2; t++)
            img[NSYMS / 2 + t] = permute(&g->transpose, img[t]);
}

static uint64_t ceph_key(const void *geo, uint64_t pos)
{
    const struct ceph_geo *g = geo;
    uint64_t img[NSYMS] = { 0 };
    images(g, flip(pos), img);
    uint64_t least = img[0];
    for (int t = 1; t < g->nsyms; t++)
        least = img[t] < least ? img[t] : least;
    return least;
}

/* The pips of the die that the move at cell c capturing mask places:
 * the captured pips add up to at most 6, one nibble's sum (1 if nothing
 * is captured). */
static inline uint64_t placed_pips(const struct ceph_geo *g, uint64_t pos,
                                   int c, unsigned mask)
{
    return mask ? (pos & g->taken[c][mask][0] & PIP_BITS) * LOW_BITS >> 60
                : 1;
}

/* The child that the move at cell c capturing mask (placing pips) makes
 * in image t of a position whose image t is img, before the colours
 * flip. */
static inline uint64_t moved(const struct ceph_geo *g, int t, uint64_t img,
                             int c, unsigned mask, uint64_t pips)
{
    return (img & ~g->taken[c][mask][t]) | pips << g->shift[c][t];
}

/* The smallest image of the child of the move at c capturing mask, on
 * a board of nsyms symmetries (a constant where it is inlined). */
static inline uint64_t child_key(const struct ceph_geo *g, int nsyms,
                                 const uint64_t img[NSYMS], int c,
                                 unsigned mask, uint64_t pips)
{
    uint64_t least = moved(g, 0, img[0], c, mask, pips);
    for (int t = 1; t < nsyms; t++) {
        uint64_t k = moved(g, t, img[t], c, mask, pips);
        least = k < least ? k : least;
    }
    return least;
}

static int ceph_children(const void *geo, uint64_t pos, uint64_t *out,
                         uint64_t *keys)
{
    const struct ceph_geo *g = geo;
    uint64_t img[NSYMS] = { 0 };
    if (keys)
        images(g, pos, img);
    struct neighbours nb = neighbours_of(g, pos);
    int n = 0;
    for (uint64_t empty = g->board & ~occupied(pos); empty;
         empty &= empty - 1) {
        int c = __builtin_ctzll(empty) >> 2;
        unsigned sets = g->sets[neighbour_key(&nb, c)];
        if (!sets)
            sets = 1;          /* mask 0: the plain move */
        do {
            unsigned mask = (unsigned)__builtin_ctz(sets);
            uint64_t pips = placed_pips(g, pos, c, mask);
            out[n] = flip(moved(g, 0, pos, c, mask, pips));
            if (keys)
                keys[n] = g->nsyms == NSYMS
                          ? child_key(g, NSYMS, img, c, mask, pips)
                          : child_key(g, NSYMS / 2, img, c, mask, pips);
            n++;
            sets &= sets - 1;
        } while (sets);
    }
    return n;
}

static int ceph_count_children(const void *geo, uint64_t pos)
{
    const struct ceph_geo *g = geo;
    struct neighbours nb = neighbours_of(g, pos);
    int n = 0;
    for (uint64_t empty = g->board & ~occupied(pos); empty;
         empty &= empty - 1)
        n += g->count[neighbour_key(&nb, __builtin_ctzll(empty) >> 2)];
    return n;
}

/* Own dice minus the opponent's. */
static int ceph_final_margin(const void *geo, uint64_t pos)
{
    (void)geo;
    uint64_t theirs = pos >> 3 & LOW_BITS;
    return count_nibbles(occupied(pos) & ~theirs) - count_nibbles(theirs);
}

/* Move-ordering weights (3x3 from the empty board: 4.37 M nodes with the
 * dice alone, 3.66 M with cephalopod_eval.c's terms and weights, 3.44 M
 * with these; the exposed dice term changed nothing). */
#define WEIGHT_DIE 100
#define WEIGHT_SWING 100       /* per die of the best capture's swing */
#define WEIGHT_SIX 40          /* a 6 is never captured again */
/* The dice and the 6s are summed at once, as 5 and 2 per nibble. */
#define WEIGHT_UNIT 20
_Static_assert(WEIGHT_DIE == 5 * WEIGHT_UNIT && WEIGHT_SIX == 2 * WEIGHT_UNIT,
               "the weights of dice and 6s are 5 and 2 units");

/* The sum of the nibbles of x, each at most 14. */
static inline int nibble_sum(uint64_t x)
{
    x = (x & 0x0F0F0F0F0F0F0F0FULL) + (x >> 4 & 0x0F0F0F0F0F0F0F0FULL);
    return (int)((x * 0x0101010101010101ULL) >> 56);   /* at most 224 */
}

/* From the mover's view: the dice, the best capture's swing (opponent
 * dice minus own dice taken) and the 6s; and the number of children. */
static int ceph_packed_evaluate(const void *geo, uint64_t pos, int *children)
{
    const struct ceph_geo *g = geo;
    uint64_t occ = occupied(pos);
    uint64_t opp = pos >> 3 & LOW_BITS, own = occ & ~opp;
    uint64_t sixes = pos >> 1 & pos >> 2 & ~pos & LOW_BITS;
    struct neighbours nb = neighbours_of(g, pos);
    int best = 0, n = 0;
    for (uint64_t empty = g->board & ~occ; empty; empty &= empty - 1) {
        int c = __builtin_ctzll(empty) >> 2;
        unsigned key = neighbour_key(&nb, c);
        unsigned sets = g->sets[key];
        n += g->count[key];
        if (!sets)
            continue;
        const int8_t *swing = g->swing[opponent_neighbours(&nb, c)];
        for (; sets; sets &= sets - 1) {
            int s = swing[__builtin_ctz(sets)];
            best = s > best ? s : best;
        }
    }
    *children = n;
    /* per nibble 1 + own die - opponent's die, and the same for 6s:
     * their sums less the cells are the differences */
    uint64_t dice = own + (g->board & ~opp);
    uint64_t six = (sixes & own) + (g->board & ~(sixes & opp));
    int units = nibble_sum(5 * dice + 2 * six) - 7 * g->cells;
    return WEIGHT_UNIT * units + WEIGHT_SWING * best;
}

const struct packed_ops ceph_packed_ops = {
    .geometry_size = sizeof(struct ceph_geo),
    .max_children = PACKED_CELLS * MAX_SETS,
    .init = ceph_packed_init,
    .pack = ceph_pack,
    .children = ceph_children,
    .count_children = ceph_count_children,
    .final_margin = ceph_final_margin,
    .key = ceph_key,
    .evaluate = ceph_packed_evaluate,
};
