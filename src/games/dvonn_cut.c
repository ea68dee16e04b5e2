/* dvonn_cut.c -- the cut-off detector: which occupied cells, emptied by a
 * move, disconnect stacks from every DVONN piece (the articulation points
 * of the occupied cells' graph, seen from the DVONN stacks), what each
 * cut removes, and the gain of a move for the move ordering
 * (doc/games/dvonn.md, "Cut-offs"). */
#include "config.h"

#include "games/dvonn_int.h"

/* The cells of occ joined to seed, stopping early once every cell of goal
 * is among them. */
static bb_t flood_until(bb_t seed, bb_t occ, bb_t goal)
{
    bb_t reached = seed, prev;
    do {
        prev = reached;
        reached |= bb_spread(reached) & occ;
    } while (reached != prev && (goal & ~reached));
    return reached;
}

/* What emptying cell s (no DVONN piece on it) cuts off.  Every piece of
 * the board minus s holds one of s's occupied neighbours (before the move
 * all stacks were joined to a DVONN stack, through s or not), so a flood
 * from one neighbour that reaches them all settles it: nothing is cut.
 * That is the common case, and around a cell of a crowded board the arcs
 * of its ring join again within a few steps.  Otherwise that flood has
 * filled its whole piece: if the piece holds every DVONN stack, the rest
 * is cut off; else one more flood from the DVONN stacks outside it. */
static bb_t cut_off_by(const struct dv_state *p, int s)
{
    bb_t rest = p->occ & ~bb_bit(s);
    bb_t nbrs = DV_NBR[s] & rest;
    bb_t piece = flood_until(nbrs & -nbrs, rest, nbrs);
    if (!(nbrs & ~piece))
        return 0;
    bb_t kept = piece;
    if (p->red & ~piece) {
        bb_t others = rest & ~piece;
        kept = ((piece & p->red) ? piece : 0) |
               flood(p->red & others, others);
    }
    return rest & ~kept;
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
        bb_t lost = cut_off_by(p, s);
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

int dv_cut_gain(const struct dv_state *p, move_t m)
{
    if (mv_kind(m) != KIND_STACK)
        return 0;
    int s = mv_from(m), t = mv_to(m);
    int side = p->side;
    bb_t bs = bb_bit(s), bt = bb_bit(t);
    bb_t occ = p->occ & ~bs;
    /* Where the DVONN pieces are after the move: a stack carrying one
     * takes it to t. */
    bb_t red = (p->red & bs) ? (p->red & ~bs) | bt : p->red;
    if (!(p->red & bs) && !ring_split(p->occ, s))
        return 0;
    bb_t lost = occ & ~flood(red, occ);
    if (!lost)
        return 0;
    int pieces[2];
    dv_region_pieces(p, lost & ~bt, pieces);
    /* Landing inside the part it cuts off, the moved stack goes with it,
     * with the stack it captured. */
    if (lost & bt)
        pieces[side] += p->height[s] + p->height[t];
    return pieces[!side] - pieces[side];
}
