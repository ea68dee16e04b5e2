/* main.c -- triad-match: options, then a match, a merge of records or a
 * review of records. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "core/version.h"
#include "match/merge.h"
#include "match/options.h"
#include "match/resume.h"
#include "match/review.h"
#include "match/suitegen.h"
#include "match/tourney.h"

/* Standard descriptors that are closed would be reused by the engine
 * pipes and then clobbered when the engines get their 0, 1 and 2. */
static void open_std_fds(void)
{
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) != fd)
            exit(MATCH_EXIT_FAILURE);
}

/* Locks the records file for this process (-1 if another triad-match
 * holds it): two matches appending to one file would interleave their
 * records, and --resume would take the other's record in writing for one
 * cut short.  Returns the descriptor that holds the lock, or -1. */
static int lock_records(const char *path)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "triad-match: cannot open %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "triad-match: %s is in use by another process "
                "(a match writing it?)\n", path);
        close(fd);
        return -1;
    }
    return fd;
}

/* A match, continued from its records with --resume. */
static int play(struct match_conf *c)
{
    int lock = c->records ? lock_records(c->records) : -2;
    if (lock == -1)
        return MATCH_EXIT_FAILURE;
    struct resumed done = { 0, NULL };
    struct sbuf err = SBUF_INIT;
    int rc = c->resume ? resume_load(c, &done, &err) : 0;
    int status;
    if (rc != 0) {
        fprintf(stderr, "triad-match: --resume: %s\n", sbuf_str(&err));
        status = rc == -2 ? MATCH_EXIT_USAGE : MATCH_EXIT_FAILURE;
    } else {
        status = tourney_run(c, "triad-match:" PACKAGE_VERSION, stdout,
                             &done);
    }
    resume_free(&done);
    sbuf_free(&err);
    if (lock >= 0)
        close(lock);
    return status;
}

int main(int argc, char **argv)
{
    open_std_fds();
    signal(SIGPIPE, SIG_IGN);    /* a dead engine: EPIPE, not death */
    struct match_conf c;
    struct sbuf err = SBUF_INIT;
    enum options_result r = options_parse(&c, argc, argv, &err);
    int status = MATCH_EXIT_OK;
    switch (r) {
    case OPTIONS_HELP:
        options_usage(stdout);
        break;
    case OPTIONS_VERSION:
        version_print(stdout, "triad-match");
        break;
    case OPTIONS_ERROR:
        fprintf(stderr, "triad-match: %s\nTry 'triad-match --help'.\n",
                sbuf_str(&err));
        status = MATCH_EXIT_USAGE;
        break;
    default:
        if (c.merge)
            status = merge_run(&c, stdout);
        else if (c.review)
            status = review_run(&c, stdout);
        else if (c.make_openings)
            status = suitegen_run(&c, stdout);
        else
            status = play(&c);
        break;
    }
    options_free(&c);
    sbuf_free(&err);
    return status;
}
