/* bitboard.h -- helpers for boards of up to 64 cells held in a uint64_t. */
#ifndef TRIAD_CORE_BITBOARD_H
#define TRIAD_CORE_BITBOARD_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bb_t;

static inline int bb_count(bb_t b)
{
    return __builtin_popcountll(b);
}

/* Generic x86-64 builds have no popcount instruction: bb_count becomes a
 * library call.  A hot function can be compiled twice, once with
 * BB_POPCNT_TARGET, and pick a version with bb_cpu_has_popcnt().  Only
 * code inlined into the copy uses the instruction: the shared body is
 * BB_INLINE, and small helpers such as bb_count are inlined anyway. */
#if defined __x86_64__ && defined __GNUC__ && !defined __POPCNT__
#define BB_POPCNT_TARGET __attribute__((target("popcnt")))
static inline bool bb_cpu_has_popcnt(void)
{
    return __builtin_cpu_supports("popcnt");
}
#else
#define BB_POPCNT_TARGET
static inline bool bb_cpu_has_popcnt(void)
{
    return false;
}
#endif
#ifdef __GNUC__
#define BB_INLINE inline __attribute__((always_inline))
#else
#define BB_INLINE inline
#endif

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
