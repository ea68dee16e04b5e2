/* check_analysis.c -- the JSON analysis mode (src/analysis/): requests in
 * through a stream, answers out through another, read back as JSON and
 * checked against the engine itself: each analysed turn's side, unit,
 * best move and score (the same search run here on its own engine, with
 * the same node budget, must give the same move and score), the errors of
 * bad lines with the engine carrying on after each, cancel, many requests
 * at once and lines over the cap.  Node budgets only: no timing. */
#include "config.h"

#include <check.h>

#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "analysis/answer.h"
#include "engine/engine.h"
#include "games/games.h"
#include "tap_main.h"

#define NODES 2000

/* ------------------------------------------------------------------ */
/* Running the mode                                                    */

/* Serves input under *c; returns the answer lines, each parsed (every
 * line must be one JSON object). */
static json_t *serve_with(const char *input, const struct analysis_config *c)
{
    FILE *in = fmemopen((void *)input, strlen(input), "r");
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ck_assert(in && out);
    ck_assert_int_eq(analysis_serve(in, out, c), 0);
    fclose(in);
    fclose(out);
    json_t *lines = json_array();
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l;
         l = strtok_r(NULL, "\n", &save)) {
        json_error_t err;
        json_t *a = json_loads(l, 0, &err);
        ck_assert_msg(json_is_object(a), "not a JSON object: %s", l);
        json_array_append_new(lines, a);
    }
    free(text);
    return lines;
}

/* Serves input with workers workers and the other settings' defaults. */
static json_t *serve(const char *input, int workers)
{
    struct analysis_config c = analysis_default_config();
    c.workers = workers;
    return serve_with(input, &c);
}

static const char *str_field(json_t *a, const char *key)
{
    return json_string_value(json_object_get(a, key));
}

/* The answers whose id is id. */
static int count_id(json_t *lines, const char *id)
{
    int n = 0;
    size_t i;
    json_t *a;
    json_array_foreach(lines, i, a)
        n += str_field(a, "id") && strcmp(str_field(a, "id"), id) == 0;
    return n;
}

