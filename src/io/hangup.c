/* hangup.c -- noticing a vanished controller with poll(). */
#include "config.h"

#include <poll.h>
#include <unistd.h>

#include "core/clock.h"
#include "io/hangup.h"

#define CHECK_INTERVAL 0.05

void hangup_watch_init(struct hangup_watch *w, int in_fd, int out_fd)
{
    w->in_fd = in_fd;
    w->out_fd = out_fd;
    w->in_is_terminal = isatty(in_fd);
    w->next_check = 0;
    w->gone = false;
}

bool hangup_seen(struct hangup_watch *w)
{
    if (w->gone)
        return true;
    double now = clock_now();
    if (now < w->next_check)
        return false;
    w->next_check = now + CHECK_INTERVAL;
    /* No events asked for: poll() still reports POLLERR and POLLHUP, and
     * a pipe whose reader has gone reports POLLERR at its write end. */
    struct pollfd fds[2] = {
        { .fd = w->out_fd, .events = 0 },
        { .fd = w->in_is_terminal ? w->in_fd : -1, .events = 0 },
    };
    if (poll(fds, 2, 0) > 0)
        for (int i = 0; i < 2; i++)
            if (fds[i].revents & (POLLERR | POLLHUP | POLLNVAL))
                w->gone = true;
    return w->gone;
}
