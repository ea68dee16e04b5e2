/* merge.c -- combining record files (see merge.h).
 *
 * A game is identified by its match seed and game number (XSEED, RO):
 * hosts that split one match by --first-game produce disjoint sets, and a
 * file merged twice is noticed.  Engine A and B are those of the first
 * good record; records of the same two engines in the other order are
 * counted from A's side, records of other engines are skipped.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match/merge.h"
#include "match/opening.h"
#include "match/sgf.h"
#include "match/tourney.h"

struct entry {
    uint64_t seed;
    long number;
    long order;             /* reading order, to keep the first copy  */
    int a_result;
    int faulty;
    enum end_kind end;
};

struct merger {
    char names[2][MATCH_NAME_MAX];
    bool have_names;
    struct entry *e;
    long n;
    long cap;
    int problems;
};

/* The start position that XSETUP gives, to compare with XSTART. */
static int check_setup(const struct game_record *r, void *st,
                       struct sbuf *why)
{
    struct setup_words w;
    snprintf(w.text, sizeof w.text, "%s", sbuf_str(&r->setup));
    w.argc = 0;
    char *save = NULL;
    for (char *t = strtok_r(w.text, " ", &save); t && w.argc <
         OPENING_MAX_WORDS; t = strtok_r(NULL, " ", &save))
        w.argv[w.argc++] = t;
    w.argv[w.argc] = NULL;
    struct sbuf pos = SBUF_INIT;
    int rc = r->game->setup(st, w.argc, w.argv, 0, why);
    if (rc == 0) {
        r->game->to_string(st, &pos);
        if (strcmp(sbuf_str(&pos), sbuf_str(&r->start)) != 0) {
            sbuf_puts(why, "XSTART is not the position of XSETUP");
            rc = -1;
        }
    }
    sbuf_free(&pos);
    return rc;
}

/* Plays the moves of r on *st; -1 with a reason at the first bad one. */
static int replay(const struct game_record *r, void *st, struct sbuf *why)
{
    const struct game_ops *g = r->game;
    const char *m = sbuf_str(&r->moves);
    const char *sides = sbuf_str(&r->sides);
    for (int k = 0; k < r->nmoves; k++) {
        char token[MOVE_STR_MAX];
        size_t n = strcspn(m, " ");
        snprintf(token, sizeof token, "%.*s", (int)n, m);
        m += n + (m[n] == ' ');
        move_t mv;
        int side = g->side_to_move(st);
        if (sides[k] != "WB"[side]) {
            sbuf_printf(why, "move %d (%s) is not %c's", k + 1, token,
                        sides[k]);
            return -1;
        }
        struct sbuf reason = SBUF_INIT;
        if (g->parse_move(st, token, &mv, &reason) != MOVE_PARSE_OK) {
            sbuf_printf(why, "move %d (%s) is illegal: %s", k + 1, token,
                        sbuf_str(&reason));
            sbuf_free(&reason);
            return -1;
        }
        sbuf_free(&reason);
        g->play(st, mv);
    }
    return 0;
}

/* Does the final position agree with the recorded end? */
static int check_end(const struct game_record *r, const void *st,
                     struct sbuf *why)
{
    int margin = 0;
    enum game_status o = r->game->outcome(st, &margin);
    bool ok;
    if (r->end == END_NORMAL)
        ok = o == r->result &&
             (!r->game->score_has_margin || o == GAME_DRAW ||
              margin == r->margin);
    else
        ok = o == GAME_ONGOING &&
             (r->end != END_ADJUDICATED || r->result == GAME_DRAW);
    if (!ok)
        sbuf_puts(why, "the result does not match the final position");
    return ok ? 0 : -1;
}

int merge_verify(const struct game_record *r, struct sbuf *why)
{
    const struct game_ops *g = r->game;
    if (r->sides.len != (size_t)r->nmoves) {
        sbuf_puts(why, "move nodes without a colour");
        return -1;
    }
    void *st = malloc(g->state_size);
    if (!st) {
        sbuf_puts(why, "out of memory");
        return -1;
    }
    int rc = check_setup(r, st, why);
    if (rc == 0)
        rc = g->from_string(st, sbuf_str(&r->start), why);
    if (rc == 0)
        rc = replay(r, st, why);
    if (rc == 0)
        rc = check_end(r, st, why);
    free(st);
    return rc;
}

static void problem(struct merger *m, const char *file, long k,
                    const char *why)
{
    fprintf(stderr, "triad-match: %s: record %ld: %s\n", file, k, why);
    m->problems++;
}

