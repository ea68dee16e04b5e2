#!/bin/sh
# resume.sh -- a match killed with SIGKILL after some games and continued
# with --resume ends with the same records (apart from their dates) and
# the same statistics as the match played in one go with the same seed:
# node-limited engines on one thread play the same moves whatever ran
# before.  A record cut short by the kill is removed and its game played
# again; --merge of the records gives the same pair statistics; records
# that do not belong to the command line (another seed, other engines)
# are a usage error that plays nothing; a records file that a running
# match holds is refused; a match the SPRT decided stays
# decided; --resume without records is a new match.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.
test_name=resume
. "${srcdir:-.}/tests/match/common.sh"
pid=
on_exit='[ -n "$pid" ] && kill "$pid" 2>/dev/null'

# match RECORDS OUT [OPTION]...: 24 Cephalopod 3x3 games of two
# node-limited triads (alpha-beta against MCTS) and an SPRT that does not
# decide so soon; run in a subshell, which it replaces (so that $! is
# triad-match's process id).
match() {
    records=$1
    out=$2
    shift 2
    exec "$TRIAD_MATCH" --game cephalopod --setup 3x3 --random-plies 2 \
        --engine "$TRIAD" --name ab --option maxnodes=3000 \
        --engine "$TRIAD" --name mcts --option method=mcts \
        --option maxnodes=3000 --each-option threads=1 --grace 30 \
        --games 24 --sprt -30,30,0.01,0.01 --records "$tmp/$records" "$@" \
        > "$tmp/$out" 2> "$tmp/$out.err"
}

# summary FILE: the statistics lines (from the score on).
summary() {
    sed -n '/^Score of /,$p' "$1"
}

# games FILE: the records without their dates.
games() {
    sed 's/DT\[[0-9-]*\]//' "$1"
}

# 1. In one go.
(match whole.sgf whole.out --run-id whole) || fail "uninterrupted match: $?"
[ "$(grep -c '^(;' "$tmp/whole.sgf")" -eq 24 ] || fail "24 records"
grep -q '^Pairs: 12 ' "$tmp/whole.out" || fail "no pair statistics"

# 2. The same match killed after four games, then resumed (the run id
# comes from the records).
(match part.sgf part.out --run-id whole --concurrency 2) &
pid=$!
i=0
while [ "$(cat "$tmp/part.sgf" 2>/dev/null | grep -c '^(;')" -lt 4 ]; do
    i=$((i + 1))
    [ $i -le 1200 ] || fail "no four games in 60 s"
    kill -0 "$pid" 2>/dev/null || fail "the match ended before the kill"
    sleep 0.05
done
# While it runs, its records are its own: a second match refuses them.
(match part.sgf busy.out --resume)
[ $? -eq 1 ] && grep -q 'part.sgf is in use by another process' \
    "$tmp/busy.out.err" || fail "a records file in use was not refused"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
pid=
played=$(grep -c '^(;' "$tmp/part.sgf")
echo "killed after $played games"
[ "$played" -lt 24 ] || fail "the kill came too late ($played games)"
# A record cut short, as a kill while writing leaves it: removed.
printf '(;FF[4]CA[UTF-8]AP[triad-match:0.1.0]GM[1002]XGAME[cephal' \
    >> "$tmp/part.sgf"
(match part.sgf resumed.out --resume) || fail "resumed match: $?"
grep -q "^Resumed: $played games of run whole found in " \
    "$tmp/resumed.out" || fail "no word of the resumed games"
grep -q 'was cut short' "$tmp/resumed.out.err" ||
    fail "the cut-short record not reported"
games "$tmp/whole.sgf" > "$tmp/whole.games"
games "$tmp/part.sgf" > "$tmp/part.games"
cmp -s "$tmp/whole.games" "$tmp/part.games" ||
    fail "records differ: $(diff "$tmp/whole.games" "$tmp/part.games" |
        head -5)"
summary "$tmp/whole.out" > "$tmp/whole.sum"
summary "$tmp/resumed.out" > "$tmp/resumed.sum"
cmp -s "$tmp/whole.sum" "$tmp/resumed.sum" ||
    fail "statistics differ: $(diff "$tmp/whole.sum" "$tmp/resumed.sum")"

# 3. Resuming a finished match plays nothing and says the same.
(match part.sgf again.out --resume) || fail "second resume: $?"
summary "$tmp/again.out" | cmp -s "$tmp/whole.sum" - ||
    fail "a finished match resumed changed the statistics"
[ "$(grep -c '^(;' "$tmp/part.sgf")" -eq 24 ] || fail "games added"

# 4. --merge of the records: the same pair statistics.
"$TRIAD_MATCH" --merge "$tmp/part.sgf" --sprt -30,30,0.01,0.01 > "$tmp/merge.out" \
    2>&1 || fail "merge: $?"
[ "$(grep '^Pairs' "$tmp/merge.out")" = "$(grep '^Pairs' "$tmp/whole.out")" ] ||
    fail "merged pairs: $(grep '^Pairs' "$tmp/merge.out")"

# 5. Records of another command line: a usage error, nothing played.
cp "$tmp/part.sgf" "$tmp/copy.sgf"
(match copy.sgf seed.out --resume --seed 2)
[ $? -eq 2 ] || fail "another seed: not a usage error"
grep -q 'does not belong to this command line: another --seed' \
    "$tmp/seed.out.err" || fail "another seed: reason"
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --random-plies 2 \
    --engine "$TRIAD" --name other --engine "$TRIAD" --name mcts \
    --games 24 --records "$tmp/copy.sgf" --resume > "$tmp/eng.out" \
    2> "$tmp/eng.err"
[ $? -eq 2 ] || fail "other engines: not a usage error"
grep -q 'other engines' "$tmp/eng.err" || fail "other engines: reason"
(match copy.sgf short.out --resume --games 10)
[ $? -eq 2 ] || fail "games beyond --games: not a usage error"
grep -q "not among this command's games" "$tmp/short.out.err" ||
    fail "games beyond --games: reason"
cmp -s "$tmp/part.sgf" "$tmp/copy.sgf" || fail "a refused resume wrote"

# 6. A match the SPRT decided, resumed: decided again from the records,
# nothing played.
(match sprt.sgf sprt.out --sprt 0,400) || fail "sprt match: $?"
grep -q '^SPRT decided after [0-9]* games$' "$tmp/sprt.out" ||
    fail "the SPRT did not decide"
n=$(grep -c '^(;' "$tmp/sprt.sgf")
(match sprt.sgf sprt2.out --sprt 0,400 --resume) || fail "sprt resume: $?"
[ "$(summary "$tmp/sprt2.out")" = "$(summary "$tmp/sprt.out")" ] ||
    fail "the decided match resumed says something else"
grep -q "^SPRT decided after $n games\$" "$tmp/sprt2.out" ||
    fail "resumed SPRT verdict"
[ "$(grep -c '^(;' "$tmp/sprt.sgf")" -eq "$n" ] || fail "games added"

# 7. --resume of nothing: a new match.
(match new.sgf new.out --resume --games 2) || fail "resume of nothing: $?"
[ "$(grep -c '^(;' "$tmp/new.sgf")" -eq 2 ] || fail "new match"
exit 0
