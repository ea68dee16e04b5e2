/* answer.c -- the analysis mode's output lines (answer.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/answer.h"

/* A copy of the id (null for none): the request's id is shared by the
 * workers' answers, and a copy keeps its reference count on one thread. */
static json_t *id_copy(json_t *id)
{
    return id ? json_deep_copy(id) : json_null();
}

/* A game value as final_score prints it: "W+n", "B+n" (n left out in
 * games without a margin) or "0"; margin from side's point of view. */
static json_t *result_text(const struct game_ops *g, int side, int margin)
{
    int first = side == 0 ? margin : -margin;
    if (first == 0)
        return json_string("0");
    char text[24];
    if (g->score_has_margin)
        snprintf(text, sizeof text, "%c+%d", first > 0 ? 'W' : 'B',
                 abs(first));
    else
        snprintf(text, sizeof text, "%c+", first > 0 ? 'W' : 'B');
    return json_string(text);
}

/* A margin from the side to move's view in the game's unit: the number,
 * or null in games without a margin (a win there has no size). */
static json_t *margin_value(const struct game_ops *g, int margin)
{
    return g->score_has_margin || margin == 0 ? json_real(margin)
                                              : json_null();
}

/* A search score in the game's unit: the evaluation divided by its
 * scale, or the winner's margin of a won or lost position. */
static json_t *score_value(const struct game_ops *g, int score)
{
    if (abs(score) < EVAL_WIN_MIN)
        return json_real((double)score / (g->eval_scale > 0 ? g->eval_scale
                                                            : 1));
    int m = search_score_margin(score);
    return margin_value(g, score > 0 ? m : -m);
}

double answer_win_chance(const struct game_ops *g, int score, bool proven,
                         int margin)
{
    if (proven)
        return margin > 0 ? 1 : margin < 0 ? 0 : 0.5;
    if (abs(score) >= EVAL_WIN_MIN)       /* a forced result found */
        return score > 0 ? 1 : 0;
    return 1 / (1 + exp(-(double)score / (g->win_scale > 0 ? g->win_scale
                                                           : 1)));
}

/* A win chance as the answers give it: three decimals. */
static json_t *win_value(double p)
{
    return json_real(round(p * 1000) / 1000);
}

/* The moves of r's principal variation, replayed on a copy of *pos; the
 * best move alone when the search kept no variation that begins with it
 * (a search stopped before its first iteration ended). */
static json_t *pv_list(const struct game_ops *g, const void *pos,
                       const struct search_result *r)
{
    int len = r->pv_len > 0 && r->pv[0] == r->best ? r->pv_len : 1;
    const move_t *moves = len > 1 ? r->pv : &r->best;
    json_t *pv = json_array();
    unsigned char *copy = malloc(g->state_size);
    if (!pv || !copy) {
        free(copy);
        json_decref(pv);
        return NULL;
    }
    memcpy(copy, pos, g->state_size);
    for (int i = 0; i < len; i++) {
        char text[MOVE_STR_MAX];
        g->format_move(copy, moves[i], text);
        json_array_append_new(pv, json_string(text));
        g->play(copy, moves[i]);
    }
    free(copy);
    return pv;
}

json_t *answer_turn(const struct engine *e, json_t *id, int turn,
                    const struct search_result *r)
{
    const struct game_ops *g = e->game;
    const void *pos = engine_position(e);
    int side = g->side_to_move(pos);
    json_t *a = json_object();
    if (!a)
        return NULL;
    json_object_set_new(a, "id", id_copy(id));
    json_object_set_new(a, "turn", json_integer(turn));
    json_object_set_new(a, "side", json_string(g->side_names[side]));
    json_object_set_new(a, "over", json_boolean(!r));
    if (!r) {
        int margin = 0;
        enum game_status st = engine_outcome(e, &margin);
        int mine = st == GAME_DRAW ? 0
                 : (st == GAME_WIN_FIRST) == (side == 0) ? margin : -margin;
        if (st != GAME_DRAW && !g->score_has_margin)
            mine = mine >= 0 ? 1 : -1;     /* the winner, for result_text */
        json_object_set_new(a, "score", margin_value(g, mine));
        json_object_set_new(a, "win", win_value(answer_win_chance(g, 0, true,
                                                                  mine)));
        json_object_set_new(a, "unit", json_string(g->eval_unit));
        json_object_set_new(a, "best", json_null());
        json_object_set_new(a, "pv", json_array());
        json_object_set_new(a, "depth", json_integer(0));
        json_object_set_new(a, "nodes", json_integer(0));
        json_object_set_new(a, "proven", result_text(g, side, mine));
        return a;
    }
    char best[MOVE_STR_MAX];
    g->format_move(pos, r->best, best);
    json_object_set_new(a, "score", score_value(g, r->score));
    json_object_set_new(a, "win", win_value(answer_win_chance(
                                      g, r->score, r->proven, r->margin)));
    json_object_set_new(a, "unit", json_string(g->eval_unit));
    json_object_set_new(a, "best", json_string(best));
    json_t *pv = pv_list(g, pos, r);
    if (!pv) {
        json_decref(a);
        return NULL;
    }
    json_object_set_new(a, "pv", pv);
    json_object_set_new(a, "depth", json_integer(r->depth));
    json_object_set_new(a, "nodes", json_integer((json_int_t)r->nodes));
    json_object_set_new(a, "proven", r->proven
                        ? result_text(g, side, r->margin) : json_null());
    return a;
}

json_t *answer_error(json_t *id, const char *message, long index)
{
    json_t *a = json_object();
    if (!a)
        return NULL;
    json_object_set_new(a, "id", id_copy(id));
    json_object_set_new(a, "error", json_string(message));
    if (index >= 0)
        json_object_set_new(a, "index", json_integer(index));
    return a;
}

json_t *answer_cancel(json_t *id, json_t *target, int turns)
{
    json_t *a = json_object();
    if (!a)
        return NULL;
    json_object_set_new(a, "id", id_copy(id));
    json_object_set_new(a, "action", json_string("cancel"));
    json_object_set_new(a, "target", id_copy(target));
    json_object_set_new(a, "cancelled", json_integer(turns));
    return a;
}

int answer_write(FILE *out, json_t *a)
{
    static const char oom[] = "{\"id\": null, \"error\": \"out of memory\"}";
    char *text = a ? json_dumps(a, JSON_PRESERVE_ORDER |
                                   JSON_REAL_PRECISION(8)) : NULL;
    json_decref(a);
    int rc = fprintf(out, "%s\n", text ? text : oom) < 0 ? -1 : 0;
    free(text);
    return fflush(out) == 0 ? rc : -1;
}
