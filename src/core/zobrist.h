/* zobrist.h -- deterministic Zobrist keys without tables.
 *
 * A key is a pure function of (game tag, feature index), so hashes and
 * node counts are the same on every run and no global table needs filling.
 * Games that want speed fold the keys they need into static const tables
 * or compute them inline: the mix is a handful of multiplications.
 */
#ifndef TRIAD_CORE_ZOBRIST_H
#define TRIAD_CORE_ZOBRIST_H

#include <stdint.h>

#include "core/rng.h"

/* tag: a constant private to each game; index: any feature number. */
static inline uint64_t zobrist_key(uint32_t tag, uint32_t index)
{
    return rng_mix64(((uint64_t)tag << 32) ^ index ^ 0x5A0B7C3D1E2F4A6BULL);
}

#endif
