/* lineio.c -- readline for terminals, getline() for pipes.
 *
 * Readline keeps its configuration in library globals, so the completion
 * callback and its context are kept in one file-static pointer set by
 * lineio_set_completer: the single piece of mutable static state in triad,
 * confined to interactive mode.
 */
#include "config.h"

#include <errno.h>
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
    volatile sig_atomic_t *interrupted;  /* SIGINT's flag, or NULL */
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

/* Called by readline when a signal interrupted its wait for a key: a
 * SIGINT drops the line being typed and shows a fresh prompt, as bash
 * and python do. */
static int on_signal_event(void)
{
    if (!active || !active->interrupted || !*active->interrupted)
        return 0;
    *active->interrupted = 0;
    rl_replace_line("", 0);
    rl_crlf();
    rl_on_new_line();
    rl_redisplay();
    return 0;
}

/* readline's key reader.  A SIGINT that came while readline was busy
 * (drawing a completion list, say) is only noted; it is attended to here,
 * before the next key, so that the line goes before the keys typed after
 * Ctrl-C are read into it.  One during the wait for a key interrupts the
 * wait and reaches on_signal_event from readline. */
static int read_key(FILE *in)
{
#if RL_READLINE_VERSION >= 0x0800
    rl_check_signals();
#endif
    on_signal_event();
    return rl_getc(in);
}

/* Keeps a line entered in the history, and in the history file at once:
 * a session that ends badly keeps what was typed. */
static void remember(struct lineio *io, const char *line)
{
    if (!*line)
        return;
    add_history(line);
    if (!io->history_path)
        return;
    if (append_history(1, io->history_path) != 0)
        write_history(io->history_path);   /* no file yet: create it */
    history_truncate_file(io->history_path, HISTORY_LINES);
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
                          const char *history_path,
                          volatile sig_atomic_t *interrupted)
{
    struct lineio *io = calloc(1, sizeof *io);
    if (!io)
        return NULL;
    io->in = in;
    io->interactive = interactive && lineio_has_readline();
    io->interrupted = interrupted;
#ifdef HAVE_READLINE
    if (io->interactive) {
        active = io;
        rl_readline_name = "triad";
        rl_attempted_completion_function = attempt_completion;
        /* Moves contain '=', '<' and '>': only blanks separate words. */
        rl_completer_word_break_characters = " \t";
        rl_basic_word_break_characters = " \t";
        rl_signal_event_hook = on_signal_event;
        rl_getc_function = read_key;
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

/* Reads a line of at most LINEIO_MAX_LINE bytes from in with getc, so
 * that an endless line costs bounded memory: the rest of a longer line is
 * read and thrown away.  A comment is not kept (preprocessing would drop
 * it), so only the part before '#' counts; a long blank line is given as
 * an empty line: it gets no reply, however long. */
static enum lineio_status read_capped(FILE *in, char **line, size_t *len)
{
    char *buf = NULL;
    size_t n = 0, cap = 0;
    bool too_long = false, no_memory = false;
    bool blank = true;          /* only blanks so far */
    bool comment = false;       /* '#' seen: the rest is dropped */
    int c;
    for (;;) {
        c = getc(in);
        if (c == EOF) {
            if (ferror(in) && errno == EINTR) {     /* a signal: go on */
                clearerr(in);
                continue;
            }
            break;
        }
        if (c == '\n')
            break;
        if (comment || (comment = c == '#'))
            continue;
        if (c > ' ' && c != 0x7f)
            blank = false;
        if (n == LINEIO_MAX_LINE) {
            too_long = true;
            continue;
        }
        if (no_memory)
            continue;
        if (n + 1 >= cap) {
            size_t want = cap ? cap * 2 : 128;
            if (want > LINEIO_MAX_LINE + 1)
                want = LINEIO_MAX_LINE + 1;
            char *bigger = realloc(buf, want);
            if (!bigger) {
                no_memory = true;
                continue;
            }
            buf = bigger;
            cap = want;
        }
        buf[n++] = (char)c;
    }
    if (no_memory) {
        free(buf);
        *line = NULL;
        *len = 0;
        return LINEIO_NO_MEMORY;
    }
    if (c == EOF && n == 0 && !too_long) {
        free(buf);
        *line = NULL;
        return LINEIO_END;
    }
    if (!buf && !(buf = malloc(1))) {
        *line = NULL;
        *len = 0;
        return LINEIO_NO_MEMORY;
    }
    if (too_long && blank)
        n = 0;
    buf[n] = '\0';
    *line = buf;
    *len = n;
    return too_long && n > 0 ? LINEIO_TOO_LONG : LINEIO_LINE;
}

enum lineio_status lineio_read(struct lineio *io, const char *prompt,
                               char **line, size_t *len)
{
#ifdef HAVE_READLINE
    if (io->interactive) {
        char *text = readline(prompt);
        *line = text;
        if (!text)
            return LINEIO_END;
        *len = strlen(text);
        if (*len > LINEIO_MAX_LINE) {
            text[LINEIO_MAX_LINE] = '\0';
            *len = LINEIO_MAX_LINE;
            return LINEIO_TOO_LONG;
        }
        remember(io, text);
        return LINEIO_LINE;
    }
#else
    (void)prompt;
#endif
    return read_capped(io->in, line, len);
}

/* Bytes stdio has read ahead of the caller.  glibc's FILE shows them (as
 * gnulib's freadahead reads them); elsewhere a line already buffered
 * is noticed only when more input arrives. */
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
