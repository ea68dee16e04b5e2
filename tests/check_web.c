/* check_web.c -- triad-web's relay and session table against the real
 * engine (src/triad of this build): replies, failures, multi-line replies,
 * a streamed analysis ended by the next command, a dying engine, the
 * session cap, lookup, deletion and reaping. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap_main.h"
#include "web/relay.h"
#include "web/sessions.h"

#define TIMEOUT 20.0

static char engine_path[] = "src/triad";
static char *engine_argv[] = { engine_path, NULL };

START_TEST(test_relay_replies)
{
    struct relay *r = relay_start(engine_argv);
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), 1);
    ck_assert_str_eq(sbuf_str(&reply), "triad");
    ck_assert_int_eq(relay_command(r, "7 play z9", TIMEOUT, &reply), 0);
    ck_assert_msg(strncmp(sbuf_str(&reply), "illegal move", 12) == 0, "%s",
                  sbuf_str(&reply));
    ck_assert_int_eq(relay_command(r, "setup cephalopod 3x3", TIMEOUT,
                                   &reply), 1);
    ck_assert_str_eq(sbuf_str(&reply), "");
    ck_assert_int_eq(relay_command(r, "showboard", TIMEOUT, &reply), 1);
    ck_assert_msg(strncmp(sbuf_str(&reply), "\nCephalopod 3x3\n", 16) == 0,
                  "%s", sbuf_str(&reply));
    sbuf_free(&reply);
    relay_stop(r);
}
END_TEST

START_TEST(test_relay_stream)
{
    struct relay *r = relay_start(engine_argv);
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT, lines = SBUF_INIT;
    unsigned long seen = 0;
    ck_assert_int_eq(relay_stream_wait(r, &seen, 0.01, &lines), -1);
    ck_assert_int_eq(relay_command(r, "setup dvonn random=3", TIMEOUT,
                                   &reply), 1);
    ck_assert_int_eq(relay_stream_start(r, "analyze_stream 0.05", TIMEOUT,
                                        &reply), 1);
    int got = 0;
    while (got < 3) {
        int rc = relay_stream_wait(r, &seen, TIMEOUT, &lines);
        ck_assert_int_eq(rc, 1);
        got++;
    }
    ck_assert_msg(strncmp(sbuf_str(&lines), "info best ", 10) == 0, "%s",
                  sbuf_str(&lines));
    /* The next command ends the stream and gets its own reply. */
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), 1);
    ck_assert_str_eq(sbuf_str(&reply), "triad");
    ck_assert_int_eq(relay_stream_wait(r, &seen, 0.01, &lines), -1);
    /* A failing stream command is an ordinary failure. */
    ck_assert_int_eq(relay_stream_start(r, "analyze_stream x", TIMEOUT,
                                        &reply), 0);
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), 1);
    sbuf_free(&reply);
    sbuf_free(&lines);
    relay_stop(r);
}
END_TEST

START_TEST(test_relay_engine_dies)
{
    struct relay *r = relay_start(engine_argv);
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(r, "quit", TIMEOUT, &reply), 1);
    for (int i = 0; i < 2000 && relay_alive(r); i++)
        usleep(1000);
    ck_assert(!relay_alive(r));
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), -1);
    sbuf_free(&reply);
    relay_stop(r);
    char missing_path[] = "/nonexistent/engine";
    char *missing[] = { missing_path, NULL };
    ck_assert_ptr_null(relay_start(missing));
}
END_TEST

START_TEST(test_sessions)
{
    struct session_table *t = sessions_new(2, engine_argv);
    ck_assert_ptr_nonnull(t);
    bool full;
    struct web_session *a = sessions_create(t, &full);
    ck_assert_ptr_nonnull(a);
    char id_a[SESSION_ID_LEN + 1];
    strcpy(id_a, a->id);
    ck_assert_uint_eq(strspn(id_a, "0123456789abcdef"), SESSION_ID_LEN);
    sessions_release(t, a);
    struct web_session *b = sessions_create(t, &full);
    ck_assert_ptr_nonnull(b);
    ck_assert_str_ne(b->id, id_a);
    sessions_release(t, b);
    ck_assert_ptr_null(sessions_create(t, &full));
    ck_assert(full);
    ck_assert_uint_eq(sessions_count(t), 2);

    a = sessions_get(t, id_a);
    ck_assert_ptr_nonnull(a);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(a->relay, "name", TIMEOUT, &reply), 1);
    ck_assert_int_eq(sessions_restart(t, a), 0);
    ck_assert_int_eq(relay_command(a->relay, "name", TIMEOUT, &reply), 1);
    /* A held session is never reaped. */
    ck_assert_int_eq(sessions_reap(t, 0), 1);
    ck_assert_uint_eq(sessions_count(t), 1);
    sessions_delete(t, a);
    ck_assert_ptr_null(sessions_get(t, id_a));
    sessions_release(t, a);
    ck_assert_uint_eq(sessions_count(t), 0);
    ck_assert_ptr_null(sessions_get(t, "0123456789abcdef0123456789abcdef"));
    a = sessions_create(t, &full);
    ck_assert_ptr_nonnull(a);
    sessions_release(t, a);
    sbuf_free(&reply);
    sessions_free(t);
}
END_TEST

static Suite *web_suite(void)
{
    Suite *s = suite_create("web");
    TCase *tc = tcase_create("relay");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_relay_replies);
    tcase_add_test(tc, test_relay_stream);
    tcase_add_test(tc, test_relay_engine_dies);
    tcase_add_test(tc, test_sessions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tap_main(web_suite());
}
