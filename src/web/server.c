/* server.c -- libmicrohttpd in epoll mode with a small thread pool: no
 * network thread ever waits for an engine.  An API request is run by a
 * job thread of its own while its connection is suspended; a stream (the
 * Server-Sent Events of an engine's analysis, or the answers of an
 * analysis process) with nothing to send is parked (suspended): event
 * streams are woken by the ticker ten times a second, analysis answers
 * as soon as one is ready.  The ticker also ends a parked stream whose
 * client has gone (its fetch aborted), and closes connections that take
 * longer than the request deadline to send a request (its headers and
 * body, counted from the connection or the previous reply).  Every reply
 * carries the security headers. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/clock.h"
#include "web/analysis.h"
#include "web/api.h"
#include "web/events.h"
#include "web/files.h"
#include "web/guard.h"
#include "web/server.h"
#include "web/weblog.h"

#define API_PREFIX "/api/sessions"
#define POOL_THREADS 2
#define TICK_MICROSECONDS 100000

/* One TCP connection, for the request deadline. */
struct conn {
    int fd;
    double since;                   /* when it began waiting for a request */
    bool in_request;                /* request received, not answered   */
    struct conn *next, *prev;
};

/* One stream, for parking and the per-client cap: an event stream (ev)
 * or the answers of an analysis process (an). */
struct stream {
    struct server *srv;
    struct MHD_Connection *c;
    int fd;                         /* its socket, -1 if unknown         */
    struct events *ev;
    struct analysis *an;
    char client[SESSION_CLIENT_LEN];
    bool parked;
    bool client_gone;               /* the peer closed its connection   */
    struct stream *next, *prev;
};

struct server {
    struct server_config cfg;
    struct MHD_Daemon *daemon;
    unsigned port;
    struct weblog *log;
    pthread_mutex_t lock;           /* guards everything below          */
    pthread_cond_t job_done;
    bool stopping;
    int jobs;
    struct conn *conns;
    struct stream *streams;
    pthread_t ticker;
};

/* Per-request state kept by MHD between calls of the handler. */
struct request {
    struct server *srv;
    struct MHD_Connection *c;
    struct sbuf body;
    size_t seen;                    /* body bytes received              */
    bool too_big;
    bool running;                   /* a job runs it                    */
    bool done;                      /* the job has answered             */
    char *method, *path;
    char client[SESSION_CLIENT_LEN];
    struct api_answer answer;
};

/* Doubly linked lists of conns and streams (head: the list's first). */
#define LIST_ADD(head, x) do {                                          \
        (x)->prev = NULL;                                               \
        (x)->next = (head);                                             \
        if (head)                                                       \
            (head)->prev = (x);                                         \
        (head) = (x);                                                   \
    } while (0)
#define LIST_DEL(head, x) do {                                          \
        if ((x)->prev)                                                  \
            (x)->prev->next = (x)->next;                                \
        else                                                            \
            (head) = (x)->next;                                         \
        if ((x)->next)                                                  \
            (x)->next->prev = (x)->prev;                                \
    } while (0)

static void secure(struct MHD_Response *r)
{
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data:; "
                            "frame-ancestors 'none'");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status,
                                 const char *type, const char *text,
                                 size_t len, const char *cookie)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(
        len, (void *)text, MHD_RESPMEM_MUST_COPY);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    secure(r);
    if (cookie)
        MHD_add_response_header(r, "Set-Cookie", cookie);
    enum MHD_Result rc = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status,
                                  const char *message)
{
    json_t *j = json_pack("{s:s}", "error", message);
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    enum MHD_Result rc = send_text(c, status, "application/json",
                                   text ? text : "{}",
                                   text ? strlen(text) : 2, NULL);
    free(text);
    return rc;
}

