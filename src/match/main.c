/* main.c -- triad-match: options, then a match or a merge of records. */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "match/merge.h"
#include "match/options.h"
#include "match/resume.h"
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

/* A match, continued from its records with --resume. */
static int play(struct match_conf *c)
{
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
        printf("triad-match (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        break;
    case OPTIONS_ERROR:
        fprintf(stderr, "triad-match: %s\nTry 'triad-match --help'.\n",
                sbuf_str(&err));
        status = MATCH_EXIT_USAGE;
        break;
    default:
        if (c.merge)
            status = merge_run(&c, stdout);
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
