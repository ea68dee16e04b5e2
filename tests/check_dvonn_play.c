/* check_dvonn_play.c -- DVONN in play: the evaluation's terms, random
 * playouts checking every contract (hashing, colour symmetry, cut-offs),
 * the shared search, and the playouts of the method `playouts`. */
#include "config.h"

#include <check.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "dvonntest.h"
#include "search/mcts_int.h"
#include "searchtest.h"
#include "tap_main.h"

/* ---- evaluation terms ---------------------------------------------- */

static int term(const struct pos *p, const char *name)
{
    const struct eval_terms *et = G->eval_terms;
    int t[64];
    et->compute(p->b, t);
    for (int i = 0; i < et->count; i++)
        if (!strcmp(et->names[i], name))
            return t[i];
    ck_abort_msg("no term %s", name);
    return 0;
}

/* The side to move's capture at hand is the tallest enemy stack it can
 * land on (`capture`), the opponent's the tallest stack of the side to
 * move it can land on (`threat`); every other term changes sign with the
 * side to move, so the two sides' values differ only by those terms. */
static void capture_terms(const char *cells, const char *side,
                          int *capture, int *threat)
{
    struct pos p;
    load_spec(&p, "S", side, cells);
    *capture = term(&p, "capture");
    *threat = term(&p, "threat");
    ck_assert_int_eq(term(&p, "late_capture"), *capture * 44);
    ck_assert_int_eq(term(&p, "late_threat"), *threat * 44);
}

