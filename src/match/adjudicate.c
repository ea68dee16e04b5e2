/* adjudicate.c -- early ends of games (see adjudicate.h).
 *
 * The one file of triad-match that runs the search (search.h's public
 * API, doc/architecture.md): the referee proves positions itself, since a
 * proof must not depend on the engines it referees. */
#include "config.h"

#include <stdlib.h>

#include "match/adjudicate.h"
#include "search/search.h"

#define SOLVER_HASH_MB 16

void adjudicator_init(struct adjudicator *a, const struct match_conf *c)
{
    *a = (struct adjudicator){ .conf = c };
}

void adjudicator_done(struct adjudicator *a)
{
    if (a->solver)
        search_free(a->solver);
    a->solver = NULL;
}

void adjudicator_new_game(struct adjudicator *a)
{
    a->have[0] = a->have[1] = false;
    a->lead = 0;
    a->streak = 0;
    if (a->solver)          /* each game proves the same way alone */
        search_clear(a->solver);
}

void adjudication_text(const struct game_ops *g,
                       const struct adjudication *adj, struct sbuf *out)
{
    if (adj->result == GAME_DRAW) {
        sbuf_puts(out, "draw");
        return;
    }
    int winner = adj->result == GAME_WIN_FIRST ? 0 : 1;
    sbuf_printf(out, "%s wins", g->side_names[winner]);
    if (g->score_has_margin && adj->margin > 0)
        sbuf_printf(out, " by %d", adj->margin);
}

bool adjudicate_scores(struct adjudicator *a, int side, bool have,
                       long score, const struct game_ops *g,
                       struct adjudication *out, struct sbuf *why)
{
    const struct match_conf *c = a->conf;
    if (c->resign_plies <= 0)
        return false;
    a->have[side] = have;
    a->score[side] = side == 0 ? score : -score;
    int lead = 0;
    if (a->have[0] && a->have[1]) {
        if (a->score[0] >= c->resign_score && a->score[1] >= c->resign_score)
            lead = 1;
        if (a->score[0] <= -c->resign_score &&
            a->score[1] <= -c->resign_score)
            lead = -1;
    }
    a->streak = lead != 0 && lead == a->lead ? a->streak + 1 : lead != 0;
    a->lead = lead;
    if (a->streak < c->resign_plies)
        return false;
    out->result = lead > 0 ? GAME_WIN_FIRST : GAME_WIN_SECOND;
    out->margin = 0;
    sbuf_puts(why, "adjudicated: ");
    adjudication_text(g, out, why);
    sbuf_printf(why, ", both engines scored it at least %g ahead for %ld "
                "plies (%s %ld, %s %ld)", c->resign_score, a->streak,
                g->side_names[0], a->score[0], g->side_names[1],
                a->score[1]);
    return true;
}

int adjudicate_solve(struct adjudicator *a, const struct game_ops *g,
                     const void *st, uint64_t nodes, int plies_left,
                     struct adjudication *out, struct sbuf *why)
{
    if (!a->solver)
        a->solver = search_new(g, SOLVER_HASH_MB);
    if (!a->solver)
        return -1;
    struct search_limits lim = {
        .max_nodes = nodes, .threads = 1, .seed = 1,
        .plies_left = plies_left,
    };
    struct search_result res;
    if (search_solve(a->solver, st, &lim, &res) != 0 || !res.proven)
        return 0;
    int mover = g->side_to_move(st);
    if (res.margin == 0)
        out->result = GAME_DRAW;
    else
        out->result = (res.margin > 0) == (mover == 0) ? GAME_WIN_FIRST
                                                       : GAME_WIN_SECOND;
    out->margin = g->score_has_margin ? abs(res.margin) : 0;
    sbuf_puts(why, "adjudicated by an exact solve: ");
    adjudication_text(g, out, why);
    sbuf_printf(why, " with perfect play (%llu nodes)",
                (unsigned long long)res.nodes);
    return 1;
}
