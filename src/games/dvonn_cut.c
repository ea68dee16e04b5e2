/* dvonn_cut.c -- the cut-off detector: which occupied cells, emptied by a
 * move, disconnect stacks from every DVONN piece (the articulation points
 * of the occupied cells' graph, seen from the DVONN stacks), what each
 * cut removes, and the gain of a move for the move ordering
 * (doc/games/dvonn.md, "Cut-offs"). */
#include "config.h"

#include "games/dvonn_int.h"

enum { MAX_ARCS = 3 };       /* a ring of six cells has at most three */

/* One cell of each arc of occupied cells around s (seed[i] a one-bit
 * board); returns the number of arcs.  An arc starts at an occupied ring
 * cell whose predecessor in DV_RING's cyclic order is empty. */
static int arc_seeds(bb_t occ, int s, bb_t seed[MAX_ARCS])
{
    const uint8_t *ring = DV_RING[s];
    unsigned pat = 0;
#pragma GCC unroll 6
    for (int i = 0; i < 6; i++)
        pat |= (unsigned)((occ >> ring[i]) & 1) << i;
    bb_t starts = pat & ~((pat << 1 | pat >> 5) & 63u);
    int n = 0;
    while (starts)
        seed[n++] = bb_bit(ring[bb_pop(&starts)]);
    return n;
}

/* Removes part i (the last one takes its place); returns the new count. */
static int drop_part(bb_t part[], int n, int i)
{
    part[i] = part[n - 1];
    return n - 1;
}

/* The parts grow in turn, a ring of cells each, and each step settles
 * what it can at once: a stack hanging off the side is found cut off by
 * its first step. */
bb_t dv_cut_region(bb_t rest, bb_t red, int s)
{
    bb_t part[MAX_ARCS];
    int n = arc_seeds(rest, s, part);
    bb_t lost = 0;
    bool anchored = false;      /* a part reached a DVONN stack */
    /* s's piece of the board held a DVONN stack before it emptied: when
     * no other part reached one, the last part holds it. */
    for (int i = 0; n > 1 || (n == 1 && anchored); ) {
        if (i >= n)
            i = 0;
        bb_t grown = part[i] | (bb_spread(part[i]) & rest);
        if (grown & red) {              /* stays on the board */
            anchored = true;
            n = drop_part(part, n, i);
            continue;
        }
        if (grown == part[i]) {         /* a whole piece: cut off */
            lost |= grown;
            n = drop_part(part, n, i);
            continue;
        }
        part[i] = grown;
        int met = -1;                   /* a part it reached: one piece */
        for (int j = 0; j < n; j++)
            if (j != i && (part[j] & grown))
                met = j;
        if (met >= 0) {
            part[met] |= grown;
            n = drop_part(part, n, i);
        } else {
            i++;
        }
    }
    return lost;
}

/* A cell can only be a cut when its occupied neighbours form two or more
 * arcs of its ring (ring_split); on a crowded board that rules out every
 * cell at once.  This measured faster than one Tarjan walk over all
 * stacks (articulation points), because most candidates are settled after
 * a few cells. */
void dv_find_cuts(const struct dv_state *p, bb_t which, struct dv_cuts *c)
{
    c->cells = 0;
    for (bb_t m = which & p->occ & ~p->red & ring_splits(p->occ); m; ) {
        int s = bb_pop(&m);
        bb_t lost = dv_cut_region(p->occ & ~bb_bit(s), p->red, s);
        if (lost) {
            c->cells |= bb_bit(s);
            c->region[s] = lost;
        }
    }
}

void dv_region_pieces(const struct dv_state *p, bb_t region, int pieces[2])
{
    for (int side = WHITE; side <= BLACK; side++) {
        int sum = 0;
        for (bb_t m = region & p->own[side]; m; )
            sum += p->height[bb_pop(&m)];
        pieces[side] = sum;
    }
}

int dv_gain_of_cut(const struct dv_state *p, int s, int t, bb_t lost)
{
    if (!lost)
        return 0;
    int side = p->side;
    int pieces[2];
    dv_region_pieces(p, lost & ~bb_bit(t), pieces);
    /* Landing inside the part it cuts off, the moved stack goes with it,
     * with the stack it captured. */
    if (lost & bb_bit(t))
        pieces[side] += p->height[s] + p->height[t];
    return pieces[!side] - pieces[side];
}

int dv_cut_gain(const struct dv_state *p, move_t m)
{
    if (mv_kind(m) != KIND_STACK)
        return 0;
    int s = mv_from(m), t = mv_to(m);
    bb_t bs = bb_bit(s);
    bb_t occ = p->occ & ~bs;
    bb_t lost;
    if (p->red & bs) {
        /* The stack carries a DVONN piece to t: flood from where the
         * DVONN pieces are after the move. */
        lost = occ & ~flood((p->red & ~bs) | bb_bit(t), occ);
    } else {
        lost = dv_cut_region(occ, p->red, s);
    }
    return dv_gain_of_cut(p, s, t, lost);
}
