/* guard.h -- who may use triad-web: the Host and Origin checks that keep
 * other web sites out, and the access token required when the server
 * listens beyond the loopback interface. */
#ifndef TRIAD_WEB_GUARD_H
#define TRIAD_WEB_GUARD_H

#include <stdbool.h>

#define GUARD_TOKEN_LEN 32          /* hex digits of an access token */
#define GUARD_COOKIE "triad_token"

struct guard_request {
    const char *host;               /* the Host header, or NULL        */
    const char *origin;             /* the Origin header, or NULL      */
    const char *cookie;             /* the GUARD_COOKIE cookie, or NULL */
    const char *query_token;        /* ?token=..., or NULL             */
};

/* True when a request may be served.  Without a token (loopback), Host
 * must be localhost, 127.0.0.1 or bind, with port; with one, any Host
 * (the machine has names we cannot know) but the token must come as
 * the cookie or in the query.  An Origin must be http://HOST either way. */
bool guard_allows(const struct guard_request *rq, const char *bind,
                  unsigned port, const char *token);

/* digits (even, at most 128) random hex digits from getrandom, then a
 * NUL, into out: an access token or a session id; 0 or -1. */
int guard_random_hex(char *out, size_t digits);

/* True when addr (IPv4, as text) is in 127.0.0.0/8. */
bool guard_loopback(const char *addr);

/* a and b equal, in time independent of where they differ (b's length
 * is not secret; a's content is compared in full). */
bool guard_equal(const char *a, const char *b);

#endif
