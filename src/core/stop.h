/* stop.h -- how long-running work (a search, perft, bench) learns that
 * it must stop early: SIGINT, or a controller that went away.
 *
 * The work polls stop_requested() now and then, always from the thread
 * that started it (helper threads learn it through their own atomics), so
 * a source may read state that only that thread may read, such as a
 * signal handler's volatile sig_atomic_t flag.
 */
#ifndef TRIAD_CORE_STOP_H
#define TRIAD_CORE_STOP_H

#include <stdatomic.h>
#include <stdbool.h>

struct stop_source {
    bool (*requested)(void *ctx);   /* true: stop now */
    void *ctx;
};

/* True if src (which may be NULL: never) asks to stop. */
static inline bool stop_requested(const struct stop_source *src)
{
    return src && src->requested && src->requested(src->ctx);
}

/* A source that asks to stop while *flag (an atomic_bool) is true; for
 * tests and embedders: STOP_ON_FLAG(&flag). */
bool stop_on_flag(void *flag);
#define STOP_ON_FLAG(flag) ((struct stop_source){ stop_on_flag, (flag) })

#endif
