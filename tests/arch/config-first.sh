#!/bin/sh
# config-first.sh -- every C file under src/ and tests/ includes
# "config.h" before anything else, so that the feature macros configure
# defines (AC_USE_SYSTEM_EXTENSIONS: _GNU_SOURCE, _POSIX_C_SOURCE...)
# reach every system header and a strict -std=c11 build declares what
# the code uses.  ARCH_SRCDIR: the top source directory.
set -eu
cd "${ARCH_SRCDIR:?}"
bad=0
for f in $(find src tests -name node_modules -prune -o -name '*.c' -print |
           LC_ALL=C sort); do
    first=$(grep -m 1 '^#[[:space:]]*include' "$f" || true)
    if [ "$first" != '#include "config.h"' ]; then
        printf '%s: the first include is not "config.h" (%s)\n' "$f" \
            "${first:-none}" >&2
        bad=1
    fi
done
exit $bad
