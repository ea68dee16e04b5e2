/* check_web.c -- triad-web's server logic without HTTP: the relay against
 * the real engine (src/triad of this build) and against small fake
 * engines (shell scripts) that answer late, with stale or unnumbered
 * replies or with too much; the command policy; the session table (caps,
 * ids, idle clock, close); the API routes; the event text; the Host,
 * Origin and token guard; the static files; the log's redaction; the
 * analysis route: its body check, its process (answers, errors, killed,
 * misbehaving engines, reaping) and one analysis a session. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdarg.h>
#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/clock.h"
#include "tap_main.h"
#include "web/analysis.h"
#include "web/analysisreq.h"
#include "web/api.h"
#include "web/events.h"
#include "web/files.h"
#include "web/guard.h"
#include "web/policy.h"
#include "web/relay.h"
#include "web/sessions.h"
#include "web/weblog.h"

#define TIMEOUT 20.0

static const char engine_cmd[] = "src/triad";

/* A fake engine: a shell command line reading "ID COMMAND ARGS". */
static struct relay *fake_engine(const char *script)
{
    return relay_start(script);
}

/* Waits (up to 2 s) for r's engine to be gone; true if it is. */
static bool gone(struct relay *r)
{
    for (int i = 0; i < 2000 && relay_alive(r); i++)
        usleep(1000);
    return !relay_alive(r);
}

START_TEST(test_relay_replies)
{
    struct relay *r = relay_start(engine_cmd);
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), RELAY_OK);
    ck_assert_str_eq(sbuf_str(&reply), "triad");
    ck_assert_int_eq(relay_command(r, "play z9", TIMEOUT, &reply),
                     RELAY_FAILED);
    ck_assert_msg(strncmp(sbuf_str(&reply), "illegal move", 12) == 0, "%s",
                  sbuf_str(&reply));
    ck_assert_int_eq(relay_command(r, "setup cephalopod 3x3", TIMEOUT,
                                   &reply), RELAY_OK);
    ck_assert_str_eq(sbuf_str(&reply), "");
    ck_assert_int_eq(relay_command(r, "showboard", TIMEOUT, &reply),
                     RELAY_OK);
    ck_assert_msg(strncmp(sbuf_str(&reply), "\nCephalopod 3x3\n", 16) == 0,
                  "%s", sbuf_str(&reply));
    sbuf_free(&reply);
    relay_stop(r);
}
END_TEST

START_TEST(test_relay_stream)
{
    struct relay *r = relay_start(engine_cmd);
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT, lines = SBUF_INIT;
    unsigned long seen = 0;
    ck_assert_int_eq(relay_stream_wait(r, &seen, 0.01, &lines), -1);
    ck_assert_int_eq(relay_command(r, "setup dvonn random=3", TIMEOUT,
                                   &reply), RELAY_OK);
    ck_assert_int_eq(relay_stream_start(r, "analyze_stream 0.05", TIMEOUT,
                                        &reply), RELAY_OK);
    for (int got = 0; got < 3; got++)
        ck_assert_int_eq(relay_stream_wait(r, &seen, TIMEOUT, &lines), 1);
    ck_assert_msg(strncmp(sbuf_str(&lines), "info best ", 10) == 0, "%s",
                  sbuf_str(&lines));
    /* The next command ends the stream and gets its own reply. */
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), RELAY_OK);
    ck_assert_str_eq(sbuf_str(&reply), "triad");
    ck_assert_int_eq(relay_stream_wait(r, &seen, 0.01, &lines), -1);
    /* A failing stream command is an ordinary failure. */
    ck_assert_int_eq(relay_stream_start(r, "analyze_stream x", TIMEOUT,
                                        &reply), RELAY_FAILED);
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), RELAY_OK);
    sbuf_free(&reply);
    sbuf_free(&lines);
    relay_stop(r);
}
END_TEST

START_TEST(test_relay_engine_dies)
{
    struct relay *r = relay_start(engine_cmd);
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(r, "quit", TIMEOUT, &reply), RELAY_OK);
    ck_assert(gone(r));
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), RELAY_DEAD);
    sbuf_free(&reply);
    relay_stop(r);
    ck_assert_ptr_null(relay_start("/nonexistent/engine"));
    ck_assert_ptr_null(relay_start("   "));
}
END_TEST

/* Replies with another command's number, or none, never answer ours. */
START_TEST(test_relay_numbers)
{
    struct relay *r = fake_engine(
        "while read id cmd rest; do"
        " printf '=%s stale\\n\\n' $((id + 1000));"
        " printf '= unnumbered\\n\\n?\\n\\n';"
        " printf '=%s %s\\n\\n' \"$id\" \"$cmd\"; done");
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(r, "first", TIMEOUT, &reply), RELAY_OK);
    ck_assert_str_eq(sbuf_str(&reply), "first");
    ck_assert_int_eq(relay_command(r, "second", TIMEOUT, &reply), RELAY_OK);
    ck_assert_str_eq(sbuf_str(&reply), "second");
    sbuf_free(&reply);
    relay_stop(r);
}
END_TEST

/* A command that takes too long is reported as a timeout and its engine
 * killed: the late reply reaches nobody. */
START_TEST(test_relay_timeout)
{
    struct relay *r = fake_engine(
        "while read id cmd rest; do"
        " [ \"$cmd\" = slow ] && sleep 2;"
        " printf '=%s %s\\n\\n' \"$id\" \"$cmd\"; done");
    ck_assert_ptr_nonnull(r);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(r, "quick", TIMEOUT, &reply), RELAY_OK);
    ck_assert_int_eq(relay_command(r, "slow", 0.2, &reply), RELAY_TIMEOUT);
    ck_assert(gone(r));
    ck_assert_int_eq(relay_command(r, "next", TIMEOUT, &reply), RELAY_DEAD);
    sbuf_free(&reply);
    relay_stop(r);
}
END_TEST

