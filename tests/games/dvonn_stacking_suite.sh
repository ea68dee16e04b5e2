#!/bin/sh
# dvonn_stacking_suite.sh -- the shipped suite of placement-end DVONN
# positions (data/openings/dvonn-stacking.txt, doc/games/dvonn.md): at
# least 40 distinct lines, each a position string alone that the engine
# takes with setposition and prints back unchanged (canonical), in phase S
# with all 49 cells occupied (the stacking phase not begun), White to
# move with legal stacking moves; every comment line but the header names
# the 49 placements, and replaying them from the empty board reaches the
# line's position.
# Environment: TRIAD (set by make check), srcdir.
set -eu
TRIAD=${TRIAD:-src/triad}
suite="${srcdir:-.}/data/openings/dvonn-stacking.txt"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dvonn-suite.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

grep -v '^#' "$suite" > "$tmp/lines"
n=$(wc -l < "$tmp/lines")
[ "$n" -ge 40 ] || fail "only $n positions"
[ "$(sort -u "$tmp/lines" | wc -l)" -eq "$n" ] || fail "repeated positions"
grep -q '^dvonn:S:W:' "$tmp/lines" || fail "no phase-S line"
# Every line: setposition, then what the engine says of it.
while read -r pos; do
    printf 'setposition %s\nposition\ngame_status\nlegal_moves\n' "$pos"
done < "$tmp/lines" | "$TRIAD" --quiet > "$tmp/out"
grep '^?' "$tmp/out" && fail "a line refused"
grep '^= dvonn:' "$tmp/out" | cut -c3- > "$tmp/back"
cmp -s "$tmp/back" "$tmp/lines" || fail "positions not canonical"
[ "$(grep -c '^= playing white$' "$tmp/out")" -eq "$n" ] ||
    fail "a position not White to move in a game going on"
# The stacking phase not begun: no empty cell.
grep -v '^dvonn:S:W:[^.]*$' "$tmp/lines" && fail "not at ply 49"
[ "$(grep -c '^= [A-K][1-5][A-K][1-5]' "$tmp/out")" -eq "$n" ] ||
    fail "a position without stacking moves"
# The placements in the comments replay to the positions.
grep '^# [0-9]*: ' "$suite" | sed 's/^# [0-9]*: //' > "$tmp/placements"
[ "$(wc -l < "$tmp/placements")" -eq "$n" ] || fail "placements per line"
while read -r moves; do
    [ "$(echo "$moves" | wc -w)" -eq 49 ] || fail "not 49 placements: $moves"
    echo "setup dvonn"
    for m in $moves; do
        echo "play $m"
    done
    echo "position"
done < "$tmp/placements" | "$TRIAD" --quiet > "$tmp/replay"
grep '^?' "$tmp/replay" && fail "a placement refused"
grep '^= dvonn:' "$tmp/replay" | cut -c3- > "$tmp/replayed"
cmp -s "$tmp/replayed" "$tmp/lines" || fail "placements and positions differ"
echo "ok: $n placement-end positions"
