#!/bin/sh
# limits.sh -- absurd limits: perft, solve, analyze, bench, set_option,
# time_settings and time_left refuse values out of range with a syntax
# error and change nothing; within range, solve and analyze answer
# within the seconds they were given and genmove within a tiny clock.
. "${srcdir:-.}/tests/robust/lib.sh"

refused='perft 33|perft -1|perft 99999999999999999999|perft 1e3|perft 2x
solve 86401|solve 1e9|solve 0|solve -1|solve nan|solve inf
analyze 86401|analyze 0|analyze nan|analyze 1e999
bench 0|bench -5|bench abc|bench 18446744073709551616
set_option hash 0|set_option hash 16385|set_option hash -1|set_option hash 1.5
set_option threads 0|set_option threads 65|set_option threads 99999999999
set_option movetime -1|set_option movetime 86401|set_option movetime nan
set_option movetime inf|set_option maxnodes -1
set_option maxnodes 18446744073709551616|set_option maxplies -1
set_option maxplies 1000001|set_option method best|set_option seed -1
set_option seed 18446744073709551616|set_option nosuch 1
time_settings -1 0 0|time_settings 0 -1 0|time_settings 0 0 -1
time_settings 1e10 0 0|time_settings nan 0 0|time_settings 1 1 1000001
time_left w -1 0|time_left w nan 0|time_left w 1 -1|time_left x 1 0
setup cephalopod 9x9|setup dvonn random=x|setup truchet x|setup chess'

# Every refused command (ids 1xx) is followed by "options", "position"
# and "history" (ids 2xx, 3xx, 4xx), which must answer as at the start
# (2, 3, 4).  At the end a random setup (id 9) must give the same board
# as in an engine that never saw the refused commands: they did not
# touch the generator.  (The clocks are not visible through the
# protocol; check_proto's snapshot compares them.)
printf '%s\n' "$refused" | tr '|' '\n' > "$tmp/refused"
start_lines() {
    printf '%s\n' "set_option hash 1" "setup dvonn random=3" "play w a3a2" \
        "2 options" "3 position" "4 history"
}
end_lines() {
    printf '%s\n' "8 setup truchet" "9 position"
}
{
    start_lines
    k=100
    while IFS= read -r c; do
        k=$((k + 1))
        printf '%s\n' "$k $c" "$((k + 100)) options" "$((k + 200)) position" \
            "$((k + 300)) history"
    done < "$tmp/refused"
    end_lines
} > "$tmp/in"
timeout -s KILL 60 "$TRIAD" --quiet < "$tmp/in" > "$tmp/out" 2> "$tmp/err" ||
    fail "engine status $?"
{ start_lines; end_lines; } |
    timeout -s KILL 60 "$TRIAD" --quiet > "$tmp/ref" 2>&1 ||
    fail "reference engine status $?"
[ "$(grep '^=9 ' "$tmp/out")" = "$(grep '^=9 ' "$tmp/ref")" ] ||
    fail "the refused commands changed the random setup that followed"
LC_ALL=C awk '
    /^[=?][0-9]+/ { id = substr($1, 2) + 0; cur = id; text[id] = $0; next }
    $0 != "" { text[cur] = text[cur] "\n" $0 }
    END {
        for (k = 101; (k in text); k++) {
            n++
            if (text[k] !~ /^\?[0-9]+ syntax error: ./) {
                print "FAIL: not refused: " text[k]; bad = 1
            }
            sub(/^=[0-9]+ /, "", text[k + 100]); sub(/^=[0-9]+ /, "", text[2])
            sub(/^=[0-9]+ /, "", text[k + 200]); sub(/^=[0-9]+ /, "", text[3])
            sub(/^=[0-9]+ ?/, "", text[k + 300]); sub(/^=[0-9]+ ?/, "", text[4])
            if (text[k + 100] != text[2] || text[k + 200] != text[3] ||
                text[k + 300] != text[4]) {
                print "FAIL: changed the options, position or history: " text[k]
                bad = 1
            }
        }
        if (n < 40) { print "FAIL: only " n " replies"; bad = 1 }
        if (bad) exit 1
        print "ok: " n " out-of-range commands refused, nothing changed"
    }' "$tmp/out" || exit 1

# Within range, the thinking commands keep to their time.
# timed LIMIT_MS COMMAND...: the last command must answer '=' and the
# engine (one thread) must have used at most LIMIT_MS milliseconds of
# CPU time, start-up included.  CPU time, not wall time: a loaded machine
# stretches the latter but not the work a search does past its deadline.
# (timeout's KILL after 60 s catches an engine that hangs without work.)
timed() {
    limit=$1
    shift
    cpu=$( { printf '%s\n' "set_option hash 1" "$@" |
             timeout -s KILL 60 "$TRIAD" --quiet > "$tmp/out" 2>&1; times; } |
           awk 'END { split($1, u, /[ms]/); split($2, s, /[ms]/)
                      print int((u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000) }')
    tail -n 2 "$tmp/out" | head -n 1 | grep -q '^=' ||
        fail "$*: $(tail -n 2 "$tmp/out")"
    [ "$cpu" -le "$limit" ] || fail "$*: used $cpu ms of CPU"
    echo "ok: $(printf '%s; ' "$@")$cpu ms of CPU"
}
timed 4000 "setup truchet" "solve 0.5"
timed 4000 "setup cephalopod" "solve 0.5"
timed 4000 "setup dvonn random" "set_option method mcts" "analyze 0.5"
timed 4000 "setup truchet" "time_settings 1 0 0" "genmove l"
timed 4000 "setup cephalopod 8x8" "time_left b 0.01 0" "play a1" "genmove b"
timed 4000 "setup dvonn" "set_option movetime 0" "genmove w"
exit 0