/* A reply over the cap, in many lines or in one, kills the engine. */
START_TEST(test_relay_cap)
{
    static const char *const scripts[] = {
        "read id cmd; printf '=%s \\n' $id;"
        " yes 0123456789012345678901234567890123456789 | head -n 40000;"
        " printf '\\n'; sleep 5",
        "read id cmd; printf '=%s ' $id;"
        " head -c 1200000 /dev/zero | tr '\\0' x; sleep 5",
    };
    for (size_t i = 0; i < 2; i++) {
        struct relay *r = fake_engine(scripts[i]);
        ck_assert_ptr_nonnull(r);
        struct sbuf reply = SBUF_INIT;
        ck_assert_int_eq(relay_command(r, "big", TIMEOUT, &reply),
                         RELAY_TOO_LONG);
        ck_assert(gone(r));
        sbuf_free(&reply);
        relay_stop(r);
    }
}
END_TEST

START_TEST(test_policy)
{
    static const char *const allowed[] = {
        "name", "list_games", "setup dvonn random=3", "play e3",
        "play white a1b2", "genmove black", "undo", "position",
        "legal_moves", "game_status", "history", "printsgf",
        "setposition cephalopod:3x3:W:....../....../......",
        "set_option movetime 0.5", "set_option maxplies 40",
        "time_settings 60 0 0", "analyze 2", "analyze", "  name  ",
    };
    static const char *const refused[] = {
        "", "   ", "# just a comment", "name # comment", "7 name",
        "loadsgf /etc/shadow", "loadsgf x.sgf", "analyze_stream 0.001",
        "set_option hash 16384", "set_option threads 64",
        "set_option movetime 86400", "set_option movetime 10.5",
        "set_option", "analyze 86400", "analyze -1", "analyze nan",
        "solve", "perft 9", "bench", "quit", "time_settings 1e9 0 0",
        "name\n", "name\tx", "showboard extra", "unknown_thing",
    };
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
        ck_assert_msg(!policy_refusal(allowed[i], 10), "%s: %s", allowed[i],
                      policy_refusal(allowed[i], 10));
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        ck_assert_msg(policy_refusal(refused[i], 10) != NULL, "%s",
                      refused[i]);
    char *long_line = malloc(POLICY_MAX_LINE + 2);
    memset(long_line, 'a', POLICY_MAX_LINE + 1);
    long_line[POLICY_MAX_LINE + 1] = '\0';
    ck_assert_ptr_nonnull(policy_refusal(long_line, 10));
    free(long_line);
}
END_TEST

static const char *const start_lines[] = { "set_option hash 1",
                                           "set_option threads 1", NULL };

static const char analysis_cmd[] = "src/triad --analysis --threads 1 "
                                   "--hash 1";

static struct session_table *table(size_t max, size_t per_client)
{
    struct session_limits limits = {
        .max = max, .per_client = per_client, .engine = engine_cmd,
        .start_lines = start_lines, .timeout = TIMEOUT,
        .analysis = analysis_cmd,
    };
    return sessions_new(&limits);
}

START_TEST(test_sessions)
{
    struct session_table *t = table(2, 2);
    ck_assert_ptr_nonnull(t);
    int why;
    struct web_session *a = sessions_create(t, "127.0.0.1", &why);
    ck_assert_ptr_nonnull(a);
    char id_a[SESSION_ID_LEN + 1];
    strcpy(id_a, a->id);
    ck_assert_uint_eq(strspn(id_a, "0123456789abcdef"), SESSION_ID_LEN);
    sessions_release(t, a);
    struct web_session *b = sessions_create(t, "127.0.0.1", &why);
    ck_assert_ptr_nonnull(b);
    ck_assert_str_ne(b->id, id_a);
    sessions_release(t, b);
    ck_assert_ptr_null(sessions_create(t, "127.0.0.2", &why));
    ck_assert_int_eq(why, SESSIONS_FULL);
    ck_assert_uint_eq(sessions_count(t), 2);

    a = sessions_get(t, id_a);
    ck_assert_ptr_nonnull(a);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(a->relay, "options", TIMEOUT, &reply),
                     RELAY_OK);
    ck_assert_msg(strstr(sbuf_str(&reply), "hash 1\n") != NULL, "%s",
                  sbuf_str(&reply));
    ck_assert_int_eq(sessions_restart(t, a), 0);
    ck_assert_int_eq(relay_command(a->relay, "options", TIMEOUT, &reply),
                     RELAY_OK);
    ck_assert_msg(strstr(sbuf_str(&reply), "hash 1\n") != NULL, "%s",
                  sbuf_str(&reply));
    /* A held session is never reaped. */
    ck_assert_int_eq(sessions_reap(t, 0), 1);
    ck_assert_uint_eq(sessions_count(t), 1);
    sessions_delete(t, a);
    ck_assert_ptr_null(sessions_get(t, id_a));
    sessions_release(t, a);
    ck_assert_uint_eq(sessions_count(t), 0);
    ck_assert_ptr_null(sessions_get(t, "0123456789abcdef0123456789abcdef"));
    ck_assert_ptr_null(sessions_get(t, "0123"));
    a = sessions_create(t, "127.0.0.1", &why);
    ck_assert_ptr_nonnull(a);
    sessions_release(t, a);
    sbuf_free(&reply);
    sessions_free(t);
}
END_TEST

/* One client address cannot take the whole table. */
START_TEST(test_sessions_per_client)
{
    struct session_table *t = table(3, 2);
    int why;
    for (int i = 0; i < 2; i++) {
        struct web_session *s = sessions_create(t, "10.0.0.1", &why);
        ck_assert_ptr_nonnull(s);
        sessions_release(t, s);
    }
    ck_assert_ptr_null(sessions_create(t, "10.0.0.1", &why));
    ck_assert_int_eq(why, SESSIONS_CLIENT_FULL);
    struct web_session *s = sessions_create(t, "10.0.0.2", &why);
    ck_assert_ptr_nonnull(s);
    sessions_release(t, s);
    sessions_free(t);
}
END_TEST

