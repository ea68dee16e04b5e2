/* resume.h -- continuing an interrupted match (--resume): the games of
 * its run already in the records file, checked against the command line,
 * so that the match plays only the others and counts them all.
 */
#ifndef TRIAD_MATCH_RESUME_H
#define TRIAD_MATCH_RESUME_H

#include "core/sbuf.h"
#include "match/options.h"
#include "match/table.h"
#include "record/record.h"

/* A game found in the records: what the statistics need. */
struct resumed_game {
    long index;             /* in this run: number - first_game          */
    int a_result;           /* +1 A won, -1 A lost, 0 draw              */
    int faulty;             /* engine (0 = A) that forfeited, -1         */
    enum end_kind end;
    struct end_clocks clocks;
};

struct resumed {
    long n;
    struct resumed_game *games;
};

/* Reads c->records (a missing or empty file is a new match) and keeps
 * the games of the run: --run-id's, or without one the last record's,
 * which becomes c's run id (a new match draws one).  Every game of the
 * run must be one of c's games (number, game, seed, engines, colours,
 * time control, start) and pass merge_verify().  A record cut short at
 * the end of the file (a run killed while writing) is removed from the
 * file.  Returns 0; -1 for a file or record problem, -2 when the records
 * do not belong to this command line; the reason in *err. */
int resume_load(struct match_conf *c, struct resumed *out,
                struct sbuf *err);

void resume_free(struct resumed *r);

#endif
