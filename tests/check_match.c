/* check_match.c -- unit tests of triad-match: statistics against values
 * computed by hand, option parsing, per-pair openings, SGF records (round
 * trip, hostile input, replay) and the engine client against tiny shell
 * "engines".  Whole matches are tested by the scripts in tests/match. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "games/games.h"
#include "match/engine.h"
#include "match/merge.h"
#include "match/opening.h"
#include "match/pairs.h"
#include "match/options.h"
#include "record/record.h"
#include "record/sgf.h"
#include "match/assess.h"
#include "match/stats.h"
#include "match/table.h"
#include "tap_main.h"

/* ---- statistics ---------------------------------------------------- */

/* 60 wins, 30 losses, 10 draws out of 100 (by hand):
 *   p = 0.60 + 0.10 / 2 = 0.65
 *   var = 0.6 (0.35)^2 + 0.3 (0.65)^2 + 0.1 (0.15)^2 = 0.2025, sd = 0.45
 *   Elo = -400 log10(1/0.65 - 1) = 107.538
 *   dev = 1.959964 * 0.45 / sqrt(100) = 0.088198, interval 0.5618..0.7382
 *   margin = (Elo(0.738198) - Elo(0.561802)) / 2 = (180.08 - 43.16) / 2
 *          = 68.458
 *   LOS = 0.5 (1 + erf(30 / sqrt(180))) = 0.999217
 *   SPRT elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1 / (1 + 10^-0.025)
 *   = 0.514387; LLR = 100 * 0.014387 * (1.3 - 1.014387) / (2 * 0.2025)
 *   = 1.01461; bounds log(0.05/0.95) = -2.94444 and +2.94444. */
START_TEST(test_elo_60_30_10)
{
    struct score s = { 60, 30, 10 };
    struct elo_estimate e;
    stats_estimate(&s, &e);
    ck_assert_double_eq_tol(e.ratio, 0.65, 1e-12);
    ck_assert_double_eq_tol(e.elo, 107.538, 1e-3);
    ck_assert_double_eq_tol(e.margin, 68.458, 1e-3);
    ck_assert_double_eq_tol(e.los, 0.999217, 1e-6);
    ck_assert_double_eq_tol(e.draw_ratio, 0.1, 1e-12);
    struct sprt_params p = { 0, 10, 0.05, 0.05, SPRT_TRINOMIAL };
    ck_assert_double_eq_tol(stats_sprt_llr(&s, &p), 1.01461, 1e-5);
    double lo;
    double hi;
    stats_sprt_bounds(&p, &lo, &hi);
    ck_assert_double_eq_tol(lo, -2.944439, 1e-6);
    ck_assert_double_eq_tol(hi, 2.944439, 1e-6);
    ck_assert_int_eq(stats_sprt_verdict(&s, NULL, &p), SPRT_CONTINUE);
}
END_TEST

/* 1000 - 900 - 2100 (4000 games): p = 0.5125, var = 0.11859375,
 * Elo 8.688 +/- 7.421, LOS 0.989109; SPRT (0, 5): LLR 2.16045 (continue);
 * the same proportions over twice the games: LLR doubles to 4.3209
 * (H1); the mirror 900 - 1000 - 2100 twice over: LLR -5.3... (H0). */
START_TEST(test_sprt_verdicts)
{
    struct sprt_params p = { 0, 5, 0.05, 0.05, SPRT_TRINOMIAL };
    struct score s = { 1000, 900, 2100 };
    struct elo_estimate e;
    stats_estimate(&s, &e);
    ck_assert_double_eq_tol(e.elo, 8.6877, 1e-3);
    ck_assert_double_eq_tol(e.margin, 7.4215, 1e-3);
    ck_assert_double_eq_tol(e.los, 0.989109, 1e-6);
    ck_assert_double_eq_tol(stats_sprt_llr(&s, &p), 2.160448, 1e-5);
    ck_assert_int_eq(stats_sprt_verdict(&s, NULL, &p), SPRT_CONTINUE);
    struct score twice = { 2000, 1800, 4200 };
    ck_assert_double_eq_tol(stats_sprt_llr(&twice, &p), 4.320897, 1e-5);
    ck_assert_int_eq(stats_sprt_verdict(&twice, NULL, &p), SPRT_H1);
    struct score worse = { 1800, 2000, 4200 };
    ck_assert(stats_sprt_llr(&worse, &p) < -2.944439);
    ck_assert_int_eq(stats_sprt_verdict(&worse, NULL, &p), SPRT_H0);
}
END_TEST

START_TEST(test_stats_edges)
{
    struct elo_estimate e;
    struct score none = { 0, 0, 0 };
    stats_estimate(&none, &e);
    ck_assert_double_eq(e.ratio, 0.5);
    ck_assert_double_eq(e.los, 0.5);
    struct score all = { 7, 0, 0 };
    stats_estimate(&all, &e);
    ck_assert(isinf(e.elo) && e.elo > 0);
    ck_assert(isinf(e.margin));
    struct score lost = { 0, 7, 0 };
    stats_estimate(&lost, &e);
    ck_assert(isinf(e.elo) && e.elo < 0);
    struct score draws = { 0, 0, 9 };
    stats_estimate(&draws, &e);
    ck_assert_double_eq(e.elo, 0);
    ck_assert_double_eq(e.los, 0.5);
    struct sprt_params p = { -5, 5, 0.05, 0.05, SPRT_TRINOMIAL };
    ck_assert_double_eq(stats_sprt_llr(&draws, &p), 0);
    ck_assert_double_eq(stats_sprt_llr(&none, &p), 0);
    ck_assert_double_eq(stats_sprt_llr(&all, &p), 0);   /* no loss yet */
    struct sprt_params p10 = { 0, 10, 0.05, 0.05, SPRT_TRINOMIAL };
    struct score one_each = { 1, 1, 0 };
    /* n = 2, p = 0.5, var = 0.25: 2 * 0.014387 * -0.014387 / 0.5 */
    ck_assert_double_eq_tol(stats_sprt_llr(&one_each, &p10), -0.000828,
                            1e-6);
    struct score a = { 12, 5, 3 };
    struct score b = { 5, 12, 3 };
    ck_assert_double_eq_tol(stats_los(&a) + stats_los(&b), 1, 1e-12);
    ck_assert_double_eq_tol(stats_elo_of(0.75), 190.849, 1e-3);
}
END_TEST

