/* evalcache.h -- a small per-worker cache of static evaluations.
 *
 * Iterative deepening and transpositions bring the search back to the
 * same leaves; the evaluation is a pure function of the position, whose
 * hash names it, so a value computed once is looked up the next time.
 * Entries carry the search's generation: a new search (possibly of
 * another game) starts with an empty cache without clearing it.
 * Private to src/search/ (and its tests).
 */
#ifndef TRIAD_SEARCH_EVALCACHE_H
#define TRIAD_SEARCH_EVALCACHE_H

#include <stdbool.h>
#include <stdint.h>

enum { EVAL_CACHE_SLOTS = 1 << 14 };     /* 256 KiB a worker */

struct eval_cache {
    struct eval_slot {
        uint64_t key;
        int32_t value;
        uint32_t generation;
    } slot[EVAL_CACHE_SLOTS];
    uint32_t generation;
};

/* Forgets every entry (a new search). */
static inline void eval_cache_new_search(struct eval_cache *c)
{
    c->generation++;
}

/* True, with *value, when the position with this hash was evaluated in
 * the current search. */
static inline bool eval_cache_find(const struct eval_cache *c, uint64_t key,
                                   int *value)
{
    const struct eval_slot *e = &c->slot[key & (EVAL_CACHE_SLOTS - 1)];
    if (e->key != key || e->generation != c->generation)
        return false;
    *value = e->value;
    return true;
}

static inline void eval_cache_store(struct eval_cache *c, uint64_t key,
                                    int value)
{
    struct eval_slot *e = &c->slot[key & (EVAL_CACHE_SLOTS - 1)];
    e->key = key;
    e->value = value;
    e->generation = c->generation;
}

#endif
