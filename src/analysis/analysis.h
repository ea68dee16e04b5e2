/* analysis.h -- the JSON analysis mode (triad --analysis): requests of
 * whole games on one input, one answer per analysed position, searched in
 * parallel by workers that each own an engine (doc/protocol.md, "The
 * analysis mode").  Built when jansson is found (HAVE_JANSSON). */
#ifndef TRIAD_ANALYSIS_ANALYSIS_H
#define TRIAD_ANALYSIS_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/sbuf.h"

/* Bounds and defaults of the settings below. */
#define ANALYSIS_MAX_WORKERS 256
#define ANALYSIS_MAX_HASH_MB 16384
#define ANALYSIS_DEFAULT_HASH_MB 16

struct analysis_config {
    int workers;          /* positions searched at once, one engine each  */
    int hash_mb;          /* table of each worker's engine, MiB           */
    uint64_t seed;        /* random setups and the searches' tie breaks  */
    size_t max_line;      /* longest request line, bytes                  */
    size_t max_queued;    /* memory the queued requests may hold, bytes   */
};

/* The defaults: one worker, ANALYSIS_DEFAULT_HASH_MB, seed 1, lines of up
 * to 1 MiB, 256 MiB of queued requests. */
struct analysis_config analysis_default_config(void);

/* Sets the workers, the hash and the seed of *c from the words of
 * --threads, --hash and --seed (NULL: not given).  Returns 0, or -1 with
 * the reason in *err. */
int analysis_configure(struct analysis_config *c, const char *threads,
                       const char *hash, const char *seed, struct sbuf *err);

/* Answers the requests read from in on out until the end of in, then
 * finishes the turns still pending and returns 0; -1 at once when out
 * fails (a vanished reader) or when the workers cannot be made (a reason
 * on stderr). */
int analysis_serve(FILE *in, FILE *out, const struct analysis_config *c);

#endif