START_TEST(test_stats_print)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(f);
    struct score s = { 60, 30, 10 };
    struct sprt_params p = { 0, 10, 0.05, 0.05, SPRT_PENTANOMIAL };
    stats_print(f, "A", "B", &s, NULL, &p);
    fclose(f);
    ck_assert_str_eq(text,
        "Score of A vs B: 60 - 30 - 10 [0.650] 100\n"
        "Elo difference: 107.5 +/- 68.5, LOS: 99.9 %, DrawRatio: 10.0 %\n"
        "SPRT: elo0 0, elo1 10, alpha 0.05, beta 0.05, trinomial: llr 1.01 "
        "(34.5%), lbound -2.94, ubound 2.94 - continue\n");
    free(text);
    /* The same games as 50 pairs (5 LL, 10 WL, 10 DD... see the counts):
     * both models printed, the pentanomial one deciding; the values
     * themselves are checked against an independent computation in
     * tests/match/pentanomial.sh. */
    struct pairs pairs = { { 5, 0, 25, 10, 10 }, 2 };
    f = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(f);
    stats_print(f, "A", "B", &s, &pairs, &p);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "\nPairs: 50 (LL 5, LD 0, DD+WL 25, "
                                 "WD 10, WW 10), Elo "));
    ck_assert_ptr_nonnull(strstr(text, "\nPairs left out: 2 (a forfeit"));
    ck_assert_ptr_nonnull(strstr(text, "\nSPRT: elo0 0, elo1 10, alpha "
                                 "0.05, beta 0.05, pentanomial: llr "));
    ck_assert_ptr_nonnull(strstr(text, "\nSPRT by the trinomial model (not "
                                 "deciding): llr 1.01 (34.5%) - continue\n"));
    free(text);
}
END_TEST

/* A pair's outcome is A's points over both games; the other engine's
 * row of the table holds the mirror image; a broken pair counts in both
 * rows and in no outcome. */
START_TEST(test_pair_table)
{
    ck_assert_int_eq(pairs_outcome(-1, -1), PAIR_LL);
    ck_assert_int_eq(pairs_outcome(0, -1), PAIR_LD);
    ck_assert_int_eq(pairs_outcome(1, -1), PAIR_DD_WL);
    ck_assert_int_eq(pairs_outcome(0, 0), PAIR_DD_WL);
    ck_assert_int_eq(pairs_outcome(0, 1), PAIR_WD);
    ck_assert_int_eq(pairs_outcome(1, 1), PAIR_WW);
    struct xtable *t = malloc(sizeof *t);
    ck_assert_ptr_nonnull(t);
    table_init(t);
    table_add_pair(t, 0, 1, 1, 0, false);
    table_add_pair(t, 1, 0, -1, -1, false);
    table_add_pair(t, 0, 1, 1, 1, true);
    ck_assert_int_eq(t->pairs[0][1].n[PAIR_WD], 1);
    ck_assert_int_eq(t->pairs[0][1].n[PAIR_WW], 1);
    ck_assert_int_eq(t->pairs[1][0].n[PAIR_LD], 1);
    ck_assert_int_eq(t->pairs[1][0].n[PAIR_LL], 1);
    ck_assert_int_eq(pairs_count(&t->pairs[0][1]), 2);
    ck_assert_int_eq(t->pairs[0][1].broken, 1);
    ck_assert_int_eq(t->pairs[1][0].broken, 1);
    free(t);
}
END_TEST

/* ---- options --------------------------------------------------------- */

/* Writable copies of a test's arguments, alive as long as the
 * configuration that points into them. */
struct args {
    int argc;
    char *argv[40];
};

static void free_args(struct args *a)
{
    for (int i = 0; i < a->argc; i++)
        free(a->argv[i]);
    a->argc = 0;
}

/* Parses a NULL-terminated argument list (argv[0] added) copied to *a. */
static enum options_result parse(struct match_conf *c, struct sbuf *err,
                                 const char *const *args, struct args *a)
{
    a->argc = 0;
    a->argv[a->argc++] = strdup("triad-match");
    for (; *args; args++)
        a->argv[a->argc++] = strdup(*args);
    a->argv[a->argc] = NULL;
    sbuf_reset(err);
    return options_parse(c, a->argc, a->argv, err);
}

START_TEST(test_options_good)
{
    struct match_conf c;
    struct sbuf err = SBUF_INIT;
    const char *const args[] = {
        "--game", "cephalopod", "--engine", "/x/bin/triad --seed 2",
        "--option", "threads=2", "--engine", "triad", "--tc", "10+0.1",
        "--games", "6", "--first-game", "4", "--sprt", "0,5",
        "--each-option", "hash=16", "--setup", "3x3", NULL
    };
    struct args a;
    ck_assert_int_eq(parse(&c, &err, args, &a), OPTIONS_RUN);
    ck_assert_str_eq(c.game->name, "cephalopod");
    ck_assert_str_eq(c.eng[0].name, "triad#1");
    ck_assert_str_eq(c.eng[1].name, "triad#2");
    ck_assert_int_eq(c.eng[0].nopts, 2);
    ck_assert_str_eq(c.eng[0].opts[0], "hash=16");
    ck_assert_str_eq(c.eng[0].opts[1], "threads=2");
    ck_assert_int_eq(c.eng[1].nopts, 1);
    ck_assert_int_eq(c.time_mode, TIME_FISCHER);
    ck_assert_double_eq(c.tc.main, 10);
    ck_assert_double_eq(c.tc.inc, 0.1);
    ck_assert_double_eq(c.grace, 0.2);
    ck_assert_double_eq_tol(options_move_limit(&c, 3), 3.2, 1e-12);
    ck_assert_int_eq(c.games, 6);
    ck_assert_int_eq(c.first_game, 4);
    ck_assert(c.use_sprt);
    ck_assert_double_eq(c.sprt.alpha, 0.05);
    ck_assert_int_eq(c.sprt.model, SPRT_PENTANOMIAL);
    ck_assert_int_eq(c.maxplies, 0);
    ck_assert_str_eq(c.setup_text, "3x3");
    options_free(&c);
    free_args(&a);

    const char *const args2[] = {
        "--game", "truchet", "--engine", "a", "--name", "old",
        "--engine", "b", "--name", "new", "--movetime", "0.5", NULL
    };
    ck_assert_int_eq(parse(&c, &err, args2, &a), OPTIONS_RUN);
    ck_assert_str_eq(c.eng[0].name, "old");
    ck_assert_str_eq(c.eng[1].name, "new");
    ck_assert_int_eq(c.maxplies, 1000);     /* Truchet is unbounded */
    ck_assert_double_eq_tol(options_move_limit(&c, 0), 1.1, 1e-12);
    options_free(&c);
    free_args(&a);
    sbuf_free(&err);
}
END_TEST

