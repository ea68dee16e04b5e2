/* tap_main.h -- how every Check suite runs: all its tests, TAP on
 * standard output (read by automake's tap-driver.sh), and an exit status
 * that says whether any failed.  A test that cannot run on this machine
 * is not added to the suite but reported as a TAP skip with its reason
 * (Check itself has no skip), so that it never shows as a pass. */
#ifndef TRIAD_TESTS_TAP_MAIN_H
#define TRIAD_TESTS_TAP_MAIN_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A new test case of s named name, with a timeout of timeout seconds. */
static inline TCase *tap_tcase(Suite *s, const char *name, int timeout)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout);
    suite_add_tcase(s, tc);
    return tc;
}

struct tap_skip {
    const char *test;            /* the test's name                */
    const char *reason;          /* why it cannot run here         */
};

/* Runs s; Check's TAP goes through a temporary file so that the skips
 * can be numbered after its results and counted in the plan. */
static inline int tap_main_skips(Suite *s, const struct tap_skip *skips,
                                 int nskips)
{
    char path[] = "/tmp/tap_main.XXXXXX";
    int fd = nskips > 0 ? mkstemp(path) : -1;
    SRunner *sr = srunner_create(s);
    srunner_set_tap(sr, fd >= 0 ? path : "-");
    srunner_run_all(sr, CK_SILENT);
    int failures = srunner_ntests_failed(sr);
    int run = srunner_ntests_run(sr);
    srunner_free(sr);
    if (fd >= 0) {
        FILE *tap = fdopen(fd, "r");
        char line[4096];
        while (tap && fgets(line, sizeof line, tap))
            if (strncmp(line, "1..", 3) != 0)
                fputs(line, stdout);
        if (tap)
            fclose(tap);
        unlink(path);
        for (int i = 0; i < nskips; i++)
            printf("ok %d - %s # SKIP %s\n", run + i + 1, skips[i].test,
                   skips[i].reason);
        printf("1..%d\n", run + nskips);
        fflush(stdout);
    }
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}

static inline int tap_main(Suite *s)
{
    return tap_main_skips(s, NULL, 0);
}

#endif
