/* check_engine.c -- the engine object of src/engine/ driven directly, as a
 * front end other than GTP drives it: error codes instead of replies,
 * the move choice that changes nothing, sliced searches with a progress
 * callback, and several engines in one process, also on threads. */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "games/games.h"
#include "tap_main.h"

/* A quiet engine of seed 1 playing the start of game g. */
static void open_engine(struct engine *e, const struct game_ops *g)
{
    ck_assert_int_eq(engine_init(e, 1), 0);
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(engine_setup(e, g, 0, NULL, &err), 0);
    sbuf_free(&err);
}

/* Plays the first legal move; false when there is none. */
static bool play_first(struct engine *e)
{
    int n;
    const move_t *moves = engine_legal_list(e, &n);
    if (n == 0)
        return false;
    ck_assert_int_eq(engine_play(e, moves[0]), 0);
    return true;
}

START_TEST(test_engines_share_nothing)
{
    struct engine a, b;
    open_engine(&a, game_at(0));
    open_engine(&b, game_at(game_count() - 1));
    struct sbuf before = SBUF_INIT, after = SBUF_INIT;
    b.game->to_string(engine_position(&b), &before);
    for (int i = 0; i < 3 && play_first(&a); i++)
        ;
    ck_assert_int_gt(a.nply, 0);
    b.game->to_string(engine_position(&b), &after);
    ck_assert_int_eq(b.nply, 0);
    ck_assert_str_eq(sbuf_str(&after), sbuf_str(&before));
    ck_assert_int_eq(engine_undo(&a), 0);
    ck_assert_int_eq(b.nply, 0);
    sbuf_free(&before), sbuf_free(&after);
    engine_done(&a), engine_done(&b);
}
END_TEST

START_TEST(test_error_codes)
{
    struct engine e;
    open_engine(&e, game_at(_i));
    struct sbuf err = SBUF_INIT;
    char word[] = "no-such-setup-word";
    char *bad[] = { word };
    ck_assert_int_eq(engine_setup(&e, e.game, 1, bad, &err),
                     ENGINE_BAD_ARGUMENT);
    ck_assert_int_gt((int)err.len, 0);
    ck_assert_int_eq(engine_setposition(&e, "nonsense", &err),
                     ENGINE_BAD_ARGUMENT);
    ck_assert_int_eq(engine_undo(&e), -1);
    int mover = e.game->side_to_move(engine_position(&e));
    move_t m;
    double spent;
    ck_assert_int_eq(engine_choose_move(&e, !mover, &m, &spent),
                     ENGINE_NOT_TURN);
    ck_assert_int_eq(e.nply, 0);
    /* A finished game (by resignation): nothing searches. */
    engine_resign(&e, mover);
    struct search_limits lim = engine_search_limits(&e, 0);
    lim.max_nodes = 100;
    struct search_result r;
    ck_assert_int_eq(engine_choose_move(&e, mover, &m, &spent),
                     ENGINE_GAME_OVER);
    ck_assert_int_eq(engine_search(&e, &lim, &r), ENGINE_GAME_OVER);
    ck_assert_int_eq(engine_solve(&e, &lim, &r), ENGINE_GAME_OVER);
    ck_assert_int_eq(engine_undo(&e), 0);      /* the resignation */
    ck_assert_int_eq(engine_outcome(&e, NULL), GAME_ONGOING);
    sbuf_free(&err);
    engine_done(&e);
}
END_TEST

START_TEST(test_choose_move_changes_nothing)
{
    struct engine e;
    open_engine(&e, game_at(_i));
    e.opt.maxnodes = 2000;
    time_control_set(&e.time_control, 60, 0, 0);
    struct time_control clocks = e.time_control;
    int side = e.game->side_to_move(engine_position(&e));
    move_t m;
    double spent;
    ck_assert_int_eq(engine_choose_move(&e, side, &m, &spent), 0);
    ck_assert(engine_is_legal(&e, m));
    ck_assert(spent >= 0);
    ck_assert_int_eq(e.nply, 0);
    ck_assert(memcmp(&clocks, &e.time_control, sizeof clocks) == 0);
    ck_assert_int_eq(engine_play(&e, m), 0);
    engine_charge(&e, side, 1.5);
    ck_assert_int_eq(e.nply, 1);
    ck_assert(e.time_control.left[side] == 58.5);
    engine_done(&e);
}
END_TEST

struct counter {
    int calls;
    int stop_after;             /* returns false on this call        */
    uint64_t nodes;             /* the slices' own nodes, summed     */
    uint64_t total;             /* the last total reported           */
    bool proven;                /* the last slice's result           */
    atomic_bool *raise;         /* set on the first call, if not NULL */
};

static bool count_slice(void *ctx, const struct search_result *r,
                        uint64_t nodes, double seconds)
{
    struct counter *c = ctx;
    ck_assert(seconds >= 0);
    c->calls++;
    c->nodes += r->nodes;
    c->total = nodes;
    c->proven = r->proven;
    if (c->raise)
        atomic_store(c->raise, true);
    return c->calls != c->stop_after;
}