/* The one answer with this id, which must be an error. */
static json_t *error_of(json_t *lines, const char *id)
{
    size_t i;
    json_t *a;
    json_array_foreach(lines, i, a) {
        json_t *aid = json_object_get(a, "id");
        bool match = id ? json_is_string(aid) &&
                          strcmp(json_string_value(aid), id) == 0
                        : json_is_null(aid);
        if (match) {
            ck_assert_msg(str_field(a, "error"), "no error for %s", id);
            return a;
        }
    }
    ck_abort_msg("no answer for %s", id ? id : "null");
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Games to analyse                                                    */

/* A game of g from its default start: its start as a position string in
 * *start and up to max_plies moves, chosen by a fixed rule among the
 * legal ones, appended as JSON strings to moves.  Returns the plies. */
static int make_game(const struct game_ops *g, int max_plies,
                     struct sbuf *start, json_t *moves)
{
    struct engine e;
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(engine_init(&e, 7), 0);
    ck_assert_int_eq(engine_setup(&e, g, 0, NULL, &err), 0);
    g->to_string(engine_position(&e), start);
    int k = 0;
    for (; k < max_plies; k++) {
        int n;
        const move_t *legal = engine_legal_list(&e, &n);
        if (n == 0)
            break;
        move_t m = legal[(k * 7 + 3) % n];
        char text[MOVE_STR_MAX];
        g->format_move(engine_position(&e), m, text);
        json_array_append_new(moves, json_string(text));
        ck_assert_int_eq(engine_play(&e, m), 0);
    }
    sbuf_free(&err);
    engine_done(&e);
    return k;
}

/* One request line (with its newline) of the fields of obj; frees obj. */
static char *line_of(json_t *obj)
{
    char *text = json_dumps(obj, JSON_COMPACT);
    json_decref(obj);
    ck_assert(text);
    char *line = malloc(strlen(text) + 2);
    ck_assert(line);
    strcpy(line, text);
    strcat(line, "\n");
    free(text);
    return line;
}

/* "W+n", "B+n", "W+", "B+" or "0" as the first side's margin (a win
 * without margin counts 1). */
static int first_margin(const char *result)
{
    if (strcmp(result, "0") == 0)
        return 0;
    ck_assert(result[0] == 'W' || result[0] == 'B');
    ck_assert(result[1] == '+');
    int m = result[2] ? atoi(result + 2) : 1;
    return result[0] == 'W' ? m : -m;
}

/* Checks the answer a for turn `turn` of the game start + moves: the
 * side and unit, and the search against the same search run here; for a
 * finished game, the result against the rules' outcome. */
static void check_answer(const struct game_ops *g, const char *start,
                         json_t *moves, json_t *a, bool *proven_seen)
{
    int turn = (int)json_integer_value(json_object_get(a, "turn"));
    struct engine e;
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(engine_init(&e, 1), 0);
    ck_assert_int_eq(engine_set_hash(&e, ANALYSIS_DEFAULT_HASH_MB), 0);
    ck_assert_int_eq(engine_setposition(&e, start, &err), 0);
    for (int i = 0; i < turn; i++) {
        move_t m;
        ck_assert_int_eq(g->parse_move(engine_position(&e),
                                       json_string_value(json_array_get(
                                           moves, (size_t)i)), &m, &err),
                         MOVE_PARSE_OK);
        ck_assert_int_eq(engine_play(&e, m), 0);
    }
    const void *pos = engine_position(&e);
    int side = g->side_to_move(pos);
    ck_assert_str_eq(str_field(a, "side"), g->side_names[side]);
    ck_assert_str_eq(str_field(a, "unit"), g->eval_unit);
    json_t *score = json_object_get(a, "score");
    const char *proven = str_field(a, "proven");
    int margin;
    enum game_status st = engine_outcome(&e, &margin);
    ck_assert(json_is_boolean(json_object_get(a, "over")));
    ck_assert_int_eq(json_is_true(json_object_get(a, "over")),
                     st != GAME_ONGOING);
    if (st != GAME_ONGOING) {
        ck_assert(json_is_null(json_object_get(a, "best")));
        ck_assert_ptr_nonnull(proven);
        int first = st == GAME_DRAW ? 0
                  : st == GAME_WIN_FIRST ? (margin ? margin : 1)
                                         : -(margin ? margin : 1);
        ck_assert_int_eq(first_margin(proven), first);
        int mine = side == 0 ? first : -first;
        ck_assert_double_eq(json_number_value(json_object_get(a, "win")),
                            mine > 0 ? 1 : mine < 0 ? 0 : 0.5);
    } else {
        move_t best;
        ck_assert_int_eq(g->parse_move(pos, str_field(a, "best"), &best,
                                       &err), MOVE_PARSE_OK);
        json_t *pv = json_object_get(a, "pv");
        ck_assert_str_eq(json_string_value(json_array_get(pv, 0)),
                         str_field(a, "best"));
        struct search_limits lim = engine_search_limits(&e, 0);
        lim.max_nodes = NODES;
        struct search_result r;
        ck_assert_int_eq(engine_search(&e, &lim, &r), 0);
        ck_assert_uint_eq(best, r.best);
        ck_assert_int_eq(json_integer_value(json_object_get(a, "nodes")),
                         (json_int_t)r.nodes);
        ck_assert_int_eq(json_integer_value(json_object_get(a, "depth")),
                         r.depth);
        if (abs(r.score) < EVAL_WIN_MIN)
            ck_assert_double_eq_tol(json_number_value(score),
                                    (double)r.score / g->eval_scale, 1e-9);
        ck_assert_int_eq(proven != NULL, r.proven);
        double win = answer_win_chance(g, r.score, r.proven, r.margin);
        ck_assert_double_eq_tol(json_number_value(json_object_get(a, "win")),
                                win, 0.0005 + 1e-9);
    }
    if (proven) {
        *proven_seen = true;
        /* the score is the proven margin from the side to move's view */
        int mine = side == 0 ? first_margin(proven) : -first_margin(proven);
        if (g->score_has_margin || mine == 0)
            ck_assert_double_eq_tol(json_number_value(score), mine, 1e-9);
        else
            ck_assert(json_is_null(score));
    }
    sbuf_free(&err);
    engine_done(&e);
}

/* Analyses a game of g of up to max_plies at every turn (the default)
 * and checks every answer; returns whether one was proven. */
static bool analyse_game(const struct game_ops *g, int max_plies,
                         int workers)
{
    struct sbuf start = SBUF_INIT;
    json_t *moves = json_array();
    int plies = make_game(g, max_plies, &start, moves);
    json_t *req = json_pack("{s:s, s:s, s:O, s:i}", "id", g->name,
                            "position", sbuf_str(&start), "moves", moves,
                            "nodes", NODES);
    char *input = line_of(req);
    json_t *lines = serve(input, workers);
    ck_assert_int_eq(json_array_size(lines), plies + 1);
    bool *seen = calloc((size_t)plies + 1, sizeof *seen);
    bool proven = false;
    size_t i;
    json_t *a;
    json_array_foreach(lines, i, a) {
        ck_assert_str_eq(str_field(a, "id"), g->name);
        json_int_t turn = json_integer_value(json_object_get(a, "turn"));
        ck_assert(turn >= 0 && turn <= plies && !seen[turn]);
        seen[turn] = true;
        check_answer(g, sbuf_str(&start), moves, a, &proven);
    }
    free(seen);
    free(input);
    json_decref(lines);
    json_decref(moves);
    sbuf_free(&start);
    return proven;
}

/* ------------------------------------------------------------------ */
/* Tests                                                               */

/* Every game says what its scores count. */
START_TEST(test_units_declared)
{
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        ck_assert_msg(g->eval_unit && g->eval_unit[0], "%s", g->name);
        ck_assert_msg(g->eval_scale >= 1, "%s", g->name);
        ck_assert_msg(g->win_scale >= 1, "%s", g->name);
    }
}
END_TEST

