/* fuzz_common.c -- positions and invariant checks shared by the harnesses
 * (see fuzz_common.h). */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "fuzz_common.h"

/* Plies of the seeded random walk at which positions are kept. */
static const int walk_plies[FUZZ_POSITIONS - 1] = { 3, 12, 30, 55, 90 };

/* Moves whose parse/play round trip is checked per position: a sample,
 * since Truchet has about a thousand and parse_move may scan them all. */
#define DEEP_SAMPLE 24

_Noreturn void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz invariant failed: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

char *fuzz_cstring(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        abort();
    return p;
}

/* Positions of g: the default start, then points of a random game. */
static void build_game(struct fuzz_game *fg, const struct game_ops *g)
{
    struct sbuf err = SBUF_INIT;
    unsigned char *st = xmalloc(g->state_size);
    move_t *moves = xmalloc(sizeof *moves * (size_t)g->max_moves);
    if (g->setup(st, 0, NULL, 1, &err) != 0)
        fuzz_fail("%s: default setup failed: %s", g->name, sbuf_str(&err));
    sbuf_free(&err);
    fg->g = g;
    fg->npos = 0;
    struct rng rng;
    rng_seed(&rng, 20261122);
    int ply = 0;
    for (int k = 0; k < FUZZ_POSITIONS; k++) {
        fg->pos[fg->npos] = xmalloc(g->state_size);
        memcpy(fg->pos[fg->npos++], st, g->state_size);
        if (k == FUZZ_POSITIONS - 1)
            break;
        int n = 1;
        while (ply < walk_plies[k] && (n = g->gen_moves(st, moves)) > 0) {
            g->play(st, moves[rng_below(&rng, (uint64_t)n)]);
            ply++;
        }
        if (n == 0)
            break;
    }
    /* The walk may have ended the game early: keep that final position. */
    if (fg->npos < FUZZ_POSITIONS &&
        memcmp(fg->pos[fg->npos - 1], st, g->state_size) != 0) {
        fg->pos[fg->npos] = xmalloc(g->state_size);
        memcpy(fg->pos[fg->npos++], st, g->state_size);
    }
    fg->moves = moves;
    free(st);
}

/* The fixture is built on first use and kept for the life of the process
 * (a fuzzer calls the harness millions of times): the one piece of
 * mutable static state, confined to the test harnesses. */
const struct fuzz_game *fuzz_games(void)
{
    static struct fuzz_game *games;
    if (!games) {
        games = xmalloc(sizeof *games * (size_t)game_count());
        for (int i = 0; i < game_count(); i++)
            build_game(&games[i], game_at(i));
    }
    return games;
}

const struct fuzz_game *fuzz_game_of(const struct game_ops *g)
{
    const struct fuzz_game *games = fuzz_games();
    for (int i = 0; i < game_count(); i++)
        if (games[i].g == g)
            return &games[i];
    fuzz_fail("%s: not a registered game", g->name);
}

void fuzz_check_reason(const struct sbuf *why, const char *what)
{
    if (why->oom)
        fuzz_fail("%s: reason ran out of memory", what);
    if (why->len == 0)
        fuzz_fail("%s: failure without a reason", what);
    if (strchr(sbuf_str(why), '\n'))
        fuzz_fail("%s: reason spans lines: %s", what, sbuf_str(why));
}

/* A show() diagram: not empty, every line ends in '\n', no empty or
 * blank line (the protocol forbids empty lines inside a reply). */
static void check_diagram(const struct game_ops *g, const char *text)
{
    size_t len = strlen(text);
    if (len == 0 || text[len - 1] != '\n')
        fuzz_fail("%s: diagram does not end in a newline", g->name);
    const char *line = text;
    while (*line) {
        const char *nl = strchr(line, '\n');
        bool blank = true;
        for (const char *p = line; p < nl; p++)
            if (!isspace((unsigned char)*p))
                blank = false;
        if (blank)
            fuzz_fail("%s: empty or blank line in diagram:\n%s", g->name,
                      text);
        line = nl + 1;
    }
}

/* A protocol token: printable, no spaces, not empty. */
static bool is_token(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s <= ' ' || *s >= 0x7f || *s == '#')
            return false;
    return true;
}

