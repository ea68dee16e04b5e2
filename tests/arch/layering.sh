#!/bin/sh
# layering.sh -- map.sh's layering check can fail: on a scratch copy of
# the tree, an include the table does not allow (triad-web including the
# search) and a file whose row is gone (adjudicate.c, left to the match
# row, which does not list the search) must each be reported.
# ARCH_SRCDIR: the top source directory.
set -eu
top=${ARCH_SRCDIR:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/layering.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { printf 'layering.sh: %s\n' "$*" >&2; exit 1; }

# Runs map.sh on a fresh copy changed by the command "$@"; prints its
# complaints and says whether it failed.
map_fails_after() {
    rm -rf "$work/tree"
    mkdir "$work/tree"
    (cd "$top" && tar cf - --exclude='*.o' --exclude='*.a' \
        --exclude=.deps --exclude=node_modules src tests doc scripts) |
        (cd "$work/tree" && tar xf -)
    (cd "$work/tree" && "$@")
    ! ARCH_SRCDIR="$work/tree" sh "$top/tests/arch/map.sh" 2> "$work/err"
}

map_fails_after true && fail "the tree as it is fails: $(cat "$work/err")"

include_search() {
    printf '#include "search/search.h"\n' >> src/web/relay.h
}
map_fails_after include_search ||
    fail "an include of the search in src/web/ passed"
grep -q 'src/web/relay.h includes src/search/search.h' "$work/err" ||
    fail "unexpected complaint: $(cat "$work/err")"

drop_row() {
    sed -e '/^| `src\/match\/adjudicate.c`/d' doc/architecture.md > map.tmp
    mv map.tmp doc/architecture.md
}
map_fails_after drop_row || fail "adjudicate.c passed without its row"
grep -q 'src/match/adjudicate.c includes src/search/search.h' "$work/err" ||
    fail "unexpected complaint: $(cat "$work/err")"
exit 0