/* The win chance of a score: 0.5 at 0, rising with the score, the same
 * for either colour (a score and its negation, the two sides' views of
 * one position, sum to 1), 0.731 at the game's win_scale; proven
 * results and forced wins are 1, 0.5 and 0. */
START_TEST(test_win_chance)
{
    const struct game_ops *g = game_at(_i);
    ck_assert_double_eq(answer_win_chance(g, 0, false, 0), 0.5);
    ck_assert_double_eq_tol(answer_win_chance(g, g->win_scale, false, 0),
                            0.7311, 0.0001);
    double before = 0;
    for (int score = -EVAL_WIN_MIN + 1; score < EVAL_WIN_MIN; score += 97) {
        double p = answer_win_chance(g, score, false, 0);
        double q = answer_win_chance(g, -score, false, 0);
        ck_assert(p >= 0 && p <= 1);
        ck_assert_msg(p >= before, "%s: not monotone at %d", g->name, score);
        ck_assert_double_eq_tol(p + q, 1, 1e-12);
        before = p;
    }
    ck_assert(answer_win_chance(g, 2 * g->win_scale, false, 0) >
              answer_win_chance(g, g->win_scale, false, 0));
    ck_assert_double_eq(answer_win_chance(g, 0, true, 3), 1);
    ck_assert_double_eq(answer_win_chance(g, 0, true, -1), 0);
    ck_assert_double_eq(answer_win_chance(g, 0, true, 0), 0.5);
    /* a proven result counts, whatever the score says */
    ck_assert_double_eq(answer_win_chance(g, 5 * g->win_scale, true, -2), 0);
    ck_assert_double_eq(answer_win_chance(g, EVAL_WIN_MIN + 512, false, 0),
                        1);
    ck_assert_double_eq(answer_win_chance(g, -EVAL_WIN_MIN - 3, false, 0),
                        0);
}
END_TEST

/* Each game, a few dozen plies, every turn, on two workers. */
START_TEST(test_every_game)
{
    analyse_game(game_at(_i), 24, 2);
}
END_TEST

/* DVONN to its end: the last turns are proven and the last one is over. */
START_TEST(test_whole_game)
{
    const struct game_ops *g = game_find("dvonn");
    ck_assert(analyse_game(g, 1000, 2));
}
END_TEST

