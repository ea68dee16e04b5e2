/* merge.h -- --merge: reads record files (for instance from several hosts
 * that played disjoint game ranges of one match), replays every game
 * through the game library, drops duplicates and prints the combined
 * statistics exactly as a single run would.
 */
#ifndef TRIAD_MATCH_MERGE_H
#define TRIAD_MATCH_MERGE_H

#include <stdio.h>

#include "match/options.h"
#include "match/table.h"
#include "record/record.h"

/* Merges c->merge_files; prints to out, problems to stderr.  Returns an
 * exit status: 0, or 1 if any record was bad or skipped. */
int merge_run(const struct match_conf *c, FILE *out);

/* Replays record r (moves, sides, start, result) with the game library.
 * Returns 0, or -1 with a reason in *why. */
int merge_verify(const struct game_record *r, struct sbuf *why);

/* The clocks engines A and B had left at the end of the game of record r:
 * SGF's WL and BL (W the first player) on its last node, as the referee
 * writes them.  Unknown (out->known false) when either is missing or not
 * a number of seconds. */
void merge_end_clocks(const struct game_record *r, struct end_clocks *out);

/* Reads a whole file into a malloc'd, NUL-terminated buffer of *len
 * bytes; NULL on failure (errno tells why when fopen failed). */
char *merge_read_file(const char *path, size_t *len);

#endif
