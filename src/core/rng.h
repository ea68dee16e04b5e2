/* rng.h -- a small seeded pseudo-random generator object (xoshiro256**,
 * seeded through splitmix64).  No hidden state: every user owns its rng.
 */
#ifndef TRIAD_CORE_RNG_H
#define TRIAD_CORE_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

/* The splitmix64 finaliser: a pure, well-mixing 64-bit function. */
static inline uint64_t rng_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
uint64_t rng_below(struct rng *r, uint64_t n);

#endif