/* An engine refusing a start line (hash, threads) does not start. */
START_TEST(test_sessions_start_lines)
{
    static const char *const bad[] = { "set_option hash 0", NULL };
    struct session_limits limits = {
        .max = 2, .per_client = 2, .engine = engine_cmd,
        .start_lines = bad, .timeout = TIMEOUT,
    };
    struct session_table *t = sessions_new(&limits);
    int why;
    ck_assert_ptr_null(sessions_create(t, "127.0.0.1", &why));
    ck_assert_int_eq(why, SESSIONS_NO_ENGINE);
    ck_assert_uint_eq(sessions_count(t), 0);
    sessions_free(t);
}
END_TEST

/* sessions_close kills the engines at once and refuses new sessions. */
START_TEST(test_sessions_close)
{
    struct session_table *t = table(2, 2);
    int why;
    struct web_session *s = sessions_create(t, "127.0.0.1", &why);
    ck_assert_ptr_nonnull(s);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(s->relay, "setup dvonn random=1",
                                   TIMEOUT, &reply), RELAY_OK);
    sessions_close(t);
    ck_assert_int_eq(relay_command(s->relay, "analyze 5", TIMEOUT, &reply),
                     RELAY_DEAD);
    sessions_release(t, s);
    ck_assert_ptr_null(sessions_create(t, "127.0.0.1", &why));
    ck_assert_int_eq(why, SESSIONS_CLOSING);
    sbuf_free(&reply);
    sessions_free(t);
}
END_TEST

struct long_command {
    struct relay *relay;
    int rc;
};

static void *run_long_command(void *arg)
{
    struct long_command *lc = arg;
    struct sbuf reply = SBUF_INIT;
    lc->rc = relay_command(lc->relay, "genmove white", TIMEOUT, &reply);
    sbuf_free(&reply);
    return NULL;
}

/* sessions_end does not wait for a command in progress: it ends it. */
START_TEST(test_sessions_end)
{
    struct session_table *t = table(2, 2);
    int why;
    struct web_session *s = sessions_create(t, "127.0.0.1", &why);
    char id[SESSION_ID_LEN + 1];
    strcpy(id, s->id);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(s->relay, "setup dvonn random=2", TIMEOUT,
                                   &reply), RELAY_OK);
    ck_assert_int_eq(relay_command(s->relay, "time_settings 86400 0 0",
                                   TIMEOUT, &reply), RELAY_OK);
    struct long_command lc = { s->relay, 99 };
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, run_long_command, &lc), 0);
    usleep(200000);
    ck_assert(sessions_end(t, id));         /* s is held meanwhile */
    pthread_join(th, NULL);
    ck_assert_int_eq(lc.rc, RELAY_DEAD);
    ck_assert_ptr_null(sessions_get(t, id));
    ck_assert(!sessions_end(t, id));
    sessions_release(t, s);
    ck_assert_uint_eq(sessions_count(t), 0);
    sbuf_free(&reply);
    sessions_free(t);
}
END_TEST

/* api_handle with a JSON body; the answer's JSON parsed into *json. */
static unsigned call(struct session_table *t, const char *method,
                     const char *path, const char *body, json_t **json)
{
    struct api_request rq = { method, path, body, strlen(body),
                              "127.0.0.1" };
    struct api_answer out;
    api_handle(t, 5.0, &rq, &out);
    if (out.stream)
        relay_unref(out.stream);
    *json = out.json ? json_loads(out.json, 0, NULL) : NULL;
    free(out.json);
    return out.status;
}

static double last_used(struct session_table *t, const char *id)
{
    struct web_session *s = sessions_get(t, id);
    double at = s->last_used;
    sessions_release(t, s);
    return at;
}

