/* server.c -- routes, request bodies, JSON replies, the event stream and
 * the checks every request passes (Host and Origin, body size). */
#include "config.h"

#include <errno.h>
#include <jansson.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include "web/server.h"

#define MAX_COMMANDS 16             /* commands in one request         */
#define MAX_COMMAND_LEN 4096
#define STREAM_PING_SECONDS 1.0     /* a keep-alive finds gone clients */
#define API_PREFIX "/api/sessions"

struct server {
    struct server_config cfg;
    struct MHD_Daemon *daemon;
    unsigned port;
};

/* Per-request state kept by MHD between calls of the handler. */
struct request {
    struct sbuf body;
    size_t seen;                /* body bytes received                  */
    bool too_big;
};

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status,
                                 const char *type, const char *text,
                                 size_t len)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(
        len, (void *)text, MHD_RESPMEM_MUST_COPY);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result rc = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return rc;
}

/* Sends json (and frees it). */
static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status,
                                 json_t *json)
{
    char *text = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!text)
        return send_text(c, MHD_HTTP_INTERNAL_SERVER_ERROR,
                         "application/json", "{\"error\":\"out of memory\"}",
                         25);
    enum MHD_Result rc = send_text(c, status, "application/json", text,
                                   strlen(text));
    free(text);
    return rc;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status,
                                  const char *message)
{
    return send_json(c, status, json_pack("{s:s}", "error", message));
}

/* Static files: lower-case names with one known extension, nothing else
 * (no directories, so no way out of the root). */
static const char *content_type(const char *name)
{
    static const char *const types[][2] = {
        { ".html", "text/html; charset=utf-8" },
        { ".css", "text/css; charset=utf-8" },
        { ".js", "text/javascript; charset=utf-8" },
        { ".svg", "image/svg+xml" },
    };
    size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_-");
    if (n == 0)
        return NULL;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(name + n, types[i][0]) == 0)
            return types[i][1];
    return NULL;
}

static enum MHD_Result serve_file(struct server *srv,
                                  struct MHD_Connection *c, const char *url)
{
    const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;
    const char *type = content_type(name);
    if (!type)
        return send_error(c, MHD_HTTP_NOT_FOUND, "no such page");
    struct sbuf path = SBUF_INIT;
    sbuf_printf(&path, "%s/%s", srv->cfg.root, name);
    FILE *f = fopen(sbuf_str(&path), "rb");
    sbuf_free(&path);
    if (!f)
        return send_error(c, MHD_HTTP_NOT_FOUND, "no such page");
    struct sbuf data = SBUF_INIT;
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sbuf_putn(&data, buf, n);
    fclose(f);
    enum MHD_Result rc = send_text(c, MHD_HTTP_OK, type, sbuf_str(&data),
                                   data.len);
    sbuf_free(&data);
    return rc;
}

/* The Host header must name this server (no DNS rebinding), and an Origin,
 * when the browser sends one, must be this server too (no other site may
 * drive an engine). */
static bool trusted(struct server *srv, struct MHD_Connection *c)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                   "Host");
    if (!host)
        return false;
    char port[16];
    snprintf(port, sizeof port, ":%u", srv->port);
    const char *names[] = { "localhost", "127.0.0.1", srv->cfg.bind };
    bool host_ok = false;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t k = strlen(names[i]);
        host_ok |= strncmp(host, names[i], k) == 0 &&
                   strcmp(host + k, port) == 0;
    }
    if (!host_ok)
        return false;
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     "Origin");
    if (!origin)
        return true;
    return strncmp(origin, "http://", 7) == 0 && strcmp(origin + 7, host) == 0;
}

/* A command line must be one line of printable text. */
static bool clean_line(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if ((unsigned char)s[n] < 0x20 || s[n] == 0x7f)
            return false;
    return n > 0 && n <= MAX_COMMAND_LEN;
}

static json_t *reply_json(int rc, const struct sbuf *text)
{
    if (rc < 0)
        return json_pack("{s:b,s:b,s:s}", "ok", 0, "dead", 1, "text",
                         "the engine did not answer");
    return json_pack("{s:b,s:s}", "ok", rc == 1, "text", sbuf_str(text));
}

/* POST .../commands {"commands": ["line", ...]}: runs them in order and
 * answers {"replies": [{"ok": bool, "text": "..."}, ...], "alive": bool}.
 * A dead engine ends the list early. */
