/* check_dvonn.c -- DVONN's rules, each in a hand-made position: placement
 * order, surrounded stacks, jumps, DVONN pieces, the cut-off detector,
 * passes, the end of the game, the null move of the search's pruning. */
#include "config.h"

#include <check.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dvonntest.h"
#include "tap_main.h"

/* The piece placed follows the ply; White places ply 49 and moves. */
START_TEST(test_placement_order_and_double_turn)
{
    struct pos p;
    char s[4096];
    setup_args(&p, 0, NULL, 0);
    ck_assert_int_eq(G->side_to_move(p.b), 0);
    char want[4096];
    pos_str(&p, s, sizeof s);
    mkpos(want, sizeof want, "P", "W", "");
    ck_assert_str_eq(s, want);
    play_tok(&p, "a1");
    play_tok(&p, "B1");
    play_tok(&p, "C1");
    play_tok(&p, "D1");
    play_tok(&p, "E1");
    pos_str(&p, s, sizeof s);
    ck_assert(strncmp(s, "dvonn:P:B:R,R,R,B,W,.,", 22) == 0);
    test_setup_plies(&p, 48);
    ck_assert_int_eq(G->side_to_move(p.b), 0);
    ck_assert_int_eq(G->count_moves(p.b), 1);
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    expect_bad_move(&p, "A1B1", MOVE_PARSE_ILLEGAL, "placement");
    expect_bad_move(&p, "PASS", MOVE_PARSE_ILLEGAL, "pass");
    expect_bad_move(&p, "A1", MOVE_PARSE_ILLEGAL, "A1 is occupied");
    play_tok(&p, "K5");
    ck_assert_int_eq(G->side_to_move(p.b), 0);
    pos_str(&p, s, sizeof s);
    ck_assert(strncmp(s, "dvonn:S:W:", 10) == 0);
    expect_bad_move(&p, "E3", MOVE_PARSE_ILLEGAL, "placement phase is over");
    play_tok(&p, "A2A1");
    ck_assert_int_eq(G->side_to_move(p.b), 1);
}
END_TEST

/* ---- stacking rules, one by one (doc/games/dvonn.md) ---------------- */

/* Perimeter stacks are free even when every on-board neighbour is
 * occupied; a lone DVONN piece may be landed on. */
