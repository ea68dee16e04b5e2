#!/bin/sh
# signals.sh -- SIGINT while the engine thinks stops the search and the
# command still answers promptly: genmove with the best move so far (a
# legal one, recorded in the history), analyze and solve with what they
# have, perft with "perft interrupted", bench with "bench stopped"; the
# engine then goes on.  SIGINT
# while it waits for input, or just as a search ends, is harmless: the
# session goes on (doc/robustness.md).
. "${srcdir:-.}/tests/robust/lib.sh"
[ -r /proc/self/stat ] || { echo "SKIP: no /proc to see the engine think"; exit 77; }

# interrupt ID COMMAND: sends the command, SIGINT once the engine has
# spent 0.3 s of CPU time on it (so it has read the command and is
# thinking, however busy the machine is), and expects its reply within
# 5 s; prints the reply.
interrupt() {
    ticks=$(cpu_ticks)
    send "$1 $2"
    wait_cpu "$((ticks + 30))" 60
    t0=$(millis)
    kill -INT "$pid" || fail "$2: the engine is gone"
    wait_for "^[=?]$1 " 5
    t1=$(millis)
    echo "ok: $2 answered $((t1 - t0)) ms after SIGINT" >&2
    grep -- "^[=?]$1 " "$tmp/out" | tail -n 1
}

start
ask 1 name > /dev/null || fail "name"
ask 2 "setup cephalopod" > /dev/null || fail "setup"
legal=$(ask 3 legal_moves) || fail "legal_moves"
ask 4 "set_option movetime 600" > /dev/null || fail "movetime"

reply=$(interrupt 5 "genmove w")
move=${reply#=5 }
case $reply in "=5 "?*) ;; *) fail "genmove: $reply" ;; esac
case " $legal " in *" $move "*) ;; *) fail "genmove played $move, not legal" ;; esac
[ "$(ask 6 history)" = "$move" ] || fail "history is not '$move'"

before=$(ask 7 position)
reply=$(interrupt 8 "perft 32")
[ "$reply" = "?8 perft interrupted" ] || fail "perft 32: $reply"
[ "$(ask 9 position)" = "$before" ] || fail "perft changed the position"

reply=$(interrupt 10 "solve 86400")
case $reply in "=10 "?*) ;; *) fail "solve: $reply" ;; esac
reply=$(interrupt 11 "analyze 86400")
case $reply in "=11 best "?*) ;; *) fail "analyze: $reply" ;; esac
# bench with an unbounded node count used to ignore SIGINT (a hang).
reply=$(interrupt 19 "bench 18446744073709551615")
case $reply in "?19 bench stopped "*) ;; *) fail "bench: $reply" ;; esac

# Other searchers and several threads stop as well.
ask 12 "setup truchet" > /dev/null
ask 13 "set_option method mcts" > /dev/null
reply=$(interrupt 14 "genmove l")
case $reply in "=14 "?*) ;; *) fail "mcts genmove: $reply" ;; esac
ask 15 "set_option method alphabeta" > /dev/null
ask 16 "set_option threads 2" > /dev/null
reply=$(interrupt 17 "reg_genmove d")
case $reply in "=17 "?*) ;; *) fail "2-thread reg_genmove: $reply" ;; esac
[ "$(ask 18 name)" = triad ] || fail "the engine does not answer any more"

# Idle, SIGINT is harmless (it used to end the engine, and a GUI that
# sends SIGINT as "stop" just as a search ended killed it).
kill -INT "$pid"
[ "$(ask 20 name)" = triad ] || fail "idle SIGINT ended the engine"
ask 21 "set_option movetime 0.01" > /dev/null
i=0
while [ $i -lt 30 ]; do
    send "$((100 + i)) genmove w"
    sleep 0.0$((i % 3))
    kill -INT "$pid" 2>/dev/null || fail "SIGINT around a search ended the engine"
    i=$((i + 1))
done
wait_for "^[=?]129 " 20
[ "$(ask 22 name)" = triad ] || fail "SIGINTs around searches ended the engine"
echo "ok: SIGINT at idle and around searches leaves the session running"
finish
[ "$status" = 0 ] || fail "end of input after SIGINTs: status $status"
exit 0
