/* testutil.h -- helpers shared by the Check suites: run protocol lines
 * against an engine and its GTP front end in memory. */
#ifndef TRIAD_TESTS_TESTUTIL_H
#define TRIAD_TESTS_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "proto/gtp.h"

/* An engine with its GTP front end, as triad's main() makes them (not to
 * be copied: gtp points at engine). */
struct tu_triad {
    struct engine engine;
    struct gtp_frontend gtp;
};

/* Starts *t with seed seed; 0, or -1 when memory is short. */
static inline int tu_open(struct tu_triad *t, uint64_t seed)
{
    if (engine_init(&t->engine, seed) != 0)
        return -1;
    gtp_frontend_init(&t->gtp, &t->engine);
    return 0;
}

static inline void tu_close(struct tu_triad *t)
{
    gtp_frontend_done(&t->gtp);
    engine_done(&t->engine);
}

/* Runs one input line (len bytes) and returns the whole framed reply
 * (malloc'd, caller frees; "" when the line got no reply).  *status, if
 * not NULL, receives gtp_execute's result. */
static inline char *tu_run_bytes(struct tu_triad *t, const char *line,
                                 size_t len, enum gtp_status *status)
{
    char *reply = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&reply, &size);
    if (!mem)
        abort();
    enum gtp_status st = gtp_execute(&t->gtp, line, len, mem);
    fclose(mem);
    if (status)
        *status = st;
    return reply;
}

static inline char *tu_run(struct tu_triad *t, const char *line)
{
    return tu_run_bytes(t, line, strlen(line), NULL);
}

/* The result text of a successful command ("=[id] " and the final blank
 * line removed), or NULL if the reply was a failure.  Caller frees. */
static inline char *tu_ok(struct tu_triad *t, const char *line)
{
    char *reply = tu_run(t, line);
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
static inline int tu_fails_with(struct tu_triad *t, const char *line,
                                const char *prefix)
{
    char *reply = tu_run(t, line);
    int ok = reply[0] == '?' && strncmp(reply + 2, prefix,
                                        strlen(prefix)) == 0;
    if (!ok)
        fprintf(stderr, "expected '? %s...' for %s, got %s", prefix, line,
                reply);
    free(reply);
    return ok;
}

/* True if the line succeeds with exactly the result expected; else says
 * what came instead on standard error. */
static inline int tu_replies(struct tu_triad *t, const char *line,
                             const char *expected)
{
    char *r = tu_ok(t, line);
    int ok = r && strcmp(r, expected) == 0;
    if (!ok)
        fprintf(stderr, "%s: got '%s', want '%s'\n", line,
                r ? r : "(a failure)", expected);
    free(r);
    return ok;
}

/* Everything a failed command must leave alone, as one string: what
 * position, history and options print, the ply count, the start of the
 * game (the setup), both clocks with their mode, and the generator.
 * Caller frees. */
static inline char *tu_snapshot(struct tu_triad *s)
{
    char *pos = tu_ok(s, "position");
    char *hist = tu_ok(s, "history");
    char *opts = tu_ok(s, "options");
    struct sbuf all = SBUF_INIT;
    const struct engine *e = &s->engine;
    sbuf_printf(&all, "%s|%s|%s|ply %d|setup ", pos, hist, opts, e->nply);
    e->game->to_string(e->states, &all);
    const struct time_control *c = &e->time_control;
    sbuf_printf(&all, "|clock %d %a %a %d", c->limited, c->main_time,
                c->byo_time, c->byo_stones);
    for (int side = 0; side < 2; side++)
        sbuf_printf(&all, " %a/%d", c->left[side], c->stones_left[side]);
    for (int i = 0; i < 4; i++)
        sbuf_printf(&all, "|rng %llx", (unsigned long long)e->rng.s[i]);
    free(pos), free(hist), free(opts);
    if (all.oom)
        abort();
    char *text = strdup(sbuf_str(&all));
    sbuf_free(&all);
    return text;
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

/* Defines the fixture of a suite whose tests share one engine: a static
 * struct tu_triad NAME, and setup()/teardown() that give every test a
 * fresh one (seed SEED, quiet). */
#define TU_TRIAD_FIXTURE(name, seed)                                     \
    static struct tu_triad name;                                         \
    static void setup(void)                                              \
    {                                                                    \
        if (tu_open(&name, (seed)) != 0)                                 \
            abort();                                                     \
        name.engine.quiet = true;                                        \
    }                                                                    \
    static void teardown(void)                                           \
    {                                                                    \
        tu_close(&name);                                                 \
    }

#endif