/* The turns asked for, in any order, and a setup given as words. */
START_TEST(test_turns_and_setup)
{
    const char *input =
        "{\"id\": \"t\", \"game\": \"dvonn\", \"setup\": \"random=3\","
        " \"moves\": [], \"turns\": [0, 0], \"nodes\": 500}\n"
        "{\"id\": \"s\", \"game\": \"cephalopod\", \"setup\": \"3x3\","
        " \"moves\": [\"b2\", \"a1\"], \"turns\": [2, 1], \"nodes\": 500}\n";
    json_t *lines = serve(input, 1);
    ck_assert_int_eq(json_array_size(lines), 4);
    ck_assert_int_eq(count_id(lines, "t"), 2);
    ck_assert_int_eq(count_id(lines, "s"), 2);
    /* one worker: each request's turns come in the order asked */
    ck_assert_int_eq(json_integer_value(json_object_get(
        json_array_get(lines, 2), "turn")), 2);
    ck_assert_str_eq(str_field(json_array_get(lines, 2), "side"), "white");
    ck_assert_str_eq(str_field(json_array_get(lines, 3), "side"), "black");
    ck_assert_str_eq(str_field(json_array_get(lines, 3), "unit"), "dice");
    json_decref(lines);
}
END_TEST

/* Bad lines: one error each, with the line's id when it has one, and the
 * request after them is answered. */
START_TEST(test_malformed)
{
    static const struct {
        const char *line;
        const char *id;          /* expected id, NULL: null */
        const char *words;       /* expected in the error   */
    } bad[] = {
        { "not json", NULL, "malformed JSON" },
        { "{\"id\": \"a\",", NULL, "malformed JSON" },
        { "[1, 2]", NULL, "JSON object" },
        { "{\"id\": \"b\", \"id\": \"c\", \"game\": \"dvonn\"}", NULL,
          "malformed JSON" },
        { "{\"game\": \"dvonn\"}", NULL, "no id" },
        { "{\"id\": 5, \"game\": \"dvonn\"}", NULL, "id: not a string" },
        { "{\"id\": \"d\", \"game\": 5}", "d", "game: not a string" },
        { "{\"id\": \"e\", \"game\": \"dvonn\", \"moves\": \"E3\"}", "e",
          "moves: not an array" },
        { "{\"id\": \"f\", \"game\": \"dvonn\", \"turns\": [\"x\"]}", "f",
          "turns[0]: not an integer" },
        { "{\"id\": \"g\", \"game\": \"dvonn\", \"turns\": [1]}", "g",
          "turns[0]: 1 is not in 0..0" },
        { "{\"id\": \"h\", \"game\": \"dvonn\", \"turns\": []}", "h",
          "turns: empty" },
        { "{\"id\": \"i\", \"game\": \"dvonn\", \"seconds\": \"1\"}", "i",
          "seconds: not a number" },
        { "{\"id\": \"j\", \"game\": \"dvonn\", \"seconds\": 0}", "j",
          "seconds: 0 is not in" },
        { "{\"id\": \"k\", \"game\": \"dvonn\", \"seconds\": 1e9}", "k",
          "seconds: 1e+09 is not in" },
        { "{\"id\": \"l\", \"game\": \"dvonn\", \"nodes\": 0}", "l",
          "nodes: 0 is not in" },
        { "{\"id\": \"m\", \"game\": \"dvonn\", \"nodes\": 1.5}", "m",
          "nodes: not an integer" },
        { "{\"id\": \"n\", \"game\": \"dvonn\", \"nodes\": 5,"
          " \"seconds\": 1}", "n", "both seconds and nodes" },
        { "{\"id\": \"o\", \"game\": \"dvonn\", \"colour\": 1}", "o",
          "unknown field \"colour\"" },
        { "{\"id\": \"p\", \"game\": \"dvonn\", \"setup\": \"x y\"}", "p",
          "setup: " },
        { "{\"id\": \"q\", \"game\": \"dvonn\", \"setup\": \"\","
          " \"position\": \"dvonn:x\"}", "q", "both setup and position" },
        { "{\"id\": \"r\", \"position\": \"dvonn:garbage\"}", "r",
          "position: " },
        { "{\"id\": \"s\", \"game\": \"cephalopod\","
          " \"position\": \"dvonn:P:W:\"}", "s", "position: " },
        { "{\"id\": \"t\"}", "t", "no game" },
        { "{\"id\": \"u\", \"action\": \"stop\"}", "u", "unknown action" },
        { "{\"id\": \"v\", \"action\": \"cancel\"}", "v", "no target" },
        { "{\"id\": \"w\", \"target\": \"a\"}", "w", "target without" },
        { "{\"id\": \"x\", \"action\": \"cancel\", \"target\": \"a\","
          " \"game\": \"dvonn\"}", "x", "fields other than" },
        { "{\"id\": \"y\", \"action\": \"cancel\", \"target\": \"nobody\"}",
          "y", "no pending request \"nobody\"" },
        { "{\"id\": \"z\", \"game\": \"dvonn\", \"moves\": [\"\\u0000\"]}",
          NULL, "malformed JSON" },
    };
    int n = (int)(sizeof bad / sizeof bad[0]);
    struct sbuf input = SBUF_INIT;
    for (int i = 0; i < n; i++)
        sbuf_printf(&input, "%s\n", bad[i].line);
    sbuf_puts(&input, "\n   \n{\"id\": \"ok\", \"game\": \"dvonn\","
              " \"turns\": [0], \"nodes\": 500}\n");
    json_t *lines = serve(sbuf_str(&input), 2);
    ck_assert_int_eq(json_array_size(lines), n + 1);
    for (int i = 0; i < n; i++) {
        json_t *a = json_array_get(lines, (size_t)i);
        json_t *id = json_object_get(a, "id");
        const char *error = str_field(a, "error");
        ck_assert_msg(error, "no error for %s", bad[i].line);
        ck_assert_msg(strstr(error, bad[i].words), "%s: %s", bad[i].line,
                      error);
        if (bad[i].id)
            ck_assert_str_eq(json_string_value(id), bad[i].id);
        else
            ck_assert_msg(json_is_null(id) || json_is_integer(id), "%s",
                          bad[i].line);
    }
    json_t *last = json_array_get(lines, (size_t)n);
    ck_assert_str_eq(str_field(last, "id"), "ok");
    ck_assert_ptr_nonnull(str_field(last, "best"));
    json_decref(lines);
    sbuf_free(&input);
}
END_TEST

