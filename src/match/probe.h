/* probe.h -- checks both engines once before a match: that they start,
 * accept their options and the setup, and (when they know the position
 * command) agree with the referee on the start position.  A wrong
 * command line or an incompatible engine is then a clear error at once
 * instead of a match of forfeits.
 */
#ifndef TRIAD_MATCH_PROBE_H
#define TRIAD_MATCH_PROBE_H

#include "match/options.h"

/* Returns 0, -1 after a message on stderr, or -2 (also after a message)
 * when the setup itself is wrong.  stderr_fd receives the engines'
 * standard error (-1: /dev/null). */
int probe_engines(const struct match_conf *c, int stderr_fd);

#endif
