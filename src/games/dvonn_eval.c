/* dvonn_eval.c -- the DVONN evaluation, a weighted sum of named terms
 * fitted to game results (doc/games/dvonn.md). */
#include "config.h"

#include "games/dvonn_int.h"

/* ---- evaluation ----------------------------------------------------- */

enum { DV_RINGS = 4 };      /* the stack classes' distances: 1 to 4+ */

/* The evaluation is a weighted sum of the terms below, from the side to
 * move's point of view: "own" terms are the side to move's count minus
 * the opponent's; capture, threat, cut and cut_risk (and their late
 * forms) belong to one side each.  Placement
 * terms are 0 in the stacking phase and the other way round.  The
 * weights came from scripts/tune (logistic regression of game results on
 * the terms); doc/games/dvonn.md lists the terms, the data and the fit. */
enum dv_term {
    P_NEAR,        /* own pieces next to a DVONN piece                    */
    P_DIST2,       /* own pieces two steps from the nearest DVONN piece   */
    P_COUNT,       /* own pieces on the board (one less than the
                      opponent's on every other ply: the fit's parity) */
    P_EDGE,        /* own pieces on the perimeter                         */
    S_PIECES,      /* pieces in own-topped stacks (the score)             */
    S_MOVES,       /* legal stacking moves                                */
    S_LATE_MOVES,  /* legal stacking moves x empty cells                  */
    S_NEAR,        /* own stacks holding or touching a DVONN stack        */
    S_HOLD,        /* own stacks holding a DVONN piece                    */
    S_DIST2,       /* pieces in own stacks two steps (through stacks) from
                      the nearest DVONN stack                             */
    S_FAR,         /* pieces in own stacks three or more steps from all  */
    S_DEAD,        /* pieces in own stacks that can never move again      */
    S_REACH,       /* enemy stacks that own stacks can land on            */
    S_RACE,        /* own stacks that may still move x empty cells        */
    S_CAPTURE,     /* side to move: tallest enemy stack it can land on    */
    S_THREAT,      /* opponent: tallest such stack of the side to move    */
    S_CUT,         /* side to move: best cut-off, enemy minus own pieces  */
    S_CUT_RISK,    /* opponent: its best cut-off against the side to move */
    S_EXPOSED,     /* pieces in own stacks an enemy stack can land on     */
    S_HOLD_PIECES, /* pieces in own stacks holding a DVONN piece          */
    S_NEAR_MOBILE, /* own stacks by a DVONN stack that can move now       */
    /* Own stacks by class: single pieces one, two, three or four and
     * more steps (through stacks) from the nearest DVONN stack, walled in
     * or able to move now (DV_SINGLE(d, mobile)), and the taller stacks
     * by the same rings that can move now (DV_TALL(d)). */
    S_CLASS,
    /* The base terms again, times the empty cells: the weight of each
     * slides from the start of stacking to the end (a tapered value). */
    L_PIECES = S_CLASS + 3 * DV_RINGS, L_NEAR, L_HOLD, L_DIST2, L_FAR,
    L_DEAD, L_REACH, L_CAPTURE, L_THREAT, L_CUT, L_CUT_RISK, L_EXPOSED,
    L_HOLD_PIECES, L_NEAR_MOBILE,
    DV_NTERMS
};

#define DV_SINGLE(d, mobile) (S_CLASS + (d) * 2 + (mobile))
#define DV_TALL(d) (S_CLASS + 2 * DV_RINGS + (d))

/* Each late term and the term it tapers. */
static const unsigned char dv_tapered[][2] = {
    { L_PIECES, S_PIECES }, { L_NEAR, S_NEAR }, { L_HOLD, S_HOLD },
    { L_DIST2, S_DIST2 }, { L_FAR, S_FAR }, { L_DEAD, S_DEAD },
    { L_REACH, S_REACH }, { L_CAPTURE, S_CAPTURE },
    { L_THREAT, S_THREAT }, { L_CUT, S_CUT }, { L_CUT_RISK, S_CUT_RISK },
    { L_EXPOSED, S_EXPOSED }, { L_HOLD_PIECES, S_HOLD_PIECES },
    { L_NEAR_MOBILE, S_NEAR_MOBILE },
};

