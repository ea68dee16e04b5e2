#!/bin/sh
# records.sh -- what a match keeps: run ids make records of different
# runs distinct games when merged (two runs with the default seed in one
# file count all their games), a file merged twice counts its games once
# and says so, two different records of one game make the merge refuse;
# SIGINT keeps the games that finished after an unfinished one; an
# engine's unsolicited extra reply is named as the fault; a --concurrency
# above the number of cores is warned about; --engine-stderr lines carry
# the engine's name; progress: plain lines in a pipe, a live line on a
# terminal; the engine's printsgf merges once its game is over, and
# never mid-game.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.
test_name=records
. "${srcdir:-.}/tests/match/common.sh"
pid=
on_exit='[ -n "$pid" ] && kill "$pid" 2>/dev/null'

# match OUT [OPTION]...: 4 games of random players into one.sgf.
match() {
    out=$1
    shift
    "$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" \
        --name one --option method=random --engine "$TRIAD" --name two \
        --option method=random --option seed=7 --movetime 0.02 --grace 30 \
        --games 4 --quiet --records "$tmp/one.sgf" "$@" > "$tmp/$out" \
        2>&1 || fail "match $out: $?"
}

# wins FILE: the wins and losses of the Score line, as "W L".
wins() {
    sed -n 's/^Score of one vs two: \([0-9]*\) - \([0-9]*\) - .*/\1 \2/p' "$1"
}

# 1. Two runs, default seed, one file: all 8 games count.
match run1.out --each-option seed=3
match run2.out --each-option seed=5
set -- $(wins "$tmp/run1.out") $(wins "$tmp/run2.out")
expect="$(( $1 + $3 )) - $(( $2 + $4 )) - 0"
[ "$(grep -c 'XRUN\[' "$tmp/one.sgf")" -eq 8 ] || fail "XRUN in records"
[ "$(grep -o 'XRUN\[[^]]*\]' "$tmp/one.sgf" | sort -u | wc -l)" -eq 2 ] ||
    fail "two runs, two run ids"
"$TRIAD_MATCH" --merge "$tmp/one.sgf" > "$tmp/m1.out" 2> "$tmp/m1.err" ||
    fail "merge of two runs: $?"
grep -q "^Score of one vs two: $expect \[.*\] 8\$" "$tmp/m1.out" ||
    fail "two runs merged: expected $expect"
grep -q 'note: 4 games have the seed and number of a game of another run' \
    "$tmp/m1.err" || fail "overlap of runs not reported"

# 2. The same file twice: every game counted once, each copy reported.
"$TRIAD_MATCH" --merge "$tmp/one.sgf" "$tmp/one.sgf" > "$tmp/m2.out" \
    2> "$tmp/m2.err" && fail "copies not reported in the status"
[ "$(grep -c 'appears again: the same record, counted once' \
     "$tmp/m2.err")" -eq 8 ] || fail "copies"
grep -q "^Score of one vs two: $expect \[.*\] 8\$" "$tmp/m2.out" ||
    fail "copies changed the score"

# 3. One run id, two different matches: the merge refuses.
rm -f "$tmp/one.sgf"
match same1.out --run-id shard --each-option seed=3
match same2.out --run-id shard --each-option seed=11
if cmp -s "$tmp/same1.out" "$tmp/same2.out"; then
    echo "SKIP part 3: the two seeds gave the same games"
else
    "$TRIAD_MATCH" --merge "$tmp/one.sgf" > "$tmp/m3.out" \
        2> "$tmp/m3.err" && fail "conflicting records accepted"
    grep -q 'appears again with a different record' "$tmp/m3.err" ||
        fail "conflict not named"
    grep -q '^Score of' "$tmp/m3.out" && fail "a score despite conflicts"
fi
"$TRIAD_MATCH" --game cephalopod --engine a --engine b --run-id 'a b' \
    > /dev/null 2>&1
[ $? -eq 2 ] || fail "a bad --run-id is not a usage error"

# 4. SIGINT while game 1 (the fake thinks as black) is unfinished and
# game 2 (the fake resigns as white) has finished: game 2 is kept.
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" \
    --name triad --engine "sh $fake slowdark $tmp" --name fake \
    --movetime 20 --games 2 --concurrency 2 --records "$tmp/int.sgf" \
    > "$tmp/int.out" 2>&1 &
pid=$!
for i in $(seq 100); do
    grep -q '^Finished game 2' "$tmp/int.out" && break
    sleep 0.1
done
grep -q '^Finished game 2' "$tmp/int.out" || fail "game 2 did not finish"
kill -INT "$pid"
wait "$pid"
status=$?
pid=
[ $status -eq 130 ] || fail "interrupted match: exit status $status"
grep -q '^Match stopped after 1 of 2 games$' "$tmp/int.out" ||
    fail "the finished game was not counted"
grep -q '^Score of triad vs fake: 1 - 0 - 0 \[1.000\] 1$' "$tmp/int.out" ||
    fail "score after SIGINT"
[ "$(grep -o 'RO\[[0-9]*\]' "$tmp/int.sgf")" = 'RO[2]' ] ||
    fail "the record of game 2 was not kept"
if ps -eo args | grep -v grep | grep -q "fake-engine.sh .* $tmp"; then
    fail "an engine process was left behind"
fi

