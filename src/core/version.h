/* version.h -- the --version text of every triad program. */
#ifndef TRIAD_CORE_VERSION_H
#define TRIAD_CORE_VERSION_H

#include <stdio.h>

/* Prints PROGRAM's --version text in the GNU format: the line
 * "PROGRAM (triad) VERSION", the copyright line, then the licence. */
void version_print(FILE *out, const char *program);

#endif