START_TEST(test_eval_capture_terms)
{
    static const struct {
        const char *cells;
        int white, black;       /* the capture at hand of each side */
    } cases[] = {
        { "D3=W E3=R F3=BBB K5=R I1=R", 0, 0 },
        { "D3=W E3=BB F3=R K5=R I1=R", 2, 0 },
        { "D3=W E3=BBB F3=R K5=R I1=R", 3, 0 },
        { "D3=WW E3=R F3=BB K5=R I1=R", 2, 2 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int capture, threat;
        capture_terms(cases[i].cells, "W", &capture, &threat);
        ck_assert_int_eq(capture, cases[i].white);
        ck_assert_int_eq(threat, cases[i].black);
        capture_terms(cases[i].cells, "B", &capture, &threat);
        ck_assert_int_eq(capture, cases[i].black);
        ck_assert_int_eq(threat, cases[i].white);
    }
}
END_TEST

/* The terms of a late position: White's lone piece D3 between two DVONN
 * pieces, 45 of 49 cells empty, moves to C3 and E3.  What the weights
 * make of them is pinned by the bench signature (tests/check_proto.c). */
START_TEST(test_eval_late_mobility)
{
    struct pos p;
    load_spec(&p, "S", "W", "C3=R D3=W E3=R K5=R");
    ck_assert_int_eq(term(&p, "pieces"), 1);
    ck_assert_int_eq(term(&p, "moves"), 2);
    ck_assert_int_eq(term(&p, "late_moves"), 2 * 45);
    ck_assert_int_eq(term(&p, "near"), 1);
    ck_assert_int_eq(term(&p, "race"), 45);
    ck_assert_int_eq(term(&p, "dead"), 0);
    load_spec(&p, "S", "B", "C3=R D3=W E3=R K5=R");
    ck_assert_int_eq(term(&p, "late_moves"), -2 * 45);
}
END_TEST

/* What the evaluation must do whatever its weights (its colour symmetry
 * is checked on every position of test_random_playouts): positive for
 * the side that is clearly ahead and negative for the other; better with
 * one more piece of one's own. */
START_TEST(test_eval_independent)
{
    struct pos p;
    /* White: two tall stacks by a DVONN piece; Black: one piece. */
    load_spec(&p, "S", "W", "C3=WWW D3=R E3=WW F3=B H3=R K5=R");
    int ahead = G->evaluate(p.b);
    ck_assert_int_gt(ahead, 0);
    load_spec(&p, "S", "B", "C3=WWW D3=R E3=WW F3=B H3=R K5=R");
    ck_assert_int_lt(G->evaluate(p.b), 0);
    load_spec(&p, "S", "W", "C3=WWW D3=R E3=WW F3=B H3=R K5=R K4=W");
    ck_assert_int_gt(G->evaluate(p.b), ahead);
}
END_TEST

/* D3 (3 white pieces) has nothing 3 or more steps away on any line, so it
 * can never move again; the interior E2 is surrounded now but moves
 * once a neighbour leaves (height 1, cells next to it stay occupied). */
START_TEST(test_eval_dead_stacks)
{
    struct pos p;
    load_spec(&p, "S", "W", "C3=R D3=WWW E3=R F3=B K5=R");
    ck_assert_int_eq(term(&p, "dead"), 3);
    load_spec(&p, "S", "B", "C3=R D3=WWW E3=R F3=B K5=R");
    ck_assert_int_eq(term(&p, "dead"), -3);
    load_spec(&p, "S", "W", "C3=R D3=WW E3=R F3=B K5=R");
    ck_assert_int_eq(term(&p, "dead"), 0);
    load_spec(&p, "S", "W",
              "D1=R E1=B F1=R D2=B E2=W F2=B E3=B F3=R");
    ck_assert_int_eq(term(&p, "dead"), 0);
}
END_TEST

/* The chain again: White to move can cut off 3 black pieces for 1 of its
 * own (cut 2), and Black's best cut, E1 (1 white for 2 black), gains
 * nothing (cut_risk 0); with Black to move the roles swap. */
START_TEST(test_eval_cut_terms)
{
    struct pos p;
    load_spec(&p, "S", "W", CHAIN);
    ck_assert_int_eq(term(&p, "cut"), 2);
    ck_assert_int_eq(term(&p, "cut_risk"), 0);
    load_spec(&p, "S", "B", CHAIN);
    ck_assert_int_eq(term(&p, "cut"), 0);
    ck_assert_int_eq(term(&p, "cut_risk"), 2);
}
END_TEST

/* The DVONN pieces' neighbourhoods: D3 (two white pieces) touches C3 and
 * E3, F3 (one black piece) only E3; D3 can jump onto F3, F3 cannot reach
 * D3; both stand by a DVONN stack and can move.  With E3 a black stack on
 * a DVONN piece, Black holds two pieces there and has two movable stacks
 * by the DVONN stacks. */
START_TEST(test_eval_neighbourhoods)
{
    struct pos p;
    load_spec(&p, "S", "W", "C3=R D3=WW E3=R F3=B K5=R");
    ck_assert_int_eq(term(&p, "exposed"), -1);
    ck_assert_int_eq(term(&p, "late_exposed"), -44);
    ck_assert_int_eq(term(&p, "near_mobile"), 0);
    ck_assert_int_eq(term(&p, "hold_pieces"), 0);
    load_spec(&p, "S", "B", "C3=R D3=WW E3=R F3=B K5=R");
    ck_assert_int_eq(term(&p, "exposed"), 1);
    load_spec(&p, "S", "W", "C3=R D3=WW E3=RB F3=B K5=R");
    ck_assert_int_eq(term(&p, "hold_pieces"), -2);
    ck_assert_int_eq(term(&p, "late_hold_pieces"), -2 * 44);
    ck_assert_int_eq(term(&p, "near_mobile"), -1);
}
END_TEST

/* The stack classes: D3 (two white) by the DVONN piece C3 can jump onto
 * F3; F3 (one black) by E3 and G3 (one black, two steps away through F3)
 * can both move. */
START_TEST(test_eval_stack_classes)
{
    struct pos p;
    load_spec(&p, "S", "W", "C3=R D3=WW E3=R F3=B G3=B K5=R");
    ck_assert_int_eq(term(&p, "tall_d1_mobile"), 1);
    ck_assert_int_eq(term(&p, "single_d1_mobile"), -1);
    ck_assert_int_eq(term(&p, "single_d2_mobile"), -1);
    ck_assert_int_eq(term(&p, "single_d2_fixed"), 0);
    /* G3, five pieces, finds nothing five steps away: in no class. */
    load_spec(&p, "S", "B", "C3=R D3=WW E3=R F3=B G3=BBBBB K5=R");
    ck_assert_int_eq(term(&p, "single_d2_mobile"), 0);
    ck_assert_int_eq(term(&p, "tall_d2_mobile"), 0);
    ck_assert_int_eq(term(&p, "tall_d1_mobile"), -1);
    ck_assert_int_eq(term(&p, "single_d1_mobile"), 1);
    /* B3 walled in: DVONN pieces on A2, B2 and C3, stacks on A3, B4 and
     * C4. */
    load_spec(&p, "S", "W", "A2=R A3=WB B2=R B3=B C3=R C4=W B4=W");
    ck_assert_int_eq(term(&p, "single_d1_fixed"), -1);
}
END_TEST

/* Placement: the same two pieces, Black's next to a DVONN piece and
 * White's in a far corner, or the other way round: Black (to place the
 * sixth piece) prefers the first. */
START_TEST(test_eval_placement_order)
{
    struct pos p;
    load_spec(&p, "P", "B", "C3=R F3=R I3=R D3=B A1=W");
    int near = G->evaluate(p.b);
    load_spec(&p, "P", "B", "C3=R F3=R I3=R A1=B D3=W");
    int far = G->evaluate(p.b);
    ck_assert_int_gt(near, far);
    ck_assert_int_gt(near, 0);
}
END_TEST

/* ---- random playouts ------------------------------------------------ */

/* The state's incremental set of tall stacks (two pieces or more) equals
 * a recount from the heights. */
static void check_tall(const struct pos *p)
{
    const struct dv_state *st = (const void *)p->b;
    bb_t tall = 0;
    for (int s = 0; s < NCELLS; s++)
        if (st->height[s] > 1)
            tall |= bb_bit(s);
    ck_assert_uint_eq(st->tall, tall);
}

/* Checks every contract at one position of a playout. */
static void check_position(const struct pos *p, move_t *mv, int n)
{
    char s[4096], t[4096];
    struct pos q;
    ck_assert_uint_eq(G->hash(p->b), G->hash_full(p->b));
    ck_assert_int_eq(G->count_moves(p->b), n);
    ck_assert_int_le(n, G->max_moves);
    check_tall(p);
    pos_str(p, s, sizeof s);
    load(&q, s);
    check_tall(&q);
    pos_str(&q, t, sizeof t);
    ck_assert_str_eq(s, t);
    ck_assert_uint_eq(G->hash(q.b), G->hash(p->b));
    ck_assert_int_eq(G->count_moves(q.b), n);
    ck_assert_int_eq(G->side_to_move(q.b), G->side_to_move(p->b));
    /* Far from the proven results: the fitted evaluation reaches about
     * 10,000 in the most lopsided positions of random playouts. */
    int v = G->evaluate(p->b);
    ck_assert_int_lt(abs(v), EVAL_WIN_MIN / 5);
    for (int i = 0; i < n; i++) {
        char buf[MOVE_STR_MAX];
        move_t m = MOVE_NONE;
        struct sbuf why = SBUF_INIT;
        ck_assert_uint_ne(mv[i], MOVE_NONE);
        G->format_move(p->b, mv[i], buf);
        ck_assert_int_eq(G->parse_move(p->b, buf, &m, &why), MOVE_PARSE_OK);
        ck_assert_uint_eq(m, mv[i]);
        sbuf_free(&why);
    }
}

/* Evaluation is colour-blind: swapping colours and side keeps it. */
static void check_symmetry(const struct pos *p)
{
    char s[4096];
    struct pos q;
    pos_str(p, s, sizeof s);
    if (s[6] != 'S' || !strchr(s, '.'))
        return;
    swap_colours(s);
    s[8] = s[8] == 'W' ? 'B' : 'W';
    load(&q, s);
    ck_assert_int_eq(G->evaluate(q.b), G->evaluate(p->b));
    ck_assert_int_eq(G->count_moves(q.b), G->count_moves(p->b));
    const struct eval_terms *et = G->eval_terms;
    int a[64], b[64];
    ck_assert_int_le(et->count, 64);
    et->compute(p->b, a);
    et->compute(q.b, b);
    for (int i = 0; i < et->count; i++)
        ck_assert_msg(a[i] == b[i], "term %s: %d vs %d", et->names[i],
                      a[i], b[i]);
}

/* The stack class terms against a count cell by cell from the position
 * string: distances by a flood through occupied neighbours, a stack able
 * to move when it is not walled in and some cell its height away on a
 * line is occupied (the rules, with the tests' own geometry). */
static void check_class_terms(const struct pos *p)
{
    char s[4096];
    pos_str(p, s, sizeof s);
    if (s[6] != 'S')
        return;
    char cell[49][50];
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(s + 10, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save))
        snprintf(cell[n++], sizeof cell[0], "%s", tok);
    ck_assert_int_eq(n, 49);
    int dist[49], queue[49], head = 0, tail = 0;
    for (int c = 0; c < 49; c++) {
        dist[c] = strchr(cell[c], 'R') ? 0 : -1;
        if (!dist[c])
            queue[tail++] = c;
    }
    int single[4][2] = { { 0 } }, tall[4] = { 0 };
    int me = s[8] == 'W' ? 'W' : 'B';
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < 6; d++) {
            int e = test_step(c, d, 1);
            if (e >= 0 && cell[e][0] != '.' && dist[e] < 0) {
                dist[e] = dist[c] + 1;
                queue[tail++] = e;
            }
        }
    }
    for (int c = 0; c < 49; c++) {
        int h = (int)strlen(cell[c]);
        char top = cell[c][h - 1];
        if (cell[c][0] == '.' || dist[c] == 0)
            continue;
        int walls = 0;
        bool lands = false;
        for (int d = 0; d < 6; d++) {
            int e = test_step(c, d, 1), f = test_step(c, d, h);
            walls += e >= 0 && cell[e][0] != '.';
            lands |= f >= 0 && cell[f][0] != '.';
        }
        bool mobile = walls < 6 && lands;
        int ring = dist[c] < 4 ? dist[c] - 1 : 3, sign = top == me ? 1 : -1;
        if (h == 1)
            single[ring][mobile] += sign;
        else if (mobile)
            tall[ring] += sign;
    }
    for (int d = 0; d < 4; d++) {
        char name[32];
        for (int m = 0; m < 2; m++) {
            snprintf(name, sizeof name, "single_d%d_%s", d + 1,
                     m ? "mobile" : "fixed");
            ck_assert_msg(term(p, name) == single[d][m], "%s: %d, counted %d",
                          name, term(p, name), single[d][m]);
        }
        snprintf(name, sizeof name, "tall_d%d_mobile", d + 1);
        ck_assert_msg(term(p, name) == tall[d], "%s: %d, counted %d", name,
                      term(p, name), tall[d]);
    }
}

