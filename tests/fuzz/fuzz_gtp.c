/* fuzz_gtp.c -- libFuzzer harness: whole protocol input streams.
 *
 * The input (any bytes, at most FUZZ_MAX_INPUT) is split at '\n' and every
 * line goes through gtp_execute() on an engine reset to its fresh state
 * (seed 1; see reset()), exactly as main.c's loop does, until the input
 * ends or a line quits.
 *
 * Work per input is capped so that a fuzzer keeps running thousands of
 * inputs a second: every input starts with "set_option hash 1",
 * "maxnodes 50" and "movetime 0.01" in force, and the harness does
 * not run (skips) the few lines that would lift those caps or that take
 * long by design (see too_slow()).  Everything else runs.
 *
 * Beyond "no crash", for every line: the reply is framed ('=' or '?', the
 * id echoed, a space, the text, one empty line at the end and none inside,
 * no control bytes) and a line with no command gets no reply; a '?' reply
 * left the game, the history, the options, the clocks and the random
 * sequence unchanged (see struct snapshot); the
 * current position's incremental hash equals hash_full.  At the end the
 * position passes fuzz_check_position.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "games/games.h"
#include "engine/engine.h"
#include "proto/gtp.h"

#define MAX_WORDS 4

/* The replies of one input: a memory stream, rewound for every input
 * (opening one per line, then one per input, cost page faults). */
struct replies {
    FILE *mem;
    char *buf;
    size_t size;
};

/* One engine serves every input, reset at the start of each: creating
 * an engine and its searcher (table, workers, move lists) for every input
 * cost about 6 ms of CPU under ASan, so fuzz_gtp ran 20-500 inputs a
 * second.  The reset makes each input start from the same state as a
 * fresh engine: the default game, seed 1 and the harness's options; the
 * searcher is kept, and with one thread and a node budget every search
 * starts from an empty table (search.c), so results do not depend on
 * earlier inputs.  With it, the reply stream.  The fuzzer's single
 * mutable object, as libFuzzer harnesses need one. */
struct harness {
    struct engine engine;
    struct gtp_frontend gtp;      /* the engine's */
    struct replies out;
};
static struct harness *harness;

static void configure(struct gtp_frontend *f, const char *line)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null)
        abort();
    gtp_execute(f, line, strlen(line), null);
    fclose(null);
}

/* The harness's caps: see the head of this file. */
static const struct engine_options harness_options = {
    .seed = 1, .threads = 1, .movetime = 0.01, .maxnodes = 50,
    .hash_mb = 1, .maxplies = 0, .method = 0,
};

static void reset(struct harness *h)
{
    struct engine *e = &h->engine;
    if (e->opt.hash_mb != harness_options.hash_mb)
        configure(&h->gtp, "set_option hash 1");
    struct sbuf err = SBUF_INIT;
    if (engine_setup(e, game_at(0), 0, NULL, &err) != 0)
        abort();
    sbuf_free(&err);
    e->opt = harness_options;
    time_control_reset(&e->time_control);
    rng_seed(&e->rng, harness_options.seed);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    harness = calloc(1, sizeof *harness);
    if (!harness || engine_init(&harness->engine, 1) != 0)
        abort();
    gtp_frontend_init(&harness->gtp, &harness->engine);
    struct replies *out = &harness->out;
    out->mem = open_memstream(&out->buf, &out->size);
    if (!out->mem)
        abort();
    harness->engine.quiet = true;
    configure(&harness->gtp, "set_option hash 1");
    return 0;
}

/* The words of a line as the engine sees them (gtp_preprocess itself):
 * up to MAX_WORDS words (the id, if any, dropped) pointing into *text,
 * which the caller frees.  Returns the number of words, and in *id the id
 * (empty if none). */
