/* resume.c -- the games an interrupted match already played (see
 * resume.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/merge.h"
#include "match/opening.h"
#include "match/resume.h"
#include "match/schedule.h"
#include "record/sgf.h"

/* The records file in memory. */
struct records_text {
    char *text;
    size_t len;
};

static int read_records(const char *path, struct records_text *f,
                        struct sbuf *err)
{
    f->len = 0;
    errno = 0;
    f->text = merge_read_file(path, &f->len);
    if (f->text || errno == ENOENT)
        return 0;
    sbuf_printf(err, "cannot read %s: %s", path,
                errno ? strerror(errno) : "read error");
    return -1;
}

/* Is the text from pos on the start of one game tree cut short (a run
 * killed while writing it), rather than something else (a bad record
 * followed by others, a complete but wrong record, not SGF at all)?
 * *start is then the offset of its '('. */
static bool cut_short_record(const struct records_text *f, size_t pos,
                             size_t *at)
{
    size_t start = pos;
    while (start < f->len && isspace((unsigned char)f->text[start]))
        start++;
    if (f->len - start < 2 || memcmp(f->text + start, "(;", 2) != 0)
        return false;
    for (size_t p = start + 1; p + 1 < f->len; p++)
        if (f->text[p] == '\n' && f->text[p + 1] == '(')
            return false;
    size_t end = f->len;
    while (end > start && isspace((unsigned char)f->text[end - 1]))
        end--;
    *at = start;
    return f->text[end - 1] != ')';
}

/* Calls fn on every record of the file in order; a cut-short last record
 * is dropped from the file.  Returns 0, or what fn returned, or -1. */
static int each_record(const char *path, struct records_text *f,
                       int (*fn)(void *ctx, const struct game_record *r,
                                 long k, struct sbuf *err),
                       void *ctx, struct sbuf *err)
{
    struct game_record r;
    record_init(&r);
    size_t pos = 0;
    size_t good = 0;
    int rc = 0;
    long k = 1;
    struct sbuf why = SBUF_INIT;
    int got;
    while (rc == 0 && (got = sgf_read(f->text, f->len, &pos, &r, &why))) {
        if (got < 0) {
            size_t cut = good;
            if (!cut_short_record(f, good, &cut)) {
                sbuf_printf(err, "%s: record %ld: %s", path, k,
                            sbuf_str(&why));
                rc = -1;
            } else if (truncate(path, (off_t)cut) != 0) {
                sbuf_printf(err, "cannot cut the unfinished record off %s: "
                            "%s", path, strerror(errno));
                rc = -1;
            } else {
                fprintf(stderr, "triad-match: %s: record %ld was cut short "
                        "(%s): removed, its game is played again\n", path,
                        k, sbuf_str(&why));
                f->len = cut;
            }
            break;
        }
        good = pos;
        rc = fn(ctx, &r, k++, err);
    }
    sbuf_free(&why);
    record_free(&r);
    return rc;
}

/* The run id of the last record. */
static int last_run(void *ctx, const struct game_record *r, long k,
                    struct sbuf *err)
{
    (void)k;
    (void)err;
    memcpy(ctx, r->run_id, MATCH_RUN_MAX);
    return 0;
}

struct loader {
    const struct match_conf *c;
    const char *path;
    struct resumed *out;
    long cap;
    uint64_t *digests;      /* by index: a kept game's, 0 if none      */
};

