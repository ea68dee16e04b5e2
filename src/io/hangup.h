/* hangup.h -- has the controller gone away?  A long command (perft 32,
 * analyze 86400, a huge bench) asks now and then, and stops when nobody
 * can read its answer any more. */
#ifndef TRIAD_IO_HANGUP_H
#define TRIAD_IO_HANGUP_H

#include <stdbool.h>

struct hangup_watch {
    int in_fd, out_fd;
    bool in_is_terminal;
    double next_check;      /* monotonic seconds */
    bool gone;
};

/* Watches the controller at the ends of in_fd and out_fd. */
void hangup_watch_init(struct hangup_watch *w, int in_fd, int out_fd);

/* True once the output is closed (a pipe without reader, a hung-up
 * terminal) or the input terminal hung up.  A pipe closed at the input
 * end is not a hang-up: the commands already sent still get their
 * answers.  Looks (one poll() call) at most every 50 ms; once true, stays
 * true. */
bool hangup_seen(struct hangup_watch *w);

#endif
