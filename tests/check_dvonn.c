/* check_dvonn.c -- the DVONN module against doc/games/dvonn.md and
 * doc/protocol.md (setup, position, perft): perft vectors, every rule in a
 * hand-made position, notation and position-string round trips, hostile input,
 * hashing, the cut-off detector and the evaluation terms, random playouts. */
#include "config.h"

#include <check.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/dvonn_int.h"
#include "games/games.h"
#include "search/perft.h"
#include "gametest.h"
#include "search/search.h"
#include "searchtest.h"
#include "tap_main.h"

#define G (&dvonn_ops)

/* A position buffer with room to spare (state_size is checked). */
struct pos {
    alignas(max_align_t) unsigned char b[1024];
};

/* The root moves of the deterministic test setup (doc/games/dvonn.md). */
static const char TEST_SETUP_MOVES[] =
    "A2A1 A2A3 A2B2 A2B3 A3A2 A3B3 A3B4 B1A1 B1B2 B1C1 B1C2 B4A3 B4B3 "
    "B4C4 B4C5 C5B4 C5C4 C5D5 D1C1 D1D2 D1E1 D1E2 E5D4 E5D5 E5E4 E5F5 "
    "F1E1 F1F2 F1G1 F1G2 G5F4 G5F5 G5G4 G5H5 H1G1 H1H2 H1I1 H1I2 I5H4 "
    "I5H5 I5I4 I5J5 K5J4 K5J5 K5K4";

/* ---- helpers -------------------------------------------------------- */

/* Independent geometry: the cell index of a name like "E3", or -1. */
static int test_cell(const char *nm)
{
    static const int first[5] = { 0, 0, 0, 1, 2 };
    static const int last[5] = { 8, 9, 10, 10, 10 };
    static const int start[5] = { 0, 9, 19, 30, 40 };
    int c = nm[0] - 'A';
    int r = nm[1] - '1';
    if (r < 0 || r > 4 || c < first[r] || c > last[r])
        return -1;
    return start[r] + c - first[r];
}

static void test_cell_name(int cell, char out[3])
{
    static const int first[5] = { 0, 0, 0, 1, 2 };
    static const int start[5] = { 0, 9, 19, 30, 40 };
    int r = 4;
    while (cell < start[r])
        r--;
    out[0] = (char)('A' + first[r] + cell - start[r]);
    out[1] = (char)('1' + r);
    out[2] = '\0';
}

/* Number of on-board neighbours of a cell, from coordinates. */
static int test_degree(int cell)
{
    static const int dirs[6][2] = { {1, 0}, {-1, 0}, {1, 1}, {0, 1},
                                    {0, -1}, {-1, -1} };
    char nm[3];
    test_cell_name(cell, nm);
    int n = 0;
    for (int d = 0; d < 6; d++) {
        char o[3] = { (char)(nm[0] + dirs[d][0]),
                      (char)(nm[1] + dirs[d][1]), '\0' };
        n += o[0] >= 'A' && test_cell(o) >= 0;
    }
    return n;
}

/* Builds a position string from "PHASE", "SIDE" and "E3=BW C3=R ...". */
static void mkpos(char *out, size_t n, const char *phase, const char *side,
                  const char *spec)
{
    char cells[49][50];
    for (int i = 0; i < 49; i++)
        strcpy(cells[i], ".");
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        int c = test_cell(tok);
        ck_assert_msg(c >= 0 && tok[2] == '=', "bad spec %s", tok);
        snprintf(cells[c], sizeof cells[c], "%s", tok + 3);
    }
    int len = snprintf(out, n, "dvonn:%s:%s:", phase, side);
    for (int i = 0; i < 49; i++)
        len += snprintf(out + len, n - (size_t)len, "%s%s", i ? "," : "",
                        cells[i]);
}

static void load(struct pos *p, const char *s)
{
    ck_assert_uint_le(G->state_size, sizeof p->b);
    gt_load(G, p->b, s);
}

