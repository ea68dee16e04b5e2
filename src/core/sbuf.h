/* sbuf.h -- a growable, always NUL-terminated string builder.
 *
 * Replies, diagrams, position strings and error reasons are built in an
 * sbuf.  Allocation failure is sticky: the builder keeps what it had, sets
 * oom, and ignores further appends, so callers check once at the end.
 */
#ifndef TRIAD_CORE_SBUF_H
#define TRIAD_CORE_SBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct sbuf {
    char *buf;     /* NULL until the first append */
    size_t len;
    size_t cap;
    bool oom;      /* an append failed for lack of memory */
};

#define SBUF_INIT { NULL, 0, 0, false }

void sbuf_init(struct sbuf *b);
void sbuf_free(struct sbuf *b);          /* back to the empty state */
void sbuf_reset(struct sbuf *b);         /* empty, keeps the memory */
void sbuf_putc(struct sbuf *b, char c);
void sbuf_puts(struct sbuf *b, const char *s);
void sbuf_putn(struct sbuf *b, const char *s, size_t n);
void sbuf_printf(struct sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/* The text so far; "" for an empty builder.  Valid until the next append. */
const char *sbuf_str(const struct sbuf *b);
/* Drops trailing newlines (a reply never ends in an empty line). */
void sbuf_chomp(struct sbuf *b);

#endif
