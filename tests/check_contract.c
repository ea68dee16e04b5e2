/* check_contract.c -- the game_ops contract, checked for EVERY registered
 * game along seeded random games: a game added to games.def is covered
 * without a line here. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "search/perft.h"
#include "gametest.h"
#include "search/search.h"
#include "searchtest.h"
#include "tap_main.h"

#define SEEDS_PER_GAME 6
#define PLY_CAP 600     /* games without a length bound (Truchet) stop here */

static const char *const hostile_moves[] = {
    "", " ", "-", "=", "+", "*", ",", ">", "<", "a", "z9", "A0", "a-", "pass!",
    "a1=", "a1=a1", "a1=b1+", "*,", "*a1,", "a1-a1", "a1>", "a1<", "a1-b2+",
    "99999999999999999999", "\xff\xfe", "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1",
    "resign", "PASS PASS", "e3f4g5", "*z9,a1-b2", "a1>wwwwwwwwwwwwwwwwwwwwww",
};

static const char *const hostile_positions[] = {
    "", ":", "dvonn", "dvonn:", "dvonn:P", "dvonn:P:W", "dvonn:X:W:",
    "truchet:", "truchet:0:L:", "truchet:01:L:a1L1", "cephalopod:",
    "cephalopod:0x0:W:", "cephalopod:9x9:W:", "cephalopod:3x3:W:",
    "cephalopod:3x3:W:......", "cephalopod:3x3:W:../../..",
    "cephalopod:3x3:W:W9..../....../......", "cephalopod:-3x3:W:",
    "nosuchgame:1:2:3",
};

/* Checks that a diagram has no empty line and ends in '\n'. */
static void check_diagram(const struct game_ops *g, const void *st, int ply,
                          const char *last)
{
    struct sbuf out = SBUF_INIT;
    struct show_info info = { last, ply, false };
    g->show(st, &info, &out);
    const char *d = sbuf_str(&out);
    ck_assert_msg(out.len > 0 && d[out.len - 1] == '\n',
                  "%s: diagram does not end in a newline", g->name);
    ck_assert_msg(strstr(d, "\n\n") == NULL && d[0] != '\n',
                  "%s: empty line in the diagram", g->name);
    sbuf_free(&out);
}

/* Position string round trip: the same string and the same hash. */
static void check_round_trip(const struct game_ops *g, const void *st)
{
    struct sbuf text = SBUF_INIT, again = SBUF_INIT, err = SBUF_INIT;
    g->to_string(st, &text);
    ck_assert_int_eq(strncmp(sbuf_str(&text), g->name, strlen(g->name)), 0);
    void *copy = malloc(g->state_size);
    ck_assert_msg(g->from_string(copy, sbuf_str(&text), &err) == 0,
                  "%s: cannot read back %s: %s", g->name, sbuf_str(&text),
                  sbuf_str(&err));
    g->to_string(copy, &again);
    ck_assert_str_eq(sbuf_str(&again), sbuf_str(&text));
    ck_assert_msg(g->hash(copy) == g->hash(st), "%s: hash differs after "
                  "round trip of %s", g->name, sbuf_str(&text));
    ck_assert_int_eq(g->side_to_move(copy), g->side_to_move(st));
    free(copy);
    sbuf_free(&text), sbuf_free(&again), sbuf_free(&err);
}

/* Legal moves format to unique tokens that parse back to them (a sample
 * of at most about MOVES_CHECKED when the list is long: parsing checks
 * legality, so the whole list would cost n squared). */