/* Why record r cannot be game r->number of c, or NULL if it can. */
static const char *mismatch(const struct match_conf *c,
                            const struct game_record *r, struct sbuf *buf)
{
    if (r->number < c->first_game || r->number >= c->first_game + c->games)
        return "its game number is not among this command's games";
    if (r->game != c->game)
        return "another game";
    if (r->seed != c->seed)
        return "another --seed";
    struct scheduled sch;
    schedule_game(c, r->number, &sch);
    for (int i = 0; i < 2; i++) {
        if (strcmp(r->names[i], c->eng[sch.engines[i]].name) != 0)
            return "other engines or another order of --engine";
        sbuf_reset(buf);
        options_engine_time_text(c, sch.engines[i], buf);
        if (strcmp(sbuf_str(buf), sbuf_str(&r->timectl[i])) != 0)
            return "another time control";
    }
    if (r->a_side != sch.a_side)
        return "other colours";
    struct setup_words w;
    struct sbuf why = SBUF_INIT;
    void *st = malloc(c->game->state_size);
    bool same = st && opening_setup_words(c, sch.opening, &w, &why) == 0 &&
                opening_set_start(c->game, &w,
                                  opening_pair_seed(c->seed, sch.opening),
                                  st, &why) == 0;
    if (same) {
        sbuf_reset(buf);
        opening_words_text(&w, buf);
        same = (w.position != NULL) == r->from_position &&
               strcmp(sbuf_str(buf), sbuf_str(&r->setup)) == 0;
        sbuf_reset(buf);
        c->game->to_string(st, buf);
        same = same && strcmp(sbuf_str(buf), sbuf_str(&r->start)) == 0;
    }
    free(st);
    sbuf_free(&why);
    return same ? NULL : "another start (--setup, --openings, "
                         "--random-start)";
}

static int keep_game(void *ctx, const struct game_record *r, long k,
                     struct sbuf *err)
{
    struct loader *l = ctx;
    const struct match_conf *c = l->c;
    if (strcmp(r->run_id, c->run_id) != 0)
        return 0;                       /* another run in the same file */
    struct sbuf buf = SBUF_INIT;
    const char *bad = mismatch(c, r, &buf);
    int rc = 0;
    if (bad) {
        sbuf_printf(err, "%s: record %ld (game %ld of run %s) does not "
                    "belong to this command line: %s", l->path, k,
                    r->number + 1, c->run_id, bad);
        rc = -2;
    } else if (merge_verify(r, &buf) != 0) {
        sbuf_printf(err, "%s: record %ld: %s", l->path, k, sbuf_str(&buf));
        rc = -1;
    }
    sbuf_free(&buf);
    if (rc != 0)
        return rc;
    long index = r->number - c->first_game;
    uint64_t digest = record_digest(r) | 1;     /* never 0 */
    if (l->digests[index]) {
        if (l->digests[index] == digest)
            return 0;                   /* a copy: counted once */
        sbuf_printf(err, "%s: record %ld: game %ld of run %s is there "
                    "twice, with different records", l->path, k,
                    r->number + 1, c->run_id);
        return -1;
    }
    l->digests[index] = digest;
    struct resumed *out = l->out;
    if (out->n == l->cap) {
        long cap = l->cap ? 2 * l->cap : 64;
        struct resumed_game *g = realloc(out->games,
                                         sizeof *g * (size_t)cap);
        if (!g) {
            sbuf_puts(err, "out of memory");
            return -1;
        }
        out->games = g;
        l->cap = cap;
    }
    struct resumed_game *g = &out->games[out->n++];
    *g = (struct resumed_game){ index, record_a_result(r), r->faulty,
                                r->end, { .known = false } };
    merge_end_clocks(r, &g->clocks);
    return 0;
}

int resume_load(struct match_conf *c, struct resumed *out,
                struct sbuf *err)
{
    out->n = 0;
    out->games = NULL;
    struct records_text f;
    if (read_records(c->records, &f, err) != 0)
        return -1;
    int rc = 0;
    if (!c->run_id[0] && f.len) {
        char run[MATCH_RUN_MAX] = "";
        rc = each_record(c->records, &f, last_run, run, err);
        memcpy(c->run_id, run, MATCH_RUN_MAX);
    }
    if (!c->run_id[0]) {
        options_new_run_id(c);
    } else if (rc == 0) {
        struct loader l = { c, c->records, out, 0, NULL };
        l.digests = calloc((size_t)c->games, sizeof *l.digests);
        if (!l.digests) {
            sbuf_puts(err, "out of memory");
            rc = -1;
        } else {
            rc = each_record(c->records, &f, keep_game, &l, err);
        }
        free(l.digests);
    }
    free(f.text);
    return rc;
}

void resume_free(struct resumed *r)
{
    free(r->games);
    r->games = NULL;
    r->n = 0;
}