/* Time odds: --engine-tc gives the last --engine its own clock. */
START_TEST(test_options_engine_tc)
{
    struct match_conf c;
    struct sbuf err = SBUF_INIT;
    struct sbuf text = SBUF_INIT;
    struct args a;
    const char *const odds[] = {
        "--game", "dvonn", "--engine", "new", "--engine-tc", "5",
        "--engine", "old", "--engine-tc", "20+0.5", NULL
    };
    ck_assert_int_eq(parse(&c, &err, odds, &a), OPTIONS_RUN);
    ck_assert_int_eq(c.time_mode, TIME_FISCHER);
    ck_assert_double_eq(options_clock(&c, 0).main, 5);
    ck_assert_double_eq(options_clock(&c, 0).inc, 0);
    ck_assert_double_eq(options_clock(&c, 1).main, 20);
    ck_assert_double_eq(options_clock(&c, 1).inc, 0.5);
    ck_assert_double_eq(c.grace, 0.2);
    options_engine_time_text(&c, 1, &text);
    ck_assert_str_eq(sbuf_str(&text), "tc 20+0.5");
    sbuf_reset(&text);
    options_time_text(&c, &text);
    ck_assert_str_eq(sbuf_str(&text), "tc new 5+0, old 20+0.5");
    options_free(&c);
    free_args(&a);

    /* --tc for the engines without their own clock. */
    const char *const mixed[] = {
        "--game", "dvonn", "--engine", "new", "--tc", "5+0.1",
        "--engine", "old", "--engine-tc", "20", NULL
    };
    ck_assert_int_eq(parse(&c, &err, mixed, &a), OPTIONS_RUN);
    ck_assert_double_eq(options_clock(&c, 0).main, 5);
    ck_assert_double_eq(options_clock(&c, 0).inc, 0.1);
    ck_assert_double_eq(options_clock(&c, 1).main, 20);
    ck_assert_double_eq(options_clock(&c, 1).inc, 0);
    options_free(&c);
    free_args(&a);

    /* Without odds the description is unchanged. */
    const char *const plain[] = {
        "--game", "dvonn", "--engine", "a", "--engine", "b", "--tc", "5",
        NULL
    };
    ck_assert_int_eq(parse(&c, &err, plain, &a), OPTIONS_RUN);
    sbuf_reset(&text);
    options_time_text(&c, &text);
    ck_assert_str_eq(sbuf_str(&text), "tc 5+0");
    options_free(&c);
    free_args(&a);
    sbuf_free(&text);
    sbuf_free(&err);
}
END_TEST

static const char *const bad_options[][14] = {
    { "--engine", "a", "--engine", "b", NULL },                  /* game */
    { "--game", "chess", "--engine", "a", "--engine", "b", NULL },
    { "--game", "dvonn", "--engine", "a", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--engine", "c",
      NULL },
    { "--game", "dvonn", "--name", "x", "--engine", "a", "--engine", "b",
      NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--tc", "10+",
      NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--tc", "abc",
      NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--tc", "5",
      "--movetime", "1", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--games", "0",
      NULL },
    { "--game", "dvonn", "--engine-tc", "5", "--engine", "a", "--engine",
      "b", NULL },                                  /* no engine yet */
    { "--game", "dvonn", "--engine", "a", "--engine-tc", "5", "--engine",
      "b", NULL },                                  /* b has no clock */
    { "--game", "dvonn", "--engine", "a", "--engine-tc", "5", "--engine",
      "b", "--movetime", "1", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine-tc", "5",
      "--engine-tc", "6", "--engine", "b", "--tc", "5", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine-tc", "0", "--engine",
      "b", "--tc", "5", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--first-game",
      "3", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--sprt", "5,0",
      NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--sprt",
      "0,5,0.7,0.05", NULL },
    { "--game", "dvonn", "--engine", "a", "--option", "novalue",
      "--engine", "b", NULL },
    { "--game", "dvonn", "--engine", "a", "--name", "x", "--engine", "b",
      "--name", "x", NULL },
    { "--game", "dvonn", "--engine", "", "--engine", "b", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "stray", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--concurrency",
      "0", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--seed", "-1",
      NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--sprt", "0,5",
      "--sprt-model", "binomial", NULL },
    { "--game", "dvonn", "--engine", "a", "--engine", "b", "--resume",
      NULL },                                       /* no --records */
    { "--merge", "--resume", "x.sgf", NULL },
    { "--merge", NULL },
    { "--merge", "--engine", "a", "x.sgf", NULL },
    { "--bogus", NULL },
};

START_TEST(test_options_bad)
{
    struct match_conf c;
    struct sbuf err = SBUF_INIT;
    struct args a;
    ck_assert_int_eq(parse(&c, &err, bad_options[_i], &a), OPTIONS_ERROR);
    ck_assert_msg(err.len > 0, "no reason given");
    options_free(&c);
    free_args(&a);
    sbuf_free(&err);
}
END_TEST

/* ---- openings ------------------------------------------------------- */

static void conf_for(struct match_conf *c, const char *game,
                     struct args *a)
{
    struct sbuf err = SBUF_INIT;
    const char *const args[] = {
        "--game", game, "--engine", "a", "--engine", "b", "--seed", "7",
        NULL
    };
    ck_assert_int_eq(parse(c, &err, args, a), OPTIONS_RUN);
    sbuf_free(&err);
}