START_TEST(test_unknown_game)
{
    json_t *lines = serve("{\"id\": \"g\", \"game\": \"chess\"}\n"
                          "{\"id\": \"ok\", \"game\": \"truchet\","
                          " \"turns\": [0], \"nodes\": 300}\n", 1);
    ck_assert_int_eq(json_array_size(lines), 2);
    const char *error = str_field(error_of(lines, "g"), "error");
    ck_assert_msg(strstr(error, "unknown game \"chess\"") &&
                  strstr(error, "dvonn"), "%s", error);
    ck_assert_int_eq(count_id(lines, "ok"), 1);
    json_decref(lines);
}
END_TEST

/* An illegal move and a token that is no move: their index is given. */
START_TEST(test_illegal_move)
{
    struct sbuf start = SBUF_INIT;
    json_t *moves = json_array();
    const struct game_ops *g = game_find("dvonn");
    make_game(g, 10, &start, moves);
    /* a placement on an occupied cell: moves[1] again at index 6 */
    json_array_set(moves, 6, json_array_get(moves, 1));
    char *one = line_of(json_pack("{s:s, s:s, s:O}", "id", "bad",
                                  "position", sbuf_str(&start), "moves",
                                  moves));
    json_array_set_new(moves, 3, json_string("Z99"));
    char *two = line_of(json_pack("{s:s, s:s, s:O}", "id", "syntax",
                                  "position", sbuf_str(&start), "moves",
                                  moves));
    json_array_set_new(moves, 3, json_integer(3));
    char *three = line_of(json_pack("{s:s, s:s, s:O}", "id", "type",
                                    "position", sbuf_str(&start), "moves",
                                    moves));
    struct sbuf input = SBUF_INIT;
    sbuf_printf(&input, "%s%s%s{\"id\": \"ok\", \"game\": \"dvonn\","
                " \"turns\": [0], \"nodes\": 500}\n", one, two, three);
    json_t *lines = serve(sbuf_str(&input), 2);
    ck_assert_int_eq(json_array_size(lines), 4);
    json_t *a = error_of(lines, "bad");
    ck_assert_int_eq(json_integer_value(json_object_get(a, "index")), 6);
    ck_assert_msg(strstr(str_field(a, "error"), "moves[6]: illegal move"),
                  "%s", str_field(a, "error"));
    a = error_of(lines, "syntax");
    ck_assert_int_eq(json_integer_value(json_object_get(a, "index")), 3);
    ck_assert_msg(strstr(str_field(a, "error"), "moves[3]: not a move"),
                  "%s", str_field(a, "error"));
    a = error_of(lines, "type");
    ck_assert_int_eq(json_integer_value(json_object_get(a, "index")), 3);
    ck_assert_int_eq(count_id(lines, "ok"), 1);
    json_decref(lines);
    json_decref(moves);
    sbuf_free(&input);
    sbuf_free(&start);
    free(one);
    free(two);
    free(three);
}
END_TEST

