#!/bin/sh
# analysis.sh -- triad --analysis through real pipes, as a GUI drives it:
# an answer comes while the input is still open (as soon as it is ready,
# not at the end of input), a cancel stops a search that would run for
# hours, the end of input ends the process with status 0, and the command
# line's bad values are refused.  tests/check_analysis.c checks the
# answers themselves.
. "${srcdir:-.}/tests/robust/lib.sh"

start --analysis --threads 2 --hash 4
send '{"id": "quick", "game": "cephalopod", "setup": "3x3", "moves": ["b2"], "turns": [1], "nodes": 2000}'
wait_for '"id": "quick", "turn": 1, "side": "black"' 30
ticks=$(cpu_ticks)
send '{"id": "slow", "game": "dvonn", "setup": "random=5", "turns": [0, 0, 0], "nodes": 10000000000}'
wait_cpu $((ticks + 20)) 30         # the two searches are running
send '{"id": "stop", "action": "cancel", "target": "slow"}'
wait_for '"id": "stop", "action": "cancel", "target": "slow", "cancelled": 3' 30
send '{"id": "bad", "game": "chess"}'
wait_for '"id": "bad", "error": "unknown game' 30
finish
[ "$status" -eq 0 ] || fail "exit status $status at the end of input"
grep -q '"id": "slow", "turn"' "$tmp/out" && fail "a cancelled turn was answered"
[ "$(grep -c '' "$tmp/out")" -eq 3 ] || fail "not three lines"

# Bad command lines: status 1 and a reason, nothing on standard output.
for args in "--threads 0" "--hash 99999" "--seed x" "--game dvonn" \
            "--movetime 1"; do
    # shellcheck disable=SC2086
    "$TRIAD" --analysis $args < /dev/null > "$tmp/out" 2> "$tmp/err" &&
        fail "--analysis $args was accepted"
    [ -s "$tmp/err" ] || fail "--analysis $args: no reason given"
    [ -s "$tmp/out" ] && fail "--analysis $args: output on stdout"
done
echo "ok: answers while the input is open, cancel, end of input, options"
exit 0
