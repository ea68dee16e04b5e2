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

/* How the games of a pair start: setup words, or a suite line's position
 * string (the words are then empty). */
struct setup_words {
    const char *position;                  /* or NULL: the words       */
    int argc;
    char *argv[OPENING_MAX_WORDS + 1];     /* point into text          */
    char text[MATCH_SETUP_MAX + 32];
};

/* The seed of pair number pair (game numbers 2 pair and 2 pair + 1). */
uint64_t opening_pair_seed(uint64_t seed, long pair);

/* Whether game g has a per-pair random start; *always (may be NULL) says
 * whether it is used even without --random-start. */
bool opening_has_random_start(const struct game_ops *g, bool *always);

/* The start of pair number pair: its suite line's setup words or
 * position string, --setup's words, or the pair's random start word.  Returns 0, or -1 with a reason in *err. */
int opening_setup_words(const struct match_conf *c, long pair,
                        struct setup_words *out, struct sbuf *err);

/* The setup words as one space-separated string ("" for a position). */
void opening_words_text(const struct setup_words *w, struct sbuf *out);

/* Sets *st to the start w gives (seed feeds a random setup variant).
 * Returns 0, or -1 with a reason in *err. */
int opening_set_start(const struct game_ops *g, const struct setup_words *w,
                      uint64_t seed, void *st, struct sbuf *err);

/* The command that puts an engine at that start: "setup GAME WORDS..."
 * or "setposition POSITION". */
void opening_start_command(const struct game_ops *g,
                           const struct setup_words *w, struct sbuf *out);

/* Plays up to plies random moves of pair number pair on *st (never one
 * that ends the game) and writes them to moves (room for plies moves).
 * Returns the number played, or -1 when memory is short. */
int opening_random_moves(const struct game_ops *g, void *st,
                         uint64_t pair_seed, int plies, move_t *moves);

#endif
