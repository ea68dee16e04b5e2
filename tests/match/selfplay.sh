#!/bin/sh
# selfplay.sh -- triad-match between two triad instances: a short
# Cephalopod 3x3 match whose records parse back (--merge gives the same
# score) and replay legally, Truchet and DVONN openings that do not depend
# on the concurrency, a Fischer clock match, and an SPRT that stops a
# deterministic match at the same game whatever the concurrency.
# Environment: TRIAD and TRIAD_MATCH (set by make check).
set -f                       # move tokens contain '*' and '['
TRIAD=${TRIAD:-src/triad}
TRIAD_MATCH=${TRIAD_MATCH:-src/triad-match}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/selfplay.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*"
    for f in "$tmp"/*.out; do
        [ -f "$f" ] && { echo "--- $f"; cat "$f"; }
    done
    exit 1
}

# 1. A short match; the merge of its records gives the same score.
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" \
    --name one --engine "$TRIAD" --name two --movetime 0.02 --grace 30 --games 4 \
    --concurrency 2 \
    --records "$tmp/ceph.sgf" > "$tmp/ceph.out" 2>&1 || fail "match: $?"
[ "$(grep -c '^Finished game' "$tmp/ceph.out")" -eq 4 ] || fail "progress"
score=$(grep '^Score of one vs two: ' "$tmp/ceph.out") ||
    fail "no score line"
grep -q '^Elo difference: .* +/- .*, LOS: .* %' "$tmp/ceph.out" ||
    fail "no Elo line"
grep -q '^Forfeits: one 0 (0 on time), two 0 (0 on time)$' \
    "$tmp/ceph.out" || fail "unexpected forfeits"
[ "$(grep -c '^(;FF\[4\]' "$tmp/ceph.sgf")" -eq 4 ] || fail "4 records"
[ "$(grep -o 'RO\[[0-9]*\]' "$tmp/ceph.sgf" | tr -d '\n')" = \
  "RO[1]RO[2]RO[3]RO[4]" ] || fail "records not in game order"
[ "$(grep -o 'PW\[[^]]*\]' "$tmp/ceph.sgf" | tr -d '\n')" = \
  "PW[one]PW[two]PW[one]PW[two]" ] ||
    fail "colours do not alternate"
grep -q 'GM\[1002\]XGAME\[cephalopod\]' "$tmp/ceph.sgf" || fail "GM"
"$TRIAD_MATCH" --merge "$tmp/ceph.sgf" > "$tmp/merge.out" 2>&1 ||
    fail "merge failed (bad or illegal record)"
[ "$(grep '^Score of' "$tmp/merge.out")" = "$score" ] ||
    fail "merge gives another score"

# 2. Openings: both games of a pair share the Truchet key and the random
# plies, pairs differ, and concurrency changes nothing.
# openings NAME CONCURRENCY FIRST GAMES: XSETUP and two plies per game.
openings() {
    "$TRIAD_MATCH" --game truchet --engine "$TRIAD" --name one \
        --engine "$TRIAD" --name two --movetime 0.02 --grace 30 --games "$4" \
        --first-game "$3" --random-plies 2 --maxplies 6 --seed 11 \
        --concurrency "$2" --quiet --records "$tmp/$1.sgf" \
        > "$tmp/$1.out" 2>&1 || fail "truchet match: $?"
    awk '/^XMATCH/ { sub(/.*XSETUP/, "XSETUP"); sub(/XOPENING.*/, "");
         print } /^XREASON/ { getline; split($0, a, ";");
         print a[2] ";" a[3] }' "$tmp/$1.sgf"
}
openings tru1 1 0 4 > "$tmp/open1"
openings tru2 2 0 4 > "$tmp/open2"
cmp -s "$tmp/open1" "$tmp/open2" || fail "openings depend on concurrency"
# Another host playing games 3 and 4 only gets the same openings.
openings host2 1 2 2 > "$tmp/open3"
tail -n 4 "$tmp/open1" | cmp -s - "$tmp/open3" ||
    fail "openings depend on --first-game"
grep -q 'RO\[3\]' "$tmp/host2.sgf" || fail "game numbers of --first-game"
keys=$(grep -o 'XSETUP\[[0-9]*\]' "$tmp/tru1.sgf" | tr '\n' ' ')
set -- $keys
[ $# -eq 4 ] && [ "$1" = "$2" ] && [ "$3" = "$4" ] && [ "$1" != "$3" ] ||
    fail "truchet keys per pair: $keys"
set -- $(grep -A1 '^XREASON' "$tmp/tru1.sgf" | grep '^;' | cut -d';' -f2,3)
[ "$1" = "$2" ] && [ "$3" = "$4" ] || fail "random plies per pair"
grep -q 'RE\[0\]XEND\[adjudicated\]' "$tmp/tru1.sgf" ||
    grep -q 'XEND\[normal\]' "$tmp/tru1.sgf" || fail "truchet results"
"$TRIAD_MATCH" --merge "$tmp/tru1.sgf" "$tmp/tru1.sgf" > "$tmp/m2.out" \
    2> "$tmp/dups.out" && fail "duplicates not reported"
[ "$(grep -c 'appears again' "$tmp/dups.out")" -eq 4 ] || fail "dups"

# 3. A Fischer clock on DVONN random starts.  The grace allows for a
# machine loaded far beyond its cores (and sanitizer builds); how well the
# engine spends its clock is measured by matches, not here.
"$TRIAD_MATCH" --game dvonn --dvonn-random --engine "$TRIAD" --name one \
    --engine "$TRIAD --seed 9" --name two --tc 2+0.1 --grace 10 --games 2 \
    --concurrency 2 --records "$tmp/dv.sgf" > "$tmp/dv.out" 2>&1 ||
    fail "dvonn match: $?"
grep -q '^Forfeits: one 0 (0 on time), two 0 (0 on time)$' \
    "$tmp/dv.out" || fail "clock forfeits"
grep -q 'GM\[37\]' "$tmp/dv.sgf" && grep -q 'XSETUP\[random=' "$tmp/dv.sgf" ||
    fail "dvonn record"
"$TRIAD_MATCH" --merge "$tmp/dv.sgf" > /dev/null 2>&1 || fail "dvonn merge"

# 4. SPRT: seeded random players are deterministic, so the match stops at
# the same game with one or three games at a time.  The long grace keeps
# a machine loaded far beyond its cores from turning a slow reply into a
# time forfeit, which would make the score depend on the scheduling.
sprt() {
    "$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" \
        --option method=random --option seed=3 --engine "$TRIAD" \
        --option method=random --option seed=4 --games 40 \
        --grace 30 --random-plies 2 --sprt 200,400,0.1,0.1 --concurrency "$1" \
        --records "$tmp/sprt$1.sgf" --quiet > "$tmp/sprt$1.out" 2>&1 ||
        fail "sprt match: $?"
}
sprt 1
sprt 3
grep -q '^SPRT decided after [0-9]* games$' "$tmp/sprt1.out" ||
    fail "SPRT did not stop the match"
grep -q ' - H0 accepted$' "$tmp/sprt1.out" || fail "SPRT verdict"
# (3 games at once may draw a warning about the cores: not a result)
grep -v '^triad-match: warning: ' "$tmp/sprt3.out" |
    cmp -s "$tmp/sprt1.out" - || fail "SPRT depends on scheduling"
n=$(sed -n 's/^SPRT decided after \([0-9]*\) games$/\1/p' "$tmp/sprt1.out")
[ "$(grep -c '^(;' "$tmp/sprt3.sgf")" -eq "$n" ] || fail "records != $n"
exit 0