/* ---- streams ---- */

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    struct stream *st = cls;
    struct server *srv = st->srv;
    pthread_mutex_lock(&srv->lock);
    /* A client gone ends its stream as any other end: the final chunk
     * then fails and closes the connection.  (An END_WITH_ERROR here
     * left libmicrohttpd 0.9.75 holding the socket of the resumed
     * connection for good.) */
    ssize_t n = srv->stopping || st->client_gone ? -1
              : st->an ? analysis_take(st->an, buf, max)
              : events_take(st->ev, buf, max);
    if (n == 0) {
        st->parked = true;          /* the ticker or the analysis wakes it */
        MHD_suspend_connection(st->c);
    }
    pthread_mutex_unlock(&srv->lock);
    return n < 0 ? MHD_CONTENT_READER_END_OF_STREAM : n;
}

/* Frees st, out of the list, and what it holds. */
static void stream_drop(struct stream *st)
{
    if (st->an) {
        analysis_watch(st->an, NULL, NULL);
        analysis_kill(st->an);      /* nobody reads its answers now */
        analysis_unref(st->an);
    } else {
        events_free(st->ev);
    }
    free(st);
}

static void stream_free(void *cls)
{
    struct stream *st = cls;
    pthread_mutex_lock(&st->srv->lock);
    LIST_DEL(st->srv->streams, st);
    pthread_mutex_unlock(&st->srv->lock);
    stream_drop(st);
}

/* An analysis has answer text for stream st (or has ended). */
static void stream_wake(void *arg)
{
    struct stream *st = arg;
    pthread_mutex_lock(&st->srv->lock);
    if (st->parked) {
        st->parked = false;
        MHD_resume_connection(st->c);
    }
    pthread_mutex_unlock(&st->srv->lock);
}

/* True when the peer of a suspended connection has closed it (a fetch
 * aborted): its socket reads as ended. */
static bool peer_closed(int fd)
{
    char byte;
    ssize_t n = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 ||
           (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK &&
            errno != EINTR);
}

/* Sends st (filled but for srv, c and fd) as the reply to c, with type;
 * frees it (and what it holds) on failure. */
static enum MHD_Result send_stream(struct server *srv,
                                   struct MHD_Connection *c,
                                   struct stream *st, const char *type)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    st->srv = srv;
    st->c = c;
    st->fd = info ? info->connect_fd : -1;
    struct MHD_Response *resp = MHD_create_response_from_callback(
        MHD_SIZE_UNKNOWN, 1024, stream_read, st, stream_free);
    if (!resp) {
        stream_drop(st);
        return MHD_NO;
    }
    pthread_mutex_lock(&srv->lock);
    LIST_ADD(srv->streams, st);
    pthread_mutex_unlock(&srv->lock);
    if (st->an)
        analysis_watch(st->an, stream_wake, st);
    MHD_add_response_header(resp, "Content-Type", type);
    secure(resp);
    enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return rc;
}

/* The event stream of relay r (its reference is taken over). */
static enum MHD_Result send_events(struct server *srv,
                                   struct MHD_Connection *c,
                                   const char *client, struct relay *r)
{
    pthread_mutex_lock(&srv->lock);
    unsigned theirs = 0;
    for (struct stream *o = srv->streams; o; o = o->next)
        theirs += o->ev && strcmp(o->client, client) == 0;
    pthread_mutex_unlock(&srv->lock);
    if (theirs >= srv->cfg.client_streams) {
        relay_unref(r);
        return send_error(c, MHD_HTTP_TOO_MANY_REQUESTS,
                          "too many event streams from your address");
    }
    struct stream *st = calloc(1, sizeof *st);
    struct events *ev = events_new(r);
    if (!st || !ev) {
        free(st);
        if (ev)
            events_free(ev);
        return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
    }
    st->ev = ev;
    snprintf(st->client, sizeof st->client, "%s", client);
    return send_stream(srv, c, st, "text/event-stream");
}

/* The answers of analysis a (its reference is taken over), as
 * newline-delimited JSON.  They count against no stream cap: a session
 * has one analysis at most. */
static enum MHD_Result send_analysis(struct server *srv,
                                     struct MHD_Connection *c,
                                     const char *client, struct analysis *a)
{
    struct stream *st = calloc(1, sizeof *st);
    if (!st) {
        analysis_kill(a);
        analysis_unref(a);
        return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
    }
    st->an = a;
    snprintf(st->client, sizeof st->client, "%s", client);
    return send_stream(srv, c, st, "application/x-ndjson");
}

