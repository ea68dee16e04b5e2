/* gtp.c -- preprocessing, tokenising, dispatch and reply framing. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
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

/* The length of the valid UTF-8 sequence of two or more bytes at p (n
 * bytes available), or 0 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF). */
static size_t utf8_length(const unsigned char *p, size_t n)
{
    size_t len = p[0] >= 0xC2 && p[0] <= 0xDF ? 2
               : p[0] >= 0xE0 && p[0] <= 0xEF ? 3
               : p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned char lo = 0x80, hi = 0xBF;    /* the second byte's range */
    if (p[0] == 0xE0) lo = 0xA0;
    if (p[0] == 0xED) hi = 0x9F;
    if (p[0] == 0xF0) lo = 0x90;
    if (p[0] == 0xF4) hi = 0x8F;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

char *gtp_preprocess(const char *line, size_t len)
{
    static const char replacement[] = "\xEF\xBF\xBD";    /* U+FFFD */
    const unsigned char *in = (const unsigned char *)line;
    char *clean = malloc(len * 3 + 1);   /* 1 bad byte -> 3 bytes */
    if (!clean)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = in[i];
        if (c == '#')
            break;
        if (c < 0x80) {
            if (c == '\t')
                clean[k++] = ' ';
            else if (c >= 0x20 && c != 0x7f)
                clean[k++] = (char)c;
            i++;
            continue;
        }
        size_t n = utf8_length(in + i, len - i);
        if (n == 0) {
            memcpy(clean + k, replacement, 3);
            k += 3;
            i++;
        } else {
            bool c1_control = c == 0xC2 && in[i + 1] <= 0x9F;
            if (!c1_control) {
                memcpy(clean + k, in + i, n);
                k += n;
            }
            i += n;
        }
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

void gtp_frontend_init(struct gtp_frontend *f, struct engine *e)
{
    *f = (struct gtp_frontend){ .engine = e, .reply_text = SBUF_INIT };
}

void gtp_frontend_done(struct gtp_frontend *f)
{
    sbuf_free(&f->reply_text);
}

int gtp_stream_line(struct gtp_frontend *f, const char *line)
{
    if (!f->reply_started)
        fprintf(f->reply_out, "=%s \n", f->reply_id);
    f->reply_started = true;
    fprintf(f->reply_out, "%s\n", line);
    fflush(f->reply_out);
    return ferror(f->reply_out) ? -1 : 0;
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
    /* Written in runs: a byte at a time cost long replies (Truchet's
     * legal_moves: some 20 KB) a call per byte. */
    size_t run = 0;                 /* first byte not yet written */
    for (size_t i = 0; i + 1 < len; i++)
        if (text[i] == '\n' && text[i + 1] == '\n') {
            fwrite(text + run, 1, i - run, out);
            run = i + 1;            /* drops this '\n' of the pair */
        }
    fwrite(text + run, 1, len - run, out);
    fputs(started && len == 0 ? "\n" : "\n\n", out);
    fflush(out);
}

static enum gtp_status dispatch(struct gtp_frontend *f, int argc, char **argv,
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
    enum gtp_status st = cmd->run(f, nargs, argv + 1, text);
    if (text->oom) {
        sbuf_reset(text);
        sbuf_puts(text, "out of memory");
        return GTP_FAIL;
    }
    return st;
}

/* The reply buffer the front end keeps between commands: up to this size. */
#define GTP_REPLY_KEEP ((size_t)64 << 10)

enum gtp_status gtp_execute(struct gtp_frontend *f, const char *line,
                            size_t len, FILE *out)
{
    char *clean = gtp_preprocess(line, len);
    char **words = NULL;
    int nwords = clean ? split_words(clean, &words) : -1;
    if (nwords == 0) {
        free(words);
        free(clean);
        return GTP_OK;
    }
    enum gtp_status st = GTP_FAIL;
    struct sbuf *text = &f->reply_text;   /* kept: no allocation per reply */
    sbuf_reset(text);
    const char *id = "";
    if (nwords < 0) {
        sbuf_puts(text, "out of memory");
    } else {
        int first = 0;
        if (all_digits(words[0]))
            id = words[first++];
        f->reply_out = out;
        f->reply_id = id;
        f->reply_started = false;
        if (first == nwords)
            sbuf_puts(text, "syntax error: missing command");
        else
            st = dispatch(f, nwords - first, words + first, text);
    }
    write_reply(out, st != GTP_FAIL, f->reply_started, id, sbuf_str(text));
    f->reply_started = false;
    if (text->cap > GTP_REPLY_KEEP)       /* a long reply's memory goes back */
        sbuf_free(text);
    free(words);
    free(clean);
    if (ferror(out))
        return GTP_QUIT;
    return st == GTP_QUIT ? GTP_QUIT : GTP_OK;
}

/* The id can only be in the first bytes of a line. */
#define ID_SCAN_BYTES 64

enum gtp_status gtp_refuse(const char *line, size_t len, const char *why,
                           FILE *out)
{
    size_t scan = len < ID_SCAN_BYTES ? len : ID_SCAN_BYTES;
    char *clean = line ? gtp_preprocess(line, scan) : NULL;
    const char *id = "";
    if (clean) {
        char *word = clean + strspn(clean, " ");
        size_t n = strcspn(word, " ");
        /* A number cut at the scanned prefix may go on: no id then. */
        bool complete = word[n] == ' ' || scan == len;
        word[n] = '\0';
        if (complete && all_digits(word))
            id = word;
    }
    write_reply(out, false, false, id, why);
    free(clean);
    return ferror(out) ? GTP_QUIT : GTP_OK;
}
