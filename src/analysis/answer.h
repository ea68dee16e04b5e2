/* answer.h -- the lines the analysis mode writes: the analysis of one
 * turn, a cancel's acknowledgement, an error; each one JSON object on one
 * line (doc/protocol.md, "The analysis mode"). */
#ifndef TRIAD_ANALYSIS_ANSWER_H
#define TRIAD_ANALYSIS_ANSWER_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "engine/engine.h"
#include "search/search.h"

/* The answer for the engine's current position, turn `turn` of the
 * request id: from the search result *r, or (r NULL) for a finished game.
 * NULL when memory is short. */
json_t *answer_turn(const struct engine *e, json_t *id, int turn,
                    const struct search_result *r);

/* The probability that the side to move wins (the answers' "win"): 1, 0
 * or 0.5 for a proven result (margin from the side to move's view: > 0 a
 * win, < 0 a loss, 0 a draw) or a forced win or loss in score (|score| >=
 * EVAL_WIN_MIN); otherwise the logistic curve of the score (evaluate()
 * units, the side to move's view) with the game's win_scale. */
double answer_win_chance(const struct game_ops *g, int score, bool proven,
                         int margin);

/* {"id": id, "error": message} (id NULL: null), with "index" when
 * index >= 0 (the move the error is about). */
json_t *answer_error(json_t *id, const char *message, long index);

/* {"id": id, "action": "cancel", "target": target, "cancelled": turns}. */
json_t *answer_cancel(json_t *id, json_t *target, int turns);

/* Writes *a (NULL: an out-of-memory error) as one line and flushes;
 * frees a.  Returns 0, or -1 when the output fails. */
int answer_write(FILE *out, json_t *a);

#endif