START_TEST(test_api)
{
    struct session_table *t = table(4, 4);
    json_t *j;
    ck_assert_uint_eq(call(t, "POST", "", "", &j), 201);
    char path[128], id[SESSION_ID_LEN + 1];
    strcpy(id, json_string_value(json_object_get(j, "id")));
    json_decref(j);
    snprintf(path, sizeof path, "/%s/commands", id);
    ck_assert_uint_eq(call(t, "POST", path,
                           "{\"commands\":[\"name\",\"play z9\"]}", &j), 200);
    json_t *replies = json_object_get(j, "replies");
    ck_assert(json_is_true(json_object_get(json_array_get(replies, 0),
                                           "ok")));
    ck_assert(json_is_false(json_object_get(json_array_get(replies, 1),
                                            "ok")));
    ck_assert(json_is_true(json_object_get(j, "alive")));
    json_decref(j);
    static const char *const refused[] = {
        "{\"commands\":[\"name\",\"loadsgf /etc/passwd\"]}",
        "{\"commands\":[\"\"]}", "{\"commands\":[\"# hi\"]}",
        "{\"commands\":[\"analyze_stream 0.001\"]}",
        "{\"commands\":[\"set_option hash 512\"]}", "{\"commands\":[]}",
        "{\"commands\":[1]}", "[]", "not json",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ck_assert_uint_eq(call(t, "POST", path, refused[i], &j), 400);
        ck_assert(json_is_string(json_object_get(j, "error")));
        json_decref(j);
    }
    /* Only commands refresh the idle clock; the event stream does not. */
    double before = last_used(t, id);
    snprintf(path, sizeof path, "/%s/stream", id);
    ck_assert_uint_eq(call(t, "GET", path, "", &j), 200);
    ck_assert_double_eq(last_used(t, id), before);
    snprintf(path, sizeof path, "/%s/commands", id);
    usleep(20000);
    ck_assert_uint_eq(call(t, "POST", path, "{\"commands\":[\"name\"]}",
                           &j), 200);
    json_decref(j);
    ck_assert_double_gt(last_used(t, id), before);
    /* An analysis longer than the timeout is refused; one that is not
     * finished in time is reported as a timeout and its engine stopped. */
    ck_assert_uint_eq(call(t, "POST", path, "{\"commands\":[\"analyze 6\"]}",
                           &j), 400);
    json_decref(j);
    ck_assert_uint_eq(call(t, "POST", path,
                           "{\"commands\":[\"setup dvonn random=2\","
                           "\"time_settings 86400 0 0\",\"genmove white\"]}",
                           &j), 200);
    replies = json_object_get(j, "replies");
    ck_assert(json_is_true(json_object_get(json_array_get(replies, 2),
                                           "timeout")));
    ck_assert(json_is_false(json_object_get(j, "alive")));
    json_decref(j);
    snprintf(path, sizeof path, "/%s/restart", id);
    ck_assert_uint_eq(call(t, "POST", path, "", &j), 200);
    json_decref(j);
    /* close (for sendBeacon) takes any body. */
    snprintf(path, sizeof path, "/%s/close", id);
    ck_assert_uint_eq(call(t, "POST", path, "x", &j), 200);
    json_decref(j);
    ck_assert_uint_eq(call(t, "POST", path, "x", &j), 404);
    json_decref(j);
    ck_assert_uint_eq(sessions_count(t), 0);
    ck_assert_uint_eq(call(t, "GET", "", "", &j), 405);
    json_decref(j);
    ck_assert_uint_eq(call(t, "DELETE", "/nothex", "", &j), 404);
    json_decref(j);
    sessions_free(t);
}
END_TEST

/* ---- analysis requests and processes ---- */

/* analysisreq_read on body: 0 with the line freed, or -1; the reason (or
 * the line) in why. */
static int read_body(const char *body, size_t *answers, char *why,
                     size_t size)
{
    struct analysisreq ask = { NULL, 0 };
    int rc = analysisreq_read(body, strlen(body), &ask, why, size);
    if (rc == 0) {
        snprintf(why, size, "%s", ask.line);
        free(ask.line);
        *answers = ask.answers;
    }
    return rc;
}

/* A body of n moves "E3", with extra (a JSON member, or "") at the end. */
static char *body_with_moves(size_t n, const char *extra)
{
    struct sbuf b = SBUF_INIT;
    sbuf_puts(&b, "{\"game\":\"dvonn\",\"moves\":[");
    for (size_t i = 0; i < n; i++)
        sbuf_printf(&b, "%s\"E3\"", i ? "," : "");
    sbuf_printf(&b, "]%s}", extra);
    char *text = strdup(sbuf_str(&b));
    sbuf_free(&b);
    return text;
}

START_TEST(test_analysisreq)
{
    static const struct { const char *body; size_t answers; } good[] = {
        { "{\"game\":\"dvonn\"}", 1 },
        { "{\"game\":\"dvonn\",\"setup\":\"random=3\",\"moves\":[\"I5J5\","
          "\"F5E4\"],\"turns\":[0,2,2],\"seconds\":0.2}", 3 },
        { "{\"position\":\"cephalopod:3x3:W:....../....../......\","
          "\"moves\":[\"a1=1\"],\"nodes\":100000000}", 2 },
        { "{\"game\":\"truchet\",\"seconds\":10}", 1 },
        { "{\"game\":\"x\",\"moves\":[\"anything\"]}", 2 },
    };
    char why[256];
    size_t answers;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_msg(read_body(good[i].body, &answers, why, sizeof why)
                      == 0, "%s: %s", good[i].body, why);
        ck_assert_uint_eq(answers, good[i].answers);
        json_t *line = json_loads(why, 0, NULL);
        ck_assert_str_eq(json_string_value(json_object_get(line, "id")),
                         ANALYSISREQ_ID);
        ck_assert_ptr_null(strchr(why, '\n'));
        json_decref(line);
    }
    static const struct { const char *body, *error; } bad[] = {
        { "", "malformed JSON" }, { "{\"game\":", "malformed JSON" },
        { "[1]", "must be a JSON object" }, { "\"dvonn\"", "JSON object" },
        { "{\"game\":\"dvonn\"} x", "malformed JSON" },
        { "{\"game\":\"dvonn\",\"game\":\"dvonn\"}", "duplicate" },
        { "{\"game\":\"dvonn\",\"id\":\"x\"}", "unknown field \"id\"" },
        { "{\"game\":\"dvonn\",\"action\":\"cancel\"}",
          "unknown field \"action\"" },
        { "{\"game\":\"dvonn\",\"depth\":3}", "unknown field \"depth\"" },
        { "{\"game\":3}", "game: not a string" },
        { "{\"game\":\"dvonn\",\"setup\":[]}", "setup: not a string" },
        { "{\"game\":\"dvonn\",\"moves\":\"E3\"}", "moves: not an array" },
        { "{\"game\":\"dvonn\",\"moves\":[\"E3\",7]}",
          "moves[1]: not a string" },
        { "{\"game\":\"dvonn\",\"turns\":[]}", "turns: empty" },
        { "{\"game\":\"dvonn\",\"turns\":[0.5]}",
          "turns[0]: not an integer" },
        { "{\"game\":\"dvonn\",\"turns\":[-1]}", "turns[0]: -1 is not in" },
        { "{\"game\":\"dvonn\",\"moves\":[\"E3\"],\"turns\":[0,2]}",
          "turns[1]: 2 is not in 0..1" },
        { "{\"game\":\"dvonn\",\"turns\":7}", "turns: not an array" },
        { "{\"game\":\"dvonn\",\"seconds\":\"fast\"}",
          "seconds: not a number" },
        { "{\"game\":\"dvonn\",\"seconds\":0}", "seconds: 0 is not in" },
        { "{\"game\":\"dvonn\",\"seconds\":10.5}", "seconds: 10.5 is not" },
        { "{\"game\":\"dvonn\",\"seconds\":-1}", "seconds: -1 is not" },
        { "{\"game\":\"dvonn\",\"nodes\":0}", "nodes: 0 is not in" },
        { "{\"game\":\"dvonn\",\"nodes\":100000001}", "nodes: 100000001" },
        { "{\"game\":\"dvonn\",\"nodes\":1e5}", "nodes: not an integer" },
        { "{\"game\":\"dvonn\",\"nodes\":5,\"seconds\":1}", "both seconds" },
        { "{\"game\":\"dvonn\",\"setup\":\"\",\"position\":\"x\"}",
          "both setup and position" },
        { "{\"moves\":[]}", "no game" }, { "{}", "no game" },
        { "{\"game\":\"dv\\u0000nn\"}", "malformed JSON" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(read_body(bad[i].body, &answers, why, sizeof why)
                      == -1, "%s accepted", bad[i].body);
        ck_assert_msg(strstr(why, bad[i].error) != NULL, "%s: %s",
                      bad[i].body, why);
    }
    /* The caps: 2000 moves (so 2001 turns by default), not 2001. */
    char *body = body_with_moves(2000, "");
    ck_assert_int_eq(read_body(body, &answers, why, sizeof why), 0);
    ck_assert_uint_eq(answers, 2001);
    free(body);
    body = body_with_moves(2001, "");
    ck_assert_int_eq(read_body(body, &answers, why, sizeof why), -1);
    ck_assert_str_eq(why, "moves: more than 2000");
    free(body);
    struct sbuf turns = SBUF_INIT;
    sbuf_puts(&turns, ",\"turns\":[0");
    for (int i = 0; i < 2001; i++)
        sbuf_puts(&turns, ",0");
    sbuf_puts(&turns, "]");
    body = body_with_moves(1, sbuf_str(&turns));
    ck_assert_int_eq(read_body(body, &answers, why, sizeof why), -1);
    ck_assert_str_eq(why, "turns: more than 2001");
    free(body);
    sbuf_free(&turns);
}
END_TEST

