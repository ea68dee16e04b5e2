#!/bin/sh
# valgrind.sh -- the golden transcripts and a short game of every game
# (alpha-beta, mcts and playouts, two threads, solve, perft, undo,
# setposition) under valgrind --leak-check=full: no invalid access, no
# uninitialised value used, no leak.  Skipped (77) without valgrind or on a sanitizer build.
. "${srcdir:-.}/tests/robust/lib.sh"
command -v valgrind > /dev/null 2>&1 || { echo "SKIP: no valgrind"; exit 77; }
is_asan && { echo "SKIP: AddressSanitizer build"; exit 77; }

vg() {
    valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --error-exitcode=3 "$TRIAD" --quiet --seed 1 "$@"
}

for t in "${srcdir:-.}"/tests/gtp/*.gtp; do
    vg < "$t" > "$tmp/out" 2> "$tmp/err"
    st=$?
    [ $st -eq 0 ] || { cat "$tmp/err"; fail "$(basename "$t"): status $st"; }
    cmp -s "$tmp/out" "${t%.gtp}.out" || fail "$(basename "$t"): output differs"
    echo "ok: $(basename "$t")"
done

# Every game the engine plays, from each start its setup offers.  A
# genmove w / genmove b pair per move: the one for the side not to move
# fails, which exercises the error paths too.
sh "${srcdir:-.}/scripts/games.sh" "$TRIAD" setups > "$tmp/setups" ||
    fail "no list of games"
while IFS= read -r setup; do
    {
        printf '%s\n' "set_option hash 1" "set_option maxnodes 300" \
            "set_option maxplies 24" "setup $setup"
        i=0
        while [ $i -lt 14 ]; do
            printf '%s\n' "genmove w" "genmove b"
            [ $i -eq 6 ] && printf '%s\n' "set_option method mcts" "undo" \
                "showboard" "legal_moves"
            [ $i -eq 10 ] && printf '%s\n' "set_option method playouts"
            i=$((i + 1))
        done
        printf '%s\n' "set_option threads 2" "analyze 0.2" \
            "set_option method alphabeta" "reg_genmove w" "reg_genmove b" \
            "solve 0.2" "perft 1" "history" "final_score" "position"
    } > "$tmp/in"
    vg < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
    st=$?
    [ $st -eq 0 ] || { cat "$tmp/err"; fail "$setup: status $st"; }
    n=$(grep -c '^=' "$tmp/out")
    [ "$n" -ge 25 ] || fail "$setup: only $n successful replies"
    echo "ok: $setup ($n successful replies)"
done < "$tmp/setups"
exit 0
