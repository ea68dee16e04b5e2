/* tourney.h -- runs a whole match: worker threads each owning a referee
 * (two engine processes) play games handed out in number order; the
 * results are printed as they finish, while the records file, the SPRT
 * and the final statistics take the games strictly in number order, so
 * that they do not depend on scheduling.
 */
#ifndef TRIAD_MATCH_TOURNEY_H
#define TRIAD_MATCH_TOURNEY_H

#include <stdio.h>

#include "match/options.h"
#include "match/resume.h"

/* Exit statuses of triad-match. */
#define MATCH_EXIT_OK 0
#define MATCH_EXIT_FAILURE 1       /* an engine or file problem          */
#define MATCH_EXIT_USAGE 2         /* bad command line                   */
#define MATCH_EXIT_INTERRUPTED 130 /* SIGINT, SIGTERM or SIGHUP          */

/* Plays the match of *c, printing progress and the result on out.
 * Returns an exit status.  app is the AP text of the records.  The games
 * in *done (--resume; may be NULL) are not played again but counted as
 * if this run had played them. */
int tourney_run(const struct match_conf *c, const char *app, FILE *out,
                const struct resumed *done);

#endif