# 5. An extra reply after 'play' is the fault, not the next genmove.
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" \
    --name triad --engine "sh $fake extra $tmp" --name fake \
    --movetime 0.05 --grace 10 --games 2 > "$tmp/extra.out" 2>&1 ||
    fail "extra: $?"
grep -q "{fake (black) sent an unsolicited reply before 'genmove black': \"=" \
    "$tmp/extra.out" || fail "unsolicited reply not named"
grep -q 'malformed' "$tmp/extra.out" && fail "blamed as a malformed reply"

# 6. More games at once than cores: a warning.
cores=$(getconf _NPROCESSORS_ONLN)
n=$((cores + 1))
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "sh $fake resign" \
    --name r1 --engine "sh $fake resign" --name r2 --games "$n" \
    --concurrency "$n" --quiet > "$tmp/conc.out" 2>&1 || fail "conc: $?"
grep -q "warning: $n games at once on $cores cores" "$tmp/conc.out" ||
    fail "no warning for --concurrency $n on $cores cores"
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "sh $fake resign" \
    --name r1 --engine "sh $fake resign" --name r2 --games 2 \
    --concurrency 1 --quiet > "$tmp/conc1.out" 2>&1 || fail "conc1: $?"
grep -q warning "$tmp/conc1.out" && fail "a warning at concurrency 1"

# 7. --engine-stderr: every line starts with the name of its engine.
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" --name one \
    --engine "$TRIAD" --name two --movetime 0.02 --grace 30 --games 2 \
    --quiet --engine-stderr "$tmp/err.log" > "$tmp/err.out" 2>&1 ||
    fail "engine-stderr: $?"
grep -q '^one: info ' "$tmp/err.log" && grep -q '^two: info ' "$tmp/err.log" ||
    fail "no named lines from both engines"
grep -v '^one: \|^two: ' "$tmp/err.log" | grep -q . &&
    fail "a line without its engine's name: $(grep -v '^one: \|^two: ' "$tmp/err.log" | head -1)"

# 8. Progress.  In a pipe: a plain line after every tenth of the games.
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "sh $fake resign" \
    --name r1 --engine "sh $fake resign" --name r2 --games 20 \
    > "$tmp/prog.out" 2>&1 || fail "progress: $?"
[ "$(grep -c '^Progress: ' "$tmp/prog.out")" -eq 10 ] ||
    fail "10 plain progress lines expected"
grep -q '^Progress: 10 of 20 games, r1 5 - 5 - 0 \[0.500\], Elo 0.0 +/- [0-9.]*, [0-9.]* games/min, about [0-9]* s left$' \
    "$tmp/prog.out" || fail "progress line at 10 games"
grep -q '^Progress: 20 of 20 games, r1 10 - 10 - 0 \[0.500\], Elo 0.0 +/- [0-9.]*, [0-9.]* games/min$' \
    "$tmp/prog.out" || fail "last progress line"
grep -q "$(printf '\r')" "$tmp/prog.out" && fail "a live line in a pipe"
# On a terminal (script(1) gives one): the line is rewritten in place.
if command -v script > /dev/null 2>&1; then
    script -qc "'$TRIAD_MATCH' --game cephalopod --setup 3x3 \
        --engine 'sh $fake resign' --name r1 --engine 'sh $fake resign' \
        --name r2 --games 4" /dev/null > "$tmp/tty.out" 2>&1 ||
        fail "progress on a terminal: $?"
    grep -q 'Progress: ' "$tmp/tty.out" && fail "plain lines on a terminal"
    [ "$(grep -c "$(printf '\033')\[K4 of 4 games, r1 2 - 2 - 0" \
         "$tmp/tty.out")" -eq 1 ] || fail "no live line on a terminal"
else
    echo "SKIP part 8b: no script(1) to give a terminal"
fi

# 9. The engine's printsgf (XSETPOSITION[]: it keeps its start as a
# position) merges when the game is over; mid-game (RE[?]) it is refused,
# not counted as a draw.
# printsgf PAIRS [COMMAND...]: a 3x3 game, the commands, PAIRS genmove
# pairs (those after the end fail and are dropped), then its record.
printsgf() {
    pairs=$1
    shift
    { printf 'setup cephalopod 3x3\nset_option maxnodes 2000\n'
      [ $# -gt 0 ] && printf '%s\n' "$@"
      k=0
      while [ $k -lt "$pairs" ]; do
          printf 'genmove white\ngenmove black\n'
          k=$((k + 1))
      done
      printf 'printsgf\nquit\n'; } |
        "$TRIAD" --quiet 2>/dev/null | sed -e '/^[=?]/d' -e '/^$/d'
}
printsgf 40 > "$tmp/over.sgf"
grep -q 'XSETPOSITION\[\]' "$tmp/over.sgf" || fail "printsgf: no XSETPOSITION"
"$TRIAD_MATCH" --merge "$tmp/over.sgf" > "$tmp/over.out" 2>&1 ||
    fail "printsgf of a finished game: $(cat "$tmp/over.out")"
grep -q '^Merged 1 games' "$tmp/over.out" || fail "printsgf: not merged"
printsgf 0 'play b2' > "$tmp/mid.sgf"
"$TRIAD_MATCH" --merge "$tmp/mid.sgf" > "$tmp/mid.out" 2>&1 &&
    fail "an unfinished game merged"
grep -q 'the game is not finished (RE\[?\])' "$tmp/mid.out" ||
    fail "unfinished game: $(cat "$tmp/mid.out")"
exit 0
