#!/bin/sh
# faults.sh -- triad-match against a deliberately broken engine
# (fake-engine.sh): every kind of fault loses the game for the broken
# engine with the right reason, nothing hangs, no engine process is left
# behind, the records merge back to the same score; plus the exit
# statuses of a dead engine and of bad command lines.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.
set -f
TRIAD=${TRIAD:-src/triad}
TRIAD_MATCH=${TRIAD_MATCH:-src/triad-match}
fake="${srcdir:-.}/tests/match/fake-engine.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/faults.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*"
    [ -f "$tmp/out" ] && cat "$tmp/out"
    exit 1
}

# run MODE: a 2-game match, triad (A) against the fake engine in MODE.
# The grace is generous: triad, maybe built with sanitizers on a machine
# loaded far beyond its cores, must always answer within it; the fakes
# that hang are judged at the same deadline all the same.
run() {
    rm -f "$tmp/r.sgf"
    start=$(date +%s)
    "$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" \
        --name triad --engine "sh $fake $1 $tmp" --name fake --movetime 0.05 \
        --grace 10 \
        --games 2 --concurrency 2 --records "$tmp/r.sgf" > "$tmp/out" 2>&1
    status=$?
    elapsed=$(( $(date +%s) - start ))
}

# check MODE REASON FORFEITS: both games lost by the fake for REASON.
check() {
    run "$1"
    [ $status -eq 0 ] || fail "$1: exit status $status"
    # The fakes that hang sleep 30 s: a referee that waited for them
    # instead of judging them at the deadline would take that long.  (No
    # tighter wall-clock bound: a busy machine may slow the match.)
    [ $elapsed -lt 30 ] || fail "$1: took $elapsed s"
    [ "$(grep -c "{fake (.*) $2" "$tmp/out")" -eq 2 ] ||
        fail "$1: expected two games lost with '$2'"
    score=$(grep '^Score of triad vs fake: 2 - 0 - 0 \[1.000\] 2$' \
            "$tmp/out") || fail "$1: score"
    grep -q "^Forfeits: triad 0 (0 on time), fake $3\$" "$tmp/out" ||
        fail "$1: forfeit count"
    "$TRIAD_MATCH" --merge "$tmp/r.sgf" > "$tmp/merged" 2>&1 ||
        fail "$1: records do not merge"
    [ "$(grep '^Score of' "$tmp/merged")" = "$score" ] ||
        fail "$1: merged score differs"
    if ps -eo args | grep -v grep | grep -q "fake-engine.sh .* $tmp"; then
        fail "$1: an engine process was left behind"
    fi
}

check crash 'crashed (killed by signal 11)' '2 (0 on time)'
check exit 'exited with status 3' '2 (0 on time)'
check illegal 'played an illegal move: a1' '2 (0 on time)'
check garbage "sent a malformed reply to 'genmove" '2 (0 on time)'
check refuse 'refused genmove: cannot do that' '2 (0 on time)'
check badtoken 'sent a malformed reply to genmove: "a1 b2"' '2 (0 on time)'
check resign 'resigned' '0 (0 on time)'
check sleep 'lost on time: no move within 10.06 s' '2 (2 on time)'
check close 'closed its output' '2 (0 on time)'
check flood 'sent a malformed reply .*(reply too long)' '2 (0 on time)'
check nul 'sent a malformed reply to genmove: "a1"' '2 (0 on time)'
grep -q 'RE\[W+F\]' "$tmp/r.sgf" && grep -q 'RE\[B+F\]' "$tmp/r.sgf" ||
    fail "forfeit results in the records"

# An engine that dies at once: the match does not start (status 1).
run dead
[ $status -eq 1 ] || fail "dead engine: exit status $status"
grep -q "^triad-match: engine B (fake, .*): exited with status 4" \
    "$tmp/out" || fail "dead engine: message"

# Bad command lines: status 2 and a reason.
"$TRIAD_MATCH" --game cephalopod --engine a > "$tmp/out" 2>&1
[ $? -eq 2 ] && grep -q 'two --engine' "$tmp/out" || fail "usage status"
"$TRIAD_MATCH" --game cephalopod --random-start --engine "$TRIAD" \
    --engine "$TRIAD" > "$tmp/out" 2>&1
[ $? -eq 2 ] && grep -q 'no random start' "$tmp/out" || fail "setup status"
"$TRIAD_MATCH" --merge "$tmp/nonexistent.sgf" > "$tmp/out" 2>&1 &&
    fail "merge of a missing file"
printf '(;XGAME[cephalopod' > "$tmp/bad.sgf"
"$TRIAD_MATCH" --merge "$tmp/bad.sgf" > "$tmp/out" 2>&1 &&
    fail "merge of a broken file"
grep -q 'bad.sgf: record 1: ' "$tmp/out" || fail "broken file message"
exit 0