/* The evaluation is the weighted sum of its terms (game.h's contract,
 * which the tuner relies on). */
static void check_eval_terms(const struct pos *p)
{
    const struct eval_terms *et = G->eval_terms;
    int t[64];
    et->compute(p->b, t);
    long sum = 0;
    for (int i = 0; i < et->count; i++)
        sum += (long)t[i] * et->weights[i];
    ck_assert_int_eq(G->evaluate(p->b), (int)(sum / et->scale));
}

/* The cells of occ joined to seeds, cell by cell through DV_NBR (the
 * module floods by shifts). */
static bb_t slow_flood(bb_t seeds, bb_t occ)
{
    bb_t reached = seeds, todo = seeds;
    while (todo) {
        int s = bb_pop(&todo);
        bb_t fresh = DV_NBR[s] & occ & ~reached;
        reached |= fresh;
        todo |= fresh;
    }
    return reached;
}

/* The cut-off detector against the rules: emptying each cell, flooding
 * from the DVONN stacks, and playing every move. */
static void check_cuts(const struct pos *p, const move_t *mv, int n)
{
    const struct dv_state *st = (const void *)p->b;
    if (st->phase != PHASE_STACK)
        return;
    struct dv_cuts c;
    dv_find_cuts(st, st->occ, &c);
    for (int s = 0; s < NCELLS; s++) {
        bb_t rest = st->occ & ~bb_bit(s);
        bb_t lost = (st->occ & ~st->red & bb_bit(s))
                  ? rest & ~slow_flood(st->red, rest) : 0;
        ck_assert_int_eq((int)((c.cells >> s) & 1), lost != 0);
        if (lost)
            ck_assert(c.region[s] == lost);
    }
    for (int i = 0; i < n; i++) {
        if (mv_kind(mv[i]) != KIND_STACK)
            continue;
        int from = mv_from(mv[i]), to = mv_to(mv[i]), side = st->side;
        struct pos q = *p;
        G->play(q.b, mv[i]);
        const struct dv_state *after = (const void *)q.b;
        bb_t gone = st->occ & ~bb_bit(from) & ~after->occ;
        int pieces[2] = { 0, 0 };
        for (int s = 0; s < NCELLS; s++) {
            if (!((gone >> s) & 1))
                continue;
            if (s == to)
                pieces[side] += st->height[from] + st->height[to];
            else if (top_colour(st, s) != RED)
                pieces[top_colour(st, s)] += st->height[s];
        }
        ck_assert_int_eq(dv_cut_gain(st, mv[i]),
                         pieces[!side] - pieces[side]);
    }
}

