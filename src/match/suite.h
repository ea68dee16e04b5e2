/* suite.h -- opening suites (--openings FILE): one start per line, setup
 * words or a position string, and/or moves,
 *
 *     SETUP-WORDS... [| MOVE...]
 *     POSITION [| MOVE...]
 *
 * (a line without '|' is a start only, one starting with '|' is moves
 * from the default start); '#' starts a comment line.  Every line is
 * checked with the game library when the file is read: the setup words
 * must fix the start position (a Truchet line names its layout key), a
 * position string must be one of the match's game, and the moves must be
 * legal and leave the game running.
 */
#ifndef TRIAD_MATCH_SUITE_H
#define TRIAD_MATCH_SUITE_H

#include "core/game.h"
#include "core/sbuf.h"

struct suite_line {
    char *setup;        /* setup words, space separated (may be "")     */
    char *position;     /* or the canonical position string, else NULL  */
    char *moves;        /* canonical move tokens, space separated       */
    int nmoves;
};

struct opening_suite {
    int n;
    struct suite_line *line;
};

/* Reads and checks path for game g into *s (empty first).  Returns 0, or
 * -1 with "FILE:LINE: reason" in *err. */
int suite_load(struct opening_suite *s, const struct game_ops *g,
               const char *path, struct sbuf *err);

void suite_free(struct opening_suite *s);

/* The line of opening number k (the suite repeats). */
const struct suite_line *suite_line_of(const struct opening_suite *s,
                                       long k);

/* Parses the moves of line l on *st (the position its start gives),
 * playing them, into moves (room for l->nmoves).  Returns the number of
 * moves, or -1 if one is illegal (checked at loading: not expected), with
 * the reason in *why (may be NULL). */
int suite_moves(const struct suite_line *l, const struct game_ops *g,
                void *st, move_t *moves, struct sbuf *why);

#endif