#define MOVES_CHECKED 200
static void check_moves(const struct game_ops *g, const void *st,
                        const move_t *moves, int n)
{
    char (*text)[MOVE_STR_MAX] = malloc(sizeof *text * (size_t)(n ? n : 1));
    struct sbuf why = SBUF_INIT;
    int stride = n / MOVES_CHECKED + 1;
    for (int i = 0; i < n; i++) {
        if (stride > 1 && i % stride != 0)
            continue;
        ck_assert(moves[i] != MOVE_NONE);
        g->format_move(st, moves[i], text[i]);
        ck_assert_msg(strlen(text[i]) > 0 && strlen(text[i]) < MOVE_STR_MAX,
                      "%s: bad token length", g->name);
        move_t back = MOVE_NONE;
        ck_assert_msg(g->parse_move(st, text[i], &back, &why) ==
                      MOVE_PARSE_OK, "%s: %s does not parse: %s", g->name,
                      text[i], sbuf_str(&why));
        ck_assert_msg(back == moves[i], "%s: %s parses to another move",
                      g->name, text[i]);
    }
    /* distinct tokens: a quadratic check on short lists only */
    if (stride == 1)
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                ck_assert_msg(strcmp(text[i], text[j]) != 0,
                              "%s: %s listed twice", g->name, text[i]);
    free(text);
    sbuf_free(&why);
}

static bool listed(const move_t *moves, int n, move_t m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* is_legal agrees with the list: for every listed move, for the moves of
 * the previous position (what a search remembers from a sibling) and for
 * random values, small (the games' encodings) and large. */
static void check_is_legal(const struct game_ops *g, const void *st,
                           const move_t *moves, int n, const move_t *prev,
                           int nprev, struct rng *rng)
{
    if (!g->is_legal)
        return;
    for (int i = 0; i < n; i++)
        ck_assert_msg(g->is_legal(st, moves[i]), "%s: listed move %u is "
                      "not legal", g->name, (unsigned)moves[i]);
    for (int i = 0; i < nprev; i++)
        ck_assert_msg(g->is_legal(st, prev[i]) == listed(moves, n, prev[i]),
                      "%s: is_legal(%u) disagrees with the list", g->name,
                      (unsigned)prev[i]);
    for (int i = 0; i < 64; i++) {
        move_t m = (move_t)rng_next(rng);
        if (i & 1)
            m &= 0xFFFF;
        ck_assert_msg(g->is_legal(st, m) == listed(moves, n, m),
                      "%s: is_legal(%u) disagrees with the list", g->name,
                      (unsigned)m);
    }
    ck_assert(!g->is_legal(st, MOVE_NONE));
}

/* hash_after predicts the child's hash; a guess may be wrong only
 * rarely: returns how many of the n moves it missed. */
static int hash_after_misses(const struct game_ops *g, const void *st,
                             const move_t *moves, int n, void *child)
{
    int misses = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, moves[i]);
        misses += g->hash_after(st, moves[i]) != g->hash(child);
    }
    return misses;
}

static void check_hostile_moves(const struct game_ops *g, const void *st)
{
    struct sbuf why = SBUF_INIT;
    for (size_t i = 0; i < sizeof hostile_moves / sizeof *hostile_moves; i++) {
        move_t m = MOVE_NONE;
        enum move_parse rc = g->parse_move(st, hostile_moves[i], &m, &why);
        if (rc == MOVE_PARSE_OK) {
            /* a real legal move (e.g. "PASS" where passing is forced) */
            move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
            int n = g->gen_moves(st, moves);
            bool found = false;
            for (int k = 0; k < n; k++)
                found |= moves[k] == m;
            free(moves);
            ck_assert_msg(found, "%s: accepted hostile move '%s'", g->name,
                          hostile_moves[i]);
        }
        sbuf_reset(&why);
    }
    sbuf_free(&why);
}