START_TEST(test_openings)
{
    struct match_conf c;
    struct args args;
    conf_for(&c, "truchet", &args);
    struct setup_words a;
    struct setup_words b;
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(opening_setup_words(&c, 3, &a, &err), 0);
    ck_assert_int_eq(opening_setup_words(&c, 3, &b, &err), 0);
    ck_assert_int_eq(a.argc, 1);
    ck_assert_str_eq(a.argv[0], b.argv[0]);      /* deterministic */
    ck_assert_int_eq(opening_setup_words(&c, 4, &b, &err), 0);
    ck_assert_str_ne(a.argv[0], b.argv[0]);      /* a new key per pair */
    ck_assert(opening_pair_seed(7, 3) == opening_pair_seed(7, 3));
    ck_assert(opening_pair_seed(7, 3) != opening_pair_seed(8, 3));

    /* Random plies: the same for the same pair, never ending the game. */
    const struct game_ops *g = c.game;
    void *s1 = malloc(g->state_size);
    void *s2 = malloc(g->state_size);
    ck_assert_int_eq(g->setup(s1, a.argc, a.argv, 0, &err), 0);
    memcpy(s2, s1, g->state_size);
    move_t m1[8];
    move_t m2[8];
    ck_assert_int_eq(opening_random_moves(g, s1, 99, 8, m1), 8);
    ck_assert_int_eq(opening_random_moves(g, s2, 99, 8, m2), 8);
    ck_assert_mem_eq(m1, m2, sizeof m1);
    ck_assert(g->outcome(s1, NULL) == GAME_ONGOING);
    free(s1);
    free(s2);
    options_free(&c);
    free_args(&args);

    conf_for(&c, "dvonn", &args);
    c.random_start = true;
    ck_assert_int_eq(opening_setup_words(&c, 0, &a, &err), 0);
    ck_assert_int_eq(strncmp(a.argv[0], "random=", 7), 0);
    c.setup_given = true;
    ck_assert_int_eq(opening_setup_words(&c, 0, &a, &err), -1);
    options_free(&c);
    free_args(&args);

    conf_for(&c, "cephalopod", &args);
    ck_assert_int_eq(opening_setup_words(&c, 0, &a, &err), 0);
    ck_assert_int_eq(a.argc, 0);
    c.random_start = true;
    ck_assert_int_eq(opening_setup_words(&c, 0, &a, &err), -1);
    options_free(&c);
    free_args(&args);
    sbuf_free(&err);
}
END_TEST

/* ---- SGF records ------------------------------------------------------ */

/* A finished 3x3 Cephalopod record played out by first-move choices. */
static void make_record(struct game_record *r)
{
    const struct game_ops *g = game_find("cephalopod");
    char size[] = "3x3";
    char *argv[] = { size, NULL };
    struct sbuf err = SBUF_INIT;
    void *st = malloc(g->state_size);
    ck_assert_int_eq(g->setup(st, 1, argv, 0, &err), 0);
    record_init(r);
    r->number = 5;
    r->game = g;
    strcpy(r->names[0], "al]pha\\x");
    strcpy(r->names[1], "beta");
    r->a_side = 1;
    r->seed = 42;
    strcpy(r->date, "2024-01-02");
    sbuf_puts(&r->setup, "3x3");
    sbuf_puts(&r->timectl[0], "tc 5+0");
    sbuf_puts(&r->timectl[1], "tc 20+0");   /* time odds */
    g->to_string(st, &r->start);
    move_t moves[64];
    while (g->gen_moves(st, moves) > 0) {
        char tok[MOVE_STR_MAX];
        g->format_move(st, moves[0], tok);
        if (r->nmoves++)
            sbuf_putc(&r->moves, ' ');
        sbuf_puts(&r->moves, tok);
        sbuf_putc(&r->sides, "WB"[g->side_to_move(st)]);
        g->play(st, moves[0]);
    }
    r->result = g->outcome(st, &r->margin);
    r->end = END_NORMAL;
    sbuf_puts(&r->reason, "someone [wins]");
    free(st);
    sbuf_free(&err);
}

START_TEST(test_sgf_round_trip)
{
    struct game_record r;
    make_record(&r);
    ck_assert(r.nmoves > 9);
    struct sbuf text = SBUF_INIT;
    sgf_write(&r, "test:1", &text);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&text), "XTIME[tc 5+0][tc 20+0]"));
    sbuf_reset(&r.timectl[1]);               /* equal clocks: one value */
    sbuf_puts(&r.timectl[1], "tc 5+0");
    sgf_write(&r, "test:1", &text);          /* two records in one file */
    ck_assert_ptr_nonnull(strstr(sbuf_str(&text), "XTIME[tc 5+0]XSETUP"));
    struct game_record back;
    record_init(&back);
    struct sbuf err = SBUF_INIT;
    size_t pos = 0;
    for (int k = 0; k < 2; k++) {
        ck_assert_msg(sgf_read(text.buf, text.len, &pos, &back, &err) == 1,
                      "%s", sbuf_str(&err));
        ck_assert_ptr_eq(back.game, r.game);
        ck_assert_str_eq(back.names[0], r.names[0]);
        ck_assert_str_eq(back.names[1], r.names[1]);
        ck_assert_int_eq(back.a_side, 1);
        ck_assert_int_eq(back.number, 5);
        ck_assert(back.seed == 42);
        ck_assert_int_eq(back.result, r.result);
        ck_assert_int_eq(back.margin, r.margin);
        ck_assert_int_eq(back.end, END_NORMAL);
        ck_assert_str_eq(sbuf_str(&back.moves), sbuf_str(&r.moves));
        ck_assert_str_eq(sbuf_str(&back.sides), sbuf_str(&r.sides));
        ck_assert_str_eq(sbuf_str(&back.start), sbuf_str(&r.start));
        ck_assert_str_eq(sbuf_str(&back.reason), "someone [wins]");
        ck_assert_str_eq(sbuf_str(&back.setup), "3x3");
        ck_assert_str_eq(back.date, "2024-01-02");
        ck_assert_str_eq(sbuf_str(&back.timectl[0]), "tc 5+0");
        ck_assert_str_eq(sbuf_str(&back.timectl[1]),
                         k == 0 ? "tc 20+0" : "tc 5+0");
        ck_assert_int_eq(record_a_result(&back), record_a_result(&r));
        ck_assert_int_eq(merge_verify(&back, &err), 0);
    }
    ck_assert_int_eq(sgf_read(text.buf, text.len, &pos, &back, &err), 0);
    record_free(&back);
    record_free(&r);
    sbuf_free(&text);
    sbuf_free(&err);
}
END_TEST

/* Reads the one record of text into *r (record_init'ed). */
static void read_one(const struct sbuf *text, struct game_record *r)
{
    struct sbuf err = SBUF_INIT;
    size_t pos = 0;
    ck_assert_msg(sgf_read(text->buf, text->len, &pos, r, &err) == 1, "%s",
                  sbuf_str(&err));
    struct game_record rest;
    record_init(&rest);
    ck_assert_int_eq(sgf_read(text->buf, text->len, &pos, &rest, &err), 0);
    record_free(&rest);
    sbuf_free(&err);
}

/* Properties the record has no field for (a review's) are kept node by
 * node and written back; a record without them is written back byte for
 * byte, and removing them gives the plain record again. */
