/* testutil.h -- helpers shared by the Check suites: run protocol lines
 * against a session in memory. */
#ifndef TRIAD_TESTS_TESTUTIL_H
#define TRIAD_TESTS_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/gtp.h"
#include "proto/session.h"

/* Runs one input line (len bytes) and returns the whole framed reply
 * (malloc'd, caller frees; "" when the line got no reply).  *status, if
 * not NULL, receives gtp_execute's result. */
static inline char *tu_run_bytes(struct session *s, const char *line,
                                 size_t len, enum gtp_status *status)
{
    char *reply = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&reply, &size);
    if (!mem)
        abort();
    enum gtp_status st = gtp_execute(s, line, len, mem);
    fclose(mem);
    if (status)
        *status = st;
    return reply;
}

static inline char *tu_run(struct session *s, const char *line)
{
    return tu_run_bytes(s, line, strlen(line), NULL);
}

/* The result text of a successful command ("=[id] " and the final blank
 * line removed), or NULL if the reply was a failure.  Caller frees. */
static inline char *tu_ok(struct session *s, const char *line)
{
    char *reply = tu_run(s, line);
    char *text = NULL;
    if (reply[0] == '=') {
        size_t n = strlen(reply);
        if (n >= 2 && reply[n - 1] == '\n' && reply[n - 2] == '\n')
            reply[n - 2] = '\0';
        size_t skip = strcspn(reply, " ");
        text = strdup(reply[skip] ? reply + skip + 1 : "");
    } else {
        fprintf(stderr, "unexpected failure: %s -> %s", line, reply);
    }
    free(reply);
    return text;
}

/* True if the line's reply is a failure whose text starts with prefix. */
static inline int tu_fails_with(struct session *s, const char *line,
                                const char *prefix)
{
    char *reply = tu_run(s, line);
    int ok = reply[0] == '?' && strncmp(reply + 2, prefix,
                                        strlen(prefix)) == 0;
    if (!ok)
        fprintf(stderr, "expected '? %s...' for %s, got %s", prefix, line,
                reply);
    free(reply);
    return ok;
}

/* Joins a NULL-terminated list of malloc'd strings (a completion list)
 * with single spaces and frees the list; the caller frees the result. */
static inline char *tu_joined(char **list)
{
    size_t len = 1;
    for (size_t i = 0; list && list[i]; i++)
        len += strlen(list[i]) + 1;
    char *text = malloc(len);
    if (!text)
        abort();
    text[0] = '\0';
    for (size_t i = 0; list && list[i]; i++) {
        if (i)
            strcat(text, " ");
        strcat(text, list[i]);
        free(list[i]);
    }
    free(list);
    return text;
}

/* Defines the fixture of a suite whose tests share one session: a static
 * struct session NAME, and setup()/teardown() that give every test a
 * fresh one (seed SEED, quiet). */
#define TU_SESSION_FIXTURE(name, seed)                                   \
    static struct session name;                                          \
    static void setup(void)                                              \
    {                                                                    \
        if (session_init(&name, (seed)) != 0)                            \
            abort();                                                     \
        name.quiet = true;                                               \
    }                                                                    \
    static void teardown(void)                                           \
    {                                                                    \
        session_done(&name);                                             \
    }

#endif
