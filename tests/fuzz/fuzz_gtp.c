/* fuzz_gtp.c -- libFuzzer harness: whole protocol input streams.
 *
 * The input (any bytes, at most FUZZ_MAX_INPUT) is split at '\n' and every
 * line goes through gtp_execute() on one fresh session (seed 1), exactly as
 * main.c's loop does, until the input ends or a line quits.
 *
 * Work per input is capped so that a fuzzer keeps running thousands of
 * inputs a second: the harness first sends "set_option hash 1",
 * "set_option maxnodes 50" and "set_option movetime 0.01", and it does
 * not run (skips) the few lines that would lift those caps or that take
 * long by design (see too_slow()).  Everything else runs.
 *
 * Beyond "no crash", for every line: the reply is framed ('=' or '?', the
 * id echoed, a space, the text, one empty line at the end and none inside,
 * no control bytes) and a line with no command gets no reply; a '?' reply
 * left the game, the history, the options and the clocks unchanged; the
 * current position's incremental hash equals hash_full.  At the end the
 * position passes fuzz_check_position.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "proto/gtp.h"
#include "proto/session.h"

#define MAX_WORDS 4

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

/* What gtp.c's preprocessing makes of a line, as far as the filter needs
 * it: up to MAX_WORDS words (the id, if any, dropped) in buf.  Returns the
 * number of words, and in *id the id (empty if none). */
static int words_of(const char *line, size_t len, char *buf,
                    char *w[MAX_WORDS], char **id)
{
    size_t k = 0;
    for (size_t i = 0; i < len && line[i] != '#'; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c == '\t')
            buf[k++] = ' ';
        else if (c >= 0x20 && c != 0x7f)
            buf[k++] = (char)c;
    }
    buf[k] = '\0';
    int n = 0;
    *id = buf + k;                      /* "" */
    char *save = NULL;
    for (char *p = strtok_r(buf, " ", &save); p;
         p = strtok_r(NULL, " ", &save)) {
        if (n == 0 && **id == '\0' && p[strspn(p, "0123456789")] == '\0') {
            *id = p;
            continue;
        }
        if (n < MAX_WORDS)
            w[n] = p;
        n++;
    }
    return n;
}

/* True with the value in *v if the whole word reads as a number to strtod,
 * which accepts everything the engine's strict number parsers do. */
static bool number(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && *end == '\0';
}

/* Lines the harness does not run, and why: bench searches 12 positions
 * with fixed budgets (seconds per call); perft deeper than 2 is
 * exponential by design (SIGINT stops it in the engine, tests/robust
 * covers that); set_option values that would lift the caps above (many
 * threads, a big table, an unlimited or large node budget, long moves).
 * A value that is not a number at all is run: the engine rejects it. */
static bool too_slow(int n, char *w[MAX_WORDS])
{
    double v;
    if (n == 0)
        return false;
    if (strcmp(w[0], "bench") == 0)
        return true;
    if (strcmp(w[0], "perft") == 0)
        return n == 2 && number(w[1], &v) && v > 2;
    if (strcmp(w[0], "set_option") != 0 || n != 3 || !number(w[2], &v))
        return false;
    if (strcmp(w[1], "threads") == 0)
        return v != 1;
    if (strcmp(w[1], "hash") == 0)
        return v > 4;
    if (strcmp(w[1], "maxnodes") == 0)
        return v < 1 || v > 50;
    if (strcmp(w[1], "movetime") == 0)
        return v > 0.01;
    return false;
}

/* What a failed command must not change. */
struct snapshot {
    const struct game_ops *game;
    int nply;
    unsigned char *states;
    move_t *moves;
    struct options opt;
    struct clock_state clock;
};

static void take(struct snapshot *p, const struct session *s)
{
    size_t size = s->game->state_size;
    p->game = s->game;
    p->nply = s->nply;
    p->states = malloc(size * (size_t)(s->nply + 1));
    p->moves = malloc(sizeof *p->moves * (size_t)(s->nply + 1));
    if (!p->states || !p->moves)
        abort();
    memcpy(p->states, s->states, size * (size_t)(s->nply + 1));
    memcpy(p->moves, s->moves, sizeof *p->moves * (size_t)s->nply);
    p->opt = s->opt;
    p->clock = s->clock;
}

