/* suitegen.h -- --make-openings N: builds an opening suite (suite.h) by
 * playing random plies from the match's starts and keeping the positions
 * an engine's analysis calls near even.
 */
#ifndef TRIAD_MATCH_SUITEGEN_H
#define TRIAD_MATCH_SUITEGEN_H

#include <stdio.h>

#include "match/options.h"

/* Writes c->make_openings suite lines to out; returns an exit status. */
int suitegen_run(const struct match_conf *c, FILE *out);

#endif