static const char *const dv_term_names[DV_NTERMS] = {
    "p_near", "p_dist2", "p_count", "p_edge",
    "pieces", "moves", "late_moves", "near", "hold", "dist2", "far",
    "dead", "reach", "race", "capture", "threat", "cut", "cut_risk",
    "exposed", "hold_pieces", "near_mobile",
    "single_d1_fixed", "single_d1_mobile", "single_d2_fixed",
    "single_d2_mobile", "single_d3_fixed", "single_d3_mobile",
    "single_d4_fixed", "single_d4_mobile",
    "tall_d1_mobile", "tall_d2_mobile", "tall_d3_mobile", "tall_d4_mobile",
    "late_pieces", "late_near", "late_hold", "late_dist2", "late_far",
    "late_dead", "late_reach", "late_capture", "late_threat", "late_cut",
    "late_cut_risk", "late_exposed", "late_hold_pieces", "late_near_mobile",
};

enum { DV_SCALE = 64 };

/* Units of 1/64 of a hundredth of a piece.  The placement weights come
 * from the first fit (350 games of triad against itself at 20,000 nodes
 * a move, from random and standard starts); the stacking weights from
 * scripts/dvonn_train.sh: 2,371 games from 1,200 placement-end positions
 * at 40,000 and 60,000 nodes a move and 660 from 340 more at 5 s a game,
 * ridge 20.  The runs, the log-loss and the matches are in
 * doc/games/dvonn.md ("Where the weights come from", "Stack classes"). */
static const int dv_weights[DV_NTERMS] = {
    [P_NEAR] = 29237, [P_DIST2] = 10238, [P_COUNT] = -39867,
    [P_EDGE] = 10239,
    [S_PIECES] = -3218, [S_MOVES] = 1530, [S_LATE_MOVES] = 206,
    [S_NEAR] = 15772, [S_HOLD] = 8633, [S_DIST2] = 3991, [S_FAR] = 6782,
    [S_DEAD] = 277, [S_REACH] = 4927, [S_RACE] = 830, [S_CAPTURE] = 3395,
    [S_THREAT] = 9341, [S_CUT] = 8260, [S_CUT_RISK] = -9467,
    [S_EXPOSED] = -1248, [S_HOLD_PIECES] = 2757, [S_NEAR_MOBILE] = 14291,
    /* in the order of the names: single_d1_fixed, single_d1_mobile.. */
    [S_CLASS] = 33747, 11639, 35313, 18139, 18838, 2847, 8531, -10573,
    267, 20395, 7211, -9723,
    [L_PIECES] = 166, [L_NEAR] = -482, [L_HOLD] = 81, [L_DIST2] = -160,
    [L_FAR] = -272, [L_DEAD] = 169, [L_REACH] = -114, [L_CAPTURE] = -62,
    [L_THREAT] = -331, [L_CUT] = -214, [L_CUT_RISK] = 253,
    [L_EXPOSED] = -191, [L_HOLD_PIECES] = -88, [L_NEAR_MOBILE] = 93,
};

static BB_INLINE int count_bits(bb_t b, bool hw)
{
    if (hw)
        return bb_count(b);
    return (int)((byte_counts(b) * 0x0101010101010101ULL) >> 56);
}

/* The pieces in the stacks of m: one per single piece, counted at once,
 * and the heights of the tall stacks. */
static BB_INLINE int sum_heights(const struct dv_state *p, bb_t m, bool hw)
{
    int sum = count_bits(m & ~p->tall, hw);
    for (bb_t x = m & p->tall; x; )
        sum += p->height[bb_pop(&x)];
    return sum;
}

static void placing_terms(const struct dv_state *p, int *t)
{
    bb_t d0 = p->red;
    bb_t d1 = bb_spread(d0) & ~d0;
    bb_t d2 = bb_spread(d0 | d1) & ~(d0 | d1);
    for (int side = WHITE; side <= BLACK; side++) {
        int sign = side == p->side ? 1 : -1;
        bb_t own = p->own[side];
        t[P_NEAR] += sign * bb_count(own & d1);
        t[P_DIST2] += sign * bb_count(own & d2);
        t[P_COUNT] += sign * bb_count(own);
        for (bb_t m = own; m; )
            t[P_EDGE] += sign * (DV_OPEN[bb_pop(&m)] == ~(bb_t)0);
    }
}

