#!/bin/sh
# toygame.sh -- follows the checklist "Adding a game" at the end of
# doc/architecture.md with the toy game of tests/arch/toy.c, in a scratch
# directory (the tree is not changed), and shows that the shared code
# takes the new game without another edit: the contract and protocol
# suites pass with four games, triad lists, sets up, plays and
# benchmarks the toy, and triad-match plays a short match of it between
# two such engines, whose records merge back to the same score.
# With TOY_KEEP=DIR in the environment the toy engine is left in DIR as
# DIR/triad (tests/web/run.sh plays it in the page).
#
# Environment (set by tests/arch/local.mk): TOY_CC, TOY_CFLAGS, TOY_LIBS,
# TOY_CHECK_CFLAGS, TOY_CHECK_LIBS, TOY_READLINE_CFLAGS, TOY_READLINE_LIBS,
# TOY_SRCDIR and TOY_BUILDDIR (absolute top directories).
set -eu
src=$TOY_SRCDIR
build=$TOY_BUILDDIR
work=$(mktemp -d "$PWD/toygame.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() { printf 'toygame: %s\n' "$*" >&2; exit 1; }

# $TOY_CFLAGS and the library lists are word lists: split on purpose.
# shellcheck disable=SC2086
compile() {
    $TOY_CC -DHAVE_CONFIG_H -I"$work" -I"$build" -I"$src/src" \
        -I"$src/tests" "-DTOP_SRCDIR=\"$src\"" $TOY_CFLAGS "$@"
}

# Step 1: the module.  The toy is one file, tests/arch/toy.c, exporting
# toy_ops (a real game has src/games/<g>.c and its companions).
compile -c "$src/tests/arch/toy.c" -o "$work/toy.o"

# Step 2: one GAME() line in games.def.  The copy in $work/games/ comes
# first on the include path, so the registry (games.c) and the extern
# declarations (games.h) both see four games.
mkdir -p "$work/games"
cp "$src/src/games/games.def" "$work/games/games.def"
echo 'GAME(toy)' >> "$work/games/games.def"
compile -c "$src/src/games/games.c" -o "$work/games.o"

# Step 3: the module in the library.  Instead of editing Makefile.am the
# two objects are linked before src/libtriad.a, whose own games.o is
# then never pulled in.
lib="$work/toy.o $work/games.o $build/src/libtriad.a"

# Step 4: nothing else changes: the suites written against game_ops and
# the registry run unchanged and must cover the toy (searchtest.c holds
# the search shorthands the suites share).
# shellcheck disable=SC2086
for t in check_contract check_proto; do
    compile $TOY_CHECK_CFLAGS "$src/tests/$t.c" "$src/tests/searchtest.c" \
        $lib $TOY_CHECK_LIBS \
        $TOY_LIBS -o "$work/$t"
    # one process (CK_FORK=no): quicker, and no state may leak anyway
    # (the pinned bench signature changes with a new game: checklist step 8)
    CK_FORK=no CK_EXCLUDE_TAGS=signature "$work/$t" > "$work/$t.tap" ||
        { cat "$work/$t.tap"; fail "$t failed"; }
    grep -q '^1\.\.[1-9]' "$work/$t.tap" || fail "$t ran no test"
done

# The engine itself: the help, setup, play, search and bench see the toy.
# shellcheck disable=SC2086
compile $TOY_READLINE_CFLAGS "$src/src/main.c" "$src"/src/io/*.c \
    $lib $TOY_READLINE_LIBS $TOY_LIBS -o "$work/triad"
"$work/triad" --help | grep -q 'cephalopod, toy)' ||
    fail "--help does not list the toy"
printf '%s\n' 'setup toy' 'play first 3' 'set_option maxnodes 2000' \
    'genmove second' 'position' 'bench 1000' 'quit' |
    "$work/triad" --quiet > "$work/triad.out"
cat "$work/triad.out"
grep -Eq '^= toy:(9|10|11):F$' "$work/triad.out" ||
    fail "no toy position after genmove"
grep -q '^toy  *nodes ' "$work/triad.out" || fail "bench skipped the toy"
if grep -q '^?' "$work/triad.out"; then fail "a command failed"; fi

# triad-match, unchanged: a short match of the toy between two triads.
# shellcheck disable=SC2086
compile "$src"/src/match/*.c $lib $TOY_LIBS -o "$work/triad-match"
"$work/triad-match" --game toy --engine "$work/triad" --name one \
    --engine "$work/triad" --name two --movetime 0.02 --grace 30 \
    --games 2 --records "$work/toy.sgf" > "$work/match.out" 2>&1 ||
    { cat "$work/match.out"; fail "the toy match failed"; }
cat "$work/match.out"
[ "$(grep -c '^Finished game' "$work/match.out")" -eq 2 ] ||
    fail "the toy match did not finish 2 games"
grep -q '^Forfeits: one 0 (0 on time), two 0 (0 on time)$' \
    "$work/match.out" || fail "forfeits in the toy match"
score=$(grep '^Score of one vs two: ' "$work/match.out") ||
    fail "no score line"
[ "$(grep -c 'XGAME\[toy\]' "$work/toy.sgf")" -eq 2 ] ||
    fail "no 2 toy records"
"$work/triad-match" --merge "$work/toy.sgf" > "$work/merge.out" 2>&1 ||
    { cat "$work/merge.out"; fail "the toy records do not merge"; }
[ "$(grep '^Score of' "$work/merge.out")" = "$score" ] ||
    fail "the merged toy records give another score"
if [ -n "${TOY_KEEP:-}" ]; then
    mkdir -p "$TOY_KEEP"
    cp "$work/triad" "$TOY_KEEP/triad"
fi
echo "toygame: the toy passed check_contract, check_proto, triad and" \
    "triad-match"
