/* lineio.c -- readline for terminals, getline() for pipes.
 *
 * Readline keeps its configuration in library globals, so the completion
 * callback and its context are kept in one file-static pointer set by
 * lineio_set_completer: the single piece of mutable static state in triad,
 * confined to interactive mode.
 */
#include "config.h"

#include <poll.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "io/lineio.h"

#define HISTORY_LINES 1000

struct lineio {
    FILE *in;
    bool interactive;
    char *history_path;
    lineio_completer *complete;
    void *complete_ctx;
    char **cands;              /* the completion list being handed out */
    size_t cand_next;
};

bool lineio_has_readline(void)
{
#ifdef HAVE_READLINE
    return true;
#else
    return false;
#endif
}

#ifdef HAVE_READLINE
static struct lineio *active;    /* the terminal's reader, for callbacks */

static void drop_candidates(struct lineio *io)
{
    if (io->cands) {
        for (size_t i = io->cand_next; io->cands[i]; i++)
            free(io->cands[i]);
        free(io->cands);
    }
    io->cands = NULL;
    io->cand_next = 0;
}

/* readline's generator: hands out the list one by one (readline frees
 * what it gets). */
static char *next_candidate(const char *text, int state)
{
    (void)text, (void)state;
    if (!active->cands || !active->cands[active->cand_next]) {
        drop_candidates(active);
        return NULL;
    }
    return active->cands[active->cand_next++];
}

static char **attempt_completion(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;    /* never complete file names */
    if (!active || !active->complete)
        return NULL;
    drop_candidates(active);
    active->cands = active->complete(active->complete_ctx, rl_line_buffer,
                                     start, text);
    if (!active->cands)
        return NULL;
    return rl_completion_matches(text, next_candidate);
}
#endif

struct lineio *lineio_new(FILE *in, bool interactive,
                          const char *history_path)
{
    struct lineio *io = calloc(1, sizeof *io);
    if (!io)
        return NULL;
    io->in = in;
    io->interactive = interactive && lineio_has_readline();
#ifdef HAVE_READLINE
    if (io->interactive) {
        active = io;
        rl_readline_name = "triad";
        rl_attempted_completion_function = attempt_completion;
        stifle_history(HISTORY_LINES);
        if (history_path && (io->history_path = strdup(history_path)))
            read_history(io->history_path);
    }
#else
    (void)history_path;
#endif
    return io;
}

void lineio_free(struct lineio *io)
{
    if (!io)
        return;
#ifdef HAVE_READLINE
    if (io->interactive) {
        if (io->history_path)
            write_history(io->history_path);
        drop_candidates(io);
        active = NULL;
    }
#endif
    free(io->history_path);
    free(io);
}

void lineio_set_completer(struct lineio *io, lineio_completer *fn, void *ctx)
{
    io->complete = fn;
    io->complete_ctx = ctx;
}

char *lineio_read(struct lineio *io, const char *prompt, size_t *len)
{
#ifdef HAVE_READLINE
    if (io->interactive) {
        char *line = readline(prompt);
        if (!line)
            return NULL;
        if (*line)
            add_history(line);
        *len = strlen(line);
        return line;
    }
#else
    (void)prompt;
#endif
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, io->in);
    if (n < 0) {
        free(line);
        return NULL;
    }
    if (n > 0 && line[n - 1] == '\n')
        line[--n] = '\0';
    *len = (size_t)n;
    return line;
}

/* Bytes stdio has read ahead of the caller.  Only glibc and musl let us
 * see them; elsewhere a line already buffered waits for more input. */
static bool buffered(FILE *in)
{
#if defined __GLIBC__
    return in->_IO_read_ptr < in->_IO_read_end;
#else
    (void)in;
    return false;
#endif
}

bool lineio_pending(struct lineio *io, double seconds)
{
    if (feof(io->in) || buffered(io->in))
        return true;
    struct pollfd p = { .fd = fileno(io->in), .events = POLLIN };
    int rc = poll(&p, 1, (int)(seconds * 1000));
    return rc != 0;             /* data, end of input, or an error */
}