START_TEST(test_sgf_extra_properties)
{
    struct game_record r, back;
    make_record(&r);
    record_init(&back);
    struct sbuf plain = SBUF_INIT, text = SBUF_INIT, again = SBUF_INIT;
    sgf_write(&r, "test:1", &plain);
    read_one(&plain, &back);
    sgf_write(&back, "test:1", &again);
    ck_assert_str_eq(sbuf_str(&again), sbuf_str(&plain));
    ck_assert_int_eq(back.nextra, 0);

    sgf_prop_add(record_node(&r, 0), "XUNIT", "dice");
    sgf_prop_add(record_node(&r, 1), "XE", "-1.50");
    sgf_prop_add(record_node(&r, 1), "C", "a ]tricky\\ one");
    sgf_prop_add(record_node(&r, 3), "BM", "2");
    sgf_write(&r, "test:1", &text);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&text), "XE[-1.50]C[a \\]tricky"
                                                  "\\\\ one]\n"));
    ck_assert_ptr_nonnull(strstr(sbuf_str(&text), "]\nXUNIT[dice]\n;"));
    read_one(&text, &back);
    ck_assert_int_eq(back.nextra, 4);
    struct sbuf v = SBUF_INIT;
    ck_assert(sgf_prop_get(&back.extra[1], "C", &v));
    ck_assert_str_eq(sbuf_str(&v), "a ]tricky\\ one");
    ck_assert(sgf_prop_get(&back.extra[3], "BM", &v));
    ck_assert_str_eq(sbuf_str(&v), "2");
    ck_assert(!sgf_prop_get(&back.extra[2], "BM", &v));
    ck_assert_str_eq(sbuf_str(&back.moves), sbuf_str(&r.moves));
    sbuf_reset(&again);
    sgf_write(&back, "test:1", &again);
    ck_assert_str_eq(sbuf_str(&again), sbuf_str(&text));

    static const char *const review[] = { "XUNIT", "XE", "C", "BM", NULL };
    for (int k = 0; k < back.nextra; k++)
        ck_assert_int_eq(sgf_prop_remove(&back.extra[k], review), 0);
    sbuf_reset(&again);
    sgf_write(&back, "test:1", &again);
    ck_assert_str_eq(sbuf_str(&again), sbuf_str(&plain));

    /* a property before the move belongs to the move's node */
    const char *before = strstr(sbuf_str(&plain), ";W[");
    ck_assert_ptr_nonnull(before);
    sbuf_reset(&text);
    sbuf_putn(&text, sbuf_str(&plain), (size_t)(before - sbuf_str(&plain)));
    sbuf_puts(&text, ";GN[x]");
    sbuf_puts(&text, before + 1);
    read_one(&text, &back);
    ck_assert(sgf_prop_get(&back.extra[1], "GN", &v));
    ck_assert_str_eq(sbuf_str(&v), "x");
    sbuf_free(&v);
    sbuf_free(&plain);
    sbuf_free(&text);
    sbuf_free(&again);
    record_free(&back);
    record_free(&r);
}
END_TEST

/* ---- review assessment ------------------------------------------------ */

/* A game of n moves a1 b1 c1 ... (tokens only: assess replays nothing)
 * whose turns have side 0's win chances win[0..n], sides alternating. */
static void make_assessed(struct assess_game *g, int n, const double *win,
                          enum game_status result)
{
    record_init(&g->rec);
    g->rec.game = game_find("cephalopod");
    g->rec.result = result;
    g->rec.margin = 2;
    for (int k = 0; k < n; k++) {
        sbuf_printf(&g->rec.moves, "%s%c1", k ? " " : "", 'a' + k);
        sbuf_putc(&g->rec.sides, "WB"[k % 2]);
    }
    g->rec.nmoves = n;
    ck_assert_int_eq(assess_init(g), 0);
    for (int t = 0; t <= n; t++) {
        g->turn[t].known = true;
        g->turn[t].side = t % 2;
        g->turn[t].has_win = win != NULL;
        g->turn[t].win = win ? win[t] : 0.5;
        g->turn[t].depth = 3;
    }
}

static void check_summary(const struct assess_game *g, const char *expect)
{
    struct sbuf s = SBUF_INIT;
    assess_summary(g, "dice", &s);
    ck_assert_str_eq(sbuf_str(&s), expect);
    sbuf_free(&s);
}

/* Losses at the thresholds (win chances with three decimals, as the
 * analysis gives them), the marks per side, the decisive move: the
 * loser's largest loss from an even or better position. */
START_TEST(test_assess_marks)
{
    static const double win[] = { 0.5, 0.41, 0.51, 0.31, 0.61, 0.30 };
    struct assess_game g;
    make_assessed(&g, 5, win, GAME_WIN_SECOND);
    assess_game(&g);
    static const enum assess_mark expect[] = {
        MARK_NONE, MARK_NONE, MARK_INACCURACY, MARK_MISTAKE, MARK_BLUNDER,
        MARK_BLUNDER
    };
    for (int k = 1; k <= 5; k++) {
        ck_assert_msg(g.turn[k].has_loss, "move %d", k);
        ck_assert_int_eq(g.turn[k].mark, expect[k]);
    }
    ck_assert_double_eq_tol(g.turn[2].loss, 0.10, 1e-9);  /* B's view */
    ck_assert_int_eq(g.decisive, 5);
    check_summary(&g, "game 1: B+2, lost by W's move 5 e1, win chance "
                  "0.61 -> 0.30; blunders W 1 B 1, mistakes W 1 B 0, "
                  "inaccuracies W 0 B 1");
    /* the same moves as opening plies: nobody's choice */
    g.rec.opening_plies = 5;
    assess_game(&g);
    ck_assert_int_eq(g.decisive, 0);
    check_summary(&g, "game 1: B+2, no decisive move; blunders W 0 B 0, "
                  "mistakes W 0 B 0, inaccuracies W 0 B 0");
    /* a draw, an unfinished game: no decisive move */
    g.rec.opening_plies = 0;
    g.rec.result = GAME_DRAW;
    assess_game(&g);
    ck_assert_int_eq(g.decisive, 0);
    g.rec.result = GAME_ONGOING;
    assess_game(&g);
    check_summary(&g, "game 1: no result, no decisive move; blunders W 1 "
                  "B 1, mistakes W 1 B 0, inaccuracies W 0 B 1");
    assess_free(&g);
}
END_TEST

/* A loser that never stood even: its largest loss of all; equal losses:
 * the later; a proven win thrown away is a blunder whatever the numbers;
 * without win chances, the score's drop and no marks. */