static void load_spec(struct pos *p, const char *phase, const char *side,
                      const char *spec)
{
    char s[4096];
    mkpos(s, sizeof s, phase, side, spec);
    load(p, s);
}

static void play_tok(struct pos *p, const char *tok)
{
    gt_play(G, p->b, tok);
}

/* parse_move must fail with code and a reason containing want. */
static void expect_bad_move(const struct pos *p, const char *tok,
                            enum move_parse code, const char *want)
{
    struct sbuf why = SBUF_INIT;
    move_t m = MOVE_NONE;
    enum move_parse r = G->parse_move(p->b, tok, &m, &why);
    ck_assert_msg(r == code, "%s: got %d want %d", tok, r, code);
    ck_assert_msg(strstr(sbuf_str(&why), want) != NULL,
                  "%s: reason '%s' lacks '%s'", tok, sbuf_str(&why), want);
    sbuf_free(&why);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The legal moves, canonical, sorted, space separated (legal_moves). */
static void legal_str(const struct pos *p, char *out, size_t n)
{
    move_t mv[512];
    static const size_t W = MOVE_STR_MAX;
    ck_assert_int_le(G->max_moves, 512);
    int k = G->gen_moves(p->b, mv);
    char (*names)[MOVE_STR_MAX] = malloc(W * (size_t)(k ? k : 1));
    for (int i = 0; i < k; i++)
        G->format_move(p->b, mv[i], names[i]);
    qsort(names, (size_t)k, W, cmp_str);
    out[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < k; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? " " : "",
                                names[i]);
    free(names);
}

static void pos_str(const struct pos *p, char *out, size_t n)
{
    struct sbuf s = SBUF_INIT;
    G->to_string(p->b, &s);
    snprintf(out, n, "%s", sbuf_str(&s));
    sbuf_free(&s);
}

static void setup_args(struct pos *p, int argc, const char *a0, uint64_t seed)
{
    char arg[64];
    char *argv[1] = { arg };
    snprintf(arg, sizeof arg, "%s", a0 ? a0 : "");
    gt_setup(G, p->b, argc, argv, seed);
}

/* The test setup: DVONN pieces on C3 F3 I3, then every other cell in index
 * order; stops after `plies` placements. */
static void test_setup_plies(struct pos *p, int plies)
{
    setup_args(p, 0, NULL, 0);
    static const char *const reds[3] = { "C3", "F3", "I3" };
    int done = 0;
    for (int i = 0; i < 3 && done < plies; i++, done++)
        play_tok(p, reds[i]);
    for (int c = 0; c < 49 && done < plies; c++) {
        char nm[3];
        test_cell_name(c, nm);
        if (strcmp(nm, "C3") && strcmp(nm, "F3") && strcmp(nm, "I3")) {
            play_tok(p, nm);
            done++;
        }
    }
}

static int64_t perft(const struct pos *p, int depth)
{
    return gt_perft(G, p->b, depth);
}

/* Scores recomputed from a position string: height of owned stacks. */
static void string_scores(const char *s, int score[2])
{
    score[0] = score[1] = 0;
    const char *f = strrchr(s, ':') + 1;
    while (*f) {
        size_t len = strcspn(f, ",");
        char top = f[len - 1];
        if (top == 'W')
            score[0] += (int)len;
        else if (top == 'B')
            score[1] += (int)len;
        f += len;
        if (*f)
            f++;
    }
}

/* Swaps the piece colours W <-> B of a position string (not the side). */
static void swap_colours(char *s)
{
    for (char *c = s + strlen("dvonn:S:W:"); *c; c++)
        *c = *c == 'W' ? 'B' : *c == 'B' ? 'W' : *c;
}

/* ---- placement and the test setup (doc/games/dvonn.md) -------------- */

static const int64_t PLACE_PERFT[] = { 1, 49, 2352, 110544 };

START_TEST(test_placement_perft)
{
    struct pos p;
    setup_args(&p, 0, NULL, 0);
    ck_assert_int_eq(perft(&p, _i), PLACE_PERFT[_i]);
}
END_TEST

static const int64_t SETUP_PERFT[] = { 1, 45, 2090, 99242, 4804443 };

START_TEST(test_setup_perft)
{
    struct pos p;
    test_setup_plies(&p, 49);
    ck_assert_int_eq(perft(&p, _i), SETUP_PERFT[_i]);
}
END_TEST

START_TEST(test_setup_root_moves)
{
    struct pos p;
    char s[4096];
    test_setup_plies(&p, 49);
    legal_str(&p, s, sizeof s);
    ck_assert_str_eq(s, TEST_SETUP_MOVES);
    ck_assert_int_eq(G->count_moves(p.b), 45);
    pos_str(&p, s, sizeof s);
    ck_assert_str_eq(s, "dvonn:S:W:B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,B,"
                        "W,B,R,W,B,R,W,B,R,W,B,W,B,W,B,W,B,W,B,W,B,W,B,W,"
                        "B,W,B,W,B,W");
}
END_TEST

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

/* doc/games/dvonn.md: at the start of phase 2 White has as many moves as the
 * on-board neighbours of its perimeter stacks; all perimeter cells
 * together give 90 when no DVONN piece stands on the perimeter. */
START_TEST(test_start_of_stacking_counts)
{
    for (uint64_t seed = 1; seed <= 60; seed++) {
        struct pos p, q;
        char s[4096];
        char arg[32];
        snprintf(arg, sizeof arg, "random=%llu", (unsigned long long)seed);
        setup_args(&p, 1, arg, 0);
        pos_str(&p, s, sizeof s);
        int expect = 0, red_rim = 0;
        const char *f = s + strlen("dvonn:S:W:");
        for (int c = 0; c < 49; c++, f += 2) {
            int deg = test_degree(c);
            if (deg == 6)
                continue;
            if (*f == 'W')
                expect += deg;
            if (*f == 'R')
                red_rim += deg;
        }
        ck_assert_int_eq(G->count_moves(p.b), expect);
        /* Same board, colours swapped: Black's original moves. */
        swap_colours(s);
        s[8] = 'B';
        struct sbuf err = SBUF_INIT;
        ck_assert_int_ne(G->from_string(q.b, s, &err), 0);
        sbuf_free(&err);
        s[8] = 'W';
        load(&q, s);
        ck_assert_int_eq(G->count_moves(p.b) + G->count_moves(q.b),
                         90 - red_rim);
    }
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

/* The side to move is credited with the tallest enemy stack it can land
 * on (a capture about to happen): every other term changes sign with the
 * side to move, so the two sides' values sum to that credit alone. */
static int capture_credit(const char *cells)
{
    struct pos p;
    load_spec(&p, "S", "W", cells);
    int white = G->evaluate(p.b);
    load_spec(&p, "S", "B", cells);
    return white + G->evaluate(p.b);
}

START_TEST(test_eval_capture_credit)
{
    int none = capture_credit("D3=W E3=R F3=BBB K5=R I1=R");
    int two = capture_credit("D3=W E3=BB F3=R K5=R I1=R");
    int three = capture_credit("D3=W E3=BBB F3=R K5=R I1=R");
    ck_assert_int_eq(none, 0);
    ck_assert_int_gt(two, 0);
    ck_assert_int_gt(three, two);
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

/* The shift-based neighbour sets equal the geometry table's, and the
 * cells with split rings found all at once equal those found one by one
 * (on random occupancies, sparse and dense). */
START_TEST(test_spread_matches_table)
{
    for (int s = 0; s < NCELLS; s++) {
        ck_assert_msg(bb_spread(bb_bit(s)) == DV_NBR[s], "cell %d", s);
        ck_assert(flood(bb_bit(s), ALL_CELLS) == ALL_CELLS);
    }
    struct rng r;
    rng_seed(&r, 77);
    for (int k = 0; k < 2000; k++) {
        bb_t occ = (bb_t)rng_below(&r, 1ULL << 49) & (bb_t)rng_below(&r,
                   1ULL << 49);
        occ = k % 2 ? occ : ~occ & ALL_CELLS;
        for (int s = 0; s < NCELLS; s++)
            ck_assert_int_eq((int)((ring_splits(occ) >> s) & 1),
                             ring_split(occ, s));
    }
    bb_t row1 = cells_bb("A1 B1 C1 D1 E1 F1 G1 H1 I1");
    ck_assert(flood(bb_bit(test_cell("A1")), row1) == row1);
    ck_assert(flood(bb_bit(test_cell("A1")), row1 & ~bb_bit(test_cell("E1")))
              == cells_bb("A1 B1 C1 D1"));
}
END_TEST

/* A chain C1-G1 hanging on the DVONN pieces A1-C1: emptying D1 cuts off
 * E1 (black), F1 (white) and G1 (black, 2 pieces); E1 and F1 cut off
 * what lies beyond them, G1 (the end) and the DVONN pieces nothing. */
static const char CHAIN[] = "A1=R B1=R C1=R D1=W E1=B F1=W G1=BB";

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

/* ---- notation (doc/games/dvonn.md) ---------------------------------- */

START_TEST(test_notation_spellings)
{
    struct pos p;
    char s[4096];
    test_setup_plies(&p, 49);
    static const char *const same[] = { "A2A1", "a2a1", "A2-A1", "a2-a1",
                                        "A2-a1" };
    move_t first = MOVE_NONE;
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        move_t m;
        struct sbuf why = SBUF_INIT;
        ck_assert_int_eq(G->parse_move(p.b, same[i], &m, &why),
                         MOVE_PARSE_OK);
        if (i == 0)
            first = m;
        ck_assert_uint_eq(m, first);
        char buf[MOVE_STR_MAX];
        G->format_move(p.b, m, buf);
        ck_assert_str_eq(buf, "A2A1");
        sbuf_free(&why);
    }
    ck_assert_uint_ne(first, MOVE_NONE);
    setup_args(&p, 0, NULL, 0);
    move_t m;
    struct sbuf why = SBUF_INIT;
    ck_assert_int_eq(G->parse_move(p.b, "k5", &m, &why), MOVE_PARSE_OK);
    G->format_move(p.b, m, s);
    ck_assert_str_eq(s, "K5");
    sbuf_free(&why);
}
END_TEST

/* Not DVONN tokens at all, or cells off the board: syntax errors. */
static const char *const BAD_TOKENS[] = {
    "", "E", "E33", "Z9", "A5", "K1", "L3", "E0", "E6", "3E", "E3F4G5",
    "E3--F4", "e3-f4x", "E3_F4", "pass1", "PAS", "passs", " E3", "E3 ",
    "E3F", "E3-", "-E3F4", "\xff\x01", "E3\xc3\xa9", "A1K5K5",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "resign", "E3:F4", "E3 F4", "A1A6"
};

START_TEST(test_hostile_moves)
{
    struct pos p;
    for (int k = 0; k < 2; k++) {
        if (k == 0)
            setup_args(&p, 0, NULL, 0);
        else
            test_setup_plies(&p, 49);
        struct sbuf why = SBUF_INIT;
        move_t m = MOVE_NONE;
        ck_assert_int_eq(G->parse_move(p.b, BAD_TOKENS[_i], &m, &why),
                         MOVE_PARSE_SYNTAX);
        ck_assert_uint_gt(strlen(sbuf_str(&why)), 0);
        ck_assert_ptr_null(strchr(sbuf_str(&why), '\n'));
        sbuf_free(&why);
    }
    char *huge = malloc(1 << 20);
    memset(huge, 'E', (1 << 20) - 1);
    huge[(1 << 20) - 1] = '\0';
    move_t m;
    struct sbuf why = SBUF_INIT;
    ck_assert_int_eq(G->parse_move(p.b, huge, &m, &why), MOVE_PARSE_SYNTAX);
    sbuf_free(&why);
    free(huge);
}
END_TEST

/* ---- position strings (doc/games/dvonn.md) -------------------------- */

/* Malformed or impossible positions; each must be rejected. */
struct bad_pos {
    const char *phase, *side, *spec;   /* spec as mkpos, or NULL: raw */
    const char *raw;
    const char *reason;                /* part of the expected reason */
};

static const struct bad_pos BAD_POSITIONS[] = {
    { NULL, NULL, NULL, "", "expected dvonn" },
    { NULL, NULL, NULL, "dvonn", "expected dvonn" },
    { NULL, NULL, NULL, "dvonn:", "phase" },
    { NULL, NULL, NULL, "DVONN:P:W:.", "expected dvonn" },
    { NULL, NULL, NULL, "cephalopod:3x3:W:......", "expected dvonn" },
    { NULL, NULL, NULL, "dvonn:X:W:.", "phase" },
    { NULL, NULL, NULL, "dvonn:PP:W:.", "phase" },
    { NULL, NULL, NULL, "dvonn:P:", "side" },
    { NULL, NULL, NULL, "dvonn:P:Q:.", "side" },
    { NULL, NULL, NULL, "dvonn:P:W", "side" },
    { NULL, NULL, NULL, "dvonn:P:W:", "blank" },
    { NULL, NULL, NULL, "dvonn:P:W:.,.,.", "expected 49 cells" },
    { NULL, NULL, NULL, "dvonn:P:W:.,", "blank" },
    { "P", "B", "A1=X", NULL, "bad character" },
    { "P", "B", "A1=.R", NULL, "bad character" },
    { "P", "B", "A1=R.", NULL, "bad character" },
    { "S", "W", "A1=RRRR", NULL, "more than 3 red" },
    { "S", "W", "A1=R B1=R C1=R D1=WWWWWWWWWWWWWWWWWWWWWWWW", NULL,
      "more than 23 white" },
    { "S", "W", "A1=R B1=R C1=R D1=BBBBBBBBBBBBBBBBBBBBBBBB", NULL,
      "more than 23 black" },
    /* stacking phase */
    { "S", "W", "A1=R B1=R", NULL, "3 DVONN" },
    { "S", "W", "A1=R B1=R C1=WR", NULL, "cannot top" },
    { "S", "W", "A1=R B1=R C1=R E3=W", NULL, "not connected" },
    { "S", "W", "A1=R B1=WB C1=R D1=R E3=BW", NULL, "not connected" },
    /* placement phase */
    { "P", "W", "A1=RW", NULL, "no stacks" },
    { "P", "B", "A1=R B1=R C1=R D1=B", NULL, "white places piece 5" },
    { "P", "W", "A1=R B1=R C1=W", NULL, "expect 3 red, 0 white, 0 black" },
    { "P", "W", "A1=R B1=R C1=R D1=W", NULL, "expect 3 red, 0 white, 1 black"},
    { "P", "W", "A1=R", NULL, "black places piece 2" },
    { "P", "W", "A1=R B1=B", NULL, "expect 2 red" },
    { "P", "W", "A1=W", NULL, "expect 1 red" },
};

static void fill_full_board(char *out, size_t n, char phase, char side,
                            int swap_first)
{
    /* 3 red, 23 white, 23 black on all 49 cells. */
    int len = snprintf(out, n, "dvonn:%c:%c:", phase, side);
    for (int c = 0; c < 49; c++) {
        char ch = c < 3 ? 'R' : (c & 1) ? 'W' : 'B';
        if (swap_first && c == 48)
            ch = 'W';
        len += snprintf(out + len, n - (size_t)len, "%s%c", c ? "," : "", ch);
    }
}

START_TEST(test_bad_positions)
{
    const struct bad_pos *b = &BAD_POSITIONS[_i];
    char s[4096];
    struct pos p;
    struct sbuf err = SBUF_INIT;
    if (b->spec)
        mkpos(s, sizeof s, b->phase, b->side, b->spec);
    else
        snprintf(s, sizeof s, "%s", b->raw);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_msg(strstr(sbuf_str(&err), b->reason) != NULL,
                  "%s: reason '%s' lacks '%s'", s, sbuf_str(&err), b->reason);
    ck_assert_ptr_null(strchr(sbuf_str(&err), '\n'));
    sbuf_free(&err);
}
END_TEST

START_TEST(test_full_board_positions)
{
    char s[4096];
    struct pos p;
    struct sbuf err = SBUF_INIT;
    fill_full_board(s, sizeof s, 'S', 'W', 0);
    load(&p, s);
    fill_full_board(s, sizeof s, 'S', 'B', 0);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "white makes the first"));
    sbuf_reset(&err);
    fill_full_board(s, sizeof s, 'P', 'W', 0);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "full board"));
    sbuf_reset(&err);
    fill_full_board(s, sizeof s, 'S', 'W', 1);   /* 24 white */
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "more than 23 white"));
    sbuf_free(&err);
    /* A valid placement position, lower case accepted, printed upper. */
    char want[4096];
    mkpos(s, sizeof s, "p", "b", "A1=r B1=r C1=r D1=b E1=w");
    load(&p, s);
    pos_str(&p, s, sizeof s);
    mkpos(want, sizeof want, "P", "B", "A1=R B1=R C1=R D1=B E1=W");
    ck_assert_str_eq(s, want);
    ck_assert_int_eq(G->side_to_move(p.b), 1);
    play_tok(&p, "F1");
    play_tok(&p, "G1");
    pos_str(&p, s, sizeof s);
    ck_assert(strncmp(s, "dvonn:P:B:R,R,R,B,W,B,W,.", 25) == 0);
}
END_TEST