/* Adds a verified record; -1 if it belongs to another match. */
static int add_entry(struct merger *m, const struct game_record *r)
{
    if (!m->have_names) {
        memcpy(m->names, r->names, sizeof m->names);
        m->have_names = true;
    }
    bool same = strcmp(r->names[0], m->names[0]) == 0 &&
                strcmp(r->names[1], m->names[1]) == 0;
    bool swapped = strcmp(r->names[0], m->names[1]) == 0 &&
                   strcmp(r->names[1], m->names[0]) == 0;
    if (!same && !swapped)
        return -1;
    if (m->n == m->cap) {
        long cap = m->cap ? m->cap * 2 : 256;
        struct entry *e = realloc(m->e, sizeof *e * (size_t)cap);
        if (!e)
            return -2;
        m->e = e;
        m->cap = cap;
    }
    int res = record_a_result(r);
    int faulty = r->faulty;
    m->e[m->n] = (struct entry){
        r->seed, r->number, m->n, swapped ? -res : res,
        faulty >= 0 && swapped ? 1 - faulty : faulty, r->end
    };
    m->n++;
    return 0;
}

/* Reads a whole file into a malloc'd buffer; NULL on failure. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct sbuf b = SBUF_INIT;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sbuf_putn(&b, chunk, n);
    bool bad = ferror(f) || b.oom;
    fclose(f);
    if (bad) {
        sbuf_free(&b);
        return NULL;
    }
    *len = b.len;
    return b.buf ? b.buf : calloc(1, 1);
}

static void merge_record(struct merger *m, const char *path, long k,
                         const struct game_record *r)
{
    struct sbuf why = SBUF_INIT;
    if (merge_verify(r, &why) != 0) {
        problem(m, path, k, sbuf_str(&why));
    } else {
        int rc = add_entry(m, r);
        if (rc == -1)
            problem(m, path, k, "another pair of engines: skipped");
        if (rc == -2)
            problem(m, path, k, "out of memory");
    }
    sbuf_free(&why);
}

static void merge_file(struct merger *m, const char *path)
{
    size_t len = 0;
    char *text = slurp(path, &len);
    if (!text) {
        fprintf(stderr, "triad-match: cannot read %s: %s\n", path,
                strerror(errno));
        m->problems++;
        return;
    }
    struct game_record r;
    record_init(&r);
    struct sbuf err = SBUF_INIT;
    size_t pos = 0;
    int rc;
    for (long k = 1; (rc = sgf_read(text, len, &pos, &r, &err)) != 0; k++) {
        if (rc < 0) {
            problem(m, path, k, sbuf_str(&err));
            break;           /* the rest of the file cannot be trusted */
        }
        merge_record(m, path, k, &r);
    }
    sbuf_free(&err);
    record_free(&r);
    free(text);
}

static int by_game(const void *a, const void *b)
{
    const struct entry *x = a;
    const struct entry *y = b;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    if (x->number != y->number)
        return x->number < y->number ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

int merge_run(const struct match_conf *c, FILE *out)
{
    struct merger m = { .have_names = false };
    for (int i = 0; i < c->nmerge; i++)
        merge_file(&m, c->merge_files[i]);
    if (m.n == 0) {
        fprintf(stderr, "triad-match: no games to merge\n");
        free(m.e);
        return MATCH_EXIT_FAILURE;
    }
    qsort(m.e, (size_t)m.n, sizeof *m.e, by_game);
    struct score s = { 0, 0, 0 };
    long forfeits[2] = { 0, 0 };
    long timeouts[2] = { 0, 0 };
    for (long i = 0; i < m.n; i++) {
        const struct entry *e = &m.e[i];
        if (i > 0 && e->seed == e[-1].seed && e->number == e[-1].number) {
            fprintf(stderr, "triad-match: game %ld of seed %llu appears "
                    "again: ignored\n", e->number + 1,
                    (unsigned long long)e->seed);
            m.problems++;
            continue;
        }
        s.wins += e->a_result > 0;
        s.losses += e->a_result < 0;
        s.draws += e->a_result == 0;
        if (e->faulty >= 0) {
            forfeits[e->faulty]++;
            timeouts[e->faulty] += e->end == END_TIME;
        }
    }
    fprintf(out, "Merged %ld games from %d files\n", score_games(&s),
            c->nmerge);
    stats_print(out, m.names[0], m.names[1], &s,
                c->use_sprt ? &c->sprt : NULL);
    fprintf(out, "Forfeits: %s %ld (%ld on time), %s %ld (%ld on time)\n",
            m.names[0], forfeits[0], timeouts[0], m.names[1], forfeits[1],
            timeouts[1]);
    free(m.e);
    return m.problems ? MATCH_EXIT_FAILURE : MATCH_EXIT_OK;
}
