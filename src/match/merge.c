/* merge.c -- combining record files (see merge.h).
 *
 * A game is identified by its run (XRUN), match seed (XSEED) and game
 * number (RO).  Hosts that split one match share the run id and play
 * disjoint numbers; a second copy of the same record (a file merged
 * twice) is counted once and reported; two different records under one
 * identity make the merge refuse, since either could be the real one.
 * Games of different runs are different games, even with equal seeds and
 * numbers; such overlaps are kept and reported once.  All engines met go
 * into one cross table; with exactly two the summary is a match's.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/args.h"
#include "match/adjudicate.h"
#include "match/merge.h"
#include "match/opening.h"
#include "record/sgf.h"
#include "match/table.h"
#include "match/tourney.h"

/* Nodes to prove a solved adjudication again: more than the referee
 * needed with its warm table. */
#define MERGE_SOLVE_NODES 50000000

struct entry {
    char run[MATCH_RUN_MAX];
    uint64_t seed;
    long number;
    long order;             /* reading order, to keep the first copy  */
    uint64_t digest;        /* record_digest(), to tell copies apart  */
    int eng[2];             /* table indices of XMATCH's two engines  */
    int result;             /* +1 eng[0] won, -1 it lost, 0 draw      */
    int faulty;             /* 0 or 1 (index into eng), -1            */
    enum end_kind end;
    struct end_clocks clocks;
    bool again;             /* a second record of a game: not counted  */
};

struct merger {
    struct xtable table;
    struct entry *e;
    long n;
    long cap;
    int problems;
};

/* The start position that XSETPOSITION (XSTART itself, which must be a
 * canonical position string) or XSETUP gives, to compare with XSTART. */
