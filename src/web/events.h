/* events.h -- the Server-Sent Events text of one relay's analysis:
 * "data: INFO-LINE" events while it runs, a ": thinking" comment after
 * each second without one (it finds clients that went away), then
 * "event: end".  It never waits: the server parks the connection when
 * nothing is ready and asks again a little later. */
#ifndef TRIAD_WEB_EVENTS_H
#define TRIAD_WEB_EVENTS_H

#include <stddef.h>
#include <sys/types.h>

#include "web/relay.h"

#define EVENTS_PING_SECONDS 1.0

struct events;

/* Events of relay r (the reference is taken over). */
struct events *events_new(struct relay *r);

void events_free(struct events *ev);

/* Copies up to max bytes of text into buf: the count, 0 when nothing is
 * ready yet, -1 once the end event was taken. */
ssize_t events_take(struct events *ev, char *buf, size_t max);

#endif