/* 48, 50 and 49-plus-trailing-comma fields are all wrong counts. */
START_TEST(test_field_counts)
{
    static const int nfields[] = { 1, 48, 50, 49 };
    char s[4096];
    struct pos p;
    struct sbuf err = SBUF_INIT;
    int len = snprintf(s, sizeof s, "dvonn:P:W:");
    for (int i = 0; i < nfields[_i]; i++)
        len += snprintf(s + len, sizeof s - (size_t)len, "%s.", i ? "," : "");
    if (_i == 3)
        strcat(s, ",");
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "expected 49 cells"));
    sbuf_free(&err);
    if (_i == 3) {                  /* without the comma it is fine */
        s[len] = '\0';
        load(&p, s);
    }
}
END_TEST

START_TEST(test_hostile_positions)
{
    struct pos p;
    struct sbuf err = SBUF_INIT;
    size_t n = 1 << 20;
    char *s = malloc(n + 1);
    strcpy(s, "dvonn:S:W:");
    memset(s + 10, 'W', n - 10);
    s[n] = '\0';
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    sbuf_reset(&err);
    memset(s + 10, ',', n - 10);
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    sbuf_reset(&err);
    for (size_t i = 10; i < n; i++)
        s[i] = (char)(i * 131 + 7);
    s[n - 1] = '\0';
    ck_assert_int_eq(G->from_string(p.b, s, &err), -1);
    ck_assert_uint_gt(strlen(sbuf_str(&err)), 0);
    free(s);
    sbuf_free(&err);
}
END_TEST

