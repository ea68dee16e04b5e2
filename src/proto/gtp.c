/* gtp.c -- preprocessing, tokenising, dispatch and reply framing. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "proto/gtp.h"

const struct gtp_command *gtp_find(const char *name)
{
    size_t n;
    const struct gtp_command *table = gtp_commands(&n);
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, table[mid].name);
        if (c == 0)
            return &table[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* Protocol.md 1: control characters other than HT go, '#' starts a
 * comment, HT becomes a space.  Returns a malloc'd NUL-terminated copy. */
static char *preprocess(const char *line, size_t len)
{
    char *clean = malloc(len + 1);
    if (!clean)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c == '#')
            break;
        if (c == '\t')
            clean[k++] = ' ';
        else if (c >= 0x20 && c != 0x7f)
            clean[k++] = (char)c;
    }
    clean[k] = '\0';
    return clean;
}

/* Splits text at runs of spaces, in place.  Returns the word count and a
 * malloc'd array in *words (NULL when memory is short: returns -1). */
static int split_words(char *text, char ***words)
{
    size_t n = 0;
    for (char *p = text; *p; p++)
        if (*p != ' ' && (p == text || p[-1] == ' '))
            n++;
    char **w = malloc((n + 1) * sizeof *w);
    if (!w)
        return -1;
    size_t k = 0;
    char *save = NULL;
    for (char *p = strtok_r(text, " ", &save); p;
         p = strtok_r(NULL, " ", &save))
        w[k++] = p;
    w[k] = NULL;
    *words = w;
    return (int)k;
}

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

int gtp_stream_line(struct session *s, const char *line)
{
    if (!s->reply_started)
        fprintf(s->reply_out, "=%s \n", s->reply_id);
    s->reply_started = true;
    fprintf(s->reply_out, "%s\n", line);
    fflush(s->reply_out);
    return ferror(s->reply_out) ? -1 : 0;
}

/* Writes "=id text\n\n" (or '?'), dropping empty lines inside text; after
 * a streamed reply (started) only the text and the closing empty line. */
static void write_reply(FILE *out, bool ok, bool started, const char *id,
                        const char *text)
{
    if (!started) {
        fputc(ok ? '=' : '?', out);
        fputs(id, out);
        fputc(' ', out);
    }
    size_t len = strlen(text);
    while (len > 0 && text[len - 1] == '\n')
        len--;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n' && i + 1 < len && text[i + 1] == '\n')
            continue;
        fputc(text[i], out);
    }
    fputs(started && len == 0 ? "\n" : "\n\n", out);
    fflush(out);
}

static enum gtp_status dispatch(struct session *s, int argc, char **argv,
                                struct sbuf *text)
{
    const struct gtp_command *cmd = gtp_find(argv[0]);
    if (!cmd) {
        sbuf_puts(text, "unknown command");
        return GTP_FAIL;
    }
    int nargs = argc - 1;
    if (nargs < cmd->min_args || (cmd->max_args >= 0 && nargs > cmd->max_args)) {
        sbuf_printf(text, "syntax error: usage: %s%s%s", cmd->name,
                    cmd->args[0] ? " " : "", cmd->args);
        return GTP_FAIL;
    }
    enum gtp_status st = cmd->run(s, nargs, argv + 1, text);
    if (text->oom) {
        sbuf_reset(text);
        sbuf_puts(text, "out of memory");
        return GTP_FAIL;
    }
    return st;
}

enum gtp_status gtp_execute(struct session *s, const char *line, size_t len,
                            FILE *out)
{
    char *clean = preprocess(line, len);
    char **words = NULL;
    int nwords = clean ? split_words(clean, &words) : -1;
    if (nwords == 0) {
        free(words);
        free(clean);
        return GTP_OK;
    }
    enum gtp_status st = GTP_FAIL;
    struct sbuf text = SBUF_INIT;
    const char *id = "";
    if (nwords < 0) {
        sbuf_puts(&text, "out of memory");
    } else {
        int first = 0;
        if (all_digits(words[0]))
            id = words[first++];
        s->reply_out = out;
        s->reply_id = id;
        s->reply_started = false;
        if (first == nwords)
            sbuf_puts(&text, "syntax error: missing command");
        else
            st = dispatch(s, nwords - first, words + first, &text);
    }
    write_reply(out, st != GTP_FAIL, s->reply_started, id, sbuf_str(&text));
    s->reply_started = false;
    sbuf_free(&text);
    free(words);
    free(clean);
    if (ferror(out))
        return GTP_QUIT;
    return st == GTP_QUIT ? GTP_QUIT : GTP_OK;
}
