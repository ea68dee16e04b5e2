/* weblog.h -- libmicrohttpd's error log, made safe to keep: anything that
 * looks like a session id or access token (a run of 32 or more hex
 * digits) is replaced by "[id]", and at most WEBLOG_LINES lines are
 * written per minute (then one line saying how many were dropped). */
#ifndef TRIAD_WEB_WEBLOG_H
#define TRIAD_WEB_WEBLOG_H

#include <stdarg.h>
#include <stdio.h>

#define WEBLOG_LINES 20
#define WEBLOG_WINDOW 60.0          /* seconds */

struct weblog;

/* A log writing to f; NULL when memory is short. */
struct weblog *weblog_new(FILE *f);

void weblog_free(struct weblog *log);

/* Writes one message (printf format): the MHD_OPTION_EXTERNAL_LOGGER
 * callback, cls being the weblog. */
void weblog_mhd(void *cls, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* The redaction alone: text with hex runs of 32 or more digits replaced,
 * into out (size bytes, always terminated). */
void weblog_redact(const char *text, char *out, size_t size);

#endif
