/* check_cephalopod_play.c -- Cephalopod in play: random playouts with round
 * trips, the evaluation, the shared search and solver (lone moves, the
 * symmetric hash, endgames). */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cephalopodtest.h"
#include "core/rng.h"
#include "searchtest.h"
#include "tap_main.h"

/* ---- random playouts: round trips, hashing, termination ---------------- */

static void check_moves_round_trip(const void *st, const move_t *moves, int n)
{
    char seen[1024][MOVE_STR_MAX];
    ck_assert_int_le(n, 1024);
    for (int i = 0; i < n; i++) {
        char why[128];
        move_t back = MOVE_NONE;
        ck_assert_uint_ne(moves[i], MOVE_NONE);
        G->format_move(st, moves[i], seen[i]);
        ck_assert_int_eq(parse(st, seen[i], &back, why, sizeof why),
                         MOVE_PARSE_OK);
        ck_assert_uint_eq(back, moves[i]);
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(seen[i], seen[j]);
    }
}

static void check_position_round_trip(const void *st)
{
    unsigned char copy[STATE_MAX];
    char a[256], b[256];
    pos_str(st, a, sizeof a);
    load(copy, a);
    pos_str(copy, b, sizeof b);
    ck_assert_str_eq(a, b);
    ck_assert_uint_eq(G->hash(copy), G->hash(st));
    ck_assert_int_eq(memcmp(copy, st, G->state_size), 0);
}

/* Dice counts from the position string, to check outcome(). */
static void count_dice(const void *st, int *white, int *black)
{
    char s[256];
    pos_str(st, s, sizeof s);
    *white = *black = 0;
    for (const char *p = strchr(s + strlen("cephalopod:"), ':') + 3; *p; p++) {
        *white += *p == 'W';
        *black += *p == 'B';
    }
}

static const char *const PLAYOUT_SIZES[] = {
    "5x5", "3x3", "3x5", "5x3", "8x8", "2x2", "7x4", "4x6",
    "1x1", "1x8", "8x1", "1x5"
};

START_TEST(test_random_playouts)
{
    const char *size = PLAYOUT_SIZES[_i % NELEM(PLAYOUT_SIZES)];
    unsigned char st[STATE_MAX];
    struct rng r;
    rng_seed(&r, 1000 + (uint64_t)_i);
    setup_size(st, size);
    move_t moves[1024];
    int plies = 0;
    for (;;) {
        ck_assert_uint_eq(G->hash(st), G->hash_full(st));
        check_position_round_trip(st);
        int n = G->gen_moves(st, moves);
        ck_assert_int_le(n, G->max_moves);
        ck_assert_int_eq(G->count_moves(st), n);
        ck_assert_int_eq(n == 0, G->outcome(st, NULL) != GAME_ONGOING);
        if (n == 0)
            break;
        check_moves_round_trip(st, moves, n);
        int v = G->evaluate(st);
        ck_assert_int_lt(abs(v), EVAL_WIN_MIN / 10);
        int side = G->side_to_move(st);
        uint64_t before = G->hash(st);
        G->play(st, moves[rng_below(&r, (uint64_t)n)]);
        ck_assert_int_eq(G->side_to_move(st), 1 - side);
        ck_assert_uint_ne(G->hash(st), before);
        plies++;
        ck_assert_int_le(plies, G->max_game_plies);
    }
    int margin, white, black;
    enum game_status g = G->outcome(st, &margin);
    count_dice(st, &white, &black);
    ck_assert_int_eq(margin, abs(white - black));
    ck_assert_int_eq(g, white > black ? GAME_WIN_FIRST
                      : white < black ? GAME_WIN_SECOND : GAME_DRAW);
}
END_TEST

/* ---- evaluation -------------------------------------------------------- */

/* The numbers below are worked out from cephalopod.c's own weights:
 * change detectors that tuning changes.  The end of the test checks what
 * the evaluation must do whatever the weights. */