/* A stack of height h on s can never move again when no occupied cell is
 * h or more steps away on any of its six lines: cells only ever empty,
 * and the stack only grows. */
static BB_INLINE bool never_moves(const struct dv_state *p, int s, int h,
                                  bb_t targets_now)
{
    if (targets_now)          /* the common case: a cell h steps away */
        return false;
    bb_t far = 0;
    for (int k = h; k <= 10; k++)
        far |= DV_DEST[s][k];
    return (far & p->occ) == 0;
}

/* What one side's pass over its stacks collects. */
struct side_pass {
    int pieces, moves, dead, live;
    bb_t movable;       /* stacks that can move now                   */
    bb_t targets;       /* cells they can land on                     */
};

/* Counts the stack of height h on s, which has no cell to land on now,
 * among the dead ones when it can never move. */
static BB_INLINE void note_stuck(const struct dv_state *p, int s, int h,
                                 bb_t reach, struct side_pass *sp,
                                 int *dead_stacks)
{
    if (never_moves(p, s, h, reach)) {
        sp->dead += h;
        ++*dead_stacks;
    }
}

/* Adds the cells of t, targets of one direction, to the side's moves. */
static BB_INLINE void add_targets(struct side_pass *sp, bb_t t, bool hw)
{
    sp->moves += count_bits(t, hw);
    sp->targets |= t;
}

/* The moves and targets of the single pieces of b (all free to leave):
 * their occupied neighbours, one direction at a time for all of them. */
static BB_INLINE void pass_singles(const struct dv_state *p, bb_t b,
                                   struct side_pass *sp, bool hw)
{
    add_targets(sp, step_east(b) & p->occ, hw);
    add_targets(sp, step_west(b) & p->occ, hw);
    add_targets(sp, step_up(b) & p->occ, hw);
    add_targets(sp, step_up_right(b) & p->occ, hw);
    add_targets(sp, step_down(b) & p->occ, hw);
    add_targets(sp, step_down_left(b) & p->occ, hw);
}

/* Single pieces (all at once, above) and tall stacks go through separate
 * passes, and so do the stacks that may leave (free: next to an empty
 * cell or the edge) and the walled-in ones: the sets come from
 * bitboards, so no loop branches on which kind a stack is (an
 * unpredictable branch that cost more than the work it saved).  A single
 * piece walled in has six occupied neighbours: it may move later. */
static BB_INLINE void pass_side(const struct dv_state *p, int side,
                                bb_t may_leave, struct side_pass *sp,
                                bool hw)
{
    *sp = (struct side_pass){ 0 };
    bb_t own = p->own[side];
    bb_t singles = own & ~p->tall & may_leave;
    bb_t stuck = singles & ~bb_spread(p->occ);  /* no occupied neighbour */
    int dead_stacks = 0;
    sp->pieces = count_bits(own & ~p->tall, hw);
    pass_singles(p, singles, sp, hw);
    for (bb_t m = stuck; m; ) {
        int s = bb_pop(&m);
        note_stuck(p, s, 1, 0, sp, &dead_stacks);
    }
    for (bb_t m = own & p->tall & may_leave; m; ) {
        int s = bb_pop(&m);
        int h = p->height[s];
        sp->pieces += h;
        bb_t t = DV_DEST[s][dest_index(h)] & p->occ;
        add_targets(sp, t, hw);
        if (!t) {           /* rare: a cell h steps away is the rule */
            stuck |= bb_bit(s);
            note_stuck(p, s, h, t, sp, &dead_stacks);
        }
    }
    for (bb_t m = own & p->tall & ~may_leave; m; ) {
        int s = bb_pop(&m);
        int h = p->height[s];
        sp->pieces += h;
        note_stuck(p, s, h, DV_DEST[s][dest_index(h)] & p->occ, sp,
                   &dead_stacks);
    }
    sp->movable = own & may_leave & ~stuck;
    sp->live = count_bits(own, hw) - dead_stacks;
}

