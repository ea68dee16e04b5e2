/* api.c -- the routes of /api/sessions: sessions made and closed, commands
 * checked by the policy and relayed, analyses started (analyze_stream, and
 * analysis processes), engines restarted. */
#include "config.h"

#include <jansson.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/analysisreq.h"
#include "web/api.h"
#include "web/policy.h"

static void answer(struct api_answer *out, unsigned status, json_t *json)
{
    out->status = status;
    out->json = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!out->json) {
        out->status = MHD_HTTP_INTERNAL_SERVER_ERROR;
        out->json = strdup("{\"error\":\"out of memory\"}");
    }
}

static void error(struct api_answer *out, unsigned status, const char *text)
{
    answer(out, status, json_pack("{s:s}", "error", text));
}

/* One command's reply as JSON; what became of a lost engine said in
 * words and in a flag (dead, timeout, too_long). */
static json_t *reply_json(int rc, const struct sbuf *text, double timeout)
{
    char why[128];
    switch (rc) {
    case RELAY_OK:
    case RELAY_FAILED:
        return json_pack("{s:b,s:s}", "ok", rc == RELAY_OK, "text",
                         sbuf_str(text));
    case RELAY_TIMEOUT:
        snprintf(why, sizeof why, "no reply within %g s: the engine was "
                 "stopped", timeout);
        return json_pack("{s:b,s:b,s:s}", "ok", 0, "timeout", 1, "text", why);
    case RELAY_TOO_LONG:
        return json_pack("{s:b,s:b,s:s}", "ok", 0, "too_long", 1, "text",
                         "a reply longer than 1 MiB: the engine was stopped");
    default:
        return json_pack("{s:b,s:b,s:s}", "ok", 0, "dead", 1, "text",
                         "the engine did not answer");
    }
}

/* POST .../commands {"commands": ["line", ...]}: every line checked by
 * the policy first, then run in order; a lost engine ends the list. */
static void api_commands(struct session_table *t, double timeout,
                         struct web_session *s, json_t *body,
                         struct api_answer *out)
{
    json_t *list = json_object_get(body, "commands");
    size_t n = json_array_size(list);
    if (!json_is_array(list) || n == 0 || n > API_MAX_COMMANDS) {
        error(out, MHD_HTTP_BAD_REQUEST,
              "expected {\"commands\": [1 to 16 strings]}");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const char *line = json_string_value(json_array_get(list, i));
        const char *why = line ? policy_refusal(line, timeout)
                               : "a command is a string";
        if (why) {
            char text[256];
            snprintf(text, sizeof text, "command %zu refused: %s", i + 1,
                     why);
            error(out, MHD_HTTP_BAD_REQUEST, text);
            return;
        }
    }
    sessions_touch(t, s);
    json_t *replies = json_array();
    struct sbuf text = SBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        const char *line = json_string_value(json_array_get(list, i));
        int rc = relay_command(s->relay, line, timeout, &text);
        json_array_append_new(replies, reply_json(rc, &text, timeout));
        if (rc < 0)
            break;
    }
    sbuf_free(&text);
    answer(out, MHD_HTTP_OK, json_pack("{s:o,s:b}", "replies", replies,
                                       "alive", relay_alive(s->relay)));
}

/* POST .../analysis {"game": ..., "moves": [...], ...}: an analysis
 * process started for the session, its answers streamed. */
static void api_analysis(struct session_table *t, struct web_session *s,
                         const struct api_request *rq, struct api_answer *out)
{
    struct analysisreq ask;
    char why[256];
    if (analysisreq_read(rq->body, rq->body_len, &ask, why, sizeof why)) {
        error(out, MHD_HTTP_BAD_REQUEST, why);
        return;
    }
    sessions_touch(t, s);
    out->analysis = sessions_analyse(t, s, ask.line, ask.answers);
    free(ask.line);
    if (out->analysis)
        out->status = MHD_HTTP_OK;
    else
        error(out, MHD_HTTP_SERVICE_UNAVAILABLE,
              "the analysis could not be started");
}

/* POST .../analyze {"interval": SECONDS}: starts analyze_stream. */
static void api_analyze(struct session_table *t, double timeout,
                        struct web_session *s, json_t *body,
                        struct api_answer *out)
{
    double interval = json_number_value(json_object_get(body, "interval"));
    if (!(interval >= 0.05 && interval <= 60)) {
        error(out, MHD_HTTP_BAD_REQUEST,
              "expected {\"interval\": 0.05 to 60 seconds}");
        return;
    }
    char line[64];
    snprintf(line, sizeof line, "analyze_stream %.2f", interval);
    sessions_touch(t, s);
    struct sbuf text = SBUF_INIT;
    int rc = relay_stream_start(s->relay, line, timeout, &text);
    answer(out, MHD_HTTP_OK, reply_json(rc, &text, timeout));
    sbuf_free(&text);
}