struct taken {
    struct sbuf text;
    int lines;
};

/* Takes a's text (in small pieces) until it ends; fails after TIMEOUT. */
static void take_all(struct analysis *a, struct taken *t)
{
    char buf[50];
    double t0 = clock_now();
    ssize_t n;
    sbuf_init(&t->text);
    while ((n = analysis_take(a, buf, sizeof buf)) >= 0) {
        ck_assert_msg(clock_now() - t0 < TIMEOUT, "no end: %s",
                      sbuf_str(&t->text));
        if (n == 0)
            usleep(2000);
        sbuf_putn(&t->text, buf, (size_t)n);
    }
    t->lines = 0;
    for (const char *p = sbuf_str(&t->text); *p; p++)
        t->lines += *p == '\n';
}

/* Line i (from 0) of t as JSON. */
static json_t *line_json(const struct taken *t, int i)
{
    const char *p = sbuf_str(&t->text);
    for (; i > 0; i--)
        p = strchr(p, '\n') + 1;
    return json_loadb(p, (size_t)(strchr(p, '\n') - p), 0, NULL);
}

/* Whether the process pid is gone (reaped: no zombie of ours left). */
static bool reaped(pid_t pid)
{
    return kill(pid, 0) == -1 && errno == ESRCH;
}

static void count_wake(void *arg)
{
    __atomic_add_fetch((int *)arg, 1, __ATOMIC_SEQ_CST);
}

START_TEST(test_analysis_answers)
{
    /* Every turn answered, without the id, then the end. */
    struct analysis *a = analysis_start(analysis_cmd,
        "{\"id\":\"web\",\"game\":\"dvonn\",\"setup\":\"random=3\","
        "\"moves\":[\"I5J5\",\"F5E4\"],\"nodes\":20000}", 3);
    ck_assert_ptr_nonnull(a);
    int wakes = 0;
    analysis_watch(a, count_wake, &wakes);
    struct taken t;
    take_all(a, &t);
    analysis_watch(a, NULL, NULL);
    ck_assert_int_eq(t.lines, 3);
    bool seen[3] = { false, false, false };
    for (int i = 0; i < 3; i++) {
        json_t *j = line_json(&t, i);
        ck_assert_msg(json_is_object(j), "%s", sbuf_str(&t.text));
        ck_assert_ptr_null(json_object_get(j, "id"));
        json_int_t turn = json_integer_value(json_object_get(j, "turn"));
        ck_assert(turn >= 0 && turn < 3);
        seen[turn] = true;
        ck_assert_int_eq(json_integer_value(json_object_get(j, "nodes")),
                         20000);
        json_decref(j);
    }
    ck_assert(seen[0] && seen[1] && seen[2]);
    ck_assert_int_ge(__atomic_load_n(&wakes, __ATOMIC_SEQ_CST), 1);
    /* Each line is the engine's own (one worker, a node budget: the same
     * answers in the same order), its id taken out. */
    FILE *direct = popen("echo '{\"id\":\"web\",\"game\":\"dvonn\","
                         "\"setup\":\"random=3\",\"moves\":[\"I5J5\","
                         "\"F5E4\"],\"nodes\":20000}' | src/triad --analysis",
                         "r");
    struct sbuf own = SBUF_INIT;
    char piece[4096];
    static const char with_id[] = "{\"id\": \"web\", ";
    while (fgets(piece, sizeof piece, direct)) {
        bool has_id = strncmp(piece, with_id, strlen(with_id)) == 0;
        ck_assert_msg(has_id, "%s", piece);
        sbuf_printf(&own, "{%s", piece + strlen(with_id));
    }
    pclose(direct);
    ck_assert_str_eq(sbuf_str(&t.text), sbuf_str(&own));
    sbuf_free(&own);
    pid_t pid = analysis_pid(a);
    analysis_stop(a);
    ck_assert(reaped(pid));
    sbuf_free(&t.text);

    /* An illegal move: one error line with its index, then the end. */
    a = analysis_start(analysis_cmd, "{\"id\":\"web\",\"game\":\"dvonn\","
                       "\"setup\":\"random=3\",\"moves\":[\"I5J5\",\"E3\"]}",
                       3);
    take_all(a, &t);
    ck_assert_int_eq(t.lines, 1);
    json_t *j = line_json(&t, 0);
    ck_assert_msg(strstr(json_string_value(json_object_get(j, "error")),
                         "illegal move") != NULL, "%s", sbuf_str(&t.text));
    ck_assert_int_eq(json_integer_value(json_object_get(j, "index")), 1);
    ck_assert_ptr_null(json_object_get(j, "id"));
    json_decref(j);
    analysis_stop(a);
    sbuf_free(&t.text);
}
END_TEST