/* ---- setup (doc/protocol.md, doc/games/dvonn.md) -------------------- */

START_TEST(test_setup_random)
{
    struct pos a, b;
    char sa[4096], sb[4096];
    setup_args(&a, 1, "random=12345", 0);
    setup_args(&b, 1, "random=12345", 99);
    pos_str(&a, sa, sizeof sa);
    pos_str(&b, sb, sizeof sb);
    ck_assert_str_eq(sa, sb);
    ck_assert(strncmp(sa, "dvonn:S:W:", 10) == 0);
    int n[3] = { 0, 0, 0 };
    for (const char *c = sa + 10; *c; c++)
        n[0] += *c == 'W', n[1] += *c == 'B', n[2] += *c == 'R';
    ck_assert_int_eq(n[0], 23);
    ck_assert_int_eq(n[1], 23);
    ck_assert_int_eq(n[2], 3);
    setup_args(&b, 1, "random=12346", 0);
    pos_str(&b, sb, sizeof sb);
    ck_assert_str_ne(sa, sb);
    /* Without SEED the engine's seed decides. */
    setup_args(&b, 1, "random", 12345);
    pos_str(&b, sb, sizeof sb);
    ck_assert_str_eq(sa, sb);
    ck_assert_uint_eq(G->hash(b.b), G->hash_full(b.b));
    setup_args(&b, 1, "random=18446744073709551615", 0);
    setup_args(&b, 1, "random=0", 0);
}
END_TEST

