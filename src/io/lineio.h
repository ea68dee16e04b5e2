/* lineio.h -- reading command lines: GNU readline with history and
 * completion when a person is at a terminal, plain getline() otherwise.
 * The only module that includes readline. */
#ifndef TRIAD_IO_LINEIO_H
#define TRIAD_IO_LINEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Completion candidates for word (which starts at byte start of line):
 * a malloc'd NULL-terminated array of malloc'd strings, or NULL. */
typedef char **lineio_completer(void *ctx, const char *line, int start,
                                const char *word);

struct lineio;

/* Reads from in; interactive selects readline (when built with it).
 * history_path (may be NULL) is loaded now and saved by lineio_free.
 * Returns NULL when memory is short. */
struct lineio *lineio_new(FILE *in, bool interactive,
                          const char *history_path);
void lineio_free(struct lineio *io);

/* Completion for interactive mode; ctx is passed back to fn. */
void lineio_set_completer(struct lineio *io, lineio_completer *fn,
                          void *ctx);

/* Next line without its '\n' (malloc'd, caller frees; it may contain NUL
 * bytes, *len tells its length), or NULL at end of input. */
char *lineio_read(struct lineio *io, const char *prompt, size_t *len);

/* Waits up to seconds for input: true when the next line (or the end of
 * input) can be read, counting what is already buffered. */
bool lineio_pending(struct lineio *io, double seconds);

/* True if this build has readline. */
bool lineio_has_readline(void);

#endif
