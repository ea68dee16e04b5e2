/* dvonn_noisy.c -- the moves DVONN's quiescence search plays beyond the
 * nominal depth (game_ops.gen_noisy): captures of tall enemy stacks
 * (three pieces or more) and moves that cut enemy pieces off
 * (doc/games/dvonn.md, "Quiescence"). */
#include "config.h"

#include "games/dvonn_int.h"

/* The shortest enemy stack whose capture is noisy.  Landing on a single
 * piece is the ordinary move of the stacking phase, and two-piece stacks
 * are everywhere after the first moves: searching those captures beyond
 * the depth cost a ply and measured no stronger (doc/games/dvonn.md,
 * "Quiescence"). */
enum { NOISY_MIN_HEIGHT = 3 };

/* How much a noisy move changes the score: the pieces it captures plus
 * those its cut-off takes from the enemy (net of its own). */
static int noisy_gain(const struct dv_state *p, move_t m, int cut)
{
    int t = mv_to(m);
    int captured = top_colour(p, t) == !p->side ? p->height[t] : 0;
    return captured + cut;
}

/* Insertion sort by descending gain: the lists are short, and the
 * quiescence search tries the moves in this order. */
static void sort_by_gain(move_t *mv, int *gain, int n)
{
    for (int i = 1; i < n; i++) {
        move_t m = mv[i];
        int g = gain[i];
        int j = i;
        for (; j > 0 && gain[j - 1] < g; j--) {
            mv[j] = mv[j - 1];
            gain[j] = gain[j - 1];
        }
        mv[j] = m;
        gain[j] = g;
    }
}

int dv_gen_noisy(const void *st, move_t *out)
{
    const struct dv_state *p = st;
    if (p->phase != PHASE_STACK)
        return 0;
    int side = p->side;
    bb_t tall = 0;          /* NOISY_MIN_HEIGHT or more (p->tall: 2) */
    for (bb_t m = p->own[!side] & p->tall; m; ) {
        int s = bb_pop(&m);
        if (p->height[s] >= NOISY_MIN_HEIGHT)
            tall |= bb_bit(s);
    }
    /* Only a stack whose ring splits, or one carrying a DVONN piece, can
     * cut anything off when it leaves (dvonn_cut.c). */
    bb_t splits = ring_splits(p->occ);
    int gain[MAX_MOVES];
    int n = 0;
    for (bb_t m = p->own[side]; m; ) {
        int s = bb_pop(&m);
        if (!can_leave(p, s))
            continue;
        bb_t bs = bb_bit(s);
        bool carries_red = (p->red & bs) != 0;
        /* Without a DVONN piece the stack leaves the same stacks cut off
         * wherever it lands: one region for all its moves. */
        bb_t lost = (splits & bs) && !carries_red
                  ? dv_cut_region(p->occ & ~bs, p->red, s) : 0;
        bb_t t = targets(p, s);
        for (bb_t d = carries_red || lost ? t : t & tall; d; ) {
            move_t mv = mk_stack(s, bb_pop(&d));
            int cut = carries_red ? dv_cut_gain(p, mv)
                                  : dv_gain_of_cut(p, s, mv_to(mv), lost);
            if (cut <= 0 && !(tall & bb_bit(mv_to(mv))))
                continue;
            gain[n] = noisy_gain(p, mv, cut);
            out[n++] = mv;
        }
    }
    sort_by_gain(out, gain, n);
    return n;
}