START_TEST(test_evaluate)
{
    unsigned char st[STATE_MAX];
    /* equal dice, tempo 50, best swing 2 dice (40 each), all four dice
     * exposed (two each side), no 6 */
    load(st, CROSS);
    ck_assert_int_eq(G->evaluate(st), 50 + 80);
    load(st, "cephalopod:5x5:B:........../....W3..../..W1..B1../"
             "....B2..../..........");
    ck_assert_int_eq(G->evaluate(st), 50 + 80);
    /* one die up with a 6: 100 + 50 tempo + 10; from black's side -60 */
    load(st, "cephalopod:3x3:W:W6..../....../......");
    ck_assert_int_eq(G->evaluate(st), 160);
    load(st, "cephalopod:3x3:B:W6..../....../......");
    ck_assert_int_eq(G->evaluate(st), -60);
    /* a line, and the same line turned: one die down (-100), tempo 50,
     * the capture of both black dice at the gap (80), both exposed (30) */
    load(st, "cephalopod:1x4:W:B1/../B2/W3");
    ck_assert_int_eq(G->evaluate(st), -100 + 50 + 80 + 30);
    load(st, "cephalopod:4x1:W:W3B2..B1");
    ck_assert_int_eq(G->evaluate(st), -100 + 50 + 80 + 30);
    /* the gap's capture takes a die of each side: no swing, one exposed
     * die each, only the tempo */
    load(st, "cephalopod:1x3:W:B2/../W3");
    ck_assert_int_eq(G->evaluate(st), 50);
    /* swapping colours and side negates nothing but the point of view */
    load(st, "cephalopod:3x3:W:W1..B2/B3..../......");
    int a = G->evaluate(st);
    load(st, "cephalopod:3x3:B:B1..W2/W3..../......");
    ck_assert_int_eq(G->evaluate(st), a);
    /* White far ahead (four dice to one): good for White whoever is to
     * move, so positive for White to move and negative for Black. */
    static const char *const ahead =
        "cephalopod:5x5:%c:W2..W3..../..W1....../........B1/"
        "........W4/..........";
    char pos[128];
    snprintf(pos, sizeof pos, ahead, 'W');
    load(st, pos);
    int white = G->evaluate(st);
    ck_assert_int_gt(white, 0);
    snprintf(pos, sizeof pos, ahead, 'B');
    load(st, pos);
    ck_assert_int_lt(G->evaluate(st), 0);
    /* One more white die (far from the others) is better for White. */
    load(st, "cephalopod:5x5:W:W2..W3..../..W1....../........B1/"
             "........W4/W1........");
    ck_assert_int_gt(G->evaluate(st), white);
}
END_TEST

/* ---- search (the shared search on Cephalopod) ------------------------- */

/* 3x3, White to move: of six moves only the capture b1=a1+b2 keeps the
 * win (found and checked by the exhaustive reference). */
#define CEPH_CAPTURE "cephalopod:3x3:W:..B5../B6B1W5/B1..W1"

START_TEST(test_cephalopod_capture_wins)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    gt_load(g, st, CEPH_CAPTURE);
    int ref = ref_value(g, st, 0, 0);
    ck_assert_int_gt(ref, 0);
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    srch_assert_best(g, st, &r, "b1=a1+b2");
    srch_assert_exact(&r, ref);
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    ck_assert(r.proven);
    srch_assert_best(g, st, &r, "b1=a1+b2");
    ck_assert_int_eq(r.margin, ref - 1);
    l = srch_limits(SEARCH_MCTS);
    l.max_nodes = 200000;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    srch_assert_best(g, st, &r, "b1=a1+b2");
    search_free(s);
    free(st);
}
END_TEST

/* Under a clock a lone legal move is played at once by every method that
 * searches (one empty cell, no capture there). */