/* ---- the ticker: parked streams and the request deadline ---- */

static void *ticker_main(void *arg)
{
    struct server *srv = arg;
    pthread_mutex_lock(&srv->lock);
    while (!srv->stopping) {
        for (struct stream *st = srv->streams; st; st = st->next) {
            if (st->parked && st->fd >= 0 && peer_closed(st->fd))
                st->client_gone = true;
            if (st->parked && (st->ev || st->client_gone)) {
                st->parked = false;
                MHD_resume_connection(st->c);
            }
        }
        double now = clock_now();
        for (struct conn *k = srv->conns; k; k = k->next)
            if (!k->in_request && now - k->since > srv->cfg.request_seconds) {
                shutdown(k->fd, SHUT_RDWR);     /* MHD sees it end */
                k->since = now + 1e9;
            }
        pthread_mutex_unlock(&srv->lock);
        usleep(TICK_MICROSECONDS);
        pthread_mutex_lock(&srv->lock);
    }
    pthread_mutex_unlock(&srv->lock);
    return NULL;
}

static void on_connection(void *cls, struct MHD_Connection *c,
                          void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    struct server *srv = cls;
    struct conn *k = *socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        k = calloc(1, sizeof *k);
        if (!k || !info) {
            free(k);
            return;
        }
        k->fd = info->connect_fd;
        k->since = clock_now();
        pthread_mutex_lock(&srv->lock);
        LIST_ADD(srv->conns, k);
        pthread_mutex_unlock(&srv->lock);
        *socket_context = k;
    } else if (k) {
        pthread_mutex_lock(&srv->lock);
        LIST_DEL(srv->conns, k);
        pthread_mutex_unlock(&srv->lock);
        free(k);
        *socket_context = NULL;
    }
}

/* Marks the connection of c as within a request (or back to waiting for
 * the next one's headers). */
static void mark_request(struct server *srv, struct MHD_Connection *c,
                         bool in_request)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct conn *k = info ? info->socket_context : NULL;
    if (!k)
        return;
    pthread_mutex_lock(&srv->lock);
    k->in_request = in_request;
    k->since = clock_now();
    pthread_mutex_unlock(&srv->lock);
}

/* ---- API jobs ---- */

static void *job_main(void *arg)
{
    struct request *req = arg;
    struct server *srv = req->srv;
    struct api_request rq = {
        .method = req->method, .path = req->path + strlen(API_PREFIX),
        .body = sbuf_str(&req->body), .body_len = req->body.len,
        .client = req->client,
    };
    api_handle(srv->cfg.sessions, srv->cfg.command_timeout, &rq,
               &req->answer);
    pthread_mutex_lock(&srv->lock);
    req->done = true;
    MHD_resume_connection(req->c);
    srv->jobs--;
    pthread_cond_broadcast(&srv->job_done);
    pthread_mutex_unlock(&srv->lock);
    return NULL;
}

/* Runs req on a job thread, its connection suspended meanwhile. */
static enum MHD_Result start_job(struct server *srv, struct request *req)
{
    pthread_mutex_lock(&srv->lock);
    bool refuse = srv->stopping;    /* else one job a connection at most */
    if (!refuse) {
        srv->jobs++;
        req->running = true;
        MHD_suspend_connection(req->c);
        pthread_attr_t at;
        pthread_t t;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&t, &at, job_main, req) != 0) {
            srv->jobs--;
            req->running = false;
            MHD_resume_connection(req->c);
            refuse = true;
        }
        pthread_attr_destroy(&at);
    }
    pthread_mutex_unlock(&srv->lock);
    return refuse ? send_error(req->c, MHD_HTTP_SERVICE_UNAVAILABLE,
                               "the server is stopping")
                  : MHD_YES;
}

