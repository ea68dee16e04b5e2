/* tune.h -- what the evaluation tuner's parts share: the sampled
 * positions and the labelling of them by a deeper search
 * (scripts/tune_label.c) and the table of them (scripts/tune_dump.c).
 * Private to scripts/tune.
 */
#ifndef TRIAD_SCRIPTS_TUNE_H
#define TRIAD_SCRIPTS_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

enum { MAX_TERMS = 64 };

struct sample {
    float x[MAX_TERMS + 1];     /* the terms, then 1 for the intercept */
    float cur;                  /* the current evaluation              */
    float y;                    /* result for the side to move         */
    float target;               /* what the fit aims at: y, or y blended
                                   with the search's score             */
    bool held;                  /* kept aside for the holdout          */
    uint64_t line;              /* hash of the game's line of play     */
    uint64_t start;             /* mixed hash of the game's start      */
    int ply;                    /* moves played before the position    */
};

struct data {
    struct sample *s;
    long n, cap;
    unsigned char *states;      /* the positions, state_size bytes each */
    size_t state_size;
    long capstates;
    uint64_t *seen;             /* hashes of the lines of play read    */
    long nseen, capseen;
};

/* A search's verdict on a sample's position, side to move's view. */
struct label {
    int score;                  /* |score| >= EVAL_WIN_MIN: proven     */
    bool proven;                /* exact (a proven draw scores 0)      */
};

struct label_options {
    long nodes;                 /* alpha-beta's node budget a position */
    int jobs;                   /* labelling threads                   */
    long hash_mb;               /* table of each thread's search       */
    const char *path;           /* labels file, NULL = none            */
};

/* Fills labels[0..d->n) for the samples of game g: read from lo->path
 * when that file exists (refused with a message when it was made for
 * other samples or another node budget than a nonzero lo->nodes; lo->nodes
 * becomes the file's), else searched and written there (when lo->path is
 * set).  Returns 0, or -1 after a message. */
int tune_labels(const struct game_ops *g, const struct data *d,
                struct label_options *lo, struct label *labels);

/* Writes the samples of game g to path as a tab-separated table with a
 * header line (scripts/tune_dump.c).  Returns 0, or -1 after a message. */
int tune_dump(const struct game_ops *g, const struct data *d,
              const char *path);

#endif
