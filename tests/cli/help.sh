#!/bin/sh
# help.sh -- each program's --version in the GNU format (first line
# "NAME (triad) VERSION" with configure's version, then a copyright line)
# and its --help: exit status 0, names --help, no line wider than 80
# columns.
set -u
. "$(dirname "$0")/programs.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/help.XXXXXX")
trap 'rm -rf "$work"' EXIT
bad=0
fail() { echo "FAIL: $*"; bad=1; }
programs > "$work/programs"
while read -r name path; do
    "$path" --version > "$work/out" || fail "$name --version: status $?"
    first=$(sed -n 1p "$work/out")
    want="$name (triad) ${PACKAGE_VERSION:?}"
    [ "$first" = "$want" ] ||
        fail "$name --version says '$first', not '$want'"
    sed -n 2p "$work/out" | grep -q '^Copyright (C) [0-9]' ||
        fail "$name --version: no copyright line"
    "$path" --help > "$work/out" || fail "$name --help: status $?"
    grep -q -- '--help' "$work/out" || fail "$name --help names no --help"
    awk -v n="$name" 'length($0) > 80 {
        printf "FAIL: %s --help line %d is %d columns: %s\n", n, NR,
               length($0), $0; wide = 1 } END { exit wide }' "$work/out" ||
        bad=1
    echo "checked: $name ($first)"
done < "$work/programs"
exit $bad