static enum MHD_Result send_answer(struct server *srv, struct request *req)
{
    struct api_answer *a = &req->answer;
    if (a->stream) {
        struct relay *r = a->stream;
        a->stream = NULL;
        return send_events(srv, req->c, req->client, r);
    }
    if (a->analysis) {
        struct analysis *an = a->analysis;
        a->analysis = NULL;
        return send_analysis(srv, req->c, req->client, an);
    }
    if (!a->json)
        return send_error(req->c, MHD_HTTP_INTERNAL_SERVER_ERROR,
                          "out of memory");
    return send_text(req->c, a->status, "application/json", a->json,
                     strlen(a->json), NULL);
}

/* ---- requests ---- */

static const char *header(struct MHD_Connection *c, enum MHD_ValueKind kind,
                          const char *name)
{
    return MHD_lookup_connection_value(c, kind, name);
}

static enum MHD_Result serve_file(struct server *srv,
                                  struct MHD_Connection *c, const char *url,
                                  bool set_cookie)
{
    struct sbuf data = SBUF_INIT;
    const char *type;
    if (files_read(srv->cfg.root, url, &data, &type) != 0) {
        sbuf_free(&data);
        return send_error(c, MHD_HTTP_NOT_FOUND, "no such page");
    }
    char cookie[128];
    snprintf(cookie, sizeof cookie,
             GUARD_COOKIE "=%s; Path=/; HttpOnly; SameSite=Strict",
             srv->cfg.token ? srv->cfg.token : "");
    enum MHD_Result rc = send_text(c, MHD_HTTP_OK, type, sbuf_str(&data),
                                   data.len, set_cookie ? cookie : NULL);
    sbuf_free(&data);
    return rc;
}

static enum MHD_Result dispatch(struct server *srv, struct request *req,
                                const char *url, const char *method)
{
    struct MHD_Connection *c = req->c;
    struct guard_request g = {
        .host = header(c, MHD_HEADER_KIND, "Host"),
        .origin = header(c, MHD_HEADER_KIND, "Origin"),
        .cookie = header(c, MHD_COOKIE_KIND, GUARD_COOKIE),
        .query_token = header(c, MHD_GET_ARGUMENT_KIND, "token"),
    };
    if (!guard_allows(&g, srv->cfg.bind, srv->port, srv->cfg.token))
        return send_error(c, MHD_HTTP_FORBIDDEN,
                          srv->cfg.token ? "foreign Origin or no access token"
                                         : "foreign Host or Origin");
    size_t k = strlen(API_PREFIX);
    if (strncmp(url, API_PREFIX, k) != 0 || (url[k] && url[k] != '/')) {
        bool by_query = srv->cfg.token && g.query_token &&
                        guard_equal(g.query_token, srv->cfg.token);
        return strcmp(method, "GET") == 0
             ? serve_file(srv, c, url, by_query)
             : send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "use GET");
    }
    req->method = strdup(method);
    req->path = strdup(url);
    if (!req->method || !req->path)
        return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
    return start_job(srv, req);
}

/* The client's address as text. */
static void client_address(struct MHD_Connection *c,
                           char out[SESSION_CLIENT_LEN])
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr_in *a =
        info ? (const struct sockaddr_in *)info->client_addr : NULL;
    if (!a || a->sin_family != AF_INET ||
        !inet_ntop(AF_INET, &a->sin_addr, out, SESSION_CLIENT_LEN))
        snprintf(out, SESSION_CLIENT_LEN, "?");
}