static bool unchanged(const struct snapshot *p, const struct session *s)
{
    size_t size = s->game->state_size;
    return p->game == s->game && p->nply == s->nply &&
           memcmp(p->states, s->states, size * (size_t)(s->nply + 1)) == 0 &&
           memcmp(p->moves, s->moves, sizeof *p->moves * (size_t)s->nply)
               == 0 &&
           memcmp(&p->opt, &s->opt, sizeof p->opt) == 0 &&
           memcmp(&p->clock, &s->clock, sizeof p->clock) == 0;
}

static void drop(struct snapshot *p)
{
    free(p->states);
    free(p->moves);
}

/* The framing of doc/protocol.md for a reply to a line with id. */
static void check_framing(const char *r, size_t len, const char *id)
{
    size_t idlen = strlen(id);
    if (len < 4 || (r[0] != '=' && r[0] != '?'))
        fuzz_fail("reply does not start with = or ?: %.*s", (int)len, r);
    if (strncmp(r + 1, id, idlen) != 0 || r[1 + idlen] != ' ')
        fuzz_fail("reply does not echo the id %s: %.*s", id, (int)len, r);
    if (strlen(r) != len)
        fuzz_fail("NUL byte in the reply");
    const char *end = strstr(r, "\n\n");
    if (end != r + len - 2)
        fuzz_fail("reply not ended by exactly one empty line: %s", r);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)r[i];
        if ((c < 0x20 && c != '\n') || c == 0x7f)
            fuzz_fail("control byte %d in the reply: %s", c, r);
    }
    for (const char *p = strchr(r, '\n'); p && p < r + len - 2;
         p = strchr(p + 1, '\n')) {
        size_t blank = strspn(p + 1, " ");
        if (p[1 + blank] == '\n' && p + 1 + blank < r + len - 2)
            fuzz_fail("blank line inside the reply: %s", r);
    }
}

/* Runs one line; returns false when the session ended. */
static bool run_line(struct session *s, const char *line, size_t len)
{
    char *buf = malloc(len + 1);
    if (!buf)
        abort();
    char *w[MAX_WORDS], *id;
    int n = words_of(line, len, buf, w, &id);
    if (too_slow(n, w)) {
        free(buf);
        return true;
    }
    struct snapshot before;
    take(&before, s);
    char *reply = NULL;
    size_t rlen = 0;
    FILE *mem = open_memstream(&reply, &rlen);
    if (!mem)
        abort();
    enum gtp_status st = gtp_execute(s, line, len, mem);
    fclose(mem);
    if (n == 0 && *id == '\0') {
        if (rlen != 0)
            fuzz_fail("a line without a command got a reply: %s", reply);
    } else {
        check_framing(reply, rlen, id);
        if (reply[0] == '?' && !unchanged(&before, s))
            fuzz_fail("failed command changed the session: %s", reply);
    }
    const void *pos = session_position(s);
    if (s->game->hash_full && s->game->hash(pos) != s->game->hash_full(pos))
        fuzz_fail("%s: hash differs from hash_full", s->game->name);
    drop(&before);
    free(reply);
    free(buf);
    return st != GTP_QUIT;
}

static void configure(struct session *s, const char *line)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null)
        abort();
    gtp_execute(s, line, strlen(line), null);
    fclose(null);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    struct session s;
    if (session_init(&s, 1) != 0)
        abort();
    s.quiet = true;
    configure(&s, "set_option hash 1");
    configure(&s, "set_option maxnodes 50");
    configure(&s, "set_option movetime 0.01");
    const char *p = (const char *)data, *end = p + size;
    bool alive = true;
    while (alive && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        alive = run_line(&s, p, len);
        p += len + 1;
    }
    fuzz_check_position(s.game, session_position(&s), false);
    session_done(&s);
    return 0;
}