/* The height of the tallest stack of m, 0 when m is empty. */
static BB_INLINE int tallest(const struct dv_state *p, bb_t m)
{
    int best = m != 0;
    for (bb_t x = m & p->tall; x; ) {
        int h = p->height[bb_pop(&x)];
        best = h > best ? h : best;
    }
    return best;
}

/* The best cut-off each side's movable stacks can make: pieces of the
 * enemy's stacks cut off minus pieces of its own, at least 0. */
static void best_cuts(const struct dv_state *p, const bb_t movable[2],
                      int best[2])
{
    struct dv_cuts cuts;
    best[WHITE] = best[BLACK] = 0;
    dv_find_cuts(p, movable[WHITE] | movable[BLACK], &cuts);
    for (bb_t m = cuts.cells; m; ) {
        int s = bb_pop(&m);
        int side = top_colour(p, s);
        int pieces[2];
        dv_region_pieces(p, cuts.region[s], pieces);
        int gain = pieces[!side] - pieces[side];
        best[side] = gain > best[side] ? gain : best[side];
    }
}

/* The class terms: the side to move's stacks by ring around the DVONN
 * stacks (d1 is ring 1, holders excluded), single pieces by whether they
 * can move now and taller stacks that can, minus the opponent's.
 * Written, not added to: no loop zeroes them. */
static BB_INLINE void class_terms(const struct dv_state *p, int *t,
                                  bb_t d1, bb_t d2,
                                  const struct side_pass sp[2], bool hw)
{
    bb_t d3 = d2 | (bb_spread(d2) & p->occ);
    bb_t ring[DV_RINGS] = { d1 & ~p->red, d2 & ~d1, d3 & ~d2,
                            p->occ & ~d3 };
    int me = p->side, you = !me;
    bb_t one_me = p->own[me] & ~p->tall, one_you = p->own[you] & ~p->tall;
    bb_t mob_me = sp[me].movable, mob_you = sp[you].movable;
#pragma GCC unroll 4
    for (int d = 0; d < DV_RINGS; d++) {
        bb_t x_me = one_me & ring[d], x_you = one_you & ring[d];
        bb_t m_me = x_me & mob_me, m_you = x_you & mob_you;
        t[DV_SINGLE(d, 1)] = count_bits(m_me, hw) - count_bits(m_you, hw);
        t[DV_SINGLE(d, 0)] = count_bits(x_me ^ m_me, hw) -
                             count_bits(x_you ^ m_you, hw);
        t[DV_TALL(d)] = count_bits(mob_me & ~one_me & ring[d], hw) -
                        count_bits(mob_you & ~one_you & ring[d], hw);
    }
}

/* Writes the stacking terms S_PIECES .. S_CLASS's last (not their late
 * forms); returns the number of empty cells. */
