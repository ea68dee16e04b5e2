/* tt.c -- the lockless transposition table (layout and policy in tt.h). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "search/tt.h"

#define TT_WAYS 4
#define SCORE_BIAS (1 << 17)

static uint64_t pack(move_t move, int score, int depth, enum tt_bound bound,
                     bool resolved, unsigned gen)
{
    return (uint64_t)move |
           (uint64_t)(uint32_t)(score + SCORE_BIAS) << 32 |
           (uint64_t)depth << 50 |
           (uint64_t)bound << 58 |
           (uint64_t)resolved << 60 |
           (uint64_t)gen << 61;
}

static int data_depth(uint64_t d) { return (int)(d >> 50 & 0xFF); }
static enum tt_bound data_bound(uint64_t d) { return (enum tt_bound)(d >> 58 & 3); }
static bool data_resolved(uint64_t d) { return d >> 60 & 1; }
static unsigned data_gen(uint64_t d) { return (unsigned)(d >> 61); }

static void unpack(uint64_t d, struct tt_hit *out)
{
    out->move = (move_t)(d & 0xFFFFFFFFu);
    out->score = (int)(d >> 32 & 0x3FFFF) - SCORE_BIAS;
    out->depth = data_depth(d);
    out->bound = data_bound(d);
    out->resolved = data_resolved(d);
}

#define HUGE_PAGE ((size_t)2 << 20)
#define TOUCH_STEP ((size_t)4096)

/* An anonymous mapping of bytes (a power of two), on a 2 MiB boundary when
 * it is that big, or NULL.  Every probe lands on a random page, so with
 * 4 KiB pages nearly each one also misses the TLB; Linux backs an aligned
 * mapping marked MADV_HUGEPAGE with 2 MiB pages (measured in doc/search.md:
 * 2.68 -> 3.21 M DVONN nodes per second, about 20 %). */
static void *map_table(size_t bytes)
{
    size_t extra = bytes >= HUGE_PAGE ? HUGE_PAGE : 0;
    char *m = mmap(NULL, bytes + extra, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if (extra) {
        size_t head = (HUGE_PAGE - (uintptr_t)m % HUGE_PAGE) % HUGE_PAGE;
        if (head)
            munmap(m, head);
        if (extra - head)
            munmap(m + head + bytes, extra - head);
        m += head;
    }
#if defined __linux__ && defined MADV_HUGEPAGE
    madvise(m, bytes, MADV_HUGEPAGE);   /* a hint: failure costs speed only */
#endif
    /* Touch every page now: the first touch of a page costs about 0.3 ms
     * per 2 MiB, which inside a move's time made a 2 GiB table overrun
     * 0.1 s moves by up to 0.4 s. */
    for (size_t i = 0; i < bytes; i += TOUCH_STEP)
        m[i] = 0;
    return m;
}

/* The table lives in its own anonymous mapping, on huge pages where the
 * kernel allows, resident from the start (see map_table). */
int tt_init(struct tt *t, size_t mb)
{
    if (mb > TT_MAX_MB)
        return -1;
    size_t want = mb << 20;
    size_t buckets = 1024;              /* 64 KiB minimum */
    while (buckets * 2 * 64 <= want)
        buckets *= 2;
    size_t bytes = buckets * 64;
    void *e = map_table(bytes);
    if (!e)
        return -1;
    t->e = e;
    t->mask = buckets - 1;
    t->gen = 0;
    t->dirty = false;           /* a new mapping reads as zero */
    t->lent_clean = false;
    return 0;
}

void tt_free(struct tt *t)
{
    if (t->e)
        munmap(t->e, tt_bytes(t));
    t->e = NULL;
    t->mask = 0;
}

/* Writes every entry rather than handing the pages back (MADV_DONTNEED):
 * pages given back would be faulted in again inside a move's time.  No
 * search runs while the table is cleared and the entries are lock-free
 * 64-bit integers whose zero is all-bits-zero, so memset does it (several
 * times faster than a store per entry, which cost a node-budget search at
 * the default 64 MiB about 10 ms). */
void tt_clear(struct tt *t)
{
    if (!t->dirty)
        return;
    memset((void *)t->e, 0, tt_bytes(t));
    t->dirty = false;
}

void tt_new_search(struct tt *t)
{
    t->gen = (t->gen + 1) & 7;
}

size_t tt_bytes(const struct tt *t)
{
    return (t->mask + 1) * TT_WAYS * sizeof(struct tt_entry);
}

void *tt_lend(struct tt *t, size_t bytes)
{
    if (t->dirty)
        memset((void *)t->e, 0, bytes);
    t->lent_clean = !t->dirty;
    t->dirty = true;
    return t->e;
}

void tt_reclaim(struct tt *t, size_t bytes)
{
    memset((void *)t->e, 0, bytes);
    if (t->lent_clean)          /* the rest was empty already */
        t->dirty = false;
}

bool tt_probe(const struct tt *t, uint64_t key, struct tt_hit *out)
{
    const struct tt_entry *b = t->e + (key & t->mask) * TT_WAYS;
    for (int i = 0; i < TT_WAYS; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((c ^ d) == key && data_bound(d) != TT_NONE) {
            unpack(d, out);
            return true;
        }
    }
    return false;
}

/* Priority of keeping an entry (lower goes first). */
static int keep_priority(uint64_t d, unsigned gen)
{
    if (data_bound(d) == TT_NONE)
        return -1;
    return data_depth(d) + (data_resolved(d) ? 16 : 0) +
           (data_gen(d) == gen ? 256 : 0);
}

void tt_store(struct tt *t, uint64_t key, move_t move, int score, int depth,
              enum tt_bound bound, bool resolved)
{
    if (!atomic_load_explicit(&t->dirty, memory_order_relaxed))
        atomic_store_explicit(&t->dirty, true, memory_order_relaxed);
    struct tt_entry *b = t->e + (key & t->mask) * TT_WAYS;
    int victim = 0;
    int low = 1 << 30;
    for (int i = 0; i < TT_WAYS; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((c ^ d) == key && data_bound(d) != TT_NONE) {
            /* Same position: keep a deeper result of this search. */
            if (bound != TT_EXACT && !resolved && data_gen(d) == t->gen &&
                depth + 2 < data_depth(d))
                return;
            if (move == MOVE_NONE)
                move = (move_t)(d & 0xFFFFFFFFu);
            victim = i;
            break;
        }
        int p = keep_priority(d, t->gen);
        if (p < low) {
            low = p;
            victim = i;
        }
    }
    uint64_t d = pack(move, score, depth, bound, resolved, t->gen);
    atomic_store_explicit(&b[victim].data, d, memory_order_relaxed);
    atomic_store_explicit(&b[victim].check, key ^ d, memory_order_relaxed);
}
