/* bitboard.h -- helpers for boards of up to 64 cells held in a uint64_t. */
#ifndef TRIAD_CORE_BITBOARD_H
#define TRIAD_CORE_BITBOARD_H

#include <assert.h>
#include <stdint.h>

typedef uint64_t bb_t;

static inline int bb_count(bb_t b)
{
    return __builtin_popcountll(b);
}

/* Index of the lowest set bit; b must not be 0. */
static inline int bb_lsb(bb_t b)
{
    assert(b);
    return __builtin_ctzll(b);
}

/* Removes and returns the lowest set bit's index; *b must not be 0. */
static inline int bb_pop(bb_t *b)
{
    int i = bb_lsb(*b);
    *b &= *b - 1;
    return i;
}

static inline bb_t bb_bit(int i)
{
    return (bb_t)1 << i;
}

#endif