static enum MHD_Result api_commands(struct server *srv,
                                    struct MHD_Connection *c,
                                    struct web_session *s, json_t *body)
{
    json_t *list = json_object_get(body, "commands");
    size_t n = json_array_size(list);
    if (!json_is_array(list) || n == 0 || n > MAX_COMMANDS)
        return send_error(c, MHD_HTTP_BAD_REQUEST,
                          "expected {\"commands\": [1 to 16 strings]}");
    for (size_t i = 0; i < n; i++) {
        const char *line = json_string_value(json_array_get(list, i));
        if (!line || !clean_line(line))
            return send_error(c, MHD_HTTP_BAD_REQUEST,
                              "a command must be one line of printable "
                              "text, at most 4096 bytes");
    }
    json_t *replies = json_array();
    struct sbuf text = SBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        const char *line = json_string_value(json_array_get(list, i));
        int rc = relay_command(s->relay, line, srv->cfg.command_timeout,
                               &text);
        json_array_append_new(replies, reply_json(rc, &text));
        if (rc < 0)
            break;
    }
    sbuf_free(&text);
    return send_json(c, MHD_HTTP_OK,
                     json_pack("{s:o,s:b}", "replies", replies, "alive",
                               relay_alive(s->relay)));
}

/* POST .../analyze {"interval": SECONDS}: starts analyze_stream. */
static enum MHD_Result api_analyze(struct server *srv,
                                   struct MHD_Connection *c,
                                   struct web_session *s, json_t *body)
{
    double interval = json_number_value(json_object_get(body, "interval"));
    if (interval < 0.05 || interval > 60)
        return send_error(c, MHD_HTTP_BAD_REQUEST,
                          "expected {\"interval\": 0.05 to 60 seconds}");
    char line[64];
    snprintf(line, sizeof line, "analyze_stream %.2f", interval);
    struct sbuf text = SBUF_INIT;
    int rc = relay_stream_start(s->relay, line, srv->cfg.command_timeout,
                                &text);
    json_t *reply = reply_json(rc, &text);
    sbuf_free(&text);
    return send_json(c, MHD_HTTP_OK, reply);
}

/* The event stream of one relay: "data: INFO-LINE" events while the
 * analysis runs, comments as keep-alives, then "event: end". */
struct stream {
    struct relay *relay;
    unsigned long seen;
    struct sbuf out;
    size_t sent;
    bool ended;
};

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    struct stream *st = cls;
    if (st->sent == st->out.len) {
        if (st->ended)
            return MHD_CONTENT_READER_END_OF_STREAM;
        sbuf_reset(&st->out);
        st->sent = 0;
        struct sbuf lines = SBUF_INIT;
        int rc = relay_stream_wait(st->relay, &st->seen, STREAM_PING_SECONDS,
                                   &lines);
        if (rc > 0) {
            sbuf_chomp(&lines);
            sbuf_printf(&st->out, "data: %s\n\n", sbuf_str(&lines));
        } else if (rc == 0) {
            sbuf_puts(&st->out, ": thinking\n\n");
        } else {
            sbuf_puts(&st->out, "event: end\ndata: end\n\n");
            st->ended = true;
        }
        sbuf_free(&lines);
    }
    size_t n = st->out.len - st->sent;
    if (n > max)
        n = max;
    memcpy(buf, sbuf_str(&st->out) + st->sent, n);
    st->sent += n;
    return (ssize_t)n;
}

static void stream_free(void *cls)
{
    struct stream *st = cls;
    relay_unref(st->relay);
    sbuf_free(&st->out);
    free(st);
}

static enum MHD_Result api_stream(struct MHD_Connection *c,
                                  struct web_session *s)
{
    struct stream *st = calloc(1, sizeof *st);
    if (!st)
        return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR,
                          "out of memory");
    sbuf_init(&st->out);
    st->relay = s->relay;
    relay_ref(st->relay);
    struct MHD_Response *r = MHD_create_response_from_callback(
        MHD_SIZE_UNKNOWN, 1024, stream_read, st, stream_free);
    if (!r) {
        stream_free(st);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return rc;
}

/* Routes /api/sessions/ID/ACTION for an existing session. */
static enum MHD_Result api_session(struct server *srv,
                                   struct MHD_Connection *c,
                                   const char *method, const char *rest,
                                   const struct request *req)
{
    char id[SESSION_ID_LEN + 1];
    size_t n = strspn(rest, "0123456789abcdef");
    if (n != SESSION_ID_LEN || (rest[n] != '/' && rest[n] != '\0'))
        return send_error(c, MHD_HTTP_NOT_FOUND, "no such session");
    memcpy(id, rest, n);
    id[n] = '\0';
    const char *action = rest[n] ? rest + n + 1 : "";
    bool post = strcmp(method, "POST") == 0;
    json_t *body = NULL;
    if (post) {
        json_error_t err;
        body = json_loadb(sbuf_str(&req->body), req->body.len, 0, &err);
        if (!json_is_object(body)) {
            json_decref(body);
            return send_error(c, MHD_HTTP_BAD_REQUEST,
                              "the body must be a JSON object");
        }
    }
    struct web_session *s = sessions_get(srv->cfg.sessions, id);
    if (!s) {
        json_decref(body);
        return send_error(c, MHD_HTTP_NOT_FOUND, "no such session");
    }
    enum MHD_Result rc;
    if (post && strcmp(action, "commands") == 0) {
        rc = api_commands(srv, c, s, body);
    } else if (post && strcmp(action, "analyze") == 0) {
        rc = api_analyze(srv, c, s, body);
    } else if (post && strcmp(action, "restart") == 0) {
        rc = sessions_restart(srv->cfg.sessions, s) == 0
           ? send_json(c, MHD_HTTP_OK, json_pack("{s:b}", "ok", 1))
           : send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE,
                        "the engine could not be started");
    } else if (strcmp(method, "GET") == 0 && strcmp(action, "stream") == 0) {
        rc = api_stream(c, s);
    } else if (strcmp(method, "DELETE") == 0 && action[0] == '\0') {
        sessions_delete(srv->cfg.sessions, s);
        rc = send_json(c, MHD_HTTP_OK, json_pack("{s:b}", "ok", 1));
    } else {
        rc = send_error(c, MHD_HTTP_NOT_FOUND, "no such action");
    }
    sessions_release(srv->cfg.sessions, s);
    json_decref(body);
    return rc;
}

