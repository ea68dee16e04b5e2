/* baseline.c -- reference players to measure the real search against:
 * uniform random, and greedy (best static evaluation after one ply, random
 * tie break); neither keeps a scratch.  Plain UCT lives in mcts.c.
 */
#include "config.h"

#include <string.h>

#include "search/search_int.h"

static void single_move_result(struct search_result *out, move_t m, int score)
{
    out->best = m;
    out->score = score;
    out->pv[0] = m;
    out->pv_len = 1;
}

static int random_search(struct search *s, void *scratch,
                         struct search_result *out)
{
    (void)scratch;
    struct worker *w = s->w[0];
    move_t *mv = w->moves[0];
    int n = s->g->gen_moves(s->root, mv);
    if (n == 0)
        return -1;
    single_move_result(out, mv[rng_below(&w->rng, (uint64_t)n)], 0);
    return 0;
}

/* Value of the position after move m for the side to move at the root. */
static int greedy_value(struct search *s, struct worker *w, move_t m,
                        int root_side)
{
    const struct game_ops *g = s->g;
    unsigned char *child = worker_state(w, 1);
    memcpy(child, s->root, g->state_size);
    g->play(child, m);
    w->nodes++;
    int margin = 0;
    enum game_status o = g->outcome(child, &margin);
    if (o != GAME_ONGOING)
        return score_terminal(s, o, margin, root_side, 1);
    int v = clamp_eval(g->evaluate(child));
    return g->side_to_move(child) == root_side ? v : -v;
}

int baseline_greedy(struct search *s, struct search_result *out)
{
    const struct game_ops *g = s->g;
    struct worker *w = s->w[0];
    move_t *mv = w->moves[0];
    int n = g->gen_moves(s->root, mv);
    if (n == 0)
        return -1;
    int side = g->side_to_move(s->root);
    int best = -SCORE_INF;
    move_t best_move = mv[0];
    uint64_t ties = 0;
    for (int i = 0; i < n; i++) {
        int v = greedy_value(s, w, mv[i], side);
        if (v > best) {
            best = v;
            best_move = mv[i];
            ties = 1;
        } else if (v == best && rng_below(&w->rng, ++ties) == 0) {
            best_move = mv[i];   /* reservoir: each tied move equally likely */
        }
    }
    single_move_result(out, best_move, best);
    out->depth = 1;
    out->nodes = w->nodes;
    return 0;
}

static int greedy_search(struct search *s, void *scratch,
                         struct search_result *out)
{
    (void)scratch;
    return baseline_greedy(s, out);
}

const struct method_ops random_method = {
    .name = "random",
    .search = random_search,
};

const struct method_ops greedy_method = {
    .name = "greedy",
    .search = greedy_search,
};
