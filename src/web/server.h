/* server.h -- the HTTP side of triad-web (libmicrohttpd): the static page,
 * the JSON API that relays protocol commands to a session's engine, and
 * the Server-Sent Events stream of the engine's analysis.  The API is
 * described in doc/triad-web.md. */
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
    struct session_table *sessions;
};

struct server;

/* Starts listening; NULL (with a message on stderr) on failure. */
struct server *server_start(const struct server_config *cfg);

/* The port actually bound (useful with port 0). */
unsigned server_port(const struct server *srv);

void server_stop(struct server *srv);

#endif