/* gen_noisy lists exactly the moves of gen_moves that land on an enemy
 * stack of three pieces or more or cut more enemy pieces off than own
 * (dv_cut_gain, itself checked against the rules above), once each, the
 * biggest gain (captured pieces plus cut gain) first. */
static void check_noisy(const struct pos *p, const move_t *mv, int n)
{
    const struct dv_state *st = (const void *)p->b;
    move_t noisy[512];
    int k = G->gen_noisy(p->b, noisy);
    int want = 0;
    for (int i = 0; i < n; i++) {
        if (mv_kind(mv[i]) != KIND_STACK)
            continue;
        int to = mv_to(mv[i]);
        bool capture = top_colour(st, to) == !st->side &&
                       st->height[to] >= 3;
        bool listed = false;
        for (int j = 0; j < k; j++)
            listed |= noisy[j] == mv[i];
        ck_assert_int_eq(listed, capture || dv_cut_gain(st, mv[i]) > 0);
        want += listed;
    }
    ck_assert_int_eq(k, want);
    for (int j = 1; j < k; j++) {
        int gain[2];
        for (int e = 0; e < 2; e++) {
            move_t m = noisy[j - 1 + e];
            int to = mv_to(m);
            gain[e] = dv_cut_gain(st, m) +
                      (top_colour(st, to) == !st->side ? st->height[to] : 0);
        }
        ck_assert_int_ge(gain[0], gain[1]);
    }
}

