/* dvonn.c -- DVONN (Kris Burm) behind struct game_ops: doc/games/dvonn.md.
 * This file: move generation, playing, outcome, hashing and dvonn_ops;
 * setup and text are in dvonn_text.c, evaluation in dvonn_eval.c, the
 * clock's estimate of the moves left in dvonn_moves_left.c.
 *
 * Board: the 49 cells in index order (A1=0 .. K5=48, doc/games/dvonn.md),
 * one bit each in a uint64_t; geometry comes from the generated tables in
 * dvonn_tables.h.
 * The hot data are bitboards (occupied, white-topped, black-topped, holding
 * a DVONN piece) plus one height byte per cell.  The exact composition of
 * every stack, needed only by the position string, is kept as linked lists
 * of the 49 original pieces (each piece knows the piece above it, each cell
 * its bottom and top piece), so a stacking move links two lists in O(1).
 *
 * Move encoding (move_t): bits 0-5 the cell (placement) or the origin,
 * bits 6-11 the destination, bits 12-13 the kind (1 place, 2 stack,
 * 3 pass).  The kind is never 0, so no move equals MOVE_NONE.
 */
#include "config.h"

#include <stdlib.h>

#include "games/dvonn_int.h"
#include "games/games.h"

/* ---- move generation ------------------------------------------------ */

/* The number of stacking moves of side.  Every byte of the sum stays
 * below 256 because the total is at most MAX_MOVES (138). */
static long count_stacking(const struct dv_state *p, int side)
{
    uint64_t acc = 0;
    for (bb_t m = p->own[side]; m; ) {
        int s = bb_pop(&m);
        if (can_leave(p, s))
            acc += byte_counts(targets(p, s));
    }
    return (long)((acc * 0x0101010101010101ULL) >> 56);
}

static int gen_stacking(const struct dv_state *p, int side, move_t *out)
{
    int n = 0;
    for (bb_t m = p->own[side]; m; ) {
        int s = bb_pop(&m);
        if (!can_leave(p, s))
            continue;
        for (bb_t t = targets(p, s); t; )
            out[n++] = mk_stack(s, bb_pop(&t));
    }
    return n;
}

static int dv_gen_moves(const void *st, move_t *out)
{
    const struct dv_state *p = st;
    if (p->phase == PHASE_PLACE) {
        int n = 0;
        for (bb_t e = ALL_CELLS & ~p->occ; e; )
            out[n++] = mk_place(bb_pop(&e));
        return n;
    }
    int n = gen_stacking(p, p->side, out);
    if (n == 0 && has_stacking(p, !p->side))
        out[n++] = mk_pass();
    return n;
}

static long dv_count_moves(const void *st)
{
    const struct dv_state *p = st;
    if (p->phase == PHASE_PLACE)
        return NCELLS - p->placed;
    long n = count_stacking(p, p->side);
    if (n == 0 && has_stacking(p, !p->side))
        n = 1;
    return n;
}

/* Exactly the membership test of dv_gen_moves' list, without the list. */
static bool dv_is_legal(const void *st, move_t m)
{
    const struct dv_state *p = st;
    if (m >> 14)
        return false;
    int from = mv_from(m);
    int to = mv_to(m);
    if (p->phase == PHASE_PLACE)
        return mv_kind(m) == KIND_PLACE && to == 0 && from < NCELLS &&
               !(p->occ & bb_bit(from));
    switch (mv_kind(m)) {
    case KIND_STACK:
        return from < NCELLS && to < NCELLS &&
               (p->own[p->side] & bb_bit(from)) && can_leave(p, from) &&
               (targets(p, from) & bb_bit(to));
    case KIND_PASS:
        return from == 0 && to == 0 && !has_stacking(p, p->side) &&
               has_stacking(p, !p->side);
    default:
        return false;
    }
}

/* ---- making moves --------------------------------------------------- */
/* The stacks of gone leave the game. */
static void remove_stacks(struct dv_state *p, bb_t gone)
{
    for (bb_t g = gone; g; ) {
        int s = bb_pop(&g);
        p->hash ^= cell_key(p, s);
        p->height[s] = 0;
    }
    p->occ &= ~gone;
    p->tall &= ~gone;
    p->own[WHITE] &= ~gone;
    p->own[BLACK] &= ~gone;
}