START_TEST(test_random_games)
{
    const struct game_ops *g = game_at(_i / SEEDS_PER_GAME);
    uint64_t seed = (uint64_t)(_i % SEEDS_PER_GAME) + 1;
    unsigned char *st = malloc(g->state_size);
    unsigned char *child = malloc(g->state_size);
    unsigned char *saved = malloc(g->state_size);
    move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    move_t *prev = malloc(sizeof *prev * (size_t)g->max_moves);
    int nprev = 0;
    long guesses = 0, misses = 0;      /* of hash_after */
    struct sbuf err = SBUF_INIT;
    ck_assert_msg(g->setup(st, 0, NULL, seed, &err) == 0, "%s setup: %s",
                  g->name, sbuf_str(&err));
    struct rng rng;
    rng_seed(&rng, seed);
    char last[MOVE_STR_MAX] = "";
    int cap = g->max_game_plies ? g->max_game_plies : PLY_CAP;
    int ply = 0;
    for (;; ply++) {
        int n = g->gen_moves(st, moves);
        ck_assert(n >= 0 && n <= g->max_moves);
        int margin = -1;
        enum game_status status = g->outcome(st, &margin);
        ck_assert_msg((status == GAME_ONGOING) == (n > 0),
                      "%s: outcome disagrees with the move count", g->name);
        if (g->count_moves)
            ck_assert_int_eq(g->count_moves(st), n);
        if (g->hash_full)
            ck_assert_msg(g->hash_full(st) == g->hash(st),
                          "%s: incremental hash differs at ply %d", g->name,
                          ply);
        int side = g->side_to_move(st);
        ck_assert(side == 0 || side == 1);
        int eval = g->evaluate(st);
        ck_assert(eval > -EVAL_WIN_MIN && eval < EVAL_WIN_MIN);
        if (g->expected_moves_left && n > 0)
            ck_assert_int_ge(g->expected_moves_left(st), 1);
        check_round_trip(g, st);
        check_moves(g, st, moves, n);
        check_is_legal(g, st, moves, n, prev, nprev, &rng);
        if (g->hash_after) {
            guesses += n;
            misses += hash_after_misses(g, st, moves, n, child);
        }
        if (ply % 7 == 0) {
            check_diagram(g, st, ply, ply ? last : NULL);
            check_hostile_moves(g, st);
        }
        if (n == 0) {
            ck_assert(status != GAME_ONGOING);
            if (status == GAME_DRAW)
                ck_assert_int_eq(margin, 0);
            else if (g->score_has_margin)
                ck_assert_msg(margin > 0, "%s: a win by %d", g->name, margin);
            break;
        }
        if (ply >= cap) {
            ck_assert_msg(g->max_game_plies == 0, "%s: game longer than "
                          "max_game_plies", g->name);
            break;
        }
        memcpy(prev, moves, sizeof *moves * (size_t)n);
        nprev = n;
        move_t m = moves[rng_below(&rng, (uint64_t)n)];
        memcpy(saved, st, g->state_size);
        memcpy(child, st, g->state_size);
        g->play(child, m);
        ck_assert_msg(memcmp(saved, st, g->state_size) == 0,
                      "%s: play changed its parent", g->name);
        ck_assert_msg(g->hash(child) != g->hash(st),
                      "%s: a move left the hash unchanged", g->name);
        g->format_move(st, m, last);
        memcpy(st, child, g->state_size);
    }
    ck_assert_msg(misses * 20 <= guesses, "%s: hash_after wrong %ld times "
                  "in %ld", g->name, misses, guesses);
    sbuf_free(&err);
    free(moves), free(prev), free(saved), free(child), free(st);
}
END_TEST

START_TEST(test_perft_one_is_move_count)
{
    const struct game_ops *g = game_at(_i);
    unsigned char *st = malloc(g->state_size);
    move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    struct sbuf err = SBUF_INIT;
    ck_assert(g->setup(st, 0, NULL, 3, &err) == 0);
    struct perft_ctx *p = perft_new(g, 2, NULL);
    ck_assert_int_eq(perft_run(p, st, 0), 1);
    ck_assert_int_eq(perft_run(p, st, 1), g->gen_moves(st, moves));
    /* perft 2 by hand: the sum of perft 1 over the children */
    int n = g->gen_moves(st, moves);
    int64_t sum = 0;
    unsigned char *child = malloc(g->state_size);
    move_t *inner = malloc(sizeof *inner * (size_t)g->max_moves);
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, moves[i]);
        sum += g->gen_moves(child, inner);
    }
    ck_assert_int_eq(perft_run(p, st, 2), sum);
    perft_free(p);
    sbuf_free(&err);
    free(inner), free(child), free(moves), free(st);
}
END_TEST