START_TEST(test_slices_report_and_stop)
{
    struct engine e;
    open_engine(&e, game_at(_i));
    struct search_limits slice = engine_search_limits(&e, 0);
    slice.max_nodes = 500;
    slice.threads = 1;
    /* The callback ends it... */
    struct counter c = { .stop_after = 3 };
    ck_assert_int_eq(engine_search_slices(&e, &slice, count_slice, &c), 0);
    ck_assert_int_eq(c.calls, 3);
    ck_assert_int_gt(c.nodes, 0);
    ck_assert_uint_eq(c.total, c.nodes);
    /* ...or the stop source does, after the slice under way. */
    atomic_bool flag = false;
    struct stop_source stop = STOP_ON_FLAG(&flag);
    e.stop = &stop;
    slice = engine_search_limits(&e, 0);
    slice.max_nodes = 500;
    slice.threads = 1;
    struct counter s = { .stop_after = -1, .raise = &flag };
    ck_assert_int_eq(engine_search_slices(&e, &slice, count_slice, &s), 0);
    ck_assert_int_eq(s.calls, 1);
    ck_assert_int_eq(e.nply, 0);
    engine_done(&e);
}
END_TEST

/* A position the solver proves at once ends the slices by itself. */
START_TEST(test_slices_end_on_proof)
{
    struct engine e;
    open_engine(&e, game_find("cephalopod"));
    struct sbuf err = SBUF_INIT;
    char size[] = "2x2";
    char *two[] = { size };
    ck_assert_int_eq(engine_setup(&e, e.game, 1, two, &err), 0);
    struct search_limits slice = engine_search_limits(&e, 0);
    slice.max_nodes = 100000;
    slice.threads = 1;
    struct counter c = { .stop_after = -1 };
    ck_assert_int_eq(engine_search_slices(&e, &slice, count_slice, &c), 0);
    ck_assert(c.proven);
    ck_assert_int_ge(c.calls, 1);
    struct search_result r;
    ck_assert_int_eq(engine_solve(&e, &slice, &r), 0);
    ck_assert(r.proven);
    ck_assert(engine_is_legal(&e, r.best));
    sbuf_free(&err);
    engine_done(&e);
}
END_TEST

START_TEST(test_perft)
{
    struct engine e;
    open_engine(&e, game_at(_i));
    int64_t count;
    ck_assert_int_eq(engine_perft(&e, 0, &count), 0);
    ck_assert_int_eq(count, 1);
    int n;
    engine_legal_list(&e, &n);
    ck_assert_int_eq(engine_perft(&e, 1, &count), 0);
    ck_assert_int_eq(count, n);
    engine_done(&e);
}
END_TEST

/* One search per engine, as a parallel analysis runs them. */
struct job {
    const struct game_ops *game;
    struct search_result result;
    int rc;
};

static void *analyse(void *arg)
{
    struct job *j = arg;
    struct engine e;
    if (engine_init(&e, 1) != 0) {
        j->rc = ENGINE_NO_MEMORY;
        return NULL;
    }
    e.opt.hash_mb = 4;
    struct sbuf err = SBUF_INIT;
    j->rc = engine_setup(&e, j->game, 0, NULL, &err);
    sbuf_free(&err);
    if (j->rc == 0) {
        struct search_limits lim = engine_search_limits(&e, 0);
        lim.max_nodes = 20000;
        lim.threads = 1;
        j->rc = engine_search(&e, &lim, &j->result);
    }
    engine_done(&e);
    return NULL;
}

/* Engines on threads of their own find what each finds alone: the same
 * move, score and node count (one search thread, a node budget). */
START_TEST(test_engines_on_threads)
{
    enum { MAX_JOBS = 8 };
    int n = game_count() < MAX_JOBS ? game_count() : MAX_JOBS;
    struct job alone[MAX_JOBS], together[MAX_JOBS];
    pthread_t threads[MAX_JOBS];
    for (int i = 0; i < n; i++) {
        alone[i] = (struct job){ .game = game_at(i) };
        together[i] = alone[i];
        analyse(&alone[i]);
        ck_assert_int_eq(alone[i].rc, 0);
    }
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(pthread_create(&threads[i], NULL, analyse,
                                        &together[i]), 0);
    for (int i = 0; i < n; i++) {
        pthread_join(threads[i], NULL);
        ck_assert_int_eq(together[i].rc, 0);
        ck_assert_uint_eq(together[i].result.best, alone[i].result.best);
        ck_assert_int_eq(together[i].result.score, alone[i].result.score);
        ck_assert_uint_eq(together[i].result.nodes, alone[i].result.nodes);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tap_tcase(s, "engine", 120);
    tcase_add_test(tc, test_engines_share_nothing);
    tcase_add_loop_test(tc, test_error_codes, 0, game_count());
    tcase_add_loop_test(tc, test_choose_move_changes_nothing, 0,
                        game_count());
    tcase_add_loop_test(tc, test_slices_report_and_stop, 0, game_count());
    tcase_add_test(tc, test_slices_end_on_proof);
    tcase_add_loop_test(tc, test_perft, 0, game_count());
    tcase_add_test(tc, test_engines_on_threads);
    return tap_main(s);
}