/* to_string -> from_string -> to_string gives the same text and hash. */
static void check_round_trip(const struct game_ops *g, const void *st)
{
    struct sbuf a = SBUF_INIT, b = SBUF_INIT, err = SBUF_INIT;
    g->to_string(st, &a);
    size_t n = strlen(g->name);
    if (strncmp(sbuf_str(&a), g->name, n) != 0 || sbuf_str(&a)[n] != ':' ||
        !is_token(sbuf_str(&a)))
        fuzz_fail("%s: bad position string: %s", g->name, sbuf_str(&a));
    unsigned char *copy = xmalloc(g->state_size);
    if (g->from_string(copy, sbuf_str(&a), &err) != 0)
        fuzz_fail("%s: own position string rejected: %s: %s", g->name,
                  sbuf_str(&a), sbuf_str(&err));
    g->to_string(copy, &b);
    if (strcmp(sbuf_str(&a), sbuf_str(&b)) != 0)
        fuzz_fail("%s: position string round trip: %s -> %s", g->name,
                  sbuf_str(&a), sbuf_str(&b));
    if (g->hash(copy) != g->hash(st))
        fuzz_fail("%s: hash differs after round trip: %s", g->name,
                  sbuf_str(&a));
    free(copy);
    sbuf_free(&a);
    sbuf_free(&b);
    sbuf_free(&err);
}

static int compare_tokens(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Distinct canonical tokens, and for a sample: parse back, play with a
 * consistent hash. */
static void check_moves(const struct game_ops *g, const void *st,
                        const move_t *moves, int n)
{
    char (*text)[MOVE_STR_MAX] = xmalloc(sizeof *text * (size_t)n);
    unsigned char *child = xmalloc(g->state_size);
    for (int i = 0; i < n; i++) {
        memset(text[i], 0, MOVE_STR_MAX);
        g->format_move(st, moves[i], text[i]);
        if (memchr(text[i], '\0', MOVE_STR_MAX) == NULL || !is_token(text[i]))
            fuzz_fail("%s: bad move token for move %u", g->name,
                      (unsigned)moves[i]);
    }
    int step = n > DEEP_SAMPLE ? n / DEEP_SAMPLE : 1;
    for (int i = 0; i < n; i += step) {
        move_t m = MOVE_NONE;
        struct sbuf why = SBUF_INIT;
        if (g->parse_move(st, text[i], &m, &why) != MOVE_PARSE_OK ||
            m != moves[i])
            fuzz_fail("%s: %s does not parse back: %s", g->name, text[i],
                      sbuf_str(&why));
        sbuf_free(&why);
        memcpy(child, st, g->state_size);
        g->play(child, m);
        if (g->hash_full && g->hash(child) != g->hash_full(child))
            fuzz_fail("%s: hash after %s differs from hash_full", g->name,
                      text[i]);
    }
    qsort(text, (size_t)n, sizeof *text, compare_tokens);
    for (int i = 1; i < n; i++)
        if (strcmp(text[i - 1], text[i]) == 0)
            fuzz_fail("%s: two moves print as %s", g->name, text[i]);
    free(child);
    free(text);
}

void fuzz_check_position(const struct game_ops *g, const void *st,
                         bool deep)
{
    int side = g->side_to_move(st);
    if (side != 0 && side != 1)
        fuzz_fail("%s: side to move %d", g->name, side);
    /* The fixture's buffer: a fresh one of max_moves per call (Truchet:
     * 620 KiB) cost fuzz_gtp a sanitizer mmap and page faults per input. */
    move_t *moves = fuzz_game_of(g)->moves;
    int n = g->gen_moves(st, moves);
    int margin = -1;
    enum game_status o = g->outcome(st, &margin);
    if (n < 0 || n > g->max_moves)
        fuzz_fail("%s: %d moves", g->name, n);
    if ((n == 0) != (o != GAME_ONGOING) || o < GAME_ONGOING || o > GAME_DRAW)
        fuzz_fail("%s: %d moves but outcome %d", g->name, n, (int)o);
    if (o != GAME_ONGOING && margin < 0)
        fuzz_fail("%s: negative margin %d", g->name, margin);
    if (g->count_moves && g->count_moves(st) != n)
        fuzz_fail("%s: count_moves %ld, gen_moves %d", g->name,
                  g->count_moves(st), n);
    if (g->hash_full && g->hash(st) != g->hash_full(st))
        fuzz_fail("%s: hash differs from hash_full", g->name);
    int v = g->evaluate(st);
    if (v <= -EVAL_WIN_MIN || v >= EVAL_WIN_MIN)
        fuzz_fail("%s: evaluation %d out of range", g->name, v);
    for (int colour = 0; colour < 2; colour++) {
        struct sbuf diagram = SBUF_INIT;
        struct show_info info = { colour ? "x" : NULL, 7 * colour,
                                  colour != 0 };
        g->show(st, &info, &diagram);
        check_diagram(g, sbuf_str(&diagram));
        sbuf_free(&diagram);
    }
    check_round_trip(g, st);
    if (deep)
        check_moves(g, st, moves, n);
}
