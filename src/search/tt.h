/* tt.h -- the transposition table shared by all search threads.
 *
 * Layout: a power-of-two array of 64-byte buckets, 4 entries per bucket,
 * 16 bytes per entry.  An entry is two 64-bit words, data and key ^ data
 * (the lockless "xor trick"): a reader accepts an entry only if the two
 * words it loaded xor to the probed key, so a torn write by another
 * thread reads as a miss instead of as a wrong entry.  Both words are
 * C11 atomics accessed with relaxed order (plain moves on x86-64).
 *
 * The data word packs, from bit 0: move (32 bits), score + 2^17 (18 bits,
 * so |score| < 131072; win scores are at most 125855), depth (8 bits),
 * bound (2 bits: 1 upper, 2 lower, 3 exact; 0 = empty slot), resolved
 * (1 bit: the value is a true game-theoretic bound, see alphabeta.c) and
 * generation (3 bits, bumped once per search).
 *
 * Replacement: a store with the same key overwrites the entry unless it is
 * a shallower non-exact result of the current search (keeping the old move
 * if the new one is MOVE_NONE).  Otherwise the victim is the entry of the
 * bucket with the lowest priority = depth + 16 if resolved + 256 if written
 * during the current search, so entries of earlier searches go first.
 *
 * Scores of won or lost positions are stored relative to the node (the
 * caller adds the ply on store and subtracts it on probe).
 */
#ifndef TRIAD_SEARCH_TT_H
#define TRIAD_SEARCH_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

enum tt_bound { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* Largest table accepted (MiB): 1 TiB. */
#define TT_MAX_MB ((size_t)1 << 20)

/* Largest |score| an entry can hold. */
#define TT_SCORE_MAX 131071

struct tt_entry {
    _Atomic uint64_t check;   /* key ^ data */
    _Atomic uint64_t data;
};

struct tt {
    struct tt_entry *e;       /* 4 * (mask + 1) entries, 64-byte aligned */
    size_t mask;              /* number of buckets - 1 */
    unsigned gen;             /* 0..7 */
    /* Whether the table may hold entries: false after tt_init and
     * tt_clear until tt_store or a borrower (tt_lend) writes, so that
     * clearing an empty table costs nothing (a search with a node
     * budget clears it first, as a new game does).  Atomic: every
     * search thread stores. */
    atomic_bool dirty;
    bool lent_clean;          /* it was empty when lent               */
};

/* What a probe found. */
struct tt_hit {
    move_t move;
    int score;
    int depth;
    enum tt_bound bound;
    bool resolved;
};

/* Allocates about mb MiB (rounded down to a power of two, at least
 * 64 KiB, mb <= TT_MAX_MB); a table of 2 MiB or more starts on a 2 MiB
 * boundary, where Linux can back it with huge pages.  Returns 0 or -1
 * (t unchanged on failure). */
int tt_init(struct tt *t, size_t mb);
void tt_free(struct tt *t);
/* Empties every entry (no other thread may use the table meanwhile). */
void tt_clear(struct tt *t);
/* Starts a new generation (one per search). */
void tt_new_search(struct tt *t);
/* Bytes in use. */
size_t tt_bytes(const struct tt *t);
/* Lends the first bytes of the table's memory (bytes <= tt_bytes(),
 * 64-byte aligned), all zero, to one thread that keeps its own entries
 * there while no search uses the table (the exact solver): one
 * hash-sized block serves both.  The borrower gives it back with
 * tt_reclaim(t, bytes), which zeroes those bytes again, before the
 * table is used again. */
void *tt_lend(struct tt *t, size_t bytes);
void tt_reclaim(struct tt *t, size_t bytes);

/* True with *out filled if an entry for key exists. */
bool tt_probe(const struct tt *t, uint64_t key, struct tt_hit *out);

/* Starts loading key's bucket into the cache for a probe soon after. */
static inline void tt_prefetch(const struct tt *t, uint64_t key)
{
    __builtin_prefetch(t->e + (key & t->mask) * 4);
}
/* Records a result; score must satisfy |score| <= TT_SCORE_MAX and
 * 0 <= depth <= 255. */
void tt_store(struct tt *t, uint64_t key, move_t move, int score, int depth,
              enum tt_bound bound, bool resolved);

#endif
