/* version.c -- the --version text of every triad program, kept here so
 * that the engine, triad-match and triad-web say the same thing. */
#include "config.h"

#include "core/version.h"

/* The authors have not chosen a licence yet; these lines say so rather
 * than name one.  debian/copyright says the same and must change with
 * them. */
#define COPYRIGHT_LINE "Copyright (C) 2026 the triad authors."
#define LICENCE_LINES \
    "Licence: none stated yet; no rights are granted beyond those the\n" \
    "law gives.  There is NO WARRANTY, to the extent permitted by law.\n"

void version_print(FILE *out, const char *program)
{
    fprintf(out, "%s (%s) %s\n%s\n%s", program, PACKAGE_NAME,
            PACKAGE_VERSION, COPYRIGHT_LINE, LICENCE_LINES);
}
