#!/bin/sh
# hangup.sh -- a long command stops when its controller has gone: the
# reader of the engine's output quits while perft 32, analyze 86400,
# solve 86400 or bench with 2^64-1 nodes runs.  They used to run on at
# full CPU for ever after the controller was gone.
. "${srcdir:-.}/tests/robust/lib.sh"

# stops COMMAND GAME: the engine, fed COMMAND, its output read by a
# process that exits at once, must end with status 0 within 15 s.
stops() {
    rm -f "$tmp/st"
    t0=$(millis)
    timeout -s KILL 15 sh -c \
        "printf '%s\n' \"\$1\" | { \"\$0\" --quiet --game \"\$2\"; echo \$? > '$tmp/st'; } | true" \
        "$TRIAD" "$1" "$2" 2> "$tmp/err"
    t1=$(millis)
    st=$(cat "$tmp/st" 2>/dev/null)
    [ "$st" = 0 ] || { cat "$tmp/err"; fail "$1: engine status '$st' (killed after 15 s?)"; }
    echo "ok: $1 ($2) stopped $((t1 - t0)) ms after its reader left"
}

stops "perft 32" cephalopod
stops "analyze 86400" dvonn
stops "solve 86400" truchet
stops "bench 18446744073709551615" cephalopod
exit 0
