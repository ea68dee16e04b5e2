/* suite.c -- opening suites (see suite.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/games.h"
#include "match/opening.h"
#include "match/suite.h"

#define SUITE_MAX_LINES 1000000

/* Trims spaces at both ends, in place. */
static char *trim(char *s)
{
    s += strspn(s, " \t\r\n");
    size_t n = strlen(s);
    while (n > 0 && strchr(" \t\r\n", s[n - 1]))
        s[--n] = '\0';
    return s;
}

int suite_moves(const struct suite_line *l, const struct game_ops *g,
                void *st, move_t *moves, struct sbuf *why)
{
    char *copy = strdup(l->moves);
    if (!copy)
        return -1;
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(copy, " ", &save); t;
         t = strtok_r(NULL, " ", &save)) {
        struct sbuf reason = SBUF_INIT;
        int ok = n < l->nmoves &&
                 g->parse_move(st, t, &moves[n], &reason) == MOVE_PARSE_OK;
        if (!ok && why)
            sbuf_printf(why, "move %d (%s) is illegal: %s", n + 1, t,
                        reason.len ? sbuf_str(&reason) : "not a move");
        sbuf_free(&reason);
        if (!ok) {
            n = -1;
            break;
        }
        g->play(st, moves[n++]);
    }
    free(copy);
    return n;
}

/* The start of setup words text with seed; -1 with a reason. */
static int start_of(const struct game_ops *g, const char *text,
                    uint64_t seed, void *st, struct sbuf *pos,
                    struct sbuf *why)
{
    struct setup_words w;
    if (strlen(text) >= sizeof w.text) {
        sbuf_puts(why, "too many setup words");
        return -1;
    }
    strcpy(w.text, text);
    w.argc = 0;
    char *save = NULL;
    for (char *t = strtok_r(w.text, " ", &save); t;
         t = strtok_r(NULL, " ", &save)) {
        if (w.argc == OPENING_MAX_WORDS) {
            sbuf_puts(why, "too many setup words");
            return -1;
        }
        w.argv[w.argc++] = t;
    }
    w.argv[w.argc] = NULL;
    if (g->setup(st, w.argc, w.argv, seed, why) != 0)
        return -1;
    sbuf_reset(pos);
    g->to_string(st, pos);
    return 0;
}

/* The start of a line given as a position string of game g: *st, and
 * its canonical spelling in *pos; -1 with a reason. */
static int position_start(const struct game_ops *g, const char *text,
                          void *st, struct sbuf *pos, struct sbuf *why)
{
    const struct game_ops *of = game_of_position(text);
    if (of != g) {
        sbuf_printf(why, "a %s position string, not %s", of->name, g->name);
        return -1;
    }
    if (strchr(text, ' ')) {
        sbuf_puts(why, "a position string takes no setup words");
        return -1;
    }
    struct sbuf reason = SBUF_INIT;
    int rc = g->from_string(st, text, &reason);
    if (rc != 0)
        sbuf_printf(why, "bad position string: %s", sbuf_str(&reason));
    sbuf_free(&reason);
    if (rc == 0)
        g->to_string(st, pos);
    return rc;
}

/* The start of a line, *st: its position string (a game's "name:"
 * prefix tells), canonical in l->position, or its setup words, which must
 * give the same start with any seed; -1 with a reason. */
static int line_start(const struct game_ops *g, const char *text,
                      struct suite_line *l, void *st, struct sbuf *why)
{
    struct sbuf a = SBUF_INIT;
    struct sbuf b = SBUF_INIT;
    int rc;
    if (game_of_position(text)) {
        rc = position_start(g, text, st, &a, why);
        if (rc == 0 && !(l->position = strdup(sbuf_str(&a)))) {
            sbuf_puts(why, "out of memory");
            rc = -1;
        }
    } else {
        rc = start_of(g, text, 1, st, &a, why);
        if (rc == 0)
            rc = start_of(g, text, 2, st, &b, why);
        if (rc == 0 && strcmp(sbuf_str(&a), sbuf_str(&b)) != 0) {
            sbuf_puts(why, "the setup words do not fix the start (a "
                      "random layout needs its key)");
            rc = -1;
        }
    }
    sbuf_free(&a);
    sbuf_free(&b);
    return rc;
}

