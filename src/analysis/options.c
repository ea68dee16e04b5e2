/* options.c -- the analysis mode's settings from the command line
 * (analysis.h). */
#include "config.h"

#include "analysis/analysis.h"
#include "core/args.h"

#define DEFAULT_MAX_LINE ((size_t)1 << 20)
#define DEFAULT_MAX_QUEUED ((size_t)256 << 20)

struct analysis_config analysis_default_config(void)
{
    return (struct analysis_config){
        .workers = 1, .hash_mb = ANALYSIS_DEFAULT_HASH_MB, .seed = 1,
        .max_line = DEFAULT_MAX_LINE, .max_queued = DEFAULT_MAX_QUEUED
    };
}

/* *out from the word of option name (NULL: not given: *out kept), a whole
 * number in 1..max. */
static int read_count(const char *word, const char *name, long max,
                      int *out, struct sbuf *err)
{
    long n;
    if (!word)
        return 0;
    if (args_long(word, 1, max, &n) != 0) {
        sbuf_printf(err, "%s: 1..%ld, not %s", name, max, word);
        return -1;
    }
    *out = (int)n;
    return 0;
}

int analysis_configure(struct analysis_config *c, const char *threads,
                       const char *hash, const char *seed, struct sbuf *err)
{
    if (read_count(threads, "--threads", ANALYSIS_MAX_WORKERS, &c->workers,
                   err) != 0 ||
        read_count(hash, "--hash", ANALYSIS_MAX_HASH_MB, &c->hash_mb,
                   err) != 0)
        return -1;
    if (seed && args_u64(seed, &c->seed) != 0) {
        sbuf_printf(err, "--seed: not a number: %s", seed);
        return -1;
    }
    return 0;
}