static const char *const BAD_SETUP[] = {
    "random=", "random=-1", "random=18446744073709551616", "random=12a",
    "random= 1", "randomx", "RANDOM", "random=+5", "5x5", "", "random=0x10",
    "random=99999999999999999999999999"
};

START_TEST(test_setup_bad_args)
{
    struct pos p;
    struct sbuf err = SBUF_INIT;
    char arg[64];
    snprintf(arg, sizeof arg, "%s", BAD_SETUP[_i]);
    char *argv[2] = { arg, arg };
    ck_assert_int_eq(G->setup(p.b, 1, argv, 0, &err), -1);
    ck_assert_uint_gt(strlen(sbuf_str(&err)), 0);
    sbuf_reset(&err);
    ck_assert_int_eq(G->setup(p.b, 2, argv, 0, &err), -1);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&err), "too many"));
    sbuf_free(&err);
}
END_TEST

/* ---- random playouts ------------------------------------------------ */

/* Checks every contract at one position of a playout. */
static void check_position(const struct pos *p, move_t *mv, int n)
{
    char s[4096], t[4096];
    struct pos q;
    ck_assert_uint_eq(G->hash(p->b), G->hash_full(p->b));
    ck_assert_int_eq(G->count_moves(p->b), n);
    ck_assert_int_le(n, G->max_moves);
    pos_str(p, s, sizeof s);
    load(&q, s);
    pos_str(&q, t, sizeof t);
    ck_assert_str_eq(s, t);
    ck_assert_uint_eq(G->hash(q.b), G->hash(p->b));
    ck_assert_int_eq(G->count_moves(q.b), n);
    ck_assert_int_eq(G->side_to_move(q.b), G->side_to_move(p->b));
    int v = G->evaluate(p->b);
    ck_assert_int_lt(abs(v), EVAL_WIN_MIN / 10);
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
    for (;;) {
        int n = G->gen_moves(p.b, mv);
        check_position(&p, mv, n);
        check_symmetry(&p);
        check_eval_terms(&p);
        check_cuts(&p, mv, n);
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
    check_final(&p);
}
END_TEST

/* ---- diagram -------------------------------------------------------- */

static void check_diagram(const char *d)
{
    ck_assert(*d != '\0');
    ck_assert(d[strlen(d) - 1] == '\n');
    ck_assert_ptr_null(strstr(d, "\n\n"));
    ck_assert(d[0] != '\n');
    ck_assert_ptr_null(strstr(d, " \n"));
}

START_TEST(test_show)
{
    struct pos p;
    struct sbuf out = SBUF_INIT;
    struct show_info info = { NULL, 0, false };
    setup_args(&p, 0, NULL, 0);
    G->show(p.b, &info, &out);
    check_diagram(sbuf_str(&out));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "placement"));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "last move none"));
    sbuf_reset(&out);
    test_setup_plies(&p, 49);
    play_tok(&p, "A2A1");
    struct show_info info2 = { "A2A1", 50, false };
    G->show(p.b, &info2, &out);
    const char *d = sbuf_str(&out);
    check_diagram(d);
    ck_assert_ptr_null(strchr(d, '\033'));
    ck_assert_ptr_nonnull(strstr(d, "5              W1    B1    W1"));
    ck_assert_ptr_nonnull(strstr(d, "1              W2"));
    ck_assert_ptr_nonnull(strstr(d, "R1*"));
    ck_assert_ptr_nonnull(strstr(d, "black to move"));
    ck_assert_ptr_nonnull(strstr(d, "white 24, black 22"));
    ck_assert_ptr_nonnull(strstr(d, "move 50, last move A2A1"));
    ck_assert_ptr_nonnull(strstr(d, "A     B     C"));
    sbuf_reset(&out);
    struct show_info info3 = { "A2A1", 50, true };
    G->show(p.b, &info3, &out);
    check_diagram(sbuf_str(&out));
    ck_assert_ptr_nonnull(strchr(sbuf_str(&out), '\033'));
    sbuf_reset(&out);
    load_spec(&p, "S", "W", "C3=BBW D3=R E3=WWWB K5=R I1=R");
    G->show(p.b, &info, &out);
    check_diagram(sbuf_str(&out));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "game over"));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&out), "W3 "));
    sbuf_free(&out);
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