START_TEST(test_lone_move_under_clock)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    gt_load(g, st, "cephalopod:3x3:W:B6W6B6/W6..W6/B6W6B6");
    struct search *s = search_new(g, 2);
    ck_assert_ptr_nonnull(s);
    static const enum search_method methods[] = {
        SEARCH_AUTO, SEARCH_ALPHABETA, SEARCH_MCTS
    };
    for (int i = 0; i < 3; i++) {
        struct search_limits l = srch_limits(methods[i]);
        l.seconds = 30;
        struct search_result r;
        ck_assert_int_eq(search_run(s, st, &l, &r), 0);
        ck_assert(gt_is_legal(g, st, r.best));
        ck_assert_uint_le(r.nodes, 1);           /* played at once */
    }
    search_free(s);
    free(st);
}
END_TEST

/* A Cephalopod position string cut into its cells: two characters each
 * ("W3", ".."), rows top first as the string has them. */
struct ceph_grid {
    int w, h;
    char side;
    char cell[8][8][3];
};

static void grid_read(struct ceph_grid *gr, const char *pos)
{
    ck_assert_int_eq(sscanf(pos, "cephalopod:%dx%d:%c:", &gr->w, &gr->h,
                            &gr->side), 3);
    const char *s = strchr(strchr(pos, ':') + 1, ':') + 3;
    for (int r = 0; r < gr->h; r++, s++)
        for (int c = 0; c < gr->w; c++, s += 2)
            snprintf(gr->cell[r][c], 3, "%.2s", s);
}

static void grid_write(const struct ceph_grid *gr, char *buf, size_t size)
{
    int n = snprintf(buf, size, "cephalopod:%dx%d:%c:", gr->w, gr->h,
                     gr->side);
    for (int r = 0; r < gr->h; r++) {
        for (int c = 0; c < gr->w; c++)
            n += snprintf(buf + n, size - (size_t)n, "%s", gr->cell[r][c]);
        if (r + 1 < gr->h)
            n += snprintf(buf + n, size - (size_t)n, "/");
    }
}

/* The other colour's letter. */
static char swap_colour(char c)
{
    return c == 'W' ? 'B' : c == 'B' ? 'W' : c;
}

/* Image t of a position: bit 0 mirrors the columns, bit 1 the rows, bit
 * 2 transposes (square boards only), bit 3 swaps the colours and the side
 * to move (the same game for the side to move).  Written apart from the
 * game's own code on purpose. */
static void grid_image(const struct ceph_grid *in, int t,
                       struct ceph_grid *out)
{
    *out = *in;
    for (int r = 0; r < in->h; r++)
        for (int c = 0; c < in->w; c++) {
            int rr = t & 2 ? in->h - 1 - r : r;
            int cc = t & 1 ? in->w - 1 - c : c;
            char *to = t & 4 ? out->cell[cc][rr] : out->cell[rr][cc];
            memcpy(to, in->cell[r][c], 3);
            if (t & 8)
                to[0] = swap_colour(to[0]);
        }
    if (t & 8)
        out->side = swap_colour(in->side);
}

/* Whether image t exists on the board: transposes need a square, and a
 * position whose dice all show 1 has no colour swap (the swap breaks the
 * dice count that such a position must have, so it cannot be read). */
static bool grid_has_image(const struct ceph_grid *gr, int t)
{
    if (gr->w != gr->h && (t & 4))
        return false;
    if (!(t & 8))
        return true;
    for (int r = 0; r < gr->h; r++)
        for (int c = 0; c < gr->w; c++)
            if (gr->cell[r][c][0] != '.' && gr->cell[r][c][1] != '1')
                return true;
    return false;
}

#define POS_MAX 256

