/* options.c -- the analysis mode's settings from the command line
 * (analysis.h). */
#include "config.h"

#include "analysis/analysis.h"
#include "core/args.h"

#define DEFAULT_MAX_LINE ((size_t)1 << 20)

struct analysis_config analysis_default_config(void)
{
    return (struct analysis_config){
        .workers = 1, .hash_mb = ANALYSIS_DEFAULT_HASH_MB, .seed = 1,
        .max_line = DEFAULT_MAX_LINE
    };
}

int analysis_configure(struct analysis_config *c, const char *threads,
                       const char *hash, const char *seed, struct sbuf *err)
{
    long n;
    if (threads) {
        if (args_long(threads, 1, ANALYSIS_MAX_WORKERS, &n) != 0) {
            sbuf_printf(err, "--threads: 1..%d, not %s",
                        ANALYSIS_MAX_WORKERS, threads);
            return -1;
        }
        c->workers = (int)n;
    }
    if (hash) {
        if (args_long(hash, 1, ANALYSIS_MAX_HASH_MB, &n) != 0) {
            sbuf_printf(err, "--hash: 1..%d MiB, not %s",
                        ANALYSIS_MAX_HASH_MB, hash);
            return -1;
        }
        c->hash_mb = (int)n;
    }
    if (seed && args_u64(seed, &c->seed) != 0) {
        sbuf_printf(err, "--seed: not a number: %s", seed);
        return -1;
    }
    return 0;
}
