/* sgf.h -- game records in SGF (FF[4]): one game tree per game, the
 * match facts in the root node, one node per move (;W[E3] / ;B[E3F4],
 * W = the first player).  The properties are listed in
 * doc/triad-match.md; GM is the game's game_ops.sgf_gm (registered
 * numbers where SGF has one, numbers above 1000 elsewhere, so that no
 * reader takes a record for another game or for Go, the default when GM
 * is missing), and the private XGAME property names the game for our own
 * tools.
 */
#ifndef TRIAD_RECORD_SGF_H
#define TRIAD_RECORD_SGF_H

#include <stdbool.h>
#include <stddef.h>

#include "core/sbuf.h"
#include "record/record.h"

/* Appends the SGF text of rec (ending in ")\n") to out; app is the
 * writer's name and version for the AP property.  The variations of a
 * node follow the ")" of the main line, which then opens with a "(" after
 * that node. */
void sgf_write(const struct game_record *rec, const char *app,
               struct sbuf *out);

/* Reads the game tree starting at or after text[*pos] (len bytes in
 * all): its main line (the first variation at each branch) as the
 * record, the other variations kept as text in r->variations.  Returns 1
 * with *r filled (record_init() it first; it is reset here), 0 when only
 * white space is left, -1 with a reason in *err for a malformed tree or
 * record (variations nested more than 1000 deep included).  *pos moves past what was read; after an error
 * the rest of the text cannot be trusted.  The moves are not checked
 * against the rules here. */
int sgf_read(const char *text, size_t len, size_t *pos,
             struct game_record *r, struct sbuf *err);

/* A node's extra text (game_record.extra): appends ID[value], the value
 * escaped. */
void sgf_prop_add(struct sbuf *node, const char *id, const char *value);

/* The first value of property id in a node's extra text into *value
 * (escapes undone); false when the node has no such property. */
bool sgf_prop_get(const struct sbuf *node, const char *id,
                  struct sbuf *value);

/* Removes the properties named in ids (ended by NULL) from a node's
 * extra text; 0, or -1 for a malformed text or no memory (the text is
 * then unchanged). */
int sgf_prop_remove(struct sbuf *node, const char *const *ids);

#endif