/* Killed by us: the text just ends; the process is reaped at once. */
START_TEST(test_analysis_kill)
{
    struct analysis *a = analysis_start(analysis_cmd,
        "{\"id\":\"web\",\"game\":\"dvonn\",\"turns\":[0,0],\"seconds\":5}",
        2);
    ck_assert_ptr_nonnull(a);
    char buf[64];
    usleep(100000);
    ck_assert_int_eq(analysis_take(a, buf, sizeof buf), 0);
    pid_t pid = analysis_pid(a);
    double t0 = clock_now();
    analysis_kill(a);
    struct taken t;
    take_all(a, &t);
    ck_assert_int_eq(t.lines, 0);
    ck_assert_double_lt(clock_now() - t0, 2.0);
    analysis_stop(a);
    ck_assert(reaped(pid));
    sbuf_free(&t.text);
}
END_TEST

/* Engines that misbehave: each text ends with one error line of ours
 * and every process is reaped. */
START_TEST(test_analysis_fake)
{
    static const struct { const char *script, *error; int lines; } fakes[] = {
        { "read line; exit 0", "ended before answering every turn", 1 },
        { "read line; echo '{\"id\":\"web\",\"turn\":0}';"
          " echo '{\"id\":\"web\",\"cancelled\":1}'; exit 3",
          "ended before answering every turn", 2 },
        { "read line; echo 'not json'; sleep 30", "else than a JSON object", 1 },
        { "read line; head -c 1100000 /dev/zero | tr '\\0' x; sleep 30",
          "longer than 1 MiB", 1 },
    };
    for (size_t i = 0; i < sizeof fakes / sizeof fakes[0]; i++) {
        struct analysis *a = analysis_start(fakes[i].script, "{}", 2);
        ck_assert_ptr_nonnull(a);
        struct taken t;
        take_all(a, &t);
        ck_assert_int_eq(t.lines, fakes[i].lines);
        json_t *j = line_json(&t, t.lines - 1);
        ck_assert_msg(strstr(json_string_value(json_object_get(j, "error")),
                             fakes[i].error) != NULL, "%s",
                      sbuf_str(&t.text));
        json_decref(j);
        pid_t pid = analysis_pid(a);
        analysis_stop(a);
        ck_assert(reaped(pid));
        sbuf_free(&t.text);
    }
    /* One that reads nothing and never ends: stopped at once. */
    struct analysis *a = analysis_start("sleep 60", "{}", 1);
    double t0 = clock_now();
    pid_t pid = analysis_pid(a);
    analysis_stop(a);
    ck_assert_double_lt(clock_now() - t0, 2.0);
    ck_assert(reaped(pid));
    /* A program that does not exist: no analysis, or (where the spawn
     * cannot tell, as under valgrind) one that ends with an error. */
    a = analysis_start("/nonexistent/engine", "{}", 1);
    if (a) {
        struct taken t;
        take_all(a, &t);
        ck_assert_msg(strstr(sbuf_str(&t.text), "ended before") != NULL, "%s",
                      sbuf_str(&t.text));
        sbuf_free(&t.text);
        analysis_stop(a);
    }
}
END_TEST

/* POST .../analysis through api_handle; the answer's analysis in *an. */
static unsigned call_analysis(struct session_table *t, const char *id,
                              const char *body, struct analysis **an,
                              json_t **json)
{
    char path[128];
    snprintf(path, sizeof path, "/%s/analysis", id);
    struct api_request rq = { "POST", path, body, strlen(body),
                              "127.0.0.1" };
    struct api_answer out;
    api_handle(t, 5.0, &rq, &out);
    *an = out.analysis;
    *json = out.json ? json_loads(out.json, 0, NULL) : NULL;
    free(out.json);
    return out.status;
}

/* The route: bad bodies refused, one analysis a session (a new one ends
 * the one before), deleting the session ends it. */
