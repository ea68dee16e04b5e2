/* opening.h -- what makes the games of a match differ: the setup words of
 * each pair (a Truchet layout key, a DVONN random start) and its random
 * opening plies, all derived from the match seed and the pair number
 * only, so that the same --seed gives the same openings whatever the
 * concurrency and whichever host plays the pair.
 */
#ifndef TRIAD_MATCH_OPENING_H
#define TRIAD_MATCH_OPENING_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "match/options.h"

#define OPENING_MAX_WORDS (MATCH_SETUP_WORDS + 1)

struct setup_words {
    int argc;
    char *argv[OPENING_MAX_WORDS + 1];     /* point into text          */
    char text[MATCH_SETUP_MAX + 32];
};

/* The seed of pair number pair (game numbers 2 pair and 2 pair + 1). */
uint64_t opening_pair_seed(uint64_t seed, long pair);

/* Whether game g has a per-pair random start; *always (may be NULL) says
 * whether it is used even without --random-start. */
bool opening_has_random_start(const struct game_ops *g, bool *always);

/* The setup words of pair number pair: --setup's words, or the pair's
 * random start word.  Returns 0, or -1 with a reason in *err. */
int opening_setup_words(const struct match_conf *c, long pair,
                        struct setup_words *out, struct sbuf *err);

/* The setup words as one space-separated string. */
void opening_words_text(const struct setup_words *w, struct sbuf *out);

/* Plays up to plies random moves of pair number pair on *st (never one
 * that ends the game) and writes them to moves (room for plies moves).
 * Returns the number played, or -1 when memory is short. */
int opening_random_moves(const struct game_ops *g, void *st,
                         uint64_t pair_seed, int plies, move_t *moves);

#endif