static void api_create(struct session_table *t, const char *client,
                       struct api_answer *out)
{
    int why;
    struct web_session *s = sessions_create(t, client, &why);
    if (!s) {
        error(out, why == SESSIONS_CLIENT_FULL ? MHD_HTTP_TOO_MANY_REQUESTS
                                               : MHD_HTTP_SERVICE_UNAVAILABLE,
              why == SESSIONS_FULL ? "too many sessions, try again later"
              : why == SESSIONS_CLIENT_FULL
              ? "too many sessions from your address: close one"
              : why == SESSIONS_CLOSING ? "the server is stopping"
              : "the engine could not be started");
        return;
    }
    answer(out, MHD_HTTP_CREATED, json_pack("{s:s}", "id", s->id));
    sessions_release(t, s);
}

/* The body of a POST that needs one: a JSON object, else NULL. */
static json_t *object_body(const struct api_request *rq)
{
    json_error_t err;
    json_t *body = json_loadb(rq->body, rq->body_len, 0, &err);
    if (json_is_object(body))
        return body;
    json_decref(body);
    return NULL;
}

static void ok(struct api_answer *out)
{
    answer(out, MHD_HTTP_OK, json_pack("{s:b}", "ok", 1));
}

/* The action on held session s. */
static void api_action(struct session_table *t, double timeout,
                       struct web_session *s, const struct api_request *rq,
                       const char *action, struct api_answer *out)
{
    bool post = strcmp(rq->method, "POST") == 0;
    bool needs_body = post && (strcmp(action, "commands") == 0 ||
                               strcmp(action, "analyze") == 0);
    json_t *body = needs_body ? object_body(rq) : NULL;
    if (needs_body && !body)
        error(out, MHD_HTTP_BAD_REQUEST, "the body must be a JSON object");
    else if (needs_body && strcmp(action, "commands") == 0)
        api_commands(t, timeout, s, body, out);
    else if (needs_body)
        api_analyze(t, timeout, s, body, out);
    else if (post && strcmp(action, "analysis") == 0)
        api_analysis(t, s, rq, out);
    else if (post && strcmp(action, "restart") == 0) {
        if (sessions_restart(t, s) == 0)
            ok(out);
        else
            error(out, MHD_HTTP_SERVICE_UNAVAILABLE,
                  "the engine could not be started");
    } else if (strcmp(rq->method, "GET") == 0 &&
               strcmp(action, "stream") == 0) {
        out->status = MHD_HTTP_OK;
        out->stream = sessions_relay(t, s);
    } else {
        error(out, MHD_HTTP_NOT_FOUND, "no such action");
    }
    json_decref(body);
}

void api_handle(struct session_table *t, double timeout,
                const struct api_request *rq, struct api_answer *out)
{
    memset(out, 0, sizeof *out);
    const char *path = rq->path;
    if (path[0] == '\0') {
        if (strcmp(rq->method, "POST") == 0)
            api_create(t, rq->client, out);
        else
            error(out, MHD_HTTP_METHOD_NOT_ALLOWED, "use POST");
        return;
    }
    size_t n = path[0] == '/' ? strspn(path + 1, "0123456789abcdef") : 0;
    const char *end = path + 1 + n;
    if (n != SESSION_ID_LEN || (*end != '/' && *end != '\0')) {
        error(out, MHD_HTTP_NOT_FOUND, "no such session");
        return;
    }
    char id[SESSION_ID_LEN + 1];
    memcpy(id, path + 1, SESSION_ID_LEN);
    id[SESSION_ID_LEN] = '\0';
    const char *action = *end ? end + 1 : "";
    /* Closing (close: for navigator.sendBeacon) does not wait for a
     * command in progress: it ends it. */
    if ((strcmp(rq->method, "DELETE") == 0 && action[0] == '\0') ||
        (strcmp(rq->method, "POST") == 0 && strcmp(action, "close") == 0)) {
        if (sessions_end(t, id))
            ok(out);
        else
            error(out, MHD_HTTP_NOT_FOUND, "no such session");
        return;
    }
    struct web_session *s = sessions_get(t, id);
    if (!s) {
        error(out, MHD_HTTP_NOT_FOUND, "no such session");
        return;
    }
    api_action(t, timeout, s, rq, action, out);
    sessions_release(t, s);
}