/* Positions of a few random games on a board of the given size. */
static int random_ceph_positions(const char *size, char (*pos)[POS_MAX],
                                 int max, uint64_t seed)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
    ck_assert(st && mv);
    struct rng r;
    rng_seed(&r, seed);
    char *argv[] = { (char *)size };
    int count = 0;
    for (int game = 0; game < 3 && count < max; game++) {
        gt_setup(g, st, 1, argv, 0);
        int n;
        while (count < max && (n = g->gen_moves(st, mv)) > 0) {
            g->play(st, mv[rng_below(&r, (uint64_t)n)]);
            struct sbuf b = SBUF_INIT;
            g->to_string(st, &b);
            snprintf(pos[count++], POS_MAX, "%s", sbuf_str(&b));
            sbuf_free(&b);
        }
    }
    free(mv);
    free(st);
    return count;
}

static uint64_t symmetric_hash_of(const char *pos)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    gt_load(g, st, pos);
    uint64_t h = g->hash_symmetric(st);
    free(st);
    return h;
}

/* The images of each position (16 on a square, 8 on a rectangle, colour
 * swaps included), as strings, and their symmetric hashes, which must all
 * be equal. */
struct images {
    int count;
    char pos[16][POS_MAX];
};

static uint64_t images_of(const char *pos, struct images *im)
{
    struct ceph_grid gr, img;
    grid_read(&gr, pos);
    uint64_t h = symmetric_hash_of(pos);
    im->count = 0;
    for (int t = 0; t < 16; t++) {
        if (!grid_has_image(&gr, t))
            continue;
        grid_image(&gr, t, &img);
        char *text = im->pos[im->count++];
        grid_write(&img, text, POS_MAX);
        ck_assert_msg(symmetric_hash_of(text) == h, "%s vs %s", pos, text);
    }
    return h;
}

static bool is_image(const struct images *im, const char *pos)
{
    for (int t = 0; t < im->count; t++)
        if (strcmp(im->pos[t], pos) == 0)
            return true;
    return false;
}

/* The images of a position (colour swaps included) share its symmetric
 * hash, and any position that is not an image has another (pairs of positions of random games
 * on a square and on a rectangle). */
static const char *const sym_sizes[] = { "3x3", "5x5", "4x3", "1x7", "6x1" };

START_TEST(test_cephalopod_symmetric_hash)
{
    enum { MAX = 120 };
    char (*pos)[POS_MAX] = malloc(sizeof(char[POS_MAX]) * MAX);
    struct images *im = malloc(sizeof *im * MAX);
    uint64_t *hs = malloc(sizeof *hs * MAX);
    ck_assert(pos && im && hs);
    int n = random_ceph_positions(sym_sizes[_i], pos, MAX, 77 + (uint64_t)_i);
    ck_assert_int_ge(n, 20);
    for (int i = 0; i < n; i++)
        hs[i] = images_of(pos[i], &im[i]);
    int distinct = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            bool image = is_image(&im[i], pos[j]);
            if ((hs[i] == hs[j]) != image)   /* no ck_assert per pair */
                ck_abort_msg("%s vs %s: image %d", pos[i], pos[j], image);
            distinct += !image;
        }
    ck_assert_int_gt(distinct, n);
    free(hs);
    free(im);
    free(pos);
}
END_TEST

/* 3x3 endgames with three empty cells (found by random play; values from
 * the exhaustive reference): winning with one good move of three, and
 * losing whatever the side to move does. */
static const char *const ceph_endgames[] = {
    "cephalopod:3x3:W:W1B1../..W6B4/W6B1..",
    "cephalopod:3x3:B:..B4../..W6W1/B1W1B6",
    "cephalopod:3x3:W:B1B6../B6..../W6B1W2",
    "cephalopod:3x3:B:..B1W1/W6..W6/..W2B1",
};

/* A new searcher of g with a 4 MiB table proves st to have the value
 * want (ref_value's encoding); its move, which is legal, is returned. */
static move_t assert_solves(const struct game_ops *g, const void *st,
                            int want)
{
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    search_free(s);
    srch_assert_exact(&r, want);
    ck_assert(gt_is_legal(g, st, r.best));
    return r.best;
}

