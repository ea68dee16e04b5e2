/* sbuf.c -- growable string builder (see sbuf.h). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"

void sbuf_init(struct sbuf *b)
{
    b->buf = NULL;
    b->len = 0;
    b->cap = 0;
    b->oom = false;
}

void sbuf_free(struct sbuf *b)
{
    free(b->buf);
    sbuf_init(b);
}

void sbuf_reset(struct sbuf *b)
{
    b->len = 0;
    b->oom = false;
    if (b->buf)
        b->buf[0] = '\0';
}

/* Makes room for extra more bytes plus the NUL; false on failure. */
static bool sbuf_reserve(struct sbuf *b, size_t extra)
{
    if (b->oom)
        return false;
    if (extra > SIZE_MAX / 2 - b->len) {
        b->oom = true;
        return false;
    }
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    char *p = realloc(b->buf, cap);
    if (!p) {
        b->oom = true;
        return false;
    }
    b->buf = p;
    b->cap = cap;
    return true;
}

void sbuf_putn(struct sbuf *b, const char *s, size_t n)
{
    if (!sbuf_reserve(b, n))
        return;
    if (n > 0)                  /* s may be NULL then: memcpy must not see it */
        memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

void sbuf_putc(struct sbuf *b, char c)
{
    sbuf_putn(b, &c, 1);
}

void sbuf_puts(struct sbuf *b, const char *s)
{
    sbuf_putn(b, s, strlen(s));
}

void sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || !sbuf_reserve(b, (size_t)n))
        return;
    vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *sbuf_str(const struct sbuf *b)
{
    return b->buf ? b->buf : "";
}

void sbuf_chomp(struct sbuf *b)
{
    while (b->len > 0 && b->buf[b->len - 1] == '\n')
        b->buf[--b->len] = '\0';
}
