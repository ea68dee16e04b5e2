#!/bin/sh
# memory.sh -- memory is bounded by the options and shortage is reported:
# the resident size follows "set_option hash" (1 MiB vs 128 MiB, and back;
# a table is made resident when it is sized),
# stays flat during a long analysis, and under an address-space limit a
# hash that cannot be had is refused with "out of memory" while the
# engine keeps its old table and goes on playing; 64 threads short of
# memory say "out of memory".  Skipped (77) under AddressSanitizer, whose
# shadow memory and reservations defeat both.
. "${srcdir:-.}/tests/robust/lib.sh"
is_asan && { echo "SKIP: AddressSanitizer build"; exit 77; }
[ -r /proc/self/status ] || { echo "SKIP: no /proc"; exit 77; }
mib() { echo $(( $1 / 1024 )); }

start
ask 1 "setup cephalopod" > /dev/null
ask 2 "set_option maxnodes 20000" > /dev/null
ask 3 "set_option hash 1" > /dev/null || fail "hash 1"
ask 4 "genmove w" > /dev/null && ask 5 "set_option method mcts" > /dev/null &&
    ask 6 "genmove b" > /dev/null || fail "genmove with hash 1"
small=$(rss_kb)
ask 7 "set_option hash 128" > /dev/null || fail "hash 128"
ask 8 "genmove w" > /dev/null && ask 9 "set_option method alphabeta" > /dev/null &&
    ask 10 "genmove b" > /dev/null || fail "genmove with hash 128"
big=$(rss_kb)
ask 11 "set_option hash 1" > /dev/null || fail "hash 1 again"
back=$(rss_kb)
echo "ok: resident size: hash 1 $(mib "$small") MiB, hash 128 $(mib "$big") MiB, back to hash 1 $(mib "$back") MiB"
[ "$small" -lt 32768 ] || fail "hash 1 uses $(mib "$small") MiB"
# The table is made resident when sized, never more than the option.
[ "$big" -gt "$small" ] && [ "$big" -lt 327680 ] ||
    fail "hash 128 uses $(mib "$big") MiB"
[ "$back" -lt 49152 ] || fail "the 128 MiB table was not given back"

# A long analysis: the table and the MCTS tree are bounded (8 + 8 MiB).
ask 12 "set_option maxnodes 0" > /dev/null
id=20
for method in mcts alphabeta; do
    ask $id "set_option hash 8" > /dev/null
    ask $((id + 1)) "setup truchet" > /dev/null
    ask $((id + 2)) "set_option method $method" > /dev/null
    # Sampled by the engine's own progress, not at fixed times (a busy
    # machine may not have run it yet): once it has thought for 0.1 s of
    # CPU time (or answered, if a busy machine gave it less in its 3 s),
    # and after its answer (resident memory does not shrink).
    ticks=$(cpu_ticks)
    send "$((id + 3)) analyze 3"
    wait_cpu "$((ticks + 10))" 30 "^=$((id + 3)) best"
    early=$(rss_kb)
    wait_for "^=$((id + 3)) best" 30
    late=$(rss_kb)
    echo "ok: analyze 3 s with $method, hash 8: $(mib "$early") MiB after $(( $(cpu_ticks) - ticks )) ticks of CPU, $(mib "$late") MiB at the end"
    [ "$late" -lt 49152 ] || fail "$method analysis grew to $(mib "$late") MiB"
    [ $((late - early)) -lt 16384 ] || fail "$method analysis grows"
    id=$((id + 10))
done
finish
[ "$status" = 0 ] || fail "exit status $status"

# Out of memory: 400 MB of address space, a 16 GiB table asked for.
(
    ulimit -v 400000 || exit 77
    start
    ask 1 "setup dvonn random" > /dev/null
    reply=$(ask 2 "set_option hash 16384") && fail "hash 16384 accepted"
    [ "$reply" = "out of memory" ] || fail "hash 16384: $reply"
    reply=$(ask 3 "set_option hash 1024") && fail "hash 1024 accepted"
    ask 4 options > /dev/null
    grep -q '^hash 64$' "$tmp/out" || fail "the hash option changed"
    ask 5 "set_option maxnodes 2000" > /dev/null
    ask 6 "genmove w" > /dev/null || fail "genmove after out of memory"
    ask 7 "set_option hash 16" > /dev/null || fail "hash 16 after out of memory"
    ask 8 "genmove b" > /dev/null || fail "genmove with hash 16"
    finish
    [ "$status" = 0 ] || fail "exit status $status"
)
st=$?
[ $st -eq 77 ] && { echo "SKIP: ulimit -v unavailable (the parts above passed)"; exit 77; }
[ $st -eq 0 ] || exit $st
echo "ok: out of memory reported, old table kept, engine goes on"

# threads 64 under 110 MB: genmove either plays or says "out of memory";
# it used to answer "internal error: the search found no legal move"
# (the move check could not allocate its list).
for game in $(sh "${srcdir:-.}/scripts/games.sh" "$TRIAD"); do
    printf 'set_option threads 64\nset_option movetime 0.2\n1 reg_genmove w\n2 genmove w\n' |
        ( ulimit -v 110000; timeout -s KILL 60 "$TRIAD" --quiet --game "$game" ) \
        > "$tmp/out" 2> "$tmp/err"
    grep -v '^=\|^$\|^?[12] out of memory$' "$tmp/out" &&
        fail "threads 64 in $game under 110 MB: $(cat "$tmp/out")"
    echo "ok: threads 64 in $game under 110 MB: $(grep -c '^?' "$tmp/out") out of memory, $(grep -c '^=[12]' "$tmp/out") moves"
done
exit 0