/* The solver (table keyed by the symmetric hash, so entries of mirror
 * images meet) proves the reference value with a legal move that keeps
 * it, for the position and for its transposed image with the colours
 * swapped. */
START_TEST(test_solve_cephalopod_endgames)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    unsigned char *child = malloc(g->state_size);
    ck_assert(st && child);
    struct ceph_grid gr, img;
    grid_read(&gr, ceph_endgames[_i / 2]);
    grid_image(&gr, _i % 2 ? 4 | 8 : 0, &img);
    char pos[POS_MAX];
    grid_write(&img, pos, sizeof pos);
    gt_load(g, st, pos);
    int ref = ref_value(g, st, 0, 0);
    memcpy(child, st, g->state_size);
    g->play(child, assert_solves(g, st, ref));
    int v = ref_value(g, child, 0, 0);
    ck_assert_int_eq(g->side_to_move(child) == g->side_to_move(st) ? v : -v,
                     ref);
    free(child);
    free(st);
}
END_TEST

/* The empty boards one cell wide, 1x1 to 1x8 and 8x1 to 2x1: White wins
 * by one die on an odd number of cells, even ones are draws (the values
 * of scripts/cephalopod_ref.py solve, an exhaustive minimax written from
 * the rules; up to 5 cells also ref_value's here).  Both solvers prove
 * it (the fast one of packed positions and the generic one), with a move
 * that keeps it, and both players find a legal move. */
START_TEST(test_solve_line)
{
    int cells = 1 + _i / 2;
    char size[8];
    snprintf(size, sizeof size, _i % 2 ? "%dx1" : "1x%d", cells);
    int want = cells % 2 ? 2 : 0;       /* ref_value: win by 1, or draw */
    struct game_ops generic = cephalopod_ops;
    generic.packed = NULL;
    const struct game_ops *solvers[] = { &cephalopod_ops, &generic };
    unsigned char st[STATE_MAX], child[STATE_MAX];
    setup_size(st, size);
    if (cells <= 5)
        ck_assert_int_eq(ref_value(G, st, 0, 0), want);
    for (size_t i = 0; i < NELEM(solvers); i++) {
        move_t best = assert_solves(solvers[i], st, want);
        if (cells <= 5) {
            memcpy(child, st, G->state_size);
            G->play(child, best);
            ck_assert_int_eq(-ref_value(G, child, 0, 0), want);
        }
    }
    static const enum search_method players[] = {
        SEARCH_ALPHABETA, SEARCH_MCTS
    };
    struct search *s = search_new(G, 4);
    ck_assert_ptr_nonnull(s);
    for (size_t i = 0; i < NELEM(players); i++) {
        struct search_limits l = srch_limits(players[i]);
        l.max_nodes = 5000;
        struct search_result r;
        ck_assert_int_eq(search_run(s, st, &l, &r), 0);
        ck_assert(gt_is_legal(G, st, r.best));
    }
    search_free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cephalopod_play");
    TCase *tc = tap_tcase(s, "playouts", 120);
    tcase_add_loop_test(tc, test_random_playouts, 0,
                        3 * NELEM(PLAYOUT_SIZES));
    tc = tcase_create("eval");
    suite_add_tcase(s, tc);
    tcase_add_test(tc, test_evaluate);
    tc = tap_tcase(s, "search", 120);
    tcase_add_test(tc, test_cephalopod_capture_wins);
    tcase_add_test(tc, test_lone_move_under_clock);
    tcase_add_loop_test(tc, test_cephalopod_symmetric_hash, 0,
                        NELEM(sym_sizes));
    tcase_add_loop_test(tc, test_solve_cephalopod_endgames, 0,
                        2 * NELEM(ceph_endgames));
    tcase_add_loop_test(tc, test_solve_line, 0, 16);
    return tap_main(s);
}