/* A cancel stops the running search and drops the pending turns: nothing
 * of the target is answered, the acknowledgement counts every turn, and
 * the requests after it are answered (after it). */
START_TEST(test_cancel)
{
    const char *input =
        "{\"id\": \"long\", \"game\": \"dvonn\", \"setup\": \"random=3\","
        " \"moves\": [], \"turns\": [0, 0, 0, 0, 0],"
        " \"nodes\": 10000000000}\n"
        "{\"id\": \"c\", \"action\": \"cancel\", \"target\": \"long\"}\n"
        "{\"id\": \"after\", \"game\": \"dvonn\", \"turns\": [0],"
        " \"nodes\": 500}\n"
        "{\"id\": \"again\", \"action\": \"cancel\", \"target\": \"long\"}\n";
    for (int workers = 1; workers <= 2; workers++) {
        json_t *lines = serve(input, workers);
        ck_assert_int_eq(json_array_size(lines), 3);
        ck_assert_int_eq(count_id(lines, "long"), 0);
        json_t *ack = json_array_get(lines, 0);
        ck_assert_str_eq(str_field(ack, "id"), "c");
        ck_assert_str_eq(str_field(ack, "action"), "cancel");
        ck_assert_str_eq(str_field(ack, "target"), "long");
        ck_assert_int_eq(json_integer_value(json_object_get(ack,
                                                            "cancelled")), 5);
        ck_assert_int_eq(count_id(lines, "after"), 1);
        ck_assert_ptr_nonnull(str_field(error_of(lines, "again"), "error"));
        json_decref(lines);
    }
}
END_TEST

/* Many requests at once on three workers: each answered once, its id on
 * its own turns. */
START_TEST(test_many_requests)
{
    enum { N = 60 };
    struct sbuf input = SBUF_INIT;
    for (int i = 0; i < N; i++)
        sbuf_printf(&input, "{\"id\": \"q%d\", \"game\": \"%s\","
                    " \"turns\": [0], \"nodes\": %d}\n", i,
                    game_at(i % game_count())->name, 200 + i);
    json_t *lines = serve(sbuf_str(&input), 3);
    ck_assert_int_eq(json_array_size(lines), N);
    for (int i = 0; i < N; i++) {
        char id[16];
        snprintf(id, sizeof id, "q%d", i);
        ck_assert_int_eq(count_id(lines, id), 1);
    }
    size_t i;
    json_t *a;
    json_array_foreach(lines, i, a) {
        int k = atoi(str_field(a, "id") + 1);
        ck_assert_str_eq(str_field(a, "unit"),
                         game_at(k % game_count())->eval_unit);
        ck_assert_ptr_nonnull(str_field(a, "best"));
    }
    json_decref(lines);
    sbuf_free(&input);
}
END_TEST

/* A line over the cap (1 MiB) is refused whole, and one within the cap
 * with too many moves too; the next request is answered. */
START_TEST(test_over_cap)
{
    struct sbuf input = SBUF_INIT;
    sbuf_puts(&input, "{\"id\": \"big\", \"game\": \"dvonn\", \"moves\": [");
    while (input.len <= ((size_t)1 << 20))
        sbuf_puts(&input, "\"A1\", ");
    sbuf_puts(&input, "\"A1\"]}\n{\"id\": \"many\", \"game\": \"dvonn\","
              " \"moves\": [");
    for (int i = 0; i < 10001; i++)
        sbuf_puts(&input, i ? ", \"A1\"" : "\"A1\"");
    sbuf_puts(&input, "]}\n{\"id\": \"ok\", \"game\": \"dvonn\","
              " \"turns\": [0], \"nodes\": 500}");        /* no newline */
    ck_assert(!input.oom);
    json_t *lines = serve(sbuf_str(&input), 1);
    ck_assert_int_eq(json_array_size(lines), 3);
    const char *error = str_field(error_of(lines, NULL), "error");
    ck_assert_msg(strstr(error, "line longer than 1048576 bytes"), "%s",
                  error);
    error = str_field(error_of(lines, "many"), "error");
    ck_assert_msg(strstr(error, "moves: more than 10000"), "%s", error);
    ck_assert_int_eq(count_id(lines, "ok"), 1);
    json_decref(lines);
    sbuf_free(&input);
}
END_TEST

