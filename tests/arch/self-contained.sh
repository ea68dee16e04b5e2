#!/bin/sh
# self-contained.sh -- the repository is its own reference: no source,
# test or document points the reader at the specification files this
# project was written from (a rules or protocol file outside the tree);
# what they say that matters is in doc/.  ARCH_SRCDIR: the top source
# directory.
set -eu
cd "${ARCH_SRCDIR:?}"
# Spelled in pieces so that this file does not match itself.
outside="rules[.]md|shared[/]spec|[.][.][/]shared|spec[/]protocol[.]md"
files=$(find src tests doc README -name node_modules -prune -o -type f \
    \( -name '*.[ch]' -o -name '*.def' -o -name '*.sh' -o -name '*.mk' \
    -o -name '*.md' -o -name '*.gtp' -o -name '*.[0-9]' -o -name README \) \
    -print | LC_ALL=C sort)
# No exception: the UGI match test's runner comes from CUTEGAMES_SRC.
# shellcheck disable=SC2086
if grep -nE "$outside" $files
then
    echo "self-contained.sh: the lines above point outside the repository;" \
        "cite doc/ instead (doc/games/<game>.md, doc/protocol.md)" >&2
    exit 1
fi
