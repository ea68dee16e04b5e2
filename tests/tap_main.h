/* tap_main.h -- how every Check suite runs: all its tests, TAP on
 * standard output (read by automake's tap-driver.sh), and an exit status
 * that says whether any failed. */
#ifndef TRIAD_TESTS_TAP_MAIN_H
#define TRIAD_TESTS_TAP_MAIN_H

#include <check.h>
#include <stdlib.h>

static inline int tap_main(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_set_tap(sr, "-");
    srunner_run_all(sr, CK_SILENT);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
