#!/bin/sh
# timeleft.sh -- the clock each engine had left at the end of its games
# under --tc: WL and BL on each record's last node, and per engine the
# mean, the least and the time losses in the final statistics, the same
# from --merge and after --resume.  Fake engines whose time is known:
# one never answers (it loses on time with 0 s left), one sleeps 0.4 s
# and resigns (at most 0.6 s of its 1 s left); an engine that never moved
# keeps its whole clock.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.
test_name=timeleft
. "${srcdir:-.}/tests/match/common.sh"

# match RECORDS OUT [OPTION]...: two games, each fake engine white once.
match() {
    records=$1
    out=$2
    shift 2
    "$TRIAD_MATCH" --game cephalopod --setup 3x3 \
        --engine "sh '$fake' sleep" --name sleeper \
        --engine "sh '$fake' nap" --name napper \
        --tc 1 --grace 0 --games 2 --records "$tmp/$records" "$@" \
        > "$tmp/$out" 2> "$tmp/$out.err"
}

# clocks FILE: the clock lines of a summary.
clocks() {
    grep '^Clock left at the end: ' "$1"
}

match fakes.sgf fakes.out || fail "match of fake engines: $?"
# Game 1: the sleeper (white) lost on time, the napper never moved.
sed -n '1,/^)$/p' "$tmp/fakes.sgf" > "$tmp/first.sgf"
grep -q '^WL\[0\.000\]BL\[1\.000\]$' "$tmp/first.sgf" ||
    fail "game 1: not WL[0.000]BL[1.000]"
# Game 2: the napper (white) slept at least 0.4 s of its 1 s.
wl=$(sed -n '/RO\[2\]/,$s/^WL\[\([0-9.]*\)\]BL\[1\.000\]$/\1/p' \
    "$tmp/fakes.sgf")
[ -n "$wl" ] || fail "game 2: no WL[...]BL[1.000]"
awk -v wl="$wl" 'BEGIN { exit !(wl >= 0 && wl <= 0.6) }' ||
    fail "game 2: the napper had $wl s left after sleeping 0.4 s of 1 s"
clocks "$tmp/fakes.out" > "$tmp/fakes.clocks"
grep -qx 'Clock left at the end: sleeper mean 0\.500 s, least 0\.000 s over 2 games, 1 lost on time' \
    "$tmp/fakes.clocks" || fail "the sleeper's clock line"
# The napper: game 1 whole (1 s), game 2 what the record says.
expect=$(awk -v wl="$wl" 'BEGIN { printf "mean %.3f s, least %.3f s",
                                  (1 + wl) / 2, wl }')
grep -qx "Clock left at the end: napper $expect over 2 games, 0 lost on time" \
    "$tmp/fakes.clocks" || fail "the napper's clock line (expected $expect)"

# --merge prints the same lines from the records.
"$TRIAD_MATCH" --merge "$tmp/fakes.sgf" > "$tmp/merge.out" 2>&1 ||
    fail "merge: $?"
clocks "$tmp/merge.out" | cmp -s - "$tmp/fakes.clocks" ||
    fail "--merge prints other clock lines than the match"
# Records without WL and BL (older ones) carry no clock: only the games
# that do count, and none at all prints no clock line.
sed '/RO\[1\]/,/^)$/{/^WL/d}' "$tmp/fakes.sgf" > "$tmp/half.sgf"
"$TRIAD_MATCH" --merge "$tmp/half.sgf" > "$tmp/half.out" 2>&1 ||
    fail "merge of a record without WL/BL: $?"
grep -qx 'Clock left at the end: sleeper mean 1\.000 s, least 1\.000 s over 1 games, 1 lost on time' \
    "$tmp/half.out" || fail "merge counted a game without clocks"
sed '/^WL/d' "$tmp/fakes.sgf" > "$tmp/none.sgf"
"$TRIAD_MATCH" --merge "$tmp/none.sgf" > "$tmp/none.out" 2>&1 ||
    fail "merge of records without WL/BL: $?"
! grep -q '^Clock' "$tmp/none.out" || fail "a clock line without clocks"
# A clock that is not a number of seconds is no clock either.
sed 's/^WL\[0\.000\]/WL[-1]/' "$tmp/fakes.sgf" > "$tmp/bad.sgf"
"$TRIAD_MATCH" --merge "$tmp/bad.sgf" > "$tmp/bad.out" 2>&1 ||
    fail "merge of a record with WL[-1]: $?"
grep -q 'sleeper .* over 1 games' "$tmp/bad.out" ||
    fail "WL[-1] was taken for a clock"

# --resume: the game already in the records counts with its clocks.
cp "$tmp/first.sgf" "$tmp/resumed.sgf"
match resumed.sgf resumed.out --resume || fail "resumed match: $?"
grep -q '^Resumed: 1 games' "$tmp/resumed.out" || fail "nothing resumed"
clocks "$tmp/resumed.out" > "$tmp/resumed.clocks"
"$TRIAD_MATCH" --merge "$tmp/resumed.sgf" > "$tmp/remerge.out" 2>&1 ||
    fail "merge after resume: $?"
clocks "$tmp/remerge.out" | cmp -s - "$tmp/resumed.clocks" ||
    fail "the resumed match's clock lines differ from its records'"
grep -q 'sleeper mean 0\.500 s, least 0\.000 s over 2 games, 1 lost' \
    "$tmp/resumed.clocks" || fail "the resumed game's clock was not counted"

# Real games: the clocks are on the node of the last move, never above
# the main time; without a clock (--movetime) there are none.
"$TRIAD_MATCH" --game cephalopod --setup 3x3 \
    --engine "$TRIAD --seed 3" --option method=random --name r1 \
    --engine "$TRIAD --seed 4" --option method=random --name r2 \
    --tc 5 --games 2 --records "$tmp/real.sgf" > "$tmp/real.out" 2>&1 ||
    fail "match of random players: $?"
# lasts: for each record, what follows its last move up to its end.
awk '/^\(;/ { tail = "" } { tail = tail $0 }
     /^\)$/ { n = split(tail, part, /;[WB]\[/); print part[n] }' \
    "$tmp/real.sgf" > "$tmp/real.tails"
[ "$(grep -c '^[^]]*\][^;]*WL\[[0-9.]*\]BL\[[0-9.]*\]' "$tmp/real.tails")" \
    -eq 2 ] || fail "the clocks are not on the last move's node"
sed -n 's/.*WL\[\([0-9.]*\)\]BL\[\([0-9.]*\)\].*/\1 \2/p' \
    "$tmp/real.tails" | awk '$1 > 5 || $2 > 5 { bad = 1 } END { exit bad }' ||
    fail "a clock above the main time"
[ "$(clocks "$tmp/real.out" | grep -c 'over 2 games, 0 lost on time$')" \
    -eq 2 ] || fail "the real match's clock lines"
"$TRIAD_MATCH" --game cephalopod --setup 3x3 \
    --engine "$TRIAD" --option method=random --name r1 \
    --engine "$TRIAD" --option method=random --name r2 \
    --movetime 0.05 --games 2 --records "$tmp/movetime.sgf" \
    > "$tmp/movetime.out" 2>&1 || fail "match under --movetime: $?"
! grep -q 'WL\[' "$tmp/movetime.sgf" || fail "clocks under --movetime"
! grep -q '^Clock' "$tmp/movetime.out" || fail "clock lines under --movetime"
exit 0