/* A depth-1 search with the quiescence below it is colour-blind: the
 * position with the colours and the side to move swapped gets the same
 * move and score.  (Depth 1 only: the quiescence does not use the table,
 * whose keys and so its replacements differ between the two.) */
static void check_search_symmetry(const struct pos *p, struct search *s)
{
    char str[4096];
    struct pos q;
    pos_str(p, str, sizeof str);
    if (str[6] != 'S' || !strchr(str, '.') || G->outcome(p->b, NULL))
        return;
    swap_colours(str);
    str[8] = str[8] == 'W' ? 'B' : 'W';
    load(&q, str);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 1;
    struct search_result a, b;
    ck_assert_int_eq(search_run(s, p->b, &l, &a), 0);
    ck_assert_int_eq(search_run(s, q.b, &l, &b), 0);
    ck_assert_uint_eq(a.best, b.best);
    ck_assert_int_eq(a.score, b.score);
    ck_assert_uint_eq(a.nodes, b.nodes);
}

static void check_final(const struct pos *p)
{
    char s[4096];
    int score[2], margin = -1;
    pos_str(p, s, sizeof s);
    string_scores(s, score);
    enum game_status g = G->outcome(p->b, &margin);
    ck_assert_int_ne(g, GAME_ONGOING);
    ck_assert_int_eq(margin, abs(score[0] - score[1]));
    ck_assert_int_eq(g, score[0] > score[1] ? GAME_WIN_FIRST :
                        score[0] < score[1] ? GAME_WIN_SECOND : GAME_DRAW);
}

START_TEST(test_random_playouts)
{
    struct rng r;
    rng_seed(&r, 1000 + (uint64_t)_i);
    struct pos p;
    if (_i % 2)
        setup_args(&p, 0, NULL, 0);
    else
        setup_args(&p, 1, "random", (uint64_t)_i);
    move_t mv[512];
    int plies = 0, passes_in_row = 0;
    struct search *s = search_new(G, 1);
    ck_assert_ptr_nonnull(s);
    for (;;) {
        int n = G->gen_moves(p.b, mv);
        check_position(&p, mv, n);
        check_symmetry(&p);
        check_eval_terms(&p);
        check_class_terms(&p);
        check_cuts(&p, mv, n);
        check_noisy(&p, mv, n);
        check_search_symmetry(&p, s);
        if (n == 0)
            break;
        ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
        move_t m = mv[rng_below(&r, (uint64_t)n)];
        char buf[MOVE_STR_MAX];
        G->format_move(p.b, m, buf);
        passes_in_row = strcmp(buf, "PASS") ? 0 : passes_in_row + 1;
        ck_assert_int_lt(passes_in_row, 2);
        uint64_t h = G->hash(p.b);
        G->play(p.b, m);
        ck_assert_uint_ne(G->hash(p.b), h);
        plies++;
        ck_assert_int_le(plies, G->max_game_plies);
    }
    search_free(s);
    check_final(&p);
}
END_TEST

/* ---- search (the shared search on DVONN) ------------------------------ */

/* DVONN, Black to move: H5J5 is the only move that ends the game, and
 * Black wins by it; a one-ply search must see it, and the solver must
 * agree with the reference. */
#define DVONN_WIN "dvonn:S:B:.,.,BW,R,.,.,.,.,.,.,.,.,.,WBB,.,.,.,WW,.,.,.," \
    ".,.,.,.,.,.,.,WBBBBB,R,.,.,.,.,B,BBBWBW,.,.,BB,.,.,.,W,W,.,BB,R,BW,."