/* After the stack on s left (already played): every stack no longer
 * joined to a DVONN stack leaves the game.  A stack that carried DVONN
 * pieces away from its group may leave anything behind; otherwise only
 * an s whose occupied neighbours do not form one contiguous arc of its
 * ring can disconnect something (any path through s can otherwise go
 * round it), and dv_cut_region finds what. */
static void remove_disconnected(struct dv_state *p, int s, bool had_red)
{
    if (had_red)
        remove_stacks(p, p->occ & ~connected_to_dvonn(p));
    else if (ring_split(p->occ, s))
        remove_stacks(p, dv_cut_region(p->occ, p->red, s));
}

/* The hash change of a placement on cell. */
static uint64_t place_delta(const struct dv_state *p, int cell)
{
    int colour = piece_colour(placement_piece(p->placed));
    return stack_key(cell, colour, colour == RED, 1) ^
           zobrist_key(HASH_TAG, p->placed + 1 == NCELLS ? HASH_PHASE
                                                           : HASH_SIDE);
}

/* The hash change of the stacking move s-t, before any stack it cuts off
 * is removed. */
static uint64_t stack_delta(const struct dv_state *p, int s, int t)
{
    int side = p->side;
    int hs = p->height[s];
    int ht = p->height[t];
    int red_s = (int)(p->red >> s) & 1;
    int red_t = (int)(p->red >> t) & 1;
    return stack_key(s, side, red_s, hs) ^
           stack_key(t, top_colour(p, t), red_t, ht) ^
           stack_key(t, side, red_s | red_t, hs + ht) ^
           zobrist_key(HASH_TAG, HASH_SIDE);
}

/* Exact unless the move cuts stacks off (rare). */
static uint64_t dv_hash_after(const void *st, move_t m)
{
    const struct dv_state *p = st;
    switch (mv_kind(m)) {
    case KIND_PLACE:
        return p->hash ^ place_delta(p, mv_from(m));
    case KIND_STACK:
        return p->hash ^ stack_delta(p, mv_from(m), mv_to(m));
    default:
        return p->hash ^ zobrist_key(HASH_TAG, HASH_SIDE);
    }
}

static void play_place(struct dv_state *p, int cell)
{
    int id = placement_piece(p->placed);
    int colour = piece_colour(id);
    bb_t b = bb_bit(cell);
    p->occ |= b;
    if (colour == RED)
        p->red |= b;
    else
        p->own[colour] |= b;
    p->height[cell] = 1;
    p->bottom[cell] = p->top[cell] = (uint8_t)id;
    p->next[id] = NO_PIECE;
    p->hash ^= place_delta(p, cell);
    /* White places the last piece and makes the first stacking move. */
    if (++p->placed == NCELLS)
        p->phase = PHASE_STACK;
    else
        p->side ^= 1;
}

static void play_stack(struct dv_state *p, int s, int t)
{
    int side = p->side;
    int hs = p->height[s];
    int ht = p->height[t];
    int tcol = top_colour(p, t);
    int red_s = (int)(p->red >> s) & 1;
    bb_t bs = bb_bit(s);
    bb_t bt = bb_bit(t);
    p->hash ^= stack_delta(p, s, t);
    p->next[p->top[t]] = p->bottom[s];
    p->top[t] = p->top[s];
    p->height[t] = (uint8_t)(hs + ht);
    p->height[s] = 0;
    p->occ &= ~bs;
    p->tall = (p->tall & ~bs) | bt;
    if (tcol != RED)
        p->own[tcol] &= ~bt;
    p->own[side] = (p->own[side] & ~bs) | bt;
    if (red_s)
        p->red = (p->red & ~bs) | bt;
    p->side = (uint8_t)!side;
    remove_disconnected(p, s, red_s);
}

/* The turn passes to the opponent (a pass, a null move). */
static void flip_side(struct dv_state *p)
{
    p->side ^= 1;
    p->hash ^= zobrist_key(HASH_TAG, HASH_SIDE);
}

/* The null move of alpha-beta's pruning (struct prune_params): only in
 * the stacking phase with at least min_stacks stacks on the board, since
 * tempo decides endgames, and only while both sides can move (a forced
 * pass is no null move). */
static bool dv_null_move(void *st, int min_stacks)
{
    struct dv_state *p = st;
    if (p->phase != PHASE_STACK || bb_count(p->occ) < min_stacks ||
        !has_stacking(p, p->side) || !has_stacking(p, !p->side))
        return false;
    flip_side(p);
    return true;
}

