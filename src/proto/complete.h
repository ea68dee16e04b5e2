/* complete.h -- TAB completion for a person at the terminal: command names,
 * game names, colours, option names and the legal moves of the position. */
#ifndef TRIAD_PROTO_COMPLETE_H
#define TRIAD_PROTO_COMPLETE_H

#include "engine/engine.h"

/* Candidates that start with word, which begins at byte start of line (the
 * text typed so far): a malloc'd NULL-terminated array of malloc'd
 * strings, or NULL for none.  ctx is a struct engine. */
char **complete_words(void *ctx, const char *line, int start,
                      const char *word);

/* Appends the prompt for engine e ("triad cephalopod white> "). */
void complete_prompt(const struct engine *e, struct sbuf *out);

#endif