START_TEST(test_dvonn_win_in_one)
{
    const struct game_ops *g = &dvonn_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    gt_load(g, st, DVONN_WIN);
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 1;
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    srch_assert_best(g, st, &r, "H5J5");
    ck_assert_int_ge(r.score, EVAL_WIN_MIN);
    l.max_depth = 0;
    int ref = ref_value(g, st, 0, 0);
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    srch_assert_exact(&r, ref);
    l.method = SEARCH_GREEDY;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    srch_assert_best(g, st, &r, "H5J5");
    search_free(s);
    free(st);
}
END_TEST

/* Black to move has two moves.  C1C3 (onto White's C3) leaves White's
 * C2 (two pieces) the jump onto Black's six-piece DVONN stack D4, and
 * White wins by 9; C1E1 (onto the lone DVONN piece E1) keeps the answer
 * E1E4 ready for that jump, and Black wins by 4.  The static evaluation
 * prefers C1C3, so a plain depth-1 search plays it; the quiescence
 * search below depth 1 plays White's capture C2E4 (noisy: six pieces)
 * and Black's recapture, and picks C1E1.  The same with the colours
 * swapped. */
#define DVONN_JUMP ".,.,WB,.,R,.,.,.,.,.,.,WW,.,.,.,.,.,.,.,.,.,W,.,.,.,.," \
    ".,.,.,.,.,.,BWBW,RRWBBB,.,.,.,.,.,.,.,.,.,.,.,.,.,.,."

START_TEST(test_dvonn_quiescence_sees_the_jump)
{
    char s[1024];
    snprintf(s, sizeof s, "dvonn:S:B:%s", DVONN_JUMP);
    if (_i) {                           /* colours swapped */
        swap_colours(s);
        s[8] = 'W';
    }
    struct pos p;
    load(&p, s);
    struct game_ops plain = *G;
    plain.gen_noisy = NULL;
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 1;
    struct search_result r;
    srch_once(G, p.b, 1, &l, &r);
    srch_assert_best(G, p.b, &r, "C1E1");
    srch_once(&plain, p.b, 1, &l, &r);
    srch_assert_best(G, p.b, &r, "C1C3");
    /* the exact values of both moves, from the mover's view */
    const char *moves[2] = { "C1E1", "C1C3" };
    const int value[2] = { 4 + 1, -(9 + 1) };
    for (int i = 0; i < 2; i++) {
        struct pos c = p;
        play_tok(&c, moves[i]);
        ck_assert_int_eq(-ref_value(G, c.b, 0, 0), value[i]);
    }
}
END_TEST

/* ---- the method `playouts` (no evaluation) --------------------------- */

/* It sees the move that ends the game with a win: its solver proves it
 * and stops. */
START_TEST(test_playouts_win_in_one)
{
    struct pos p;
    unsigned char *st = p.b;
    gt_load(G, st, DVONN_WIN);
    struct search_limits l = srch_limits(SEARCH_PLAYOUTS);
    l.max_nodes = 100000;
    struct search_result r;
    srch_once(G, st, 4, &l, &r);
    srch_assert_best(G, st, &r, "H5J5");
    ck_assert_int_ge(r.score, EVAL_WIN_MIN);
    ck_assert_uint_lt(r.nodes, 100000);
}
END_TEST

/* DVONN, 7 plies from the end of an engine game: of White's 26 moves
 * only F2D2 wins (by 1; every other move loses, by 5 to 23;
 * check_tactics has the exact solver's proof).  The playouts' tree
 * proves the win before the budget runs out. */
#define DVONN_UNIQUE_WIN "dvonn:S:W:.,.,W,WWB,.,.,WB,.,.,.,.,BBW,B,R,BW," \
    "WB,B,.,.,.,.,R,.,WBWB,.,BW,BW,WB,.,.,B,WBW,.,WB,.,.,.,BBW,WB,.,B,B," \
    ".,R,W,.,BW,W,W"

/* The proof takes 121,422 nodes with seed 42. */
enum { PROOF_BUDGET = 500000 };

START_TEST(test_playouts_prove_the_only_win)
{
    struct pos p;
    unsigned char *st = p.b;
    gt_load(G, st, DVONN_UNIQUE_WIN);
    struct search_limits l = srch_limits(SEARCH_PLAYOUTS);
    l.max_nodes = PROOF_BUDGET;
    struct search_result r;
    srch_once(G, st, 16, &l, &r);
    srch_assert_best(G, st, &r, "F2D2");
    ck_assert_int_ge(r.score, EVAL_WIN_MIN);
    ck_assert_uint_lt(r.nodes, PROOF_BUDGET);
}
END_TEST

