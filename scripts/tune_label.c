/* tune_label.c -- the tuner's labels: a deeper search's score of every
 * sampled position, searched by a pool of threads or read back from a
 * labels file written by an earlier run.
 *
 * Each position gets an alpha-beta search of one thread to a node
 * budget, seed 1, no game history.  Such a search starts from an emptied
 * table and fresh move ordering (search_begin does that for one thread
 * with a node budget), so a position's score depends on the position and
 * the budget only: the labels are the same whatever the number of
 * threads and whichever thread searches what.
 *
 * The labels file: a header line, then one line per sample in the order
 * the tuner read them, "LINE PLY SCORE PROVEN" (the hash of the game's
 * line of play in hex, the moves played before the position, the score
 * from the side to move's view, 1 if it is exact).  The lines name the
 * samples so that a file made from other records or another --every is
 * refused, not misread.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"
#include "search/search.h"

#define LABELS_MAGIC "tune-labels 1"

struct pool {
    const struct game_ops *g;
    const struct data *d;
    const struct label_options *lo;
    struct label *labels;
    atomic_long next;           /* the next sample to take             */
    atomic_long done;
    atomic_bool failed;
};

static void *label_worker(void *arg)
{
    struct pool *p = arg;
    struct search *s = search_new(p->g, (size_t)p->lo->hash_mb);
    if (!s) {
        atomic_store(&p->failed, true);
        return NULL;
    }
    const struct search_limits lim = {
        .max_nodes = (uint64_t)p->lo->nodes, .threads = 1, .seed = 1,
        .method = SEARCH_ALPHABETA,
    };
    long k;
    while (!atomic_load(&p->failed) &&
           (k = atomic_fetch_add(&p->next, 1)) < p->d->n) {
        struct search_result r;
        /* A finished game (-1) still gets its exact score in r. */
        search_run(s, p->d->states + (size_t)k * p->d->state_size, &lim,
                   &r);
        p->labels[k] = (struct label){ r.score, r.proven };
        long done = atomic_fetch_add(&p->done, 1) + 1;
        if (done % 1000 == 0)
            fprintf(stderr, "tune: %ld of %ld positions searched\n", done,
                    p->d->n);
    }
    search_free(s);
    return NULL;
}

static int search_labels(const struct game_ops *g, const struct data *d,
                         const struct label_options *lo,
                         struct label *labels)
{
    struct pool p = { .g = g, .d = d, .lo = lo, .labels = labels };
    atomic_init(&p.next, 0);
    atomic_init(&p.done, 0);
    atomic_init(&p.failed, false);
    pthread_t *t = calloc((size_t)lo->jobs, sizeof *t);
    int started = 0;
    if (t)
        for (; started < lo->jobs; started++)
            if (pthread_create(&t[started], NULL, label_worker, &p) != 0)
                break;
    if (started < lo->jobs)
        atomic_store(&p.failed, true);
    for (int i = 0; i < started; i++)
        pthread_join(t[i], NULL);
    free(t);
    if (atomic_load(&p.failed)) {
        fprintf(stderr, "tune: out of memory (or threads) for %d "
                "searches of %ld MiB\n", lo->jobs, lo->hash_mb);
        return -1;
    }
    return 0;
}

static void write_header(FILE *f, const struct game_ops *g, long nodes,
                         long n)
{
    fprintf(f, "%s game %s nodes %ld positions %ld\n", LABELS_MAGIC, g->name,
            nodes, n);
}

static int write_labels(const char *path, const struct game_ops *g,
                        const struct data *d, long nodes,
                        const struct label *labels)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "tune: %s: %s\n", path, strerror(errno));
        return -1;
    }
    write_header(f, g, nodes, d->n);
    for (long k = 0; k < d->n; k++)
        fprintf(f, "%016" PRIx64 " %d %d %d\n", d->s[k].line, d->s[k].ply,
                labels[k].score, labels[k].proven);
    if (fclose(f) != 0) {
        fprintf(stderr, "tune: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Reads the labels of *f; -1 after saying why the file does not fit. */
static int read_labels(FILE *f, const char *path, const struct game_ops *g,
                       const struct data *d, long *nodes,
                       struct label *labels)
{
    char want[256], line[256];
    long file_nodes = 0;
    if (!fgets(line, sizeof line, f) ||
        sscanf(line, LABELS_MAGIC " game %*s nodes %ld", &file_nodes) != 1) {
        fprintf(stderr, "tune: %s: not a labels file\n", path);
        return -1;
    }
    snprintf(want, sizeof want, "%s game %s nodes %ld positions %ld\n",
             LABELS_MAGIC, g->name, *nodes ? *nodes : file_nodes, d->n);
    if (strcmp(line, want) != 0) {
        line[strcspn(line, "\n")] = 0;
        fprintf(stderr, "tune: %s: made for other samples or another "
                "budget (\"%s\"; these are \"%.*s\"); remove it or name "
                "another file\n", path, line, (int)strlen(want) - 1, want);
        return -1;
    }
    for (long k = 0; k < d->n; k++) {
        uint64_t h;
        int ply, score, proven;
        if (!fgets(line, sizeof line, f) ||
            sscanf(line, "%" SCNx64 " %d %d %d", &h, &ply, &score,
                   &proven) != 4 || proven < 0 || proven > 1) {
            fprintf(stderr, "tune: %s: line %ld is not a label\n", path,
                    k + 2);
            return -1;
        }
        if (h != d->s[k].line || ply != d->s[k].ply) {
            fprintf(stderr, "tune: %s: line %ld labels another position "
                    "than sample %ld (other records or --every?)\n", path,
                    k + 2, k + 1);
            return -1;
        }
        labels[k] = (struct label){ score, proven == 1 };
    }
    *nodes = file_nodes;
    if (fgets(line, sizeof line, f)) {
        fprintf(stderr, "tune: %s: more labels than samples\n", path);
        return -1;
    }
    return 0;
}

int tune_labels(const struct game_ops *g, const struct data *d,
                struct label_options *lo, struct label *labels)
{
    FILE *f = lo->path ? fopen(lo->path, "r") : NULL;
    if (f) {
        int rc = read_labels(f, lo->path, g, d, &lo->nodes, labels);
        fclose(f);
        if (rc == 0)
            fprintf(stderr, "tune: labels read from %s\n", lo->path);
        return rc;
    }
    if (lo->path && errno != ENOENT) {
        fprintf(stderr, "tune: %s: %s\n", lo->path, strerror(errno));
        return -1;
    }
    if (lo->nodes == 0) {
        fprintf(stderr, "tune: %s does not exist: --label-nodes N makes "
                "it\n", lo->path);
        return -1;
    }
    if (search_labels(g, d, lo, labels) < 0)
        return -1;
    return lo->path ? write_labels(lo->path, g, d, lo->nodes, labels) : 0;
}
