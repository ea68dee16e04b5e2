/* review.h -- triad-match --review: the games of SGF record files analysed
 * position by position by an engine's analysis mode (`ENGINE --analysis
 * --threads N`, doc/protocol.md "The analysis mode"), every move's loss,
 * its mark and each game's decisive move (assess.h) written back into the
 * records as SGF properties, and a summary line per game
 * (doc/triad-match.md, "Reviewing records").  Needs jansson to read the
 * engine's answers; without it the mode says so and fails.
 */
#ifndef TRIAD_MATCH_REVIEW_H
#define TRIAD_MATCH_REVIEW_H

#include <stdio.h>

#include "match/options.h"

/* Reviews c->merge_files with the settings of c; the summary goes to
 * out, progress and problems to stderr.  Returns an exit status:
 * MATCH_EXIT_OK, MATCH_EXIT_FAILURE when a file could not be read or
 * written or a game could not be reviewed (the others are), or
 * MATCH_EXIT_INTERRUPTED. */
int review_run(const struct match_conf *c, FILE *out);

#endif
