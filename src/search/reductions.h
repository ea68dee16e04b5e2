/* reductions.h -- alpha-beta's logarithmic late move reductions
 * (doc/search.md, "Forward pruning"): ln(depth) * ln(index) * 100 /
 * divisor plies, rounded, one less on the PV, between 0 and depth - 2.
 *
 * The search looks the reduction up in a table filled once per divisor,
 * not two log() calls a move; past the table's reach it computes it.
 * Private to src/search/ (and its tests).
 */
#ifndef TRIAD_SEARCH_REDUCTIONS_H
#define TRIAD_SEARCH_REDUCTIONS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

enum { LMR_DEPTHS = 64, LMR_INDICES = 256 };

struct lmr_table {
    int divisor;                /* the one the table holds, 0: none */
    /* The rounded reduction before the PV and depth limits, capped at
     * UINT8_MAX: the limit depth - 2 < LMR_DEPTHS cuts it lower. */
    uint8_t r[LMR_DEPTHS][LMR_INDICES];
};

/* The rounded reduction of the move at index (>= 1) at depth (>= 1). */
static inline int lmr_base(int depth, int index, int divisor)
{
    return (int)(0.5 + log(depth) * log(index) * 100 / divisor);
}

/* Makes t hold the reductions of divisor (> 0), unless it does already. */
static inline void lmr_table_set(struct lmr_table *t, int divisor)
{
    if (t->divisor == divisor)
        return;
    for (int d = 1; d < LMR_DEPTHS; d++)
        for (int i = 1; i < LMR_INDICES; i++) {
            int r = lmr_base(d, i, divisor);
            t->r[d][i] = (uint8_t)(r > UINT8_MAX ? UINT8_MAX : r);
        }
    t->divisor = divisor;
}

/* The reduction of the move at index (>= 1) at depth (>= 2), from t when
 * it holds divisor and reaches that far. */
static inline int lmr_reduction(const struct lmr_table *t, int depth,
                                int index, bool pv, int divisor)
{
    int r = t->divisor == divisor && depth < LMR_DEPTHS &&
            index < LMR_INDICES ? t->r[depth][index]
                                : lmr_base(depth, index, divisor);
    r -= pv ? 1 : 0;
    return r > depth - 2 ? depth - 2 : r < 0 ? 0 : r;
}

#endif
