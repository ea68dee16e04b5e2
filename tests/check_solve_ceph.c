/* check_solve_ceph.c -- the exact solver on whole Cephalopod boards: the
 * proven values recorded in doc/games/cephalopod.md, the node counts that
 * pin the solver's course, the progress lines of a long proof, and
 * genmove/analyze playing proven positions perfectly. */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/games.h"
#include "search/search.h"
#include "tap_main.h"

/* A fresh searcher for g (Cephalopod's ops, or a copy) with a table of
 * hash_mb MiB proves (or tries to prove) the empty board `size` on
 * threads threads within max_nodes (0 = no limit); progress lines go to
 * progress (may be NULL). */
static void solve_board_with(const struct game_ops *g, const char *size,
                             int threads, size_t hash_mb, uint64_t max_nodes,
                             FILE *progress, struct search_result *r,
                             char best[MOVE_STR_MAX])
{
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    struct sbuf err = SBUF_INIT;
    char *argv[] = { (char *)size };
    ck_assert_int_eq(g->setup(st, 1, argv, 0, &err), 0);
    sbuf_free(&err);
    struct search *s = search_new(g, hash_mb);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = {
        .threads = threads, .seed = 42, .max_nodes = max_nodes,
        .progress = progress,
    };
    ck_assert_int_eq(search_solve(s, st, &l, r), 0);
    g->format_move(st, r->best, best);
    search_free(s);
    free(st);
}

static void solve_board(const char *size, size_t hash_mb, uint64_t max_nodes,
                        FILE *progress, struct search_result *r,
                        char best[MOVE_STR_MAX])
{
    solve_board_with(&cephalopod_ops, size, 1, hash_mb, max_nodes, progress, r,
                     best);
}

/* The empty 3x3 board is a first-player win by one die, 5-4
 * (doc/games/cephalopod.md, "Tested facts"), and a1 keeps it; with a
 * 64 MiB table the fast solver's proof (packed positions,
 * solve_packed.c) takes exactly this many nodes: a change detector of
 * the solver's course, not a fact of the game (the value itself is
 * checked against an exhaustive minimax in check_cephalopod_play). */
START_TEST(test_solve_3x3_empty)
{
    struct search_result r;
    char best[MOVE_STR_MAX];
    solve_board("3x3", 64, 0, NULL, &r, best);
    ck_assert(r.proven);
    ck_assert_int_eq(r.margin, 1);
    ck_assert_str_eq(best, "a1");
    ck_assert_uint_eq(r.nodes, 3463382);
}
END_TEST

/* The generic solver (solve.c, through game_ops: what a game without
 * packed positions gets) on the same board: the same value and move, and
 * its own node count (4 350 932 before children whose forced line ends
 * the game were valued without a node). */
START_TEST(test_solve_3x3_generic)
{
    struct game_ops generic = cephalopod_ops;
    generic.packed = NULL;
    struct search_result r;
    char best[MOVE_STR_MAX];
    solve_board_with(&generic, "3x3", 1, 64, 0, NULL, &r, best);
    ck_assert(r.proven);
    ck_assert_int_eq(r.margin, 1);
    ck_assert_str_eq(best, "a1");
    ck_assert_uint_eq(r.nodes, 3732113);
}
END_TEST

/* solve_board with the progress lines caught: returns their text
 * (malloc'd, caller frees). */
static char *solve_board_progress(const char *size, size_t hash_mb,
                                  uint64_t max_nodes,
                                  struct search_result *r)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    char best[MOVE_STR_MAX];
    solve_board(size, hash_mb, max_nodes, f, r, best);
    fclose(f);
    return text;
}

/* Checks the path of every progress line in text (doc/protocol.md,
 * `solve`): six plies, each begun one's move among its moves, and 0/0
 * for every ply below one not begun.  Returns the number of lines. */
static int check_paths(const char *text)
{
    int lines = 0;
    for (const char *p = strstr(text, " path "); p;
         p = strstr(p + 1, " path ")) {
        int at[6], of[6];
        ck_assert_int_eq(sscanf(p, " path %d/%d %d/%d %d/%d %d/%d %d/%d %d/%d",
                                &at[0], &of[0], &at[1], &of[1], &at[2],
                                &of[2], &at[3], &of[3], &at[4], &of[4],
                                &at[5], &of[5]), 12);
        bool begun = true;
        for (int ply = 0; ply < 6; ply++) {
            begun = begun && of[ply] > 0;
            if (begun) {
                ck_assert_int_ge(at[ply], 1);
                ck_assert_int_le(at[ply], of[ply]);
            } else {
                ck_assert_int_eq(at[ply], 0);
                ck_assert_int_eq(of[ply], 0);
            }
        }
        lines++;
    }
    return lines;
}