START_TEST(test_assess_decisive)
{
    static const double win[] = { 0.6, 0.7, 0.8, 0.8, 0.95 };
    struct assess_game g;
    make_assessed(&g, 4, win, GAME_WIN_FIRST);
    assess_game(&g);
    ck_assert_int_eq(g.decisive, 4);           /* B: 0.20 -> 0.05 */
    assess_free(&g);

    static const double level[] = { 1.0, 0.5, 0.5, 0.0, 0.0 };
    make_assessed(&g, 4, level, GAME_WIN_SECOND);
    assess_game(&g);
    ck_assert_int_eq(g.decisive, 3);           /* 0.5 each: the later */
    assess_free(&g);

    static const double proven[] = { 0.0, 0.0, 0.5 };
    make_assessed(&g, 2, proven, GAME_DRAW);
    strcpy(g.turn[1].proven, "B+1");
    strcpy(g.turn[2].proven, "0");
    g.turn[2].win = 0.95;                      /* numbers that disagree */
    assess_game(&g);
    ck_assert_int_eq(g.turn[2].mark, MARK_BLUNDER);
    assess_free(&g);

    make_assessed(&g, 4, NULL, GAME_WIN_SECOND);
    static const double score[] = { 0, -1, 1, -4, 2 };
    for (int t = 0; t <= 4; t++) {
        g.turn[t].has_score = true;
        g.turn[t].score = score[t];
    }
    assess_game(&g);
    ck_assert_int_eq(g.decisive, 3);           /* W: +1 -> -4 */
    ck_assert_double_eq_tol(g.turn[3].loss, 5, 1e-9);
    for (int k = 1; k <= 4; k++)
        ck_assert_int_eq(g.turn[k].mark, MARK_NONE);
    check_summary(&g, "game 1: B+2, lost by W's move 3 c1 (-5.00 dice); "
                  "blunders W 0 B 0, mistakes W 0 B 0, inaccuracies W 0 B 0");
    assess_free(&g);
}
END_TEST

/* A move is measured against the parent's best move: the best move
 * itself loses 0 and is never marked, whatever the numbers and proven
 * results say; another loses its mover's win chance (and score) after
 * the best move minus after it; without that analysis, the parent's. */
START_TEST(test_assess_best_move)
{
    static const double win[] = { 0.6, 0.3, 0.45, 0.45, 0.5 };
    struct assess_game g;
    make_assessed(&g, 4, win, GAME_WIN_FIRST);
    strcpy(g.turn[0].best, "a1");             /* played: 0.60 -> 0.30 */
    strcpy(g.turn[1].best, "x9");             /* not played */
    strcpy(g.turn[2].best, "c1");             /* played */
    strcpy(g.turn[2].proven, "W+1");          /* ... and a draw after it */
    strcpy(g.turn[3].proven, "0");
    strcpy(g.turn[3].best, "y9");             /* not played, not analysed */
    ck_assert(!assess_needs_best(&g, 1));
    ck_assert(assess_needs_best(&g, 2));
    ck_assert(!assess_needs_best(&g, 3));
    ck_assert(assess_needs_best(&g, 4));
    struct assess_turn *alt = &g.alt[2];      /* after x9: B's 0.80 */
    alt->known = true;
    alt->side = 0;
    alt->has_win = true;
    alt->win = 0.2;
    alt->has_score = g.turn[1].has_score = g.turn[2].has_score = true;
    alt->score = -3;
    g.turn[1].score = -1;
    g.turn[2].score = 0;
    assess_game(&g);
    static const double loss[] = { 0, 0, 0.25, 0, 0.05 };
    static const enum assess_mark expect[] = {
        MARK_NONE, MARK_NONE, MARK_MISTAKE, MARK_NONE, MARK_NONE
    };
    for (int k = 1; k <= 4; k++) {
        ck_assert_msg(g.turn[k].has_loss, "move %d", k);
        ck_assert_double_eq_tol(g.turn[k].loss, loss[k], 1e-9);
        ck_assert_int_eq(g.turn[k].mark, expect[k]);
    }
    ck_assert_int_eq(g.decisive, 2);
    check_summary(&g, "game 1: W+2, lost by B's move 2 b1, win chance "
                  "0.80 -> 0.55 (-3.00 dice); blunders W 0 B 0, mistakes "
                  "W 0 B 1, inaccuracies W 0 B 0");
    ck_assert_int_eq(assess_annotate(&g, "dice", "nodes 5", "triad 1"), 0);
    ck_assert_str_eq(sbuf_str(&g.rec.extra[1]),
                     "XE[-1.00]XW[0.300]XBEST[x9]XDEPTH[3]");
    ck_assert_str_eq(sbuf_str(&g.rec.extra[2]),
                     "XE[0.00]XW[0.450]XBEST[c1]XPROVEN[W+1]XDEPTH[3]BM[1]"
                     "XLOSS[0.250]C[Mistake: Black's win chance 0.80 -> "
                     "0.55. Better: x9.]");
    ck_assert_str_eq(sbuf_str(&g.rec.extra[3]),
                     "XW[0.450]XBEST[y9]XPROVEN[0]XDEPTH[3]");
    /* the proven rule still holds for a move that is not the best */
    strcpy(g.turn[1].proven, "B+1");
    strcpy(g.turn[2].proven, "0");
    assess_game(&g);
    ck_assert_int_eq(g.turn[2].mark, MARK_BLUNDER);
    assess_free(&g);
}
END_TEST

/* The review's properties: on the root and every node, the marks with
 * their comment after a comment of people's, and a second review gives
 * the same record. */
START_TEST(test_assess_annotate)
{
    static const double win[] = { 0.5, 0.5, 0.5, 0.25 };
    struct assess_game g;
    make_assessed(&g, 3, win, GAME_WIN_SECOND);
    g.turn[0].has_score = true;
    g.turn[0].score = -0.004;                  /* "0.00", not "-0.00" */
    strcpy(g.turn[0].best, "a1");
    sbuf_puts(&g.turn[0].pv, "a1 b1");
    strcpy(g.turn[2].best, "b2");
    sgf_prop_add(record_node(&g.rec, 3), "C", "people's [words]");
    assess_game(&g);
    ck_assert_int_eq(g.turn[3].mark, MARK_MISTAKE);
    ck_assert_int_eq(assess_annotate(&g, "dice", "nodes 5", "triad 1"), 0);
    ck_assert_str_eq(sbuf_str(&g.rec.extra[0]),
                     "XUNIT[dice]XREVIEW[nodes 5]XREVIEWER[triad 1]"
                     "XE[0.00]XW[0.500]XBEST[a1]XPV[a1 b1]XDEPTH[3]");
    ck_assert_str_eq(sbuf_str(&g.rec.extra[3]),
                     "XW[0.250]XDEPTH[3]BM[1]XLOSS[0.250]C[people's [words\\]"
                     "\n\nMistake: White's win chance 0.50 -> 0.25. Better: "
                     "b2.]");
    struct sbuf first = SBUF_INIT, second = SBUF_INIT;
    sgf_write(&g.rec, "t", &first);
    ck_assert_int_eq(assess_annotate(&g, "dice", "nodes 5", "triad 1"), 0);
    sgf_write(&g.rec, "t", &second);
    ck_assert_str_eq(sbuf_str(&second), sbuf_str(&first));
    /* a review without the mark leaves people's comment alone */
    g.turn[3].win = 0.5;
    assess_game(&g);
    ck_assert_int_eq(assess_annotate(&g, "dice", "nodes 5", "triad 1"), 0);
    ck_assert_str_eq(sbuf_str(&g.rec.extra[3]),
                     "XW[0.500]XDEPTH[3]C[people's [words\\]]");
    sbuf_free(&first);
    sbuf_free(&second);
    assess_free(&g);
}
END_TEST