/* Black to move is lost (a game of triad's, 15 plies before its end):
 * genmove's win/loss attempt, with a quarter of the budget, proves it
 * (in 49,831 nodes), while the pruned alpha-beta search does not within
 * the whole budget.  After
 * the proof the search gets one more quarter, not the rest: no move
 * helps against best play, and a lost ending must not drain the clock. */
#define DVONN_LOST "dvonn:S:B:W,.,.,.,.,.,.,BBWWWB,R,R,W,WWBW,W,B,BW," \
    ".,.,B,WWB,B,.,W,BBW,.,BBW,B,WB,R,.,.,.,W,BBWBWBW,.,.,.,.,WB,.,.,.," \
    "WBW,.,.,.,.,.,B,."
enum { LOST_BUDGET = 400000 };

START_TEST(test_proven_loss_spends_a_slice)
{
    struct pos p;
    load(&p, DVONN_LOST);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_nodes = LOST_BUDGET;
    struct search_result r;
    srch_once(G, p.b, 16, &l, &r);
    ck_assert(!r.proven);
    ck_assert_uint_eq(r.nodes, LOST_BUDGET);
    l.solve_first = true;
    srch_once(G, p.b, 16, &l, &r);
    ck_assert(gt_is_legal(G, p.b, r.best));
    ck_assert(!r.proven);
    ck_assert_uint_eq(r.nodes, LOST_BUDGET / 4);
}
END_TEST

/* On a full board the win/loss proof is out of reach: genmove's search
 * gets the whole budget, as without solve_first; in reach a failed or
 * losing attempt takes its part (the test above). */
START_TEST(test_no_proof_on_a_full_board)
{
    struct pos p;
    test_setup_plies(&p, 49);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_nodes = LOST_BUDGET;
    l.solve_first = true;
    struct search_result r;
    srch_once(G, p.b, 16, &l, &r);
    ck_assert(gt_is_legal(G, p.b, r.best));
    ck_assert_uint_eq(r.nodes, LOST_BUDGET);
}
END_TEST

/* What the searches wrote to f since *read_to (to be freed). */
static char *progress_since(FILE *f, long *read_to)
{
    fseek(f, 0, SEEK_END);
    long end = ftell(f);
    ck_assert_int_ge(end, *read_to);
    char *text = calloc(1, (size_t)(end - *read_to) + 1);
    ck_assert_ptr_nonnull(text);
    fseek(f, *read_to, SEEK_SET);
    ck_assert_uint_eq(fread(text, 1, (size_t)(end - *read_to), f),
                      (size_t)(end - *read_to));
    *read_to = end;
    return text;
}

/* Whether a search's progress lines contain needle. */
static bool progress_shows(FILE *f, long *read_to, const char *needle)
{
    char *text = progress_since(f, read_to);
    bool seen = strstr(text, needle) != NULL;
    free(text);
    return seen;
}

/* In reach genmove tries a proof on every move, even right after an
 * attempt that ran out of time (a 1 ms quarter of 4 ms cannot prove
 * DVONN_LOST, which takes some 50,000 nodes): the board only empties,
 * so each attempt is cheaper than the last. */
START_TEST(test_attempt_on_every_move_in_reach)
{
    struct pos p;
    load(&p, DVONN_LOST);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.seconds = 0.004;
    l.solve_first = true;
    l.progress = tmpfile();
    ck_assert_ptr_nonnull(l.progress);
    struct search *s = search_new(G, 16);
    ck_assert_ptr_nonnull(s);
    long read_to = 0;
    for (int move = 0; move < 3; move++) {
        struct search_result r;
        ck_assert_int_eq(search_run(s, p.b, &l, &r), 0);
        ck_assert(!r.proven);
        /* An attempt writes a line when it proves or runs out. */
        ck_assert_msg(progress_shows(l.progress, &read_to, "info solve "),
                      "no attempt on move %d", move);
    }
    search_free(s);
    fclose(l.progress);
}
END_TEST

/* genmove's win/loss attempts keep their table from move to move: with
 * a quarter of 40,000 nodes each, no attempt alone proves DVONN_LOST (some
 * 50,000 nodes), but a few moves on the same position add up to the proof
 * ("upper -": the margin is below 0); with the table emptied before each
 * (search_clear, as for a new game) none does.  Two threads, so that the
 * node budget does not ask for a reproducible search from an empty table. */