/* Normalises a line into *l and checks it; -1 with a reason. */
static int check_line(const struct game_ops *g, char *text,
                      struct suite_line *l, struct sbuf *why)
{
    char *bar = strchr(text, '|');
    char *moves = bar ? bar + 1 : (char *)"";
    if (bar)
        *bar = '\0';
    for (char *p = text; *p; p++)
        if (*p == '\t')
            *p = ' ';
    text = trim(text);
    void *st = malloc(g->state_size);
    int rc = st ? line_start(g, text, l, st, why) : -1;
    if (!st)
        sbuf_puts(why, "out of memory");
    struct sbuf norm = SBUF_INIT;   /* the moves, single-spaced */
    l->nmoves = 0;
    char *save = NULL;
    for (char *t = strtok_r(moves, " \t\r\n", &save); rc == 0 && t;
         t = strtok_r(NULL, " \t\r\n", &save)) {
        sbuf_printf(&norm, "%s%s", l->nmoves++ ? " " : "", t);
    }
    l->setup = strdup(l->position ? "" : text);
    l->moves = strdup(sbuf_str(&norm));
    if (rc == 0 && (!l->setup || !l->moves || norm.oom)) {
        sbuf_puts(why, "out of memory");
        rc = -1;
    }
    move_t *mv = rc == 0 ? malloc(sizeof *mv * (size_t)(l->nmoves + 1))
                         : NULL;
    if (rc == 0 && !mv) {
        sbuf_puts(why, "out of memory");
        rc = -1;
    }
    if (rc == 0 && suite_moves(l, g, st, mv, why) != l->nmoves)
        rc = -1;
    if (rc == 0 && g->outcome(st, NULL) != GAME_ONGOING) {
        sbuf_puts(why, l->nmoves ? "the moves end the game"
                                 : "the game is over at the start");
        rc = -1;
    }
    free(mv);
    free(st);
    sbuf_free(&norm);
    return rc;
}

static int add_line(struct opening_suite *s, const struct game_ops *g,
                    char *text, struct sbuf *why)
{
    if (s->n == SUITE_MAX_LINES) {
        sbuf_puts(why, "too many lines");
        return -1;
    }
    struct suite_line *lines =
        realloc(s->line, sizeof *lines * (size_t)(s->n + 1));
    if (!lines) {
        sbuf_puts(why, "out of memory");
        return -1;
    }
    s->line = lines;
    struct suite_line *l = &s->line[s->n++];
    *l = (struct suite_line){ NULL, NULL, NULL, 0 };
    return check_line(g, text, l, why);
}

int suite_load(struct opening_suite *s, const struct game_ops *g,
               const char *path, struct sbuf *err)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        sbuf_printf(err, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *buf = NULL;
    size_t cap = 0;
    long number = 0;
    int rc = 0;
    struct sbuf why = SBUF_INIT;
    while (rc == 0 && getline(&buf, &cap, f) >= 0) {
        number++;
        char *text = trim(buf);
        if (*text == '\0' || *text == '#')
            continue;
        rc = add_line(s, g, text, &why);
        if (rc != 0)
            sbuf_printf(err, "%s:%ld: %s", path, number, sbuf_str(&why));
    }
    if (rc == 0 && s->n == 0) {
        sbuf_printf(err, "%s: no openings", path);
        rc = -1;
    }
    free(buf);
    fclose(f);
    sbuf_free(&why);
    return rc;
}

void suite_free(struct opening_suite *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->line[i].setup);
        free(s->line[i].position);
        free(s->line[i].moves);
    }
    free(s->line);
    s->line = NULL;
    s->n = 0;
}

const struct suite_line *suite_line_of(const struct opening_suite *s,
                                       long k)
{
    return &s->line[k % s->n];
}