START_TEST(test_result_texts)
{
    struct game_record r;
    record_init(&r);
    r.game = game_find("cephalopod");
    struct sbuf s = SBUF_INIT;
    static const struct {
        enum game_status res;
        enum end_kind end;
        int margin;
        const char *text;
    } cases[] = {
        { GAME_WIN_FIRST, END_NORMAL, 3, "W+3" },
        { GAME_WIN_SECOND, END_RESIGN, 0, "B+R" },
        { GAME_WIN_FIRST, END_TIME, 0, "W+T" },
        { GAME_WIN_SECOND, END_FORFEIT, 0, "B+F" },
        { GAME_DRAW, END_ADJUDICATED, 0, "0" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        r.result = cases[i].res;
        r.end = cases[i].end;
        r.margin = cases[i].margin;
        sbuf_reset(&s);
        record_result_text(&r, &s);
        ck_assert_str_eq(sbuf_str(&s), cases[i].text);
    }
    r.game = game_find("truchet");
    r.result = GAME_WIN_SECOND;
    r.end = END_NORMAL;
    sbuf_reset(&s);
    record_result_text(&r, &s);
    ck_assert_str_eq(sbuf_str(&s), "B+");
    sbuf_free(&s);
    record_free(&r);
}
END_TEST

static const char *const hostile_sgf[] = {
    "x", "(", "(;", "(;)", "()", "(;FF[4]", "(;FF[4)", "(;XGAME[chess])",
    "(;XGAME[cephalopod]RE[W+1])",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]XSTART[x])",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[c]RE[0]XSTART[x])",
    "(;XGAME[cephalopod]XMATCH[a][a]PW[a]PB[a]RE[0]XSTART[x])",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]RE[Q+]XSTART[x])",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]RE[0]XSTART[x];W[a1](;B[b1])",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]RE[0]XSTART[x];W[a1 b1])",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]RE[0]RO[-1]XSTART[x])",
    "(;XGAME[cephalopod]XMATCH[a][b][c]PW[a]PB[b]RE[0]XSTART[x])",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]RE[0]XSTART[x]XSEED[1a])",
    "(;XGAME[cephalopod]XMATCH[][b]PW[]PB[b]RE[0]XSTART[x])",
    "(;1[2])", "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]RE[0]XSTART[x]",
    "(;XGAME[cephalopod]XMATCH[a][b]PW[a]PB[b]RE[0]XSTART[x]XSETPOSITION[1])",
};

START_TEST(test_sgf_hostile)
{
    struct game_record r;
    record_init(&r);
    struct sbuf err = SBUF_INIT;
    size_t pos = 0;
    const char *t = hostile_sgf[_i];
    ck_assert_int_eq(sgf_read(t, strlen(t), &pos, &r, &err), -1);
    ck_assert(err.len > 0);
    ck_assert(pos <= strlen(t));
    record_free(&r);
    sbuf_free(&err);
}
END_TEST

/* Tampered records parse but do not replay. */
START_TEST(test_replay_catches_tampering)
{
    struct game_record r;
    struct sbuf why = SBUF_INIT;
    make_record(&r);
    ck_assert_int_eq(merge_verify(&r, &why), 0);
    r.sides.buf[0] = 'B';                              /* wrong colour */
    ck_assert_int_eq(merge_verify(&r, &why), -1);
    r.sides.buf[0] = 'W';
    r.result = r.result == GAME_WIN_FIRST ? GAME_WIN_SECOND
                                          : GAME_WIN_FIRST;
    ck_assert_int_eq(merge_verify(&r, &why), -1);      /* wrong result */
    record_free(&r);

    make_record(&r);
    r.moves.buf[1] = r.moves.buf[1] == '1' ? '2' : '1'; /* other move */
    sbuf_reset(&why);
    ck_assert_int_eq(merge_verify(&r, &why), -1);
    ck_assert(why.len > 0);
    record_free(&r);

    make_record(&r);
    sbuf_reset(&r.setup);
    sbuf_puts(&r.setup, "5x5");                        /* wrong setup */
    ck_assert_int_eq(merge_verify(&r, &why), -1);
    record_free(&r);
    sbuf_free(&why);
}
END_TEST

/* A record that started by setposition: written with XSETPOSITION[],
 * read back with its start, replayed from XSTART; a start that is not
 * canonical, or setup words next to the flag, do not replay. */
START_TEST(test_position_start)
{
    struct game_record r;
    make_record(&r);
    sbuf_reset(&r.setup);
    r.from_position = true;
    struct sbuf text = SBUF_INIT;
    sgf_write(&r, "test:1", &text);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&text), "XSETPOSITION[]"));
    ck_assert_ptr_null(strstr(sbuf_str(&text), "XSETUP"));
    struct game_record back;
    record_init(&back);
    struct sbuf why = SBUF_INIT;
    size_t pos = 0;
    ck_assert_int_eq(sgf_read(text.buf, text.len, &pos, &back, &why), 1);
    ck_assert(back.from_position);
    ck_assert_str_eq(sbuf_str(&back.start), sbuf_str(&r.start));
    ck_assert_str_eq(sbuf_str(&back.setup), "");
    ck_assert_msg(merge_verify(&back, &why) == 0, "%s", sbuf_str(&why));
    ck_assert(record_digest(&back) == record_digest(&r));

    back.from_position = false;   /* no setup words: the default 5x5 */
    ck_assert_int_eq(merge_verify(&back, &why), -1);
    back.from_position = true;
    sbuf_puts(&back.setup, "3x3");
    sbuf_reset(&why);
    ck_assert_int_eq(merge_verify(&back, &why), -1);
    ck_assert_str_eq(sbuf_str(&why), "XSETPOSITION with setup words");
    sbuf_reset(&back.setup);
    char *side = strstr(back.start.buf, ":W:");
    ck_assert_ptr_nonnull(side);
    side[1] = 'w';          /* from_string takes it; not canonical */
    sbuf_reset(&why);
    ck_assert_int_eq(merge_verify(&back, &why), -1);
    ck_assert(why.len > 0);
    record_free(&back);
    record_free(&r);
    sbuf_free(&text);
    sbuf_free(&why);
}
END_TEST

