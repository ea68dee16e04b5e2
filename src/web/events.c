/* events.c -- the event stream's text (see events.h). */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/sbuf.h"
#include "web/events.h"

struct events {
    struct relay *relay;
    unsigned long seen;             /* stream lines taken so far       */
    struct sbuf out;                /* text not yet taken from sent on */
    size_t sent;
    double last;                    /* clock when text was last made   */
    bool ended;
};

struct events *events_new(struct relay *r)
{
    struct events *ev = calloc(1, sizeof *ev);
    if (!ev) {
        relay_unref(r);
        return NULL;
    }
    ev->relay = r;
    sbuf_init(&ev->out);
    ev->last = clock_now();
    return ev;
}

void events_free(struct events *ev)
{
    relay_unref(ev->relay);
    sbuf_free(&ev->out);
    free(ev);
}

/* Makes the next piece of text, if any is due. */
static void refill(struct events *ev)
{
    sbuf_reset(&ev->out);
    ev->sent = 0;
    struct sbuf lines = SBUF_INIT;
    int rc = relay_stream_wait(ev->relay, &ev->seen, 0, &lines);
    double now = clock_now();
    if (rc > 0) {
        sbuf_chomp(&lines);
        sbuf_printf(&ev->out, "data: %s\n\n", sbuf_str(&lines));
    } else if (rc < 0) {
        sbuf_puts(&ev->out, "event: end\ndata: end\n\n");
        ev->ended = true;
    } else if (now - ev->last >= EVENTS_PING_SECONDS) {
        sbuf_puts(&ev->out, ": thinking\n\n");
    }
    if (ev->out.len > 0)
        ev->last = now;
    sbuf_free(&lines);
}

ssize_t events_take(struct events *ev, char *buf, size_t max)
{
    if (ev->sent == ev->out.len) {
        if (ev->ended)
            return -1;
        refill(ev);
        if (ev->out.len == 0)
            return 0;
    }
    size_t n = ev->out.len - ev->sent;
    if (n > max)
        n = max;
    memcpy(buf, sbuf_str(&ev->out) + ev->sent, n);
    ev->sent += n;
    return (ssize_t)n;
}