START_TEST(test_hostile_positions_and_setups)
{
    const struct game_ops *g = game_at(_i);
    unsigned char *st = malloc(g->state_size);
    struct sbuf err = SBUF_INIT;
    for (size_t i = 0; i < sizeof hostile_positions / sizeof *hostile_positions;
         i++) {
        ck_assert_msg(g->from_string(st, hostile_positions[i], &err) != 0,
                      "%s accepted position '%s'", g->name,
                      hostile_positions[i]);
        sbuf_reset(&err);
    }
    static char bad_args[][32] = { "--", "x", "99999999999999999999999",
                                   "layout=", "random=abc", "3x" };
    for (size_t i = 0; i < sizeof bad_args / sizeof *bad_args; i++) {
        char *arg = bad_args[i];
        ck_assert_msg(g->setup(st, 1, &arg, 1, &err) != 0,
                      "%s accepted setup argument '%s'", g->name, arg);
        ck_assert_msg(err.len > 0, "%s: no reason for a bad setup", g->name);
        sbuf_reset(&err);
    }
    static char words[][2] = { "1", "2", "3", "4" };
    char *const too_many[] = { words[0], words[1], words[2], words[3] };
    ck_assert(g->setup(st, 4, too_many, 1, &err) != 0);
    sbuf_free(&err);
    free(st);
}
END_TEST

START_TEST(test_setup_is_deterministic)
{
    const struct game_ops *g = game_at(_i);
    unsigned char *a = malloc(g->state_size);
    unsigned char *b = malloc(g->state_size);
    struct sbuf err = SBUF_INIT;
    ck_assert(g->setup(a, 0, NULL, 99, &err) == 0);
    ck_assert(g->setup(b, 0, NULL, 99, &err) == 0);
    ck_assert(g->hash(a) == g->hash(b));
    sbuf_free(&err);
    free(a), free(b);
}
END_TEST

/* Sets *st up from the single setup word prefix + number. */
static int setup_word(const struct game_ops *g, void *st, unsigned long v,
                      uint64_t seed)
{
    char word[64];
    snprintf(word, sizeof word, "%s%lu", g->random_start_prefix, v);
    char *argv[] = { word, NULL };
    struct sbuf err = SBUF_INIT;
    int rc = g->setup(st, 1, argv, seed, &err);
    sbuf_free(&err);
    return rc;
}

/* The facts triad-match takes from game_ops: a GM number of its own, and
 * a random start word that decides the start alone (both engines of a
 * pair, seeded differently, must get the same start) and differs from
 * number to number. */
START_TEST(test_tool_facts)
{
    const struct game_ops *g = game_at(_i);
    ck_assert_int_ge(g->sgf_gm, 0);
    for (int k = 0; k < game_count(); k++)
        ck_assert(k == _i || g->sgf_gm == 0 ||
                  game_at(k)->sgf_gm != g->sgf_gm);
    if (!g->random_start_prefix) {
        ck_assert(!g->random_start_always);
        return;
    }
    unsigned char *a = malloc(g->state_size);
    unsigned char *b = malloc(g->state_size);
    ck_assert_int_eq(setup_word(g, a, 2147483647UL, 1), 0);
    ck_assert_int_eq(setup_word(g, b, 2147483647UL, 2), 0);
    ck_assert(g->hash(a) == g->hash(b));
    ck_assert_int_eq(setup_word(g, a, 1, 1), 0);
    ck_assert_int_eq(setup_word(g, b, 2, 1), 0);
    ck_assert(g->hash(a) != g->hash(b));
    free(a), free(b);
}
END_TEST

/* ---- the shared search on every game ---------------------------------- */

/* Every game's optional symmetric hash is a function of the position:
 * the same position, copied or read back from its string, hashes alike. */