/* ---- the engine client ------------------------------------------------ */

/* `cat` echoes each command: "= x\n" sent as a line (the client adds a
 * newline) comes back as the reply "= x\n\n". */
START_TEST(test_engine_replies)
{
    struct engine e;
    engine_init(&e, NULL);
    struct sbuf err = SBUF_INIT;
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(engine_start(&e, "cat", -1, &err), 0);
    ck_assert_int_eq(engine_call(&e, "= hello\n", 5, &reply, NULL),
                     ENGINE_OK);
    ck_assert_str_eq(sbuf_str(&reply), "hello");
    ck_assert_int_eq(engine_call(&e, "=12 two\nlines\n", 5, &reply, NULL),
                     ENGINE_OK);
    ck_assert_str_eq(sbuf_str(&reply), "two\nlines");
    ck_assert_int_eq(engine_call(&e, "\n= after blank\r\n\r", 5, &reply, NULL),
                     ENGINE_OK);
    ck_assert_str_eq(sbuf_str(&reply), "after blank");
    ck_assert_int_eq(engine_call(&e, "=\n", 5, &reply, NULL), ENGINE_OK);
    ck_assert_str_eq(sbuf_str(&reply), "");
    ck_assert_int_eq(engine_call(&e, "? no way\n", 5, &reply, NULL),
                     ENGINE_REFUSED);
    ck_assert_str_eq(sbuf_str(&reply), "no way");
    ck_assert_int_eq(engine_call(&e, "=x\n", 5, &reply, NULL),
                     ENGINE_MALFORMED);
    ck_assert_int_eq(engine_call(&e, "junk\n", 5, &reply, NULL),
                     ENGINE_MALFORMED);
    ck_assert_str_eq(sbuf_str(&reply), "junk");
    engine_stop(&e, 2);
    ck_assert(!engine_running(&e));
    engine_done(&e);
    sbuf_free(&err);
    sbuf_free(&reply);
}
END_TEST

START_TEST(test_engine_faults)
{
    struct engine e;
    engine_init(&e, NULL);
    struct sbuf err = SBUF_INIT;
    struct sbuf reply = SBUF_INIT;
    double t;

    ck_assert_int_eq(engine_start(&e, "sleep 5", -1, &err), 0);
    ck_assert_int_eq(engine_call(&e, "genmove w", 0.2, &reply, &t),
                     ENGINE_TIMEOUT);
    /* Not early; and TIMEOUT rather than DEAD shows it came before the
     * engine's end at 5 s (no wall-clock bound: the machine may be busy). */
    ck_assert(t >= 0.2);
    engine_kill(&e);
    sbuf_reset(&err);
    engine_describe_end(&e, &err);
    ck_assert_str_eq(sbuf_str(&err), "was killed by the referee");

    ck_assert_int_eq(engine_start(&e, "sh -c 'exit 3'", -1, &err), 0);
    ck_assert_int_eq(engine_call(&e, "name", 5, &reply, NULL), ENGINE_DEAD);
    sbuf_reset(&err);
    engine_describe_end(&e, &err);
    ck_assert_str_eq(sbuf_str(&err), "exited with status 3");
    engine_kill(&e);

    ck_assert_int_eq(engine_start(&e, "kill -SEGV $$", -1, &err), 0);
    ck_assert_int_eq(engine_call(&e, "name", 5, &reply, NULL), ENGINE_DEAD);
    sbuf_reset(&err);
    engine_describe_end(&e, &err);
    ck_assert_str_eq(sbuf_str(&err), "crashed (killed by signal 11)");
    engine_kill(&e);

    sbuf_reset(&err);
    ck_assert_int_eq(engine_start(&e, "/nonexistent/engine", -1, &err), -1);
    ck_assert(err.len > 0);
    ck_assert(!engine_running(&e));
    engine_done(&e);
    sbuf_free(&err);
    sbuf_free(&reply);
}
END_TEST

START_TEST(test_engine_cancel)
{
    atomic_bool stop;
    atomic_init(&stop, true);
    struct engine e;
    engine_init(&e, &stop);
    struct sbuf err = SBUF_INIT;
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(engine_start(&e, "sleep 5", -1, &err), 0);
    double t;
    ck_assert_int_eq(engine_call(&e, "genmove w", 60, &reply, &t),
                     ENGINE_CANCELLED);
    ck_assert(t < 5);             /* before the engine would have ended */
    engine_done(&e);
    sbuf_free(&err);
    sbuf_free(&reply);
}
END_TEST

int main(void)
{
    signal(SIGPIPE, SIG_IGN);     /* as triad-match does: EPIPE instead */
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("stats");
    tcase_add_test(tc, test_elo_60_30_10);
    tcase_add_test(tc, test_sprt_verdicts);
    tcase_add_test(tc, test_stats_edges);
    tcase_add_test(tc, test_stats_print);
    tcase_add_test(tc, test_pair_table);
    suite_add_tcase(s, tc);

    tc = tcase_create("options");
    tcase_add_test(tc, test_options_good);
    tcase_add_test(tc, test_options_engine_tc);
    tcase_add_loop_test(tc, test_options_bad, 0,
                        (int)(sizeof bad_options / sizeof bad_options[0]));
    tcase_add_test(tc, test_openings);
    suite_add_tcase(s, tc);

    tc = tcase_create("sgf");
    tcase_add_test(tc, test_sgf_round_trip);
    tcase_add_test(tc, test_sgf_extra_properties);
    tcase_add_test(tc, test_assess_marks);
    tcase_add_test(tc, test_assess_decisive);
    tcase_add_test(tc, test_assess_best_move);
    tcase_add_test(tc, test_assess_annotate);
    tcase_add_test(tc, test_result_texts);
    tcase_add_loop_test(tc, test_sgf_hostile, 0,
                        (int)(sizeof hostile_sgf / sizeof hostile_sgf[0]));
    tcase_add_test(tc, test_replay_catches_tampering);
    tcase_add_test(tc, test_position_start);
    suite_add_tcase(s, tc);

    tc = tcase_create("engine");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_engine_replies);
    tcase_add_test(tc, test_engine_faults);
    tcase_add_test(tc, test_engine_cancel);
    suite_add_tcase(s, tc);

    return tap_main(s);
}