static enum MHD_Result api_create(struct server *srv,
                                  struct MHD_Connection *c)
{
    bool full;
    struct web_session *s = sessions_create(srv->cfg.sessions, &full);
    if (!s)
        return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE,
                          full ? "too many sessions, try again later"
                               : "the engine could not be started");
    json_t *reply = json_pack("{s:s}", "id", s->id);
    sessions_release(srv->cfg.sessions, s);
    return send_json(c, MHD_HTTP_CREATED, reply);
}

static enum MHD_Result dispatch(struct server *srv, struct MHD_Connection *c,
                                const char *url, const char *method,
                                const struct request *req)
{
    if (!trusted(srv, c))
        return send_error(c, MHD_HTTP_FORBIDDEN,
                          "foreign Host or Origin");
    size_t k = strlen(API_PREFIX);
    if (strncmp(url, API_PREFIX, k) != 0)
        return strcmp(method, "GET") == 0
             ? serve_file(srv, c, url)
             : send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "use GET");
    if (url[k] == '\0')
        return strcmp(method, "POST") == 0
             ? api_create(srv, c)
             : send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "use POST");
    if (url[k] != '/')
        return send_error(c, MHD_HTTP_NOT_FOUND, "no such page");
    return api_session(srv, c, method, url + k + 1, req);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
                                  const char *url, const char *method,
                                  const char *version,
                                  const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
    (void)version;
    struct server *srv = cls;
    struct request *req = *con_cls;
    if (!req) {
        req = calloc(1, sizeof *req);
        if (!req)
            return MHD_NO;
        sbuf_init(&req->body);
        *con_cls = req;
        /* A declared body too large is refused before it is read. */
        const char *length = MHD_lookup_connection_value(
            c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, NULL, 10) > SERVER_MAX_BODY) {
            req->too_big = true;
            return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE,
                              "the request body is too large");
        }
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        req->seen += *upload_data_size;
        if (req->seen > SERVER_MAX_BODY)
            req->too_big = true;
        else
            sbuf_putn(&req->body, upload_data, *upload_data_size);
        *upload_data_size = 0;
        /* A body far too large (sent without a Content-Length) is not
         * read to its end: the connection is dropped. */
        return req->seen > 16 * SERVER_MAX_BODY ? MHD_NO : MHD_YES;
    }
    if (req->too_big)
        return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE,
                          "the request body is too large");
    return dispatch(srv, c, url, method, req);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)c;
    (void)toe;
    struct request *req = *con_cls;
    if (req) {
        sbuf_free(&req->body);
        free(req);
        *con_cls = NULL;
    }
}

struct server *server_start(const struct server_config *cfg)
{
    struct server *srv = calloc(1, sizeof *srv);
    if (!srv)
        return NULL;
    srv->cfg = *cfg;
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)cfg->port);
    if (inet_pton(AF_INET, cfg->bind, &addr.sin_addr) != 1) {
        fprintf(stderr, "triad-web: not an IPv4 address: %s\n", cfg->bind);
        free(srv);
        return NULL;
    }
    srv->daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION |
        MHD_USE_ERROR_LOG,
        (uint16_t)cfg->port, NULL, NULL, on_request, srv,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)256,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(128 * 1024),
        MHD_OPTION_END);
    if (!srv->daemon) {
        fprintf(stderr, "triad-web: cannot listen on %s:%u: %s\n", cfg->bind,
                cfg->port, strerror(errno));
        free(srv);
        return NULL;
    }
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
    srv->port = info ? info->port : cfg->port;
    return srv;
}

unsigned server_port(const struct server *srv)
{
    return srv->port;
}

void server_stop(struct server *srv)
{
    MHD_stop_daemon(srv->daemon);
    free(srv);
}