START_TEST(test_api_analysis)
{
    struct session_table *t = table(2, 2);
    json_t *j;
    ck_assert_uint_eq(call(t, "POST", "", "", &j), 201);
    char id[SESSION_ID_LEN + 1];
    strcpy(id, json_string_value(json_object_get(j, "id")));
    json_decref(j);
    struct analysis *a, *b;
    ck_assert_uint_eq(call_analysis(t, id, "{\"game\":\"dvonn\",\"id\":1}",
                                    &a, &j), 400);
    ck_assert_ptr_null(a);
    ck_assert_msg(strstr(json_string_value(json_object_get(j, "error")),
                         "unknown field \"id\"") != NULL, "no error");
    json_decref(j);
    ck_assert_uint_eq(call_analysis(t, "0123456789abcdef0123456789abcdef",
                                    "{\"game\":\"dvonn\"}", &a, &j), 404);
    json_decref(j);
    /* A long one, then another: the first just ends. */
    ck_assert_uint_eq(call_analysis(t, id, "{\"game\":\"dvonn\","
                                    "\"turns\":[0,0],\"seconds\":5}",
                                    &a, &j), 200);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_null(j);
    pid_t first = analysis_pid(a);
    ck_assert_uint_eq(call_analysis(t, id, "{\"game\":\"dvonn\","
                                    "\"setup\":\"random=3\","
                                    "\"nodes\":1000}", &b, &j), 200);
    ck_assert(reaped(first));
    struct taken ta, tb;
    take_all(a, &ta);
    ck_assert_int_eq(ta.lines, 0);
    analysis_unref(a);
    take_all(b, &tb);
    ck_assert_int_eq(tb.lines, 1);
    analysis_unref(b);
    sbuf_free(&ta.text);
    sbuf_free(&tb.text);
    /* Deleting the session ends its analysis. */
    ck_assert_uint_eq(call_analysis(t, id, "{\"game\":\"dvonn\","
                                    "\"turns\":[0,0],\"seconds\":5}",
                                    &a, &j), 200);
    char path[64];
    snprintf(path, sizeof path, "/%s", id);
    double t0 = clock_now();
    ck_assert_uint_eq(call(t, "DELETE", path, "", &j), 200);
    json_decref(j);
    take_all(a, &ta);
    ck_assert_int_eq(ta.lines, 0);
    ck_assert_double_lt(clock_now() - t0, 2.0);
    sbuf_free(&ta.text);
    ck_assert(reaped(analysis_pid(a)));
    analysis_unref(a);
    /* So does reaping it when idle. */
    ck_assert_uint_eq(call(t, "POST", "", "", &j), 201);
    strcpy(id, json_string_value(json_object_get(j, "id")));
    json_decref(j);
    ck_assert_uint_eq(call_analysis(t, id, "{\"game\":\"dvonn\","
                                    "\"turns\":[0,0],\"seconds\":5}",
                                    &a, &j), 200);
    ck_assert_int_eq(sessions_reap(t, 0), 1);
    ck_assert(reaped(analysis_pid(a)));
    take_all(a, &ta);
    ck_assert_int_eq(ta.lines, 0);
    sbuf_free(&ta.text);
    analysis_unref(a);
    sessions_free(t);
}
END_TEST

/* The event text of an analysis: data lines, then the end. */
START_TEST(test_events)
{
    struct relay *r = relay_start(engine_cmd);
    struct sbuf reply = SBUF_INIT;
    ck_assert_int_eq(relay_command(r, "setup dvonn random=3", TIMEOUT,
                                   &reply), RELAY_OK);
    ck_assert_int_eq(relay_stream_start(r, "analyze_stream 0.05", TIMEOUT,
                                        &reply), RELAY_OK);
    relay_ref(r);
    struct events *ev = events_new(r);
    struct sbuf text = SBUF_INIT;
    char buf[64];
    double t0 = clock_now();
    while (!strstr(sbuf_str(&text), "data: info best ") &&
           clock_now() - t0 < TIMEOUT) {
        ssize_t n = events_take(ev, buf, sizeof buf);
        ck_assert_int_ge(n, 0);
        if (n == 0)
            usleep(10000);
        sbuf_putn(&text, buf, (size_t)n);
    }
    ck_assert_ptr_nonnull(strstr(sbuf_str(&text), "data: info best "));
    ck_assert_int_eq(relay_command(r, "name", TIMEOUT, &reply), RELAY_OK);
    ssize_t n;
    while ((n = events_take(ev, buf, sizeof buf)) >= 0)
        sbuf_putn(&text, buf, (size_t)n);
    ck_assert_ptr_nonnull(strstr(sbuf_str(&text), "event: end\n"));
    events_free(ev);
    sbuf_free(&text);
    sbuf_free(&reply);
    relay_stop(r);
}
END_TEST

START_TEST(test_guard)
{
    struct guard_request rq = { "127.0.0.1:8080", NULL, NULL, NULL };
    ck_assert(guard_allows(&rq, "127.0.0.1", 8080, NULL));
    rq.host = "localhost:8080";
    ck_assert(guard_allows(&rq, "127.0.0.1", 8080, NULL));
    rq.origin = "http://localhost:8080";
    ck_assert(guard_allows(&rq, "127.0.0.1", 8080, NULL));
    rq.origin = "http://evil.example";
    ck_assert(!guard_allows(&rq, "127.0.0.1", 8080, NULL));
    rq.origin = NULL;
    rq.host = "evil.example:8080";              /* DNS rebinding */
    ck_assert(!guard_allows(&rq, "127.0.0.1", 8080, NULL));
    rq.host = "localhost:8081";
    ck_assert(!guard_allows(&rq, "127.0.0.1", 8080, NULL));
    rq.host = NULL;
    ck_assert(!guard_allows(&rq, "127.0.0.1", 8080, NULL));
    /* Beyond loopback: any Host, but the token, by cookie or query. */
    const char *token = "00112233445566778899aabbccddeeff";
    rq.host = "192.168.1.5:8080";
    ck_assert(!guard_allows(&rq, "0.0.0.0", 8080, token));
    rq.host = "127.0.0.1:8080";
    ck_assert(!guard_allows(&rq, "0.0.0.0", 8080, token));
    rq.cookie = "00112233445566778899aabbccddeefe";
    ck_assert(!guard_allows(&rq, "0.0.0.0", 8080, token));
    rq.cookie = "0011";
    ck_assert(!guard_allows(&rq, "0.0.0.0", 8080, token));
    rq.cookie = token;
    ck_assert(guard_allows(&rq, "0.0.0.0", 8080, token));
    rq.origin = "http://evil.example";
    ck_assert(!guard_allows(&rq, "0.0.0.0", 8080, token));
    rq.origin = NULL;
    rq.cookie = NULL;
    rq.query_token = token;
    ck_assert(guard_allows(&rq, "0.0.0.0", 8080, token));
    ck_assert(guard_loopback("127.0.0.1"));
    ck_assert(guard_loopback("127.3.2.1"));
    ck_assert(!guard_loopback("0.0.0.0"));
    ck_assert(!guard_loopback("192.168.1.5"));
    char t1[GUARD_TOKEN_LEN + 1], t2[GUARD_TOKEN_LEN + 1];
    ck_assert_int_eq(guard_random_hex(t1, GUARD_TOKEN_LEN), 0);
    ck_assert_int_eq(guard_random_hex(t2, GUARD_TOKEN_LEN), 0);
    ck_assert_int_eq(guard_random_hex(t2, 3), -1);
    ck_assert_uint_eq(strlen(t1), GUARD_TOKEN_LEN);
    ck_assert_str_ne(t1, t2);
    ck_assert(guard_equal(t1, t1));
    ck_assert(!guard_equal("", t1));
}
END_TEST