START_TEST(test_attempts_build_on_each_other)
{
    struct pos p;
    load(&p, DVONN_LOST);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_nodes = 40000;
    l.threads = 2;
    l.solve_first = true;
    int proven_at[2] = { -1, -1 };     /* [kept]: the move that proved it */
    for (int kept = 0; kept <= 1; kept++) {
        l.progress = tmpfile();
        ck_assert_ptr_nonnull(l.progress);
        struct search *s = search_new(G, 16);
        ck_assert_ptr_nonnull(s);
        long read_to = 0;
        for (int move = 0; move < 8 && proven_at[kept] < 0; move++) {
            if (!kept)
                search_clear(s);
            struct search_result r;
            ck_assert_int_eq(search_run(s, p.b, &l, &r), 0);
            if (progress_shows(l.progress, &read_to, " upper -"))
                proven_at[kept] = move;
        }
        search_free(s);
        fclose(l.progress);
    }
    ck_assert_int_eq(proven_at[0], -1);
    ck_assert_int_gt(proven_at[1], 0);
}
END_TEST

/* The share of noisy moves a playout plays: PLAYOUTS_NOISY_PERCENT % from
 * the noisy list plus the rest's uniform draws that happen to be noisy;
 * every move drawn is legal, and with no noisy move (the placement
 * phase) every legal move comes up. */
START_TEST(test_playouts_noisy_share)
{
    struct pos p;
    unsigned char *st = p.b;
    move_t moves[MAX_MOVES];
    move_t noisy[MAX_MOVES];
    move_t scratch[MAX_MOVES];
    struct rng rng;
    rng_seed(&rng, 7);
    gt_load(G, st, DVONN_UNIQUE_WIN);
    int n = G->gen_moves(st, moves);
    int k = G->gen_noisy(st, noisy);
    ck_assert_int_gt(k, 0);
    ck_assert_int_lt(k, n / 2);
    enum { DRAWS = 20000 };
    int hits = 0;
    for (int i = 0; i < DRAWS; i++) {
        move_t m = playouts_move(G, st, moves, n, &rng, scratch);
        ck_assert(gt_is_legal(G, st, m));
        for (int j = 0; j < k; j++)
            hits += noisy[j] == m;
    }
    double share = PLAYOUTS_NOISY_PERCENT / 100.0;
    double want = share + (1 - share) * k / n;
    ck_assert_double_lt(fabs((double)hits / DRAWS - want), 0.02);
    gt_setup(G, st, 0, NULL, 1);                    /* placement */
    n = G->gen_moves(st, moves);
    ck_assert_int_eq(G->gen_noisy(st, noisy), 0);
    int seen[MAX_MOVES] = { 0 };
    for (int i = 0; i < 50 * n; i++) {
        move_t m = playouts_move(G, st, moves, n, &rng, scratch);
        for (int j = 0; j < n; j++)
            seen[j] += moves[j] == m;
    }
    for (int j = 0; j < n; j++)
        ck_assert_int_gt(seen[j], 20);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dvonn_play");
    TCase *tc = tcase_create("eval");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_eval_capture_terms);
    tcase_add_test(tc, test_eval_late_mobility);
    tcase_add_test(tc, test_eval_independent);
    tcase_add_test(tc, test_eval_dead_stacks);
    tcase_add_test(tc, test_eval_stack_classes);
    tcase_add_test(tc, test_eval_placement_order);
    tcase_add_test(tc, test_eval_cut_terms);
    tcase_add_test(tc, test_eval_neighbourhoods);
    tc = tap_tcase(s, "playouts", 120);
    tcase_add_loop_test(tc, test_random_playouts, 0, 40);
    tc = tap_tcase(s, "search", 120);
    tcase_add_test(tc, test_dvonn_win_in_one);
    tcase_add_loop_test(tc, test_dvonn_quiescence_sees_the_jump, 0, 2);
    tcase_add_test(tc, test_playouts_win_in_one);
    tcase_add_test(tc, test_playouts_prove_the_only_win);
    tcase_add_test(tc, test_playouts_noisy_share);
    tcase_add_test(tc, test_proven_loss_spends_a_slice);
    tcase_add_test(tc, test_no_proof_on_a_full_board);
    tcase_add_test(tc, test_attempt_on_every_move_in_reach);
    tcase_add_test(tc, test_attempts_build_on_each_other);
    return tap_main(s);
}