START_TEST(test_symmetric_hash_contract)
{
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        if (!g->hash_symmetric)
            continue;
        unsigned char *st = malloc(g->state_size);
        unsigned char *copy = malloc(g->state_size);
        move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
        ck_assert(st && copy && mv);
        gt_setup(g, st, 0, NULL, 3);
        struct rng r;
        rng_seed(&r, 5);
        for (int ply = 0; ply < 40; ply++) {
            memcpy(copy, st, g->state_size);
            ck_assert(g->hash_symmetric(copy) == g->hash_symmetric(st));
            struct sbuf b = SBUF_INIT;
            g->to_string(st, &b);
            gt_load(g, copy, sbuf_str(&b));
            sbuf_free(&b);
            ck_assert(g->hash(copy) == g->hash(st));
            ck_assert(g->hash_symmetric(copy) == g->hash_symmetric(st));
            int n = g->gen_moves(st, mv);
            if (n == 0)
                break;
            g->play(st, mv[rng_below(&r, (uint64_t)n)]);
        }
        free(mv);
        free(copy);
        free(st);
    }
}
END_TEST

/* `auto` asks each game which method to use (Cephalopod prefers MCTS,
 * which reports playouts; DVONN's stacking phase alpha-beta, none). */
START_TEST(test_auto_follows_game_preference)
{
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        unsigned char *st = malloc(g->state_size);
        ck_assert_ptr_nonnull(st);
        gt_setup(g, st, 0, NULL, 5);
        struct search *s = search_new(g, 2);
        ck_assert_ptr_nonnull(s);
        struct search_limits l = srch_limits(SEARCH_AUTO);
        l.max_nodes = 5000;
        struct search_result r;
        ck_assert_int_eq(search_run(s, st, &l, &r), 0);
        ck_assert(gt_is_legal(g, st, r.best));
        bool mcts = g->prefers_mcts && g->prefers_mcts(st);
        ck_assert_msg((r.playouts > 0) == mcts, "%s: auto used %s", g->name,
                      r.playouts > 0 ? "MCTS" : "alpha-beta");
        search_free(s);
        free(st);
    }
}
END_TEST

/* Every method plays legal moves through whole games of every real game,
 * with the same side moving twice (DVONN ply 50, passes) and a draw
 * horizon for Truchet. */
START_TEST(test_real_games_play_out)
{
    const struct game_ops *g = game_at(_i % game_count());
    enum search_method m = srch_methods[_i / game_count()];
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    gt_setup(g, st, 0, NULL, 99);
    struct search *s = search_new(g, 2);
    ck_assert_ptr_nonnull(s);
    int ply = 0;
    for (; ply < 50 && g->outcome(st, NULL) == GAME_ONGOING; ply++) {
        struct search_limits l = srch_limits(m);
        l.max_nodes = m == SEARCH_PLAIN_MCTS ? 30 : 2000;
        l.seed = (uint64_t)ply;
        l.plies_left = 50 - ply;
        struct search_result r;
        ck_assert_int_eq(search_run(s, st, &l, &r), 0);
        ck_assert(gt_is_legal(g, st, r.best));
        g->play(st, r.best);
    }
    /* A game that ended early really has no move left (Truchet can end
     * in 15 plies, a toy game sooner). */
    move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
    ck_assert_ptr_nonnull(mv);
    ck_assert(ply == 50 || g->gen_moves(st, mv) == 0);
    free(mv);
    search_free(s);
    free(st);
}
END_TEST

static Suite *contract_suite(void)
{
    Suite *s = suite_create("contract");
    TCase *tc = tcase_create("every game");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_games, 0,
                        game_count() * SEEDS_PER_GAME);
    tcase_add_loop_test(tc, test_perft_one_is_move_count, 0, game_count());
    tcase_add_loop_test(tc, test_hostile_positions_and_setups, 0,
                        game_count());
    tcase_add_loop_test(tc, test_setup_is_deterministic, 0, game_count());
    tcase_add_loop_test(tc, test_tool_facts, 0, game_count());
    suite_add_tcase(s, tc);

    tc = tap_tcase(s, "search", 120);
    tcase_add_test(tc, test_symmetric_hash_contract);
    tcase_add_test(tc, test_auto_follows_game_preference);
    tcase_add_loop_test(tc, test_real_games_play_out, 0,
                        game_count() * SRCH_METHODS);
    return s;
}

int main(void)
{
    return tap_main(contract_suite());
}