START_TEST(test_files)
{
    char dir[] = "/tmp/check_web.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/index.html", dir);
    FILE *f = fopen(path, "w");
    fputs("<p>hi</p>", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/link.html", dir);
    ck_assert_int_eq(symlink("/etc/passwd", path), 0);
    snprintf(path, sizeof path, "%s/fifo.js", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    snprintf(path, sizeof path, "%s/dir.css", dir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/big.js", dir);
    int fd = open(path, O_WRONLY | O_CREAT, 0600);
    ck_assert_int_eq(ftruncate(fd, FILES_MAX_SIZE + 1), 0);
    close(fd);
    struct sbuf data = SBUF_INIT;
    const char *type;
    ck_assert_int_eq(files_read(dir, "/", &data, &type), 0);
    ck_assert_str_eq(sbuf_str(&data), "<p>hi</p>");
    ck_assert_str_eq(type, "text/html; charset=utf-8");
    static const char *const refused[] = {
        "/link.html", "/fifo.js", "/dir.css", "/big.js", "/missing.js",
        "/../etc/passwd", "/INDEX.HTML", "/index.txt", "/a/b.js",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        ck_assert_msg(files_read(dir, refused[i], &data, &type) != 0, "%s",
                      refused[i]);
    sbuf_free(&data);
    static const char *const names[] = { "index.html", "link.html",
                                         "fifo.js", "big.js" };
    for (size_t i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/dir.css", dir);
    rmdir(path);
    rmdir(dir);
}
END_TEST

/* weblog_mhd as libmicrohttpd calls it. */
static void log_line(struct weblog *log, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void log_line(struct weblog *log, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    weblog_mhd(log, fmt, ap);
    va_end(ap);
}

START_TEST(test_weblog)
{
    FILE *f = tmpfile();
    struct weblog *log = weblog_new(f);
    for (int i = 0; i < 3 * WEBLOG_LINES; i++)
        log_line(log, "closed /api/sessions/%s/stream (%d)\n",
                 "0123456789abcdef0123456789abcdef", i);
    weblog_free(log);
    rewind(f);
    char line[256];
    int lines = 0;
    while (fgets(line, sizeof line, f)) {
        if (lines == 0)
            ck_assert_str_eq(line, "triad-web: closed /api/sessions/[id]/"
                             "stream (0)\n");
        ck_assert_ptr_null(strstr(line, "0123456789abcdef"));
        lines++;
    }
    ck_assert_int_eq(lines, WEBLOG_LINES);      /* the rest dropped */
    fclose(f);

    char out[256];
    weblog_redact("closed /api/sessions/0123456789abcdef0123456789abcdef/"
                  "stream, port 8080, deadbeef", out, sizeof out);
    ck_assert_str_eq(out, "closed /api/sessions/[id]/stream, port 8080, "
                     "deadbeef");
    weblog_redact("abc", out, 2);
    ck_assert_str_eq(out, "a");
}
END_TEST

static Suite *web_suite(void)
{
    Suite *s = suite_create("web");
    TCase *tc = tap_tcase(s, "relay", 60);
    tcase_add_test(tc, test_relay_replies);
    tcase_add_test(tc, test_relay_stream);
    tcase_add_test(tc, test_relay_engine_dies);
    tcase_add_test(tc, test_relay_numbers);
    tcase_add_test(tc, test_relay_timeout);
    tcase_add_test(tc, test_relay_cap);
    tc = tap_tcase(s, "sessions", 60);
    tcase_add_test(tc, test_sessions);
    tcase_add_test(tc, test_sessions_per_client);
    tcase_add_test(tc, test_sessions_start_lines);
    tcase_add_test(tc, test_sessions_close);
    tcase_add_test(tc, test_sessions_end);
    tc = tap_tcase(s, "server", 60);
    tcase_add_test(tc, test_policy);
    tcase_add_test(tc, test_api);
    tcase_add_test(tc, test_events);
    tcase_add_test(tc, test_guard);
    tcase_add_test(tc, test_files);
    tcase_add_test(tc, test_weblog);
    tc = tap_tcase(s, "analysis", 60);
    tcase_add_test(tc, test_analysisreq);
    tcase_add_test(tc, test_analysis_answers);
    tcase_add_test(tc, test_analysis_kill);
    tcase_add_test(tc, test_analysis_fake);
    tcase_add_test(tc, test_api_analysis);
    return s;
}

int main(void)
{
    return tap_main(web_suite());
}
