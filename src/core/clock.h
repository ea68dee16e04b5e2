/* clock.h -- the one monotonic clock: search deadlines, the time a move
 * took, triad-match's timeouts.  Not the GTP game clocks (those are
 * proto/timeman.h). */
#ifndef TRIAD_CORE_CLOCK_H
#define TRIAD_CORE_CLOCK_H

/* Seconds since an arbitrary fixed point; never goes back (unaffected by
 * changes to the wall clock).  Only differences are meaningful. */
double clock_now(void);

#endif