/* genmove's win/loss proof (game_ops.win_loss_in_reach): only in the
 * stacking phase with at most PROOF_STACKS_MAX stacks.  Attempts on fuller
 * boards failed and spent about an eighth of a 5 s clock (doc/games/
 * dvonn.md, "Clock"). */
static bool dv_win_loss_in_reach(const void *st)
{
    const struct dv_state *p = st;
    return p->phase == PHASE_STACK && bb_count(p->occ) <= PROOF_STACKS_MAX;
}

static void dv_play(void *st, move_t m)
{
    struct dv_state *p = st;
    switch (mv_kind(m)) {
    case KIND_PLACE:
        play_place(p, mv_from(m));
        break;
    case KIND_STACK:
        play_stack(p, mv_from(m), mv_to(m));
        break;
    default:
        flip_side(p);
        break;
    }
}

/* ---- outcome, hash, side -------------------------------------------- */
enum game_status dv_outcome(const void *st, int *margin)
{
    const struct dv_state *p = st;
    if (margin)
        *margin = 0;
    if (p->phase == PHASE_PLACE || has_stacking(p, WHITE) ||
        has_stacking(p, BLACK))
        return GAME_ONGOING;
    int diff = side_score(p, WHITE) - side_score(p, BLACK);
    if (margin)
        *margin = abs(diff);
    return diff > 0 ? GAME_WIN_FIRST : diff < 0 ? GAME_WIN_SECOND : GAME_DRAW;
}

static int dv_side_to_move(const void *st)
{
    return ((const struct dv_state *)st)->side;
}

static uint64_t dv_hash(const void *st)
{
    return ((const struct dv_state *)st)->hash;
}

uint64_t dv_hash_full(const void *st)
{
    const struct dv_state *p = st;
    uint64_t h = 0;
    for (bb_t m = p->occ; m; )
        h ^= cell_key(p, bb_pop(&m));
    if (p->side)
        h ^= zobrist_key(HASH_TAG, HASH_SIDE);
    if (p->phase == PHASE_STACK)
        h ^= zobrist_key(HASH_TAG, HASH_PHASE);
    return h;
}

/* Benchmark positions (see struct bench_position). */
static const struct bench_position dv_bench[] = {
    /* the test setup of doc/games/dvonn.md: perft 5 = 237,659,608 */
    { "dvonn:S:W:B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,R,W,B,R,"
      "W,B,R,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W", 5 },
    { NULL, 0 }
};

/* Measured in timed matches from the stacking suite (doc/search.md,
 * "Forward pruning"). */
static const struct prune_params dv_prune = {
    .lmr_divisor = 175,
    .futility_margin = 150,
    .late_moves = 3,
    .history_malus = true,
    .null_move_depth = 3,
    .null_move_reduction = 2,
    .null_move_material = 24,
    .null_move = dv_null_move,
    .singular_depth = 6,
    .singular_margin = 10,
};

const struct game_ops dvonn_ops = {
    .name = "dvonn",
    .title = "DVONN",
    .setup_usage = "[random | random=SEED]",
    .state_size = sizeof(struct dv_state),
    .max_moves = MAX_MOVES,
    .max_game_plies = MAX_PLIES,
    .side_names = { "white", "black" },
    .side_letters = "WB",
    .score_has_margin = true,
    .setup = dv_setup,
    .side_to_move = dv_side_to_move,
    .gen_moves = dv_gen_moves,
    .count_moves = dv_count_moves,
    .is_legal = dv_is_legal,
    .gen_noisy = dv_gen_noisy,
    .play = dv_play,
    .outcome = dv_outcome,
    .hash = dv_hash,
    .hash_after = dv_hash_after,
    .hash_full = dv_hash_full,
    .parse_move = dv_parse_move,
    .format_move = dv_format_move,
    .to_string = dv_to_string,
    .from_string = dv_from_string,
    .show = dv_show,
    .evaluate = dv_evaluate,
    .eval_unit = "stones",
    .eval_scale = 100,
    .win_scale = 791,       /* measured: doc/protocol.md */
    .eval_terms = &dv_eval_terms,
    .expected_moves_left = dv_expected_moves_left,
    .win_loss_in_reach = dv_win_loss_in_reach,
    .prune = &dv_prune,
    .bench_positions = dv_bench,
    .sgf_gm = 37,                      /* registered in SGF FF[4] */
    .random_start_prefix = "random=",
};