static int words_of(const char *line, size_t len, char **text,
                    char *w[MAX_WORDS], char **id)
{
    char *buf = gtp_preprocess(line, len);
    if (!buf)
        abort();
    *text = buf;
    int n = 0;
    *id = buf + strlen(buf);            /* "" */
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

/* What a failed command must not change, as far as a command can change
 * it: the game, the history's length and its last move, the current
 * position, the options, the clocks and the random sequence.  Earlier
 * positions are never written once made (copy-make: a command can only
 * append or cut the history), so copying the whole history before every
 * line, as this harness once did, cost time (128-560 inputs a second)
 * for nothing ASan would not catch. */
#define SNAPSHOT_STATE_MAX 4096
struct snapshot {
    const struct game_ops *game;
    int nply;
    move_t last_move;
    unsigned char state[SNAPSHOT_STATE_MAX];
    struct engine_options opt;
    struct time_control clock;
    struct rng rng;
};

static void take(struct snapshot *p, const struct engine *s)
{
    size_t size = s->game->state_size;
    if (size > SNAPSHOT_STATE_MAX)
        abort();                /* a game this big: raise the constant */
    p->game = s->game;
    p->nply = s->nply;
    p->last_move = s->nply ? s->moves[s->nply - 1] : MOVE_NONE;
    memcpy(p->state, engine_position(s), size);
    p->opt = s->opt;
    p->clock = s->time_control;
    p->rng = s->rng;
}

static bool unchanged(const struct snapshot *p, const struct engine *s)
{
    return p->game == s->game && p->nply == s->nply &&
           p->last_move == (s->nply ? s->moves[s->nply - 1] : MOVE_NONE) &&
           memcmp(p->state, engine_position(s), s->game->state_size) == 0 &&
           memcmp(&p->opt, &s->opt, sizeof p->opt) == 0 &&
           memcmp(&p->clock, &s->time_control, sizeof p->clock) == 0 &&
           memcmp(&p->rng, &s->rng, sizeof p->rng) == 0;
}

/* The framing of doc/protocol.md for a reply to a line with id: the len
 * bytes at r (the stream is reused, so no NUL need follow them). */
static void check_framing(const char *r, size_t len, const char *id)
{
    size_t idlen = strlen(id);
    int n = (int)len;
    if (len < 4 || (r[0] != '=' && r[0] != '?'))
        fuzz_fail("reply does not start with = or ?: %.*s", n, r);
    if (len < idlen + 4 || memcmp(r + 1, id, idlen) != 0 || r[1 + idlen] != ' ')
        fuzz_fail("reply does not echo the id %s: %.*s", id, n, r);
    if (memchr(r, '\0', len))
        fuzz_fail("NUL byte in the reply");
    if (memmem(r, len, "\n\n", 2) != r + len - 2)
        fuzz_fail("reply not ended by exactly one empty line: %.*s", n, r);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)r[i];
        if ((c < 0x20 && c != '\n') || c == 0x7f)
            fuzz_fail("control byte %d in the reply: %.*s", c, n, r);
    }
    for (size_t i = 0; i + 2 < len; i++) {
        if (r[i] != '\n')
            continue;
        size_t j = i + 1 + strspn(r + i + 1, " ");   /* r[len - 1] stops it */
        if (r[j] == '\n' && j < len - 2)
            fuzz_fail("blank line inside the reply: %.*s", n, r);
    }
}

/* Runs one line; returns false when the connection ended. */
static bool run_line(struct harness *h, struct replies *out,
                     const char *line, size_t len)
{
    char *buf, *w[MAX_WORDS], *id;
    int n = words_of(line, len, &buf, w, &id);
    if (too_slow(n, w)) {
        free(buf);
        return true;
    }
    const struct engine *s = &h->engine;
    struct snapshot before;
    take(&before, s);
    fflush(out->mem);
    size_t start = out->size;
    enum gtp_status st = gtp_execute(&h->gtp, line, len, out->mem);
    fflush(out->mem);
    const char *reply = out->buf + start;
    size_t rlen = out->size - start;
    if (n == 0 && *id == '\0') {
        if (rlen != 0)
            fuzz_fail("a line without a command got a reply: %.*s",
                      (int)rlen, reply);
    } else {
        check_framing(reply, rlen, id);
        if (reply[0] == '?' && !unchanged(&before, s))
            fuzz_fail("failed command changed the engine: %.*s",
                      (int)rlen, reply);
    }
    const void *pos = engine_position(s);
    if (s->game->hash_full && s->game->hash(pos) != s->game->hash_full(pos))
        fuzz_fail("%s: hash differs from hash_full", s->game->name);
    free(buf);
    return st != GTP_QUIT;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    const struct engine *s = &harness->engine;
    struct replies *out = &harness->out;
    reset(harness);
    rewind(out->mem);
    const char *p = (const char *)data, *end = p + size;
    bool alive = true;
    while (alive && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        alive = run_line(harness, out, p, len);
        p += len + 1;
    }
    fuzz_check_position(s->game, engine_position(s), false);
    return 0;
}
