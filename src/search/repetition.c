/* repetition.c -- positions already seen score as draws in alpha-beta.
 *
 * A game that can cycle (Truchet) lets a search shuffle forever: nothing
 * in a static evaluation tells a repeated position from progress.  So a
 * position seen earlier in the game (search_limits.history, the root
 * included) or earlier on the searched line ends the line as a draw.
 * The draw is valued a little below zero for the side to move at the
 * root (SEARCH_REP_CONTEMPT), so the engine repeats only when it stands
 * worse.
 * Such a value is no game result: it counts as unresolved, so it never
 * enters a proof, and exact (solve) mode does not score repetitions.
 * Games of bounded length (max_game_plies > 0) cannot repeat and skip it.
 * The set of the game's positions is the alpha-beta method's scratch.
 */
#include "config.h"

#include <stdlib.h>

#include "search/search_int.h"

/* The hashes of the game's positions up to the root: an open-addressing
 * set of cap slots (a power of two, 0 = empty slot). */
struct rep_set {
    uint64_t *slot;
    size_t cap;
    bool has_zero;             /* a position whose hash is 0 was seen     */
    int root_side;             /* the side that a repetition disfavours   */
};

static size_t slot_of(uint64_t h, size_t cap)
{
    return (size_t)(rng_mix64(h) & (cap - 1));
}

static void set_add(struct rep_set *r, uint64_t h)
{
    if (h == 0) {
        r->has_zero = true;
        return;
    }
    size_t i = slot_of(h, r->cap);
    while (r->slot[i] != 0 && r->slot[i] != h)
        i = (i + 1) & (r->cap - 1);
    r->slot[i] = h;
}

static bool set_has(const struct rep_set *r, uint64_t h)
{
    if (h == 0)
        return r->has_zero;
    if (r->cap == 0)
        return false;
    for (size_t i = slot_of(h, r->cap); r->slot[i] != 0;
         i = (i + 1) & (r->cap - 1))
        if (r->slot[i] == h)
            return true;
    return false;
}

/* Room for n keys at most half full; false when memory is short. */
static bool set_reserve(struct rep_set *r, size_t n)
{
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    if (cap > r->cap) {
        uint64_t *slot = malloc(sizeof *slot * cap);
        if (!slot)
            return false;
        free(r->slot);
        r->slot = slot;
        r->cap = cap;
    }
    for (size_t i = 0; i < r->cap; i++)
        r->slot[i] = 0;
    r->has_zero = false;
    return true;
}

struct rep_set *rep_new(void)
{
    return calloc(1, sizeof(struct rep_set));
}

void rep_free(struct rep_set *r)
{
    if (r)
        free(r->slot);
    free(r);
}

void rep_begin(struct rep_set *r, struct search *s)
{
    const struct game_ops *g = s->g;
    uint64_t root = g->hash(s->root);
    /* A game of bounded length never repeats a position: the same moves
     * would repeat it forever. */
    bool on = !s->exact && g->max_game_plies == 0;
    for (int i = 0; i < s->nthreads; i++) {
        s->w[i]->path[0] = root;
        s->w[i]->rep = on ? r : NULL;
    }
    if (!on)
        return;
    r->root_side = g->side_to_move(s->root);
    int n = s->lim.history ? s->lim.history_len : 0;
    if (!set_reserve(r, (size_t)n + 1)) {
        r->has_zero = false;
        for (size_t i = 0; i < r->cap; i++)
            r->slot[i] = 0;
        return;                 /* the line is still checked */
    }
    const unsigned char *pos = s->lim.history;
    for (int k = 0; k < n; k++)
        set_add(r, g->hash(pos + g->state_size * (size_t)k));
    set_add(r, root);
}

bool rep_draw(struct worker *w, int ply, const void *st, int *v)
{
    const struct rep_set *r = w->rep;
    if (!r)
        return false;
    const struct game_ops *g = w->s->g;
    uint64_t h = g->hash(st);
    w->path[ply] = h;
    bool seen = set_has(r, h);
    for (int i = ply - 1; i >= 0 && !seen; i--)
        seen = w->path[i] == h;
    if (!seen)
        return false;
    w->unresolved++;
    int side = g->side_to_move(st);
    *v = side == r->root_side ? -SEARCH_REP_CONTEMPT : SEARCH_REP_CONTEMPT;
    return true;
}