/* A queue that holds all it may: the next request is refused, and taken
 * again once cancels have emptied the queue.  Each request below holds
 * about 400 bytes (its start, 50 turns), so two fit in 1000 bytes. */
START_TEST(test_queue_full)
{
    struct sbuf input = SBUF_INIT;
    for (int i = 1; i <= 3; i++) {
        sbuf_printf(&input, "{\"id\": \"q%d\", \"game\": \"dvonn\","
                    " \"setup\": \"random=3\", \"turns\": [0", i);
        for (int t = 1; t < 50; t++)
            sbuf_puts(&input, ", 0");
        sbuf_puts(&input, "], \"nodes\": 10000000000}\n");
    }
    sbuf_puts(&input,
              "{\"id\": \"c1\", \"action\": \"cancel\", \"target\": \"q1\"}\n"
              "{\"id\": \"c2\", \"action\": \"cancel\", \"target\": \"q2\"}\n"
              "{\"id\": \"after\", \"game\": \"dvonn\", \"turns\": [0],"
              " \"nodes\": 500}\n");
    struct analysis_config c = analysis_default_config();
    c.max_queued = 1000;
    json_t *lines = serve_with(sbuf_str(&input), &c);
    ck_assert_int_eq(json_array_size(lines), 4);
    const char *error = str_field(error_of(lines, "q3"), "error");
    ck_assert_msg(strstr(error, "too much pending work"), "%s", error);
    for (size_t i = 0; i < 2; i++) {      /* q1 and q2 were queued */
        json_t *ack = json_array_get(lines, i + 1);
        ck_assert_str_eq(str_field(ack, "id"), i ? "c2" : "c1");
        ck_assert_int_eq(json_integer_value(json_object_get(ack,
                                                            "cancelled")), 50);
    }
    ck_assert_int_eq(count_id(lines, "after"), 1);
    ck_assert_ptr_nonnull(str_field(json_array_get(lines, 3), "best"));
    json_decref(lines);
    sbuf_free(&input);
}
END_TEST

/* A reader that went away: the mode stops and says so, without hanging
 * on the pending turns. */
START_TEST(test_output_fails)
{
    signal(SIGPIPE, SIG_IGN);
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    close(fds[0]);
    FILE *out = fdopen(fds[1], "w");
    const char *input = "{\"id\": \"a\", \"game\": \"dvonn\", \"setup\":"
                        " \"random=1\", \"nodes\": 10000000000}\n"
                        "{\"id\": \"b\", \"game\": \"chess\"}\n";
    FILE *in = fmemopen((void *)input, strlen(input), "r");
    struct analysis_config c = analysis_default_config();
    c.workers = 2;
    ck_assert_int_eq(analysis_serve(in, out, &c), -1);
    fclose(in);
    fclose(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("analysis");
    TCase *tc = tap_tcase(s, "requests", 60);
    tcase_add_test(tc, test_units_declared);
    tcase_add_loop_test(tc, test_win_chance, 0, game_count());
    tcase_add_loop_test(tc, test_every_game, 0, game_count());
    tcase_add_test(tc, test_whole_game);
    tcase_add_test(tc, test_turns_and_setup);
    tcase_add_test(tc, test_malformed);
    tcase_add_test(tc, test_unknown_game);
    tcase_add_test(tc, test_illegal_move);
    tcase_add_test(tc, test_cancel);
    tcase_add_test(tc, test_many_requests);
    tcase_add_test(tc, test_over_cap);
    tcase_add_test(tc, test_queue_full);
    tcase_add_test(tc, test_output_fails);
    return tap_main(s);
}
