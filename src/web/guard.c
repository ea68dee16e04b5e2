/* guard.c -- Host, Origin and access token checks (see guard.h). */
#include "config.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "web/guard.h"

bool guard_equal(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    unsigned char diff = na != nb;
    for (size_t i = 0; i < nb; i++)
        diff |= (unsigned char)(a[i < na ? i : 0] ^ b[i]);
    return diff == 0;
}

bool guard_loopback(const char *addr)
{
    struct in_addr a;
    return inet_pton(AF_INET, addr, &a) == 1 &&
           (ntohl(a.s_addr) >> 24) == 127;
}

int guard_random_hex(char *out, size_t digits)
{
    unsigned char raw[64];
    if (digits % 2 != 0 || digits / 2 > sizeof raw ||
        getrandom(raw, digits / 2, 0) != (ssize_t)(digits / 2))
        return -1;
    for (size_t i = 0; i < digits / 2; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

static bool local_host(const char *host, const char *bind, unsigned port)
{
    char suffix[16];
    snprintf(suffix, sizeof suffix, ":%u", port);
    const char *names[] = { "localhost", "127.0.0.1", bind };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t k = strlen(names[i]);
        if (strncmp(host, names[i], k) == 0 && strcmp(host + k, suffix) == 0)
            return true;
    }
    return false;
}

bool guard_allows(const struct guard_request *rq, const char *bind,
                  unsigned port, const char *token)
{
    if (!rq->host || !rq->host[0])
        return false;
    if (token) {
        bool by_cookie = rq->cookie && guard_equal(rq->cookie, token);
        bool by_query = rq->query_token &&
                        guard_equal(rq->query_token, token);
        if (!by_cookie && !by_query)
            return false;
    } else if (!local_host(rq->host, bind, port)) {
        return false;
    }
    return !rq->origin || (strncmp(rq->origin, "http://", 7) == 0 &&
                           strcmp(rq->origin + 7, rq->host) == 0);
}