START_TEST(test_edge_stack_not_surrounded)
{
    struct pos p;
    char s[1024];
    load_spec(&p, "S", "W", "A1=W B1=B A2=B B2=R K5=R I1=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "A1A2 A1B1 A1B2");
}
END_TEST

/* An interior stack with six occupied neighbours cannot move; it can as
 * soon as one neighbour is empty. */
START_TEST(test_interior_surrounded)
{
    struct pos p;
    char s[1024];
    load_spec(&p, "S", "W",
              "E3=W F3=B F4=B E4=B D3=R D2=B E2=B K5=R I1=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "PASS");
    expect_bad_move(&p, "E3F3", MOVE_PARSE_ILLEGAL, "E3 is surrounded");
    load_spec(&p, "S", "W", "E3=W F3=B E4=B D3=R D2=B E2=B K5=R I1=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "E3D2 E3D3 E3E2 E3E4 E3F3");
}
END_TEST

/* A stack moves exactly its height in a straight line, jumping over
 * empty and occupied cells, and must land on an occupied cell. */
START_TEST(test_jumps)
{
    struct pos p;
    char s[4096];
    /* Height 3 from A3 over empty B3 and occupied C3 onto D3. */
    load_spec(&p, "S", "W", "A3=BBW A2=B B2=B C3=R D3=B K5=R I1=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "A3D3");
    expect_bad_move(&p, "A3B3", MOVE_PARSE_ILLEGAL, "not 3 cells from A3");
    play_tok(&p, "a3-d3");
    pos_str(&p, s, sizeof s);
    char want[4096];
    mkpos(want, sizeof want, "S", "B", "A2=B B2=B C3=R D3=BBBW K5=R I1=R");
    ck_assert_str_eq(s, want);
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "A2B2 B2A2 B2C3");
    /* Height 2 from E3 over the empty F3 onto G3; C3 is empty. */
    load_spec(&p, "S", "W", "E3=WW E2=B F2=B G3=R K5=R I1=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "E3G3");
    expect_bad_move(&p, "E3C3", MOVE_PARSE_ILLEGAL, "C3 is empty");
    expect_bad_move(&p, "E3F3", MOVE_PARSE_ILLEGAL, "not 2 cells");
    expect_bad_move(&p, "E3E3", MOVE_PARSE_ILLEGAL, "not 2 cells");
    expect_bad_move(&p, "E2F2", MOVE_PARSE_ILLEGAL, "belongs to black");
    expect_bad_move(&p, "D3E3", MOVE_PARSE_ILLEGAL, "D3 is empty");
    /* Height 10 crosses the whole long row; 11 has no move at all. */
    load_spec(&p, "S", "W", "A3=BWBWBWBWBW B3=B C3=R K3=R I1=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "A3K3");
    load_spec(&p, "S", "W", "A3=WBWBWBWBWBW B3=B C3=R K3=R I1=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "PASS");
}
END_TEST

static move_t parse_ok(const struct pos *p, const char *tok)
{
    move_t m = MOVE_NONE;
    struct sbuf why = SBUF_INIT;
    ck_assert_int_eq(G->parse_move(p->b, tok, &m, &why), MOVE_PARSE_OK);
    sbuf_free(&why);
    return m;
}

static bb_t cells_bb(const char *names)
{
    bb_t b = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        b |= bb_bit(test_cell(tok));
    return b;
}

/* The shift-based neighbour sets equal the geometry table's (all six
 * at once and each direction alone), and the cells with split rings and
 * the cells that may leave, found all at once, equal those found one by
 * one (on random occupancies, sparse and dense). */
START_TEST(test_spread_matches_table)
{
    for (int s = 0; s < NCELLS; s++) {
        ck_assert_msg(bb_spread(bb_bit(s)) == DV_NBR[s], "cell %d", s);
        ck_assert(flood(bb_bit(s), ALL_CELLS) == ALL_CELLS);
        /* DV_RING's order: E NE NW W SW SE, 63 off the board. */
        bb_t step[6] = { step_east(bb_bit(s)), step_up_right(bb_bit(s)),
                         step_up(bb_bit(s)), step_west(bb_bit(s)),
                         step_down_left(bb_bit(s)), step_down(bb_bit(s)) };
        for (int i = 0; i < 6; i++)
            ck_assert_msg(step[i] == (DV_RING[s][i] == 63 ? 0
                                      : bb_bit(DV_RING[s][i])),
                          "cell %d direction %d", s, i);
    }
    struct rng r;
    rng_seed(&r, 77);
    for (int k = 0; k < 2000; k++) {
        bb_t occ = (bb_t)rng_below(&r, 1ULL << 49) & (bb_t)rng_below(&r,
                   1ULL << 49);
        occ = k % 2 ? occ : ~occ & ALL_CELLS;
        struct dv_state st = { .occ = occ };
        for (int s = 0; s < NCELLS; s++) {
            ck_assert_int_eq((int)((ring_splits(occ) >> s) & 1),
                             ring_split(occ, s));
            ck_assert_int_eq((int)((free_cells(occ) >> s) & 1),
                             can_leave(&st, s));
        }
    }
    bb_t row1 = cells_bb("A1 B1 C1 D1 E1 F1 G1 H1 I1");
    ck_assert(flood(bb_bit(test_cell("A1")), row1) == row1);
    ck_assert(flood(bb_bit(test_cell("A1")), row1 & ~bb_bit(test_cell("E1")))
              == cells_bb("A1 B1 C1 D1"));
}
END_TEST

START_TEST(test_cut_chain)
{
    struct pos p;
    load_spec(&p, "S", "W", CHAIN);
    const struct dv_state *st = (const void *)p.b;
    struct dv_cuts c;
    dv_find_cuts(st, st->occ, &c);
    ck_assert(c.cells == cells_bb("D1 E1 F1"));
    ck_assert(c.region[test_cell("D1")] == cells_bb("E1 F1 G1"));
    ck_assert(c.region[test_cell("E1")] == cells_bb("F1 G1"));
    ck_assert(c.region[test_cell("F1")] == cells_bb("G1"));
    int pieces[2];
    dv_region_pieces(st, c.region[test_cell("D1")], pieces);
    ck_assert_int_eq(pieces[WHITE], 1);
    ck_assert_int_eq(pieces[BLACK], 3);
    /* Only the cells asked about. */
    dv_find_cuts(st, cells_bb("E1 G1"), &c);
    ck_assert(c.cells == cells_bb("E1"));
    /* White's D1C1 removes 3 black and 1 white piece; D1E1 lands inside
     * the part it cuts off: F1 and G1 go (1 white, 2 black) and so does
     * the new 2-piece white stack on E1.  Black's E1D1 cuts off F1 and G1
     * (1 white, 2 black); E1F1 captures F1 and then loses G1 and the new
     * 2-piece stack on F1. */
    ck_assert_int_eq(dv_cut_gain(st, parse_ok(&p, "D1C1")), 2);
    ck_assert_int_eq(dv_cut_gain(st, parse_ok(&p, "D1E1")), -1);
    load_spec(&p, "S", "B", CHAIN);
    ck_assert_int_eq(dv_cut_gain(st, parse_ok(&p, "E1D1")), -1);
    ck_assert_int_eq(dv_cut_gain(st, parse_ok(&p, "E1F1")), -4);
    ck_assert_int_eq(dv_cut_gain(st, parse_ok(&p, "G1E1")), 0);
}
END_TEST

/* Two full rows: every cell has a way round it, so no cut anywhere, and
 * no move gains anything; the same on the full test setup. */
START_TEST(test_cut_none)
{
    struct pos p;
    load_spec(&p, "S", "W",
              "A1=R B1=W C1=B D1=W E1=R F1=B G1=W H1=B I1=R "
              "A2=B B2=W C2=B D2=W E2=B F2=W G2=B H2=W I2=B J2=W");
    const struct dv_state *st = (const void *)p.b;
    struct dv_cuts c;
    dv_find_cuts(st, st->occ, &c);
    ck_assert(c.cells == 0);
    move_t mv[512];
    int n = G->gen_moves(p.b, mv);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(dv_cut_gain(st, mv[i]), 0);
    test_setup_plies(&p, 49);
    dv_find_cuts(st, st->occ, &c);
    ck_assert(c.cells == 0);
}
END_TEST

START_TEST(test_lone_dvonn_never_moves)
{
    struct pos p;
    char s[1024];
    load_spec(&p, "S", "W", "C3=R D3=W E3=R F3=B K5=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "D3C3 D3E3");
    expect_bad_move(&p, "C3D3", MOVE_PARSE_ILLEGAL, "lone DVONN piece");
    load_spec(&p, "S", "B", "C3=R D3=W E3=R F3=B K5=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "F3E3");
}
END_TEST

/* A stack holding DVONN pieces belongs to its top piece and takes the
 * DVONN pieces along; the group it leaves loses its contact. */
START_TEST(test_dvonn_stack_moves_with_owner)
{
    struct pos p;
    char s[4096], want[4096];
    load_spec(&p, "S", "W", "A3=B B3=B C3=RW E3=B F3=R K5=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "C3A3 C3E3");
    load_spec(&p, "S", "B", "A3=B B3=B C3=RW E3=B F3=R K5=R");
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "A3B3 B3A3 B3C3 E3F3");
    expect_bad_move(&p, "C3E3", MOVE_PARSE_ILLEGAL, "C3 belongs to white");
    /* White moves the DVONN piece away: A3 and B3 lose their contact. */
    load_spec(&p, "S", "W", "A3=B B3=B C3=RW E3=B F3=R K5=R");
    play_tok(&p, "C3E3");
    pos_str(&p, s, sizeof s);
    mkpos(want, sizeof want, "S", "B", "E3=BRW F3=R K5=R");
    ck_assert_str_eq(s, want);
    ck_assert_uint_eq(G->hash(p.b), G->hash_full(p.b));
    int margin = -1;
    ck_assert_int_eq(G->outcome(p.b, &margin), GAME_WIN_FIRST);
    ck_assert_int_eq(margin, 3);
}
END_TEST

START_TEST(test_disconnected_group_removed)
{
    struct pos p;
    char s[4096], want[4096];
    load_spec(&p, "S", "W",
              "A3=R B3=W C3=B D3=W E3=B C4=W D4=BW K5=R I1=R");
    play_tok(&p, "B3A3");
    pos_str(&p, s, sizeof s);
    mkpos(want, sizeof want, "S", "B", "A3=RW K5=R I1=R");
    ck_assert_str_eq(s, want);
    ck_assert_uint_eq(G->hash(p.b), G->hash_full(p.b));
    int margin = -1;
    ck_assert_int_eq(G->outcome(p.b, &margin), GAME_WIN_FIRST);
    ck_assert_int_eq(margin, 2);
    ck_assert_int_eq(G->count_moves(p.b), 0);
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "");
    expect_bad_move(&p, "PASS", MOVE_PARSE_ILLEGAL, "game is over");
}
END_TEST

/* No legal stacking move: PASS is the only move; once the opponent frees
 * the stack the player must move again and PASS is illegal. */
START_TEST(test_forced_pass_then_move)
{
    struct pos p;
    char s[1024];
    load_spec(&p, "S", "W",
              "E3=W F3=B F4=B E4=B D3=R D2=B E2=B K5=R I1=R");
    ck_assert_int_eq(G->count_moves(p.b), 1);
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    expect_bad_move(&p, "E3E4", MOVE_PARSE_ILLEGAL, "surrounded");
    uint64_t h = G->hash(p.b);
    play_tok(&p, "pass");
    ck_assert_uint_ne(G->hash(p.b), h);
    ck_assert_uint_eq(G->hash(p.b), G->hash_full(p.b));
    ck_assert_int_eq(G->side_to_move(p.b), 1);
    expect_bad_move(&p, "PASS", MOVE_PARSE_ILLEGAL, "pass");
    play_tok(&p, "F4E4");
    ck_assert_int_eq(G->side_to_move(p.b), 0);
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "E3D2 E3D3 E3E2 E3E4 E3F3");
    expect_bad_move(&p, "PASS", MOVE_PARSE_ILLEGAL, "pass");
}
END_TEST

START_TEST(test_pass_illegal_with_moves)
{
    struct pos p;
    test_setup_plies(&p, 49);
    expect_bad_move(&p, "PASS", MOVE_PARSE_ILLEGAL, "pass");
    expect_bad_move(&p, "pass", MOVE_PARSE_ILLEGAL, "pass");
    setup_args(&p, 0, NULL, 0);
    expect_bad_move(&p, "PASS", MOVE_PARSE_ILLEGAL, "pass");
}
END_TEST

/* Neither side can move: game over, equal scores are a draw. */
START_TEST(test_game_end_draw)
{
    struct pos p;
    char s[1024];
    load_spec(&p, "S", "B", "C3=BBW D3=R E3=WWB K5=R I1=R");
    int margin = -1;
    ck_assert_int_eq(G->outcome(p.b, &margin), GAME_DRAW);
    ck_assert_int_eq(margin, 0);
    ck_assert_int_eq(G->count_moves(p.b), 0);
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "");
    /* One more white piece under the black stack: Black wins by 1. */
    load_spec(&p, "S", "W", "C3=BBW D3=R E3=WWWB K5=R I1=R");
    ck_assert_int_eq(G->outcome(p.b, &margin), GAME_WIN_SECOND);
    ck_assert_int_eq(margin, 1);
}
END_TEST

/* Whether the null move of *p with min_stacks is taken; *p is unchanged
 * when it is refused. */
static bool null_move(struct pos *p, int min_stacks)
{
    struct pos before = *p;
    bool taken = G->prune->null_move(p->b, min_stacks);
    if (!taken)
        ck_assert_mem_eq(p->b, before.b, G->state_size);
    return taken;
}

/* The null move of the pruning: the same position with the other side to
 * move, hash included; twice is nothing; refused in the placement phase,
 * below the stack threshold and when either side cannot move. */
START_TEST(test_null_move)
{
    static const char stacks[] = "A3=B B3=B C3=RW E3=B F3=R K5=R";
    struct pos p, q, before;
    char s[4096], want[4096];
    load_spec(&p, "S", "W", stacks);
    before = p;
    ck_assert(!null_move(&p, 7));
    ck_assert(!null_move(&p, G->prune->null_move_material));
    ck_assert(null_move(&p, 6));
    ck_assert_int_eq(G->side_to_move(p.b), 1);
    load_spec(&q, "S", "B", stacks);
    pos_str(&p, s, sizeof s);
    pos_str(&q, want, sizeof want);
    ck_assert_str_eq(s, want);
    ck_assert_uint_eq(G->hash(p.b), G->hash(q.b));
    ck_assert_uint_eq(G->hash(p.b), G->hash_full(p.b));
    ck_assert_uint_ne(G->hash(p.b), G->hash(before.b));
    ck_assert(null_move(&p, 6));
    ck_assert_mem_eq(p.b, before.b, G->state_size);
    /* Placement: never; a full board: from the threshold up. */
    test_setup_plies(&p, 30);
    ck_assert(!null_move(&p, 0));
    test_setup_plies(&p, 49);
    ck_assert(!null_move(&p, 50));
    ck_assert(null_move(&p, 49));
    ck_assert_uint_eq(G->hash(p.b), G->hash_full(p.b));
    /* White must pass, then Black moves while White cannot. */
    load_spec(&p, "S", "W", "E3=W F3=B F4=B E4=B D3=R D2=B E2=B K5=R I1=R");
    ck_assert(!null_move(&p, 0));
    play_tok(&p, "pass");
    ck_assert(!null_move(&p, 0));
}
END_TEST

/* The stacks of a position string: its fields that are not empty. */
static int string_stacks(const char *s)
{
    int n = 0;
    for (const char *f = strrchr(s, ':') + 1; *f; f += strcspn(f, ","),
         f += *f == ',')
        n += *f != '.';
    return n;
}

/* genmove's win/loss proof: never while placing, and while stacking
 * exactly at PROOF_STACKS_MAX stacks or fewer, along a whole game. */
START_TEST(test_win_loss_in_reach)
{
    struct pos p;
    char s[4096];
    move_t mv[MAX_MOVES];
    test_setup_plies(&p, 30);
    ck_assert(!G->win_loss_in_reach(p.b));
    test_setup_plies(&p, 49);
    int out = 0, in = 0, n;
    while ((n = G->gen_moves(p.b, mv)) > 0) {
        pos_str(&p, s, sizeof s);
        bool reach = string_stacks(s) <= PROOF_STACKS_MAX;
        ck_assert(G->win_loss_in_reach(p.b) == reach);
        out += !reach;
        in += reach;
        G->play(p.b, mv[n / 2]);
    }
    ck_assert_int_gt(out, 0);
    ck_assert_int_gt(in, 0);
}
END_TEST

START_TEST(test_ops_table)
{
    ck_assert_str_eq(G->name, "dvonn");
    ck_assert_str_eq(G->title, "DVONN");
    ck_assert_str_eq(G->side_names[0], "white");
    ck_assert_str_eq(G->side_names[1], "black");
    ck_assert_str_eq(G->side_letters, "WB");
    ck_assert(G->score_has_margin);
    ck_assert_int_eq(G->max_game_plies, 145);
    ck_assert_int_ge(G->max_moves, 138);
    ck_assert_uint_le(G->state_size, 256);
    ck_assert_ptr_nonnull(G->count_moves);
    ck_assert_ptr_nonnull(G->hash_full);
    ck_assert_ptr_nonnull(G->prune);
    ck_assert_ptr_nonnull(G->prune->null_move);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dvonn");
    TCase *tc = tcase_create("rules");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_ops_table);
    tcase_add_test(tc, test_placement_order_and_double_turn);
    tcase_add_test(tc, test_edge_stack_not_surrounded);
    tcase_add_test(tc, test_interior_surrounded);
    tcase_add_test(tc, test_jumps);
    tcase_add_test(tc, test_lone_dvonn_never_moves);
    tcase_add_test(tc, test_spread_matches_table);
    tcase_add_test(tc, test_cut_chain);
    tcase_add_test(tc, test_cut_none);
    tcase_add_test(tc, test_dvonn_stack_moves_with_owner);
    tcase_add_test(tc, test_disconnected_group_removed);
    tcase_add_test(tc, test_forced_pass_then_move);
    tcase_add_test(tc, test_pass_illegal_with_moves);
    tcase_add_test(tc, test_game_end_draw);
    tcase_add_test(tc, test_null_move);
    tcase_add_test(tc, test_win_loss_in_reach);
    return tap_main(s);
}