static BB_INLINE int stacking_terms(const struct dv_state *p, int *t,
                                    bool hw)
{
    bb_t d0 = p->red;
    bb_t d1 = d0 | (bb_spread(d0) & p->occ);
    bb_t d2 = d1 | (bb_spread(d1) & p->occ);
    int empty = NCELLS - count_bits(p->occ, hw);
    bb_t may_leave = free_cells(p->occ);
    struct side_pass sp[2];
    pass_side(p, WHITE, may_leave, &sp[WHITE], hw);
    pass_side(p, BLACK, may_leave, &sp[BLACK], hw);
    int me = p->side, you = !me;
    for (int i = S_PIECES; i < S_CLASS; i++)
        t[i] = 0;
    for (int side = WHITE; side <= BLACK; side++) {
        int sign = side == me ? 1 : -1;
        bb_t own = p->own[side];
        t[S_PIECES] += sign * sp[side].pieces;
        t[S_MOVES] += sign * sp[side].moves;
        t[S_LATE_MOVES] += sign * sp[side].moves * empty;
        t[S_NEAR] += sign * count_bits(own & d1, hw);
        t[S_HOLD] += sign * count_bits(own & d0, hw);
        /* The far pieces are all the others: no loop over most stacks. */
        int dist2 = sum_heights(p, own & d2 & ~d1, hw);
        int far = sp[side].pieces - dist2 - sum_heights(p, own & d1, hw);
        t[S_DIST2] += sign * dist2;
        t[S_FAR] += sign * far;
        t[S_DEAD] += sign * sp[side].dead;
        t[S_REACH] += sign * count_bits(sp[side].targets & p->own[!side],
                                        hw);
        t[S_RACE] += sign * sp[side].live * empty;
        t[S_EXPOSED] += sign * sum_heights(p, own & sp[!side].targets, hw);
        t[S_HOLD_PIECES] += sign * sum_heights(p, own & d0, hw);
        t[S_NEAR_MOBILE] += sign * count_bits(own & d1 & sp[side].movable,
                                              hw);
    }
    t[S_CAPTURE] = tallest(p, sp[me].targets & p->own[you]);
    t[S_THREAT] = tallest(p, sp[you].targets & p->own[me]);
    int cut[2];
    best_cuts(p, (bb_t[2]){ sp[WHITE].movable, sp[BLACK].movable }, cut);
    t[S_CUT] = cut[me];
    t[S_CUT_RISK] = cut[you];
    class_terms(p, t, d1, d2, sp, hw);
    return empty;
}

/* The evaluation runs at most leaves of the search: where the CPU has a
 * popcount instruction that generic builds do not use, a second copy of
 * it uses one (bitboard.h). */
BB_POPCNT_TARGET static int stacking_terms_hw(const struct dv_state *p,
                                              int *t)
{
    return stacking_terms(p, t, true);
}

static int stacking_terms_sw(const struct dv_state *p, int *t)
{
    return stacking_terms(p, t, false);
}

static int stacking_base_terms(const struct dv_state *p, int *t)
{
    return bb_cpu_has_popcnt() ? stacking_terms_hw(p, t)
                               : stacking_terms_sw(p, t);
}

static void dv_compute_terms(const void *st, int *t)
{
    const struct dv_state *p = st;
    for (int i = 0; i < DV_NTERMS; i++)
        t[i] = 0;
    if (p->phase == PHASE_PLACE) {
        placing_terms(p, t);
        return;
    }
    int empty = stacking_base_terms(p, t);
    for (size_t i = 0; i < sizeof dv_tapered / sizeof dv_tapered[0]; i++)
        t[dv_tapered[i][0]] = t[dv_tapered[i][1]] * empty;
}

const struct eval_terms dv_eval_terms = {
    .count = DV_NTERMS,
    .names = dv_term_names,
    .weights = dv_weights,
    .scale = DV_SCALE,
    .compute = dv_compute_terms,
};

/* The sums below run at most leaves of the search: unrolled (gcc and
 * clang honour the pragma), each weight becomes an immediate operand. */
static BB_INLINE int weighted_sum(const int *t, int from, int to)
{
    int sum = 0;
#pragma GCC unroll 64
    for (int i = from; i < to; i++)
        sum += t[i] * dv_weights[i];
    return sum;
}

/* The weighted sum of the terms, divided by DV_SCALE.  In the stacking
 * phase the placement terms are 0 and each late term is its base term
 * times the empty cells, so the late terms' share is the empty cells
 * times one sum over the base terms: the same integer, without writing
 * the late terms. */
int dv_evaluate(const void *st)
{
    const struct dv_state *p = st;
    int t[DV_NTERMS];
    if (p->phase == PHASE_PLACE) {
        dv_compute_terms(st, t);
        return weighted_sum(t, 0, DV_NTERMS) / DV_SCALE;
    }
    int empty = stacking_base_terms(p, t);
    int late = 0;
#pragma GCC unroll 20
    for (size_t i = 0; i < sizeof dv_tapered / sizeof dv_tapered[0]; i++)
        late += t[dv_tapered[i][1]] * dv_weights[dv_tapered[i][0]];
    return (weighted_sum(t, S_PIECES, L_PIECES) + empty * late) / DV_SCALE;
}