static int check_setup(const struct game_record *r, void *st,
                       struct sbuf *why)
{
    if (r->from_position && r->setup.len) {
        sbuf_puts(why, "XSETPOSITION with setup words");
        return -1;
    }
    struct setup_words w;
    snprintf(w.text, sizeof w.text, "%s", sbuf_str(&r->setup));
    w.argc = 0;
    char *save = NULL;
    for (char *t = strtok_r(w.text, " ", &save); t && w.argc <
         OPENING_MAX_WORDS; t = strtok_r(NULL, " ", &save))
        w.argv[w.argc++] = t;
    w.argv[w.argc] = NULL;
    w.position = r->from_position ? sbuf_str(&r->start) : NULL;
    struct sbuf pos = SBUF_INIT;
    int rc = opening_set_start(r->game, &w, 0, st, why);
    if (rc == 0) {
        r->game->to_string(st, &pos);
        if (strcmp(sbuf_str(&pos), sbuf_str(&r->start)) != 0) {
            sbuf_puts(why, r->from_position
                               ? "XSTART is not a canonical position string"
                               : "XSTART is not the position of XSETUP");
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

/* Proves the value of an END_SOLVED record's final position again. */
static bool solved_again(const struct game_record *r, const void *st,
                         struct sbuf *why)
{
    struct adjudicator a;
    adjudicator_init(&a, NULL);
    struct adjudication adj;
    struct sbuf text = SBUF_INIT;
    int rc = adjudicate_solve(&a, r->game, st, MERGE_SOLVE_NODES, 0, &adj,
                              &text);
    adjudicator_done(&a);
    sbuf_free(&text);
    if (rc != 1) {
        sbuf_printf(why, "the solved result could not be proven again "
                    "within %d nodes", MERGE_SOLVE_NODES);
        return false;
    }
    return adj.result == r->result && adj.margin == r->margin;
}

/* Does the final position agree with the recorded end? */
static int check_end(const struct game_record *r, const void *st,
                     struct sbuf *why)
{
    if (r->result == GAME_ONGOING) {   /* RE[?]: printsgf mid-game */
        sbuf_puts(why, "the game is not finished (RE[?])");
        return -1;
    }
    int margin = 0;
    enum game_status o = r->game->outcome(st, &margin);
    bool ok;
    if (r->end == END_SOLVED)
        ok = o == GAME_ONGOING && solved_again(r, st, why);
    else if (r->end == END_NORMAL)
        ok = o == r->result &&
             (!r->game->score_has_margin || o == GAME_DRAW ||
              margin == r->margin);
    else
        ok = o == GAME_ONGOING &&
             (r->end != END_ADJUDICATED || r->result == GAME_DRAW);
    if (!ok && why->len == 0)
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

/* Adds a verified record; -1 when there are too many engines, -2 when
 * memory is short. */
static int add_entry(struct merger *m, const struct game_record *r)
{
    int i = table_engine(&m->table, r->names[0]);
    int j = table_engine(&m->table, r->names[1]);
    if (i < 0 || j < 0)
        return -1;
    if (m->n == m->cap) {
        long cap = m->cap ? m->cap * 2 : 256;
        struct entry *e = realloc(m->e, sizeof *e * (size_t)cap);
        if (!e)
            return -2;
        m->e = e;
        m->cap = cap;
    }
    struct entry *e = &m->e[m->n];
    memcpy(e->run, r->run_id, MATCH_RUN_MAX);
    e->seed = r->seed;
    e->number = r->number;
    e->order = m->n;
    e->digest = record_digest(r);
    e->eng[0] = i;
    e->eng[1] = j;
    e->result = record_a_result(r);
    e->faulty = r->faulty;
    e->end = r->end;
    merge_end_clocks(r, &e->clocks);
    e->again = false;
    m->n++;
    return 0;
}

void merge_end_clocks(const struct game_record *r, struct end_clocks *out)
{
    static const char *const ids[2] = END_CLOCK_PROPS;
    *out = (struct end_clocks){ .known = r->nmoves < r->nextra };
    struct sbuf v = SBUF_INIT;
    for (int side = 0; side < 2 && out->known; side++) {
        double seconds = 0;
        out->known = sgf_prop_get(&r->extra[r->nmoves], ids[side], &v) &&
                     args_double(sbuf_str(&v), 0, 1e9, &seconds) == 0;
        /* side 0 is engine A's when A played the first side */
        out->left[side == r->a_side ? 0 : 1] = seconds;
    }
    sbuf_free(&v);
}

char *merge_read_file(const char *path, size_t *len)
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
            problem(m, path, k, "too many engines: skipped");
        if (rc == -2)
            problem(m, path, k, "out of memory");
    }
    sbuf_free(&why);
}

static void merge_file(struct merger *m, const char *path)
{
    size_t len = 0;
    char *text = merge_read_file(path, &len);
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
    int c = strcmp(x->run, y->run);
    if (c != 0)
        return c;
    return x->order < y->order ? -1 : x->order > y->order;
}

static bool same_game(const struct entry *x, const struct entry *y)
{
    return x->seed == y->seed && x->number == y->number &&
           strcmp(x->run, y->run) == 0;
}

static const char *run_text(const char *run)
{
    return run[0] ? run : "(none)";
}

/* Goes through the sorted entries: counts every game once into the
 * table, reports copies and overlaps.  Returns the number of conflicts
 * (two different records of one game). */
static long tally_games(struct merger *m)
{
    long conflicts = 0;
    long overlaps = 0;
    for (long i = 0; i < m->n; i++) {
        const struct entry *e = &m->e[i];
        const struct entry *prev = i > 0 ? &m->e[i - 1] : NULL;
        if (prev && same_game(e, prev)) {
            bool copy = e->digest == prev->digest;
            fprintf(stderr, "triad-match: game %ld of run %s (seed %llu) "
                    "appears again%s\n", e->number + 1, run_text(e->run),
                    (unsigned long long)e->seed,
                    copy ? ": the same record, counted once"
                         : " with a different record: which one was "
                           "played cannot be known");
            m->problems++;
            conflicts += !copy;
            m->e[i].again = true;
            continue;
        }
        overlaps += prev && e->seed == prev->seed &&
                    e->number == prev->number;
        table_add(&m->table, e->eng[0], e->eng[1], e->result,
                  e->faulty >= 0 ? e->eng[e->faulty] : -1,
                  e->end == END_TIME);
        table_add_clocks(&m->table, e->eng[0], e->eng[1], &e->clocks);
    }
    if (overlaps)
        fprintf(stderr, "triad-match: note: %ld games have the seed and "
                "number of a game of another run; all are counted, as "
                "different runs are different games (the shards of one "
                "match should share --run-id)\n", overlaps);
    return conflicts;
}

static int by_run(const void *a, const void *b)
{
    const struct entry *x = a;
    const struct entry *y = b;
    int c = strcmp(x->run, y->run);
    if (c != 0)
        return c;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    if (x->number != y->number)
        return x->number < y->number ? -1 : 1;
    return x->again - y->again;
}

/* The game pairs: games 2k and 2k + 1 of one run and seed between the
 * same engines.  A game without its partner, or a pair with a forfeit,
 * is left out of the pair statistics (and counted as left out). */
static void tally_pairs(struct merger *m)
{
    qsort(m->e, (size_t)m->n, sizeof *m->e, by_run);
    long i = 0;
    while (i < m->n) {
        const struct entry *e = &m->e[i];
        if (e->again) {
            i++;
            continue;
        }
        const struct entry *f = i + 1 < m->n ? &m->e[i + 1] : NULL;
        bool whole = e->number % 2 == 0 && f && !f->again &&
                     strcmp(e->run, f->run) == 0 && e->seed == f->seed &&
                     f->number == e->number + 1 &&
                     e->eng[0] == f->eng[0] && e->eng[1] == f->eng[1];
        table_add_pair(&m->table, e->eng[0], e->eng[1], e->result,
                       whole ? f->result : 0,
                       !whole || e->faulty >= 0 || f->faulty >= 0);
        i += whole ? 2 : 1;
    }
}

int merge_run(const struct match_conf *c, FILE *out)
{
    struct merger m = { .n = 0 };
    table_init(&m.table);
    for (int i = 0; i < c->nmerge; i++)
        merge_file(&m, c->merge_files[i]);
    if (m.n == 0) {
        fprintf(stderr, "triad-match: no games to merge\n");
        free(m.e);
        return MATCH_EXIT_FAILURE;
    }
    qsort(m.e, (size_t)m.n, sizeof *m.e, by_game);
    long conflicts = tally_games(&m);
    tally_pairs(&m);
    free(m.e);
    if (conflicts) {
        fprintf(stderr, "triad-match: %ld games have two different records: "
                "no result (give every run its own --run-id, and remove "
                "the wrong records)\n", conflicts);
        return MATCH_EXIT_FAILURE;
    }
    const struct xtable *t = &m.table;
    fprintf(out, "Merged %ld games from %d files\n", table_games(t),
            c->nmerge);
    if (t->n == 2) {
        stats_print(out, t->names[0], t->names[1], &t->pair[0][1],
                    &t->pairs[0][1], c->use_sprt ? &c->sprt : NULL);
        fprintf(out, "Forfeits: %s %ld (%ld on time), %s %ld (%ld on "
                "time)\n", t->names[0], t->forfeits[0], t->timeouts[0],
                t->names[1], t->forfeits[1], t->timeouts[1]);
    } else {
        table_print(t, out);
    }
    table_print_clocks(t, out);
    return m.problems ? MATCH_EXIT_FAILURE : MATCH_EXIT_OK;
}
