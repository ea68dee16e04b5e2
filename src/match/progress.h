/* progress.h -- the match's progress: on a terminal one live line,
 * rewritten after every game (games done, score, Elo so far, games per
 * minute, time left); otherwise a plain "Progress:" line after every
 * tenth of the games.  A review counts positions the same way.
 */
#ifndef TRIAD_MATCH_PROGRESS_H
#define TRIAD_MATCH_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

#include "match/options.h"
#include "match/stats.h"

struct progress {
    FILE *out;
    bool live;              /* out is a terminal                        */
    bool shown;             /* the live line is on the screen           */
    double start;           /* monotonic seconds                        */
    long total;             /* games of this run                        */
    long resumed;           /* of them, found in the records (--resume) */
    long every;             /* plain lines: every this many games       */
};

void progress_init(struct progress *p, FILE *out, long total);

/* Removes the live line before other output (no-op otherwise). */
void progress_clear(struct progress *p);

/* done games finished; score is engine A's (NULL with several engines). */
void progress_update(struct progress *p, long done, const char *name_a,
                     const struct score *score);

/* The progress of other work than games: done of total units (a plural
 * noun), the rate and the time left; on a terminal with a bar. */
void progress_count(struct progress *p, long done, const char *units);

/* The text of a progress report (no newline): done of total games, of
 * which played in seconds (the others were found in the records). */
void progress_text(long done, long total, long played, double seconds,
                   const char *name_a, const struct score *score,
                   struct sbuf *out);

#endif