/* A proof stopped by its node budget ends with a progress line that says
 * where it stood: no bound yet, the first test (margin >= 0?), the 12
 * root moves of 4x3, the path under search (the first root move, after
 * 100 000 nodes still, and a move of each of the five nodes below it)
 * and the nodes spent. */
START_TEST(test_solve_progress_when_stopped)
{
    struct search_result r;
    char *text = solve_board_progress("4x3", 16, 100000, &r);
    ck_assert(!r.proven);
    ck_assert_uint_eq(r.nodes, 100000);
    const char *line = strstr(text, "info solve lower -127 upper 127 "
                                    "test 0 root 0/12 table ");
    ck_assert_msg(line != NULL, "no final progress line in: %s", text);
    ck_assert_ptr_nonnull(strstr(line, " nodes 100000 "));
    const char *path = strstr(line, " path ");
    ck_assert_ptr_nonnull(path);
    int at[6], of[6];
    ck_assert_int_eq(sscanf(path, " path %d/%d %d/%d %d/%d %d/%d %d/%d %d/%d",
                            &at[0], &of[0], &at[1], &of[1], &at[2], &of[2],
                            &at[3], &of[3], &at[4], &of[4], &at[5], &of[5]),
                     12);
    ck_assert_int_eq(at[0], 1);
    ck_assert_int_eq(of[0], 12);
    for (int ply = 1; ply < 6; ply++) {
        ck_assert_int_ge(at[ply], 1);
        ck_assert_int_le(at[ply], of[ply]);
    }
    ck_assert_int_ge(check_paths(text), 1);
    free(text);
}
END_TEST

/* Each finished step of a proof writes one line; the last one holds the
 * value from both sides (2x3: Black, the side not to move, wins by 2);
 * every line's path is well formed. */
START_TEST(test_solve_progress_steps)
{
    struct search_result r;
    char *text = solve_board_progress("2x3", 1, 0, &r);
    ck_assert(r.proven);
    ck_assert_int_eq(r.margin, -2);
    ck_assert_ptr_nonnull(strstr(text, "info solve lower -2 upper -2 "));
    ck_assert_int_ge(check_paths(text), 2);
    free(text);
}
END_TEST

/* The value of st by the solver on one thread with a table of hash_mb
 * MiB, from its side to move's view. */
static int solved_margin(const void *st, size_t hash_mb)
{
    const struct game_ops *g = &cephalopod_ops;
    struct search *s = search_new(g, hash_mb);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = { .threads = 1, .seed = 1 };
    struct search_result r;
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    ck_assert(r.proven);
    search_free(s);
    return r.margin;
}

/* The value of the position after `move` on the empty board `size`,
 * from its side to move's view. */
static int margin_after(const char *size, const char *move)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    struct sbuf err = SBUF_INIT;
    char *argv[] = { (char *)size };
    ck_assert_int_eq(g->setup(st, 1, argv, 0, &err), 0);
    move_t m;
    ck_assert_int_eq(g->parse_move(st, move, &m, &err), MOVE_PARSE_OK);
    sbuf_free(&err);
    g->play(st, m);
    int margin = solved_margin(st, 64);
    free(st);
    return margin;
}

/* A proof on two threads (doc/search.md, "Proofs on several threads"):
 * 3x3 has the same value, its move keeps it (any first move wins, and
 * another thread may answer first), and the progress lines come from one
 * thread: one a finished test, each well formed, the last with the
 * value. */
START_TEST(test_solve_3x3_two_threads)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    struct search_result r;
    char best[MOVE_STR_MAX];
    solve_board_with(&cephalopod_ops, "3x3", 2, 64, 0, f, &r, best);
    fclose(f);
    ck_assert(r.proven);
    ck_assert_int_eq(r.margin, 1);
    ck_assert_int_eq(margin_after("3x3", best), -1);
    ck_assert_ptr_nonnull(strstr(text, "info solve lower 1 upper 127 "));
    ck_assert_ptr_nonnull(strstr(text, "info solve lower 1 upper 1 "));
    ck_assert_int_ge(check_paths(text), 2);
    free(text);
}
END_TEST

/* Two threads stop at the node budget, which counts both: no answer,
 * the budget spent, and not much more (each thread adds its count every
 * 1024 nodes at most). */