static Suite *dvonn_suite(void)
{
    Suite *s = suite_create("dvonn");
    TCase *tc = tcase_create("perft");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_placement_perft, 0, 4);
    tcase_add_loop_test(tc, test_setup_perft, 0, 5);
    tcase_add_test(tc, test_setup_root_moves);
    tcase_add_test(tc, test_start_of_stacking_counts);
    suite_add_tcase(s, tc);

    tc = tcase_create("rules");
    tcase_add_test(tc, test_ops_table);
    tcase_add_test(tc, test_placement_order_and_double_turn);
    tcase_add_test(tc, test_edge_stack_not_surrounded);
    tcase_add_test(tc, test_interior_surrounded);
    tcase_add_test(tc, test_jumps);
    tcase_add_test(tc, test_lone_dvonn_never_moves);
    tcase_add_test(tc, test_eval_capture_credit);
    tcase_add_test(tc, test_eval_late_mobility);
    tcase_add_test(tc, test_eval_independent);
    tcase_add_test(tc, test_eval_dead_stacks);
    tcase_add_test(tc, test_eval_placement_order);
    tcase_add_test(tc, test_eval_cut_terms);
    tcase_add_test(tc, test_spread_matches_table);
    tcase_add_test(tc, test_cut_chain);
    tcase_add_test(tc, test_cut_none);
    tcase_add_test(tc, test_dvonn_stack_moves_with_owner);
    tcase_add_test(tc, test_disconnected_group_removed);
    tcase_add_test(tc, test_forced_pass_then_move);
    tcase_add_test(tc, test_pass_illegal_with_moves);
    tcase_add_test(tc, test_game_end_draw);
    suite_add_tcase(s, tc);

    tc = tcase_create("text");
    tcase_add_test(tc, test_notation_spellings);
    tcase_add_loop_test(tc, test_hostile_moves, 0,
                        (int)(sizeof BAD_TOKENS / sizeof BAD_TOKENS[0]));
    tcase_add_loop_test(tc, test_bad_positions, 0,
                        (int)(sizeof BAD_POSITIONS / sizeof BAD_POSITIONS[0]));
    tcase_add_test(tc, test_full_board_positions);
    tcase_add_loop_test(tc, test_field_counts, 0, 4);
    tcase_add_test(tc, test_hostile_positions);
    tcase_add_test(tc, test_setup_random);
    tcase_add_loop_test(tc, test_setup_bad_args, 0,
                        (int)(sizeof BAD_SETUP / sizeof BAD_SETUP[0]));
    tcase_add_test(tc, test_show);
    suite_add_tcase(s, tc);

    tc = tcase_create("playouts");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_playouts, 0, 40);
    suite_add_tcase(s, tc);

    tc = tap_tcase(s, "search", 120);
    tcase_add_test(tc, test_dvonn_win_in_one);
    return s;
}

int main(void)
{
    return tap_main(dvonn_suite());
}
