/* weblog.c -- the redacting, rate-limited log (see weblog.h). */
#include "config.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "web/weblog.h"

#define REDACT_RUN 32

struct weblog {
    FILE *f;
    pthread_mutex_t lock;
    double window_start;
    unsigned written;               /* lines in this window             */
    unsigned dropped;               /* lines dropped in this window     */
};

struct weblog *weblog_new(FILE *f)
{
    struct weblog *log = calloc(1, sizeof *log);
    if (!log)
        return NULL;
    log->f = f;
    pthread_mutex_init(&log->lock, NULL);
    log->window_start = clock_now();
    return log;
}

void weblog_free(struct weblog *log)
{
    if (!log)
        return;
    pthread_mutex_destroy(&log->lock);
    free(log);
}

void weblog_redact(const char *text, char *out, size_t size)
{
    size_t o = 0;
    if (size == 0)
        return;
    for (size_t i = 0; text[i] && o + 1 < size;) {
        size_t run = 0;
        while (isxdigit((unsigned char)text[i + run]))
            run++;
        if (run >= REDACT_RUN) {
            const char *mark = "[id]";
            for (size_t k = 0; mark[k] && o + 1 < size; k++)
                out[o++] = mark[k];
            i += run;
        } else if (run > 0) {
            for (size_t k = 0; k < run && o + 1 < size; k++)
                out[o++] = text[i + k];
            i += run;
        } else {
            out[o++] = text[i++];
        }
    }
    out[o] = '\0';
}

void weblog_mhd(void *cls, const char *fmt, va_list ap)
{
    struct weblog *log = cls;
    char raw[1024], clean[1024];
    vsnprintf(raw, sizeof raw, fmt, ap);
    weblog_redact(raw, clean, sizeof clean);
    pthread_mutex_lock(&log->lock);
    double now = clock_now();
    if (now - log->window_start >= WEBLOG_WINDOW) {
        if (log->dropped > 0)
            fprintf(log->f, "triad-web: %u log lines dropped\n",
                    log->dropped);
        log->window_start = now;
        log->written = 0;
        log->dropped = 0;
    }
    if (log->written < WEBLOG_LINES) {
        log->written++;
        size_t n = strlen(clean);
        fprintf(log->f, "triad-web: %s%s", clean,
                n > 0 && clean[n - 1] == '\n' ? "" : "\n");
        fflush(log->f);
    } else {
        log->dropped++;
    }
    pthread_mutex_unlock(&log->lock);
}