START_TEST(test_solve_two_threads_stopped)
{
    struct search_result r;
    char best[MOVE_STR_MAX];
    solve_board_with(&cephalopod_ops, "4x3", 2, 16, 100000, NULL, &r, best);
    ck_assert(!r.proven);
    ck_assert_uint_ge(r.nodes, 100000);
    ck_assert_uint_le(r.nodes, 100000 + 2 * 1024);
}
END_TEST

/* A 3x3 endgame where one move of three wins (check_cephalopod_play's
 * reference minimax says so): W1 B1 . / . W6 B4 / W6 B1 ., White to move. */
#define ENDGAME_ONE_WINNER "cephalopod:3x3:W:W1B1../..W6B4/W6B1.."


/* search_run (genmove, analyze) on position pos with the method and node
 * budget given; the position is left in st_out (NULL: not kept). */
static void play_position(const char *pos, enum search_method method,
                          uint64_t max_nodes, struct search_result *r,
                          void *st_out)
{
    const struct game_ops *g = &cephalopod_ops;
    void *st = st_out ? st_out : malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(g->from_string(st, pos, &err), 0);
    sbuf_free(&err);
    struct search *s = search_new(g, 16);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = {
        .threads = 1, .seed = 3, .max_nodes = max_nodes, .method = method,
    };
    ck_assert_int_eq(search_run(s, st, &l, r), 0);
    search_free(s);
    if (!st_out)
        free(st);
}

/* genmove/analyze with the method auto on a position the game calls
 * worth proving: the proof comes within a quarter of the node budget, the
 * score is the proven value and the move the one that wins. */
START_TEST(test_play_proves_endgame)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    unsigned char *child = malloc(g->state_size);
    ck_assert(st && child);
    struct search_result r;
    play_position(ENDGAME_ONE_WINNER, SEARCH_AUTO, 400000, &r, st);
    ck_assert(r.proven);
    int value = solved_margin(st, 1);
    ck_assert_int_gt(value, 0);
    ck_assert_int_eq(r.margin, value);
    ck_assert_int_ge(r.score, EVAL_WIN_MIN);
    ck_assert_int_eq(search_score_margin(r.score), value);
    memcpy(child, st, g->state_size);
    g->play(child, r.best);            /* the winning move, not another */
    int after = solved_margin(child, 1);
    ck_assert_int_eq(g->side_to_move(child) == g->side_to_move(st) ? after
                                                                   : -after,
                     value);
    free(child);
    free(st);
}
END_TEST

/* The empty 2x3 board, Black wins by 2: proven from the start within the
 * budget; an explicitly chosen method (here the random baseline) plays
 * as it always did, without a proof. */
START_TEST(test_play_proves_small_board)
{
    struct search_result r;
    const char *empty = "cephalopod:2x3:W:..../..../....";
    play_position(empty, SEARCH_AUTO, 200000, &r, NULL);
    ck_assert(r.proven);
    ck_assert_int_eq(r.margin, -2);
    play_position(empty, SEARCH_RANDOM, 200000, &r, NULL);
    ck_assert(!r.proven);
}
END_TEST

/* A board the game does not call worth proving (the empty 5x5 board)
 * gets the usual search with the whole budget. */
START_TEST(test_play_large_board_unproven)
{
    struct search_result r;
    play_position("cephalopod:5x5:W:........../........../........../"
                  "........../..........", SEARCH_AUTO, 20000, &r, NULL);
    ck_assert(!r.proven);
    ck_assert_uint_ge(r.nodes, 20000);
}
END_TEST

static Suite *solve_ceph_suite(void)
{
    Suite *s = suite_create("solve_ceph");
    TCase *tc = tcase_create("boards");
    tcase_set_timeout(tc, 300);     /* the 3x3 proof: seconds, more
                                       under sanitizers and load */
    tcase_add_test(tc, test_solve_3x3_empty);
    tcase_add_test(tc, test_solve_3x3_generic);
    tcase_add_test(tc, test_solve_progress_when_stopped);
    tcase_add_test(tc, test_solve_progress_steps);
    tcase_add_test(tc, test_solve_3x3_two_threads);
    tcase_add_test(tc, test_solve_two_threads_stopped);
    tcase_add_test(tc, test_play_proves_endgame);
    tcase_add_test(tc, test_play_proves_small_board);
    tcase_add_test(tc, test_play_large_board_unproven);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tap_main(solve_ceph_suite());
}