static struct request *new_request(struct server *srv,
                                   struct MHD_Connection *c)
{
    struct request *req = calloc(1, sizeof *req);
    if (!req)
        return NULL;
    req->srv = srv;
    req->c = c;
    sbuf_init(&req->body);
    client_address(c, req->client);
    return req;
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
        req = new_request(srv, c);
        if (!req)
            return MHD_NO;
        *con_cls = req;
        /* A declared body too large is refused before it is read. */
        const char *length = header(c, MHD_HEADER_KIND,
                                    MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, NULL, 10) > SERVER_MAX_BODY) {
            req->too_big = true;
            return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE,
                              "the request body is too large");
        }
        return MHD_YES;
    }
    if (req->done)
        return send_answer(srv, req);
    if (req->running)
        return MHD_YES;
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
    mark_request(srv, c, true);     /* received within the deadline */
    return dispatch(srv, req, url, method);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)toe;
    struct server *srv = cls;
    struct request *req = *con_cls;
    if (!req)
        return;
    mark_request(srv, c, false);
    if (req->answer.stream)
        relay_unref(req->answer.stream);
    if (req->answer.analysis) {             /* never sent: nobody reads it */
        analysis_kill(req->answer.analysis);
        analysis_unref(req->answer.analysis);
    }
    free(req->answer.json);
    free(req->method);
    free(req->path);
    sbuf_free(&req->body);
    free(req);
    *con_cls = NULL;
}

/* ---- start and stop ---- */

/* A listening socket on bind:port, bound before the daemon starts (so
 * the port is known before any request); -1 with a message on failure. */
static int listen_on(const char *bind_addr, unsigned port, unsigned *bound)
{
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, bind_addr, &addr.sin_addr) != 1) {
        fprintf(stderr, "triad-web: not an IPv4 address: %s\n", bind_addr);
        return -1;
    }
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int on = 1;
    socklen_t len = sizeof addr;
    if (fd < 0 ||
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 ||
        listen(fd, 128) != 0 ||
        getsockname(fd, (struct sockaddr *)&addr, &len) != 0) {
        fprintf(stderr, "triad-web: cannot listen on %s:%u: %s\n", bind_addr,
                port, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    *bound = ntohs(addr.sin_port);
    return fd;
}

static void free_server(struct server *srv)
{
    weblog_free(srv->log);
    pthread_cond_destroy(&srv->job_done);
    pthread_mutex_destroy(&srv->lock);
    free(srv);
}

struct server *server_start(const struct server_config *cfg)
{
    struct server *srv = calloc(1, sizeof *srv);
    if (!srv)
        return NULL;
    srv->cfg = *cfg;
    pthread_mutex_init(&srv->lock, NULL);
    pthread_cond_init(&srv->job_done, NULL);
    srv->log = weblog_new(stderr);
    int fd = srv->log ? listen_on(cfg->bind, cfg->port, &srv->port) : -1;
    if (fd < 0) {
        free_server(srv);
        return NULL;
    }
    srv->daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
        MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG,
        0, NULL, NULL, on_request, srv,
        MHD_OPTION_EXTERNAL_LOGGER, weblog_mhd, srv->log,
        MHD_OPTION_LISTEN_SOCKET, fd,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)POOL_THREADS,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv,
        MHD_OPTION_NOTIFY_CONNECTION, on_connection, srv,
        MHD_OPTION_CONNECTION_LIMIT, cfg->max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, cfg->client_connections,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
        MHD_OPTION_END);
    if (!srv->daemon ||
        pthread_create(&srv->ticker, NULL, ticker_main, srv) != 0) {
        fprintf(stderr, "triad-web: cannot start the HTTP server\n");
        if (srv->daemon)
            MHD_stop_daemon(srv->daemon);
        else
            close(fd);
        free_server(srv);
        return NULL;
    }
    return srv;
}

unsigned server_port(const struct server *srv)
{
    return srv->port;
}

void server_stop(struct server *srv)
{
    /* New requests are refused and the engines killed, so every job
     * returns at once and resumes its connection. */
    pthread_mutex_lock(&srv->lock);
    srv->stopping = true;
    pthread_mutex_unlock(&srv->lock);
    sessions_close(srv->cfg.sessions);
    pthread_join(srv->ticker, NULL);
    pthread_mutex_lock(&srv->lock);
    while (srv->jobs > 0)
        pthread_cond_wait(&srv->job_done, &srv->lock);
    for (struct stream *st = srv->streams; st; st = st->next)
        if (st->parked) {
            st->parked = false;
            MHD_resume_connection(st->c);
        }
    pthread_mutex_unlock(&srv->lock);
    MHD_stop_daemon(srv->daemon);
    free_server(srv);
}
