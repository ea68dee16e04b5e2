/* lineio.h -- reading command lines: GNU readline with history and
 * completion when a person is at a terminal, plain getline() otherwise.
 * The only module that includes readline. */
#ifndef TRIAD_IO_LINEIO_H
#define TRIAD_IO_LINEIO_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The longest command line read (protocol.md section 1): longer ones are
 * refused and skipped up to their newline, in bounded memory. */
#define LINEIO_MAX_LINE ((size_t)1 << 20)

enum lineio_status {
    LINEIO_LINE,        /* a line was read                              */
    LINEIO_TOO_LONG,    /* a line longer than LINEIO_MAX_LINE was read and
                           dropped; *line holds its first bytes          */
    LINEIO_NO_MEMORY,   /* no memory for the line: it was dropped        */
    LINEIO_END          /* end of input                                 */
};

/* Completion candidates for word (which starts at byte start of line):
 * a malloc'd NULL-terminated array of malloc'd strings, or NULL. */
typedef char **lineio_completer(void *ctx, const char *line, int start,
                                const char *word);

struct lineio;

/* Reads from in; interactive selects readline (when built with it).
 * history_path (may be NULL) is loaded now and every line entered is
 * appended to it at once.  interrupted (may be NULL) is the SIGINT
 * handler's flag: at the prompt, a set flag is taken (cleared) and the
 * line being typed is dropped for a fresh prompt.  Returns NULL when
 * memory is short. */
struct lineio *lineio_new(FILE *in, bool interactive,
                          const char *history_path,
                          volatile sig_atomic_t *interrupted);
void lineio_free(struct lineio *io);

/* Completion for interactive mode; ctx is passed back to fn. */
void lineio_set_completer(struct lineio *io, lineio_completer *fn,
                          void *ctx);

/* Reads the next line without its '\n' into *line (malloc'd, caller
 * frees; it may contain NUL bytes, *len tells its length).  *line is NULL
 * at LINEIO_END and LINEIO_NO_MEMORY. */
enum lineio_status lineio_read(struct lineio *io, const char *prompt,
                               char **line, size_t *len);

/* Waits up to seconds for input: true when the next line (or the end of
 * input) can be read, counting what is already buffered. */
bool lineio_pending(struct lineio *io, double seconds);

/* True if this build has readline. */
bool lineio_has_readline(void);

#endif
