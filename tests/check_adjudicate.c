/* check_adjudicate.c -- the adjudication rules of triad-match: the resign
 * rule over a hand-made sequence of engine scores, and the exact solve of
 * 3x3 Cephalopod positions against a brute-force minimax of the final
 * margin written here. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "games/games.h"
#include "match/adjudicate.h"
#include "tap_main.h"

/* Both engines must put one side 100 ahead for 2 plies running. */
START_TEST(test_resign_rule)
{
    const struct game_ops *g = game_find("cephalopod");
    struct match_conf c = { .resign_plies = 2, .resign_score = 100 };
    struct adjudicator a;
    adjudicator_init(&a, &c);
    struct adjudication adj;
    struct sbuf why = SBUF_INIT;
    /* side 0 says +150 for itself; side 1 has said nothing: no lead */
    ck_assert(!adjudicate_scores(&a, 0, true, 150, g, &adj, &why));
    /* side 1 says -120 for itself: both +120 or more for side 0: 1 ply */
    ck_assert(!adjudicate_scores(&a, 1, true, -120, g, &adj, &why));
    /* side 0 says only +90: the streak breaks */
    ck_assert(!adjudicate_scores(&a, 0, true, 90, g, &adj, &why));
    ck_assert(!adjudicate_scores(&a, 1, true, -300, g, &adj, &why));
    /* a move without a score line forgets that engine's view */
    ck_assert(!adjudicate_scores(&a, 0, false, 0, g, &adj, &why));
    ck_assert(!adjudicate_scores(&a, 1, true, -300, g, &adj, &why));
    ck_assert(!adjudicate_scores(&a, 0, true, 400, g, &adj, &why));
    ck_assert(adjudicate_scores(&a, 1, true, -300, g, &adj, &why));
    ck_assert_int_eq(adj.result, GAME_WIN_FIRST);
    ck_assert_str_eq(sbuf_str(&why), "adjudicated: white wins, both engines "
                     "scored it at least 100 ahead for 2 plies (white 400, "
                     "black 300)");
    /* the other way round, after a new game */
    adjudicator_new_game(&a);
    sbuf_reset(&why);
    ck_assert(!adjudicate_scores(&a, 0, true, -500, g, &adj, &why));
    ck_assert(!adjudicate_scores(&a, 1, true, 500, g, &adj, &why));
    ck_assert(adjudicate_scores(&a, 0, true, -100, g, &adj, &why));
    ck_assert_int_eq(adj.result, GAME_WIN_SECOND);
    adjudicator_done(&a);
    sbuf_free(&why);
}
END_TEST

/* The final margin with perfect play, from the first player's view (a
 * win of the second player is negative), by trying every line. */
static int minimax(const struct game_ops *g, const void *st)
{
    int margin = 0;
    enum game_status o = g->outcome(st, &margin);
    if (o == GAME_WIN_FIRST)
        return margin;
    if (o == GAME_WIN_SECOND)
        return -margin;
    if (o == GAME_DRAW)
        return 0;
    move_t moves[256];
    int n = g->gen_moves(st, moves);
    bool first = g->side_to_move(st) == 0;
    int best = first ? -1000 : 1000;
    void *next = malloc(g->state_size);
    for (int k = 0; k < n; k++) {
        memcpy(next, st, g->state_size);
        g->play(next, moves[k]);
        int v = minimax(g, next);
        if (first ? v > best : v < best)
            best = v;
    }
    free(next);
    return best;
}

/* The last positions of a 3x3 game (first legal move each ply): the
 * solve's result and margin equal the brute force's. */
START_TEST(test_solve_matches_minimax)
{
    const struct game_ops *g = game_find("cephalopod");
    char size[] = "3x3";
    char *argv[] = { size, NULL };
    struct sbuf err = SBUF_INIT;
    enum { KEEP = 5 };
    char *ring = malloc(g->state_size * KEEP);   /* the last KEEP positions */
    void *st = malloc(g->state_size);
    ck_assert_int_eq(g->setup(st, 1, argv, 0, &err), 0);
    move_t moves[256];
    int plies = 0;
    for (; g->gen_moves(st, moves) > 0; plies++) {
        memcpy(ring + (size_t)(plies % KEEP) * g->state_size, st,
               g->state_size);
        g->play(st, moves[0]);
    }
    ck_assert_int_ge(plies, KEEP);
    struct match_conf c = { .solve_nodes = 1000000 };
    struct adjudicator a;
    adjudicator_init(&a, &c);
    for (int k = 0; k < KEEP; k++) {
        const void *pos = ring + (size_t)k * g->state_size;
        struct adjudication adj;
        struct sbuf why = SBUF_INIT;
        adjudicator_new_game(&a);
        ck_assert_int_eq(adjudicate_solve(&a, g, pos, 1000000, 0, &adj,
                                          &why), 1);
        int v = minimax(g, pos);
        enum game_status want = v > 0   ? GAME_WIN_FIRST
                                : v < 0 ? GAME_WIN_SECOND
                                        : GAME_DRAW;
        ck_assert_msg(adj.result == want && adj.margin == abs(v),
                      "position %d: solve %d/%d, minimax %d (%s)", k,
                      (int)adj.result, adj.margin, v, sbuf_str(&why));
        ck_assert(strstr(sbuf_str(&why), "adjudicated by an exact solve"));
        sbuf_free(&why);
    }
    adjudicator_done(&a);
    free(st);
    free(ring);
    sbuf_free(&err);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("adjudicate");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_resign_rule);
    tcase_add_test(tc, test_solve_matches_minimax);
    suite_add_tcase(s, tc);
    return tap_main(s);
}
