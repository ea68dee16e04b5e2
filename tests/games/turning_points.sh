#!/bin/sh
# turning_points.sh -- scripts/turning_points.py on a record of a lost
# DVONN ending (a 5 s game of triad's against 1eab4e3, from 26 stacks):
# Black ("new") was winning by 14 with 24 stacks left and turned it into
# a loss by 3 with G4H4 (I1K3 keeps the win); the same game won (the
# names swapped) is not looked at.
# Environment: TRIAD (set by make check), srcdir.
set -eu
TRIAD=${TRIAD:-src/triad}
tool="${srcdir:-.}/scripts/turning_points.py"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/turning-points.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; cat "$tmp/out"; exit 1; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }

start='dvonn:S:B:.,.,.,.,.,BW,WBWB,.,WB,BW,R,.,.,WBBW,W,W,R,.,R,.,BBW,WWB,.,.,BW,B,B,WB,BW,W,B,WB,WBWB,.,BW,B,BW,WB,.,.,.,.,.,W,.,.,.,.,.'
moves=';B[I4G2];W[J3H3];B[G4H4];W[K3J2];B[G3F2];W[F4F2];B[C3F3];W[J2H2]
;B[D4H4];W[A2C4];B[B4B3];W[H2E2];B[I3G1];W[F1F3];B[B3F3];W[F2B2]'
for pw in old new; do
    pb=$([ $pw = old ] && echo new || echo old)
    printf '(;FF[4]GM[37]XGAME[dvonn]RO[%s]PW[%s]PB[%s]RE[W+1]\nXSTART[%s]\n%s\n)\n' \
        $pw $pw $pb "$start" "$moves"
done > "$tmp/games.sgf"

python3 "$tool" -s 30 -u 1 -c "$TRIAD" new "$tmp/games.sgf" > "$tmp/out" ||
    fail "the tool failed"
grep -q '^game old new=B W+1 first ply 0 of 16 (26 cells) B+12$' "$tmp/out" ||
    fail "first proven ply"
grep -q '^  turn ply 2 of 16 (24 cells): G4H4 B+14 -> W+3 (best [A-K][1-5][A-K][1-5])$' \
    "$tmp/out" || fail "the turning point"
[ "$(grep -c 'turn ply' "$tmp/out")" -eq 1 ] || fail "one turning point"
grep -q '^lost 1: 0 already lost at the first ply proven, 1 turning points by new at cells 24$' \
    "$tmp/out" || fail "summary"
grep -q '^game new ' "$tmp/out" && fail "a won game looked at"
echo "turning_points: ok"
