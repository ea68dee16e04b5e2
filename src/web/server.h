/* server.h -- the HTTP side of triad-web (libmicrohttpd): the static page,
 * the JSON API (api.h) run off the network threads, the Server-Sent Events
 * stream of the engine's analysis, and the limits that keep one client
 * from tying the server up.  The API is described in doc/triad-web.md. */
#ifndef TRIAD_WEB_SERVER_H
#define TRIAD_WEB_SERVER_H

#include <stddef.h>

#include "web/sessions.h"

/* Largest request body the API accepts, in bytes. */
#define SERVER_MAX_BODY 65536

struct server_config {
    const char *bind;           /* IPv4 address to listen on          */
    unsigned port;              /* 0: any free port                     */
    const char *root;           /* directory of the page's files        */
    double command_timeout;     /* seconds an engine may take to answer */
    const char *token;          /* access token, NULL on loopback       */
    unsigned max_connections;   /* in all                               */
    unsigned client_connections; /* from one address                    */
    unsigned client_streams;    /* event streams of one address         */
    double request_seconds;      /* to send a request (headers, body)    */
    struct session_table *sessions;
};

struct server;

/* Binds, listens and starts serving; NULL (with a message on stderr) on
 * failure. */
struct server *server_start(const struct server_config *cfg);

/* The port bound (useful with port 0). */
unsigned server_port(const struct server *srv);

/* Kills the engines (sessions_close), lets the requests waiting for them
 * answer, ends the event streams and stops serving. */
void server_stop(struct server *srv);

#endif
