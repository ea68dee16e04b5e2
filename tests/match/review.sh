#!/bin/sh
# review.sh -- triad-match --review on records whose marks and decisive
# move are known independently: Cephalopod 2x3 games (the exact solver
# proves every position of them in a few thousand nodes) built with the
# engine's `solve`.  B, who wins 2x3, throws the win away to a draw (solve
# proves both): a draw, no decisive move, that move the only blunder; then
# W throws the draw away: B wins and W's throw is the decisive move; the
# game cut before its end (RE[?]) has no decisive move.  The reviewed
# records are read back by --merge (the SGF reader) and by the engine's
# loadsgf, and a second review gives the same file; no marked move is
# the best move of the node before it.  A scripted analysis engine with
# known answers: a move's loss is measured against the position of the
# parent's best move (analysed with a request of its own, counted in the
# progress), the best move itself loses nothing.  A malformed file, a
# missing one, bad options, SIGINT, an engine that is not one and an
# engine that dies: clear errors, the right status, nothing written.  A
# record with variations is reviewed along its main line and written back
# with them.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.
test_name=review
. "${srcdir:-.}/tests/match/common.sh"

"$TRIAD_MATCH" --review /dev/null --engine "$TRIAD" > "$tmp/probe.out" \
    2> "$tmp/probe.err"
if grep -q 'built without jansson' "$tmp/probe.err"; then
    echo "SKIP: triad-match built without jansson"
    exit 77
fi

# gtp MOVES... -- COMMAND: the reply to COMMAND after the moves, played
# from the 2x3 start (the "= " taken off; nothing when refused).  Runs in
# command substitutions: it cannot fail(), its callers check.
gtp() {
    {
        echo "setup cephalopod 2x3"
        while [ "$1" != -- ]; do
            echo "play $1"
            shift
        done
        shift
        echo "$*"
    } | "$TRIAD" --quiet > "$tmp/gtp.txt" 2>&1
    grep -q '^?' "$tmp/gtp.txt" || sed -n 's/^= \(..*\)/\1/p' "$tmp/gtp.txt" |
        tail -n 1
}

# throw_after SIDE VALUE MOVES...: the moves, then solve's best moves up
# to the first position where SIDE is to move, solve says VALUE (W+N, B+N
# or 0: its first word) and a move gives SIDE a worse value (a loss from a
# draw; a draw or a loss from a win), then that move.  Nothing if none.
throw_after() {
    who=$1
    value=$2
    shift 2
    line="$*"
    while [ -n "$(gtp $line -- legal_moves)" ]; do
        set -- $(gtp $line -- solve 10)
        [ $# -eq 2 ] || return
        best=$2
        if [ "$(gtp $line -- position | cut -d: -f3)" = "$who" ] &&
           [ "${1%%+*}" = "${value%%+*}" ]; then
            for m in $(gtp $line -- legal_moves); do
                after=$(gtp $line "$m" -- solve 10)
                case $value:$after in
                0:[WB]+*|"$who"+*:0*|"$who"+*:[WB]+*)
                    case $after in "$who"+*) ;; *)
                        echo "$line $m"
                        return ;;
                    esac ;;
                esac
            done
        fi
        line="$line $best"
    done
}

# best_to_end MOVES...: the moves, then solve's best moves to the end.
best_to_end() {
    line="$*"
    while [ -n "$(gtp $line -- legal_moves)" ]; do
        set -- $(gtp $line -- solve 10)
        [ $# -eq 2 ] || return
        line="$line $2"
    done
    echo "$line"
}

# record FILE MOVES...: printsgf of the game of those moves.
record() {
    out=$1
    shift
    gtp "$@" -- printsgf > /dev/null
    awk '/^\(;FF\[4\]/ { on = 1 } on { print } on && /\)$/ { exit }' \
        "$tmp/gtp.txt" > "$out"
    grep -q '^(;FF\[4\]' "$out" || fail "printsgf: $(cat "$tmp/gtp.txt")"
}

# count WORDS...: their number.
count() {
    echo $#
}

# 1. Perfect play from the 2x3 start (which B wins by 2) until B can throw
#    the win away, and does, to a draw; then perfect play: a draw, no
#    decisive move, B's throw a blunder.
line1=$(throw_after B B+2)
[ -n "$line1" ] || fail "no throw for B in 2x3"
n1=$(count $line1)
t1=$(echo "$line1" | awk '{ print $NF }')
[ "$(gtp $line1 -- solve 10 | cut -d' ' -f1)" = 0 ] ||
    fail "B's throw $t1 did not give a draw"
game1=$(best_to_end $line1)
[ -n "$game1" ] || fail "game 1 not played out"
record "$tmp/g1.sgf" $game1
grep -q 'RE\[0\]' "$tmp/g1.sgf" || fail "game 1 was not a draw"

# 2. The same, and later W throws the draw away: B wins, W's throw is the
#    decisive move, and each side has one blunder.
line2=$(throw_after W 0 $line1)
[ -n "$line2" ] || fail "no throw for W after $line1"
n2=$(count $line2)
t2=$(echo "$line2" | awk '{ print $NF }')
game2=$(best_to_end $line2)
[ -n "$game2" ] || fail "game 2 not played out"
record "$tmp/g2.sgf" $game2
grep -q 'RE\[B+' "$tmp/g2.sgf" || fail "game 2 was not won by B"

# 3. Unfinished: the game up to B's throw, RE[?].
record "$tmp/g3.sgf" $line1
grep -q 'RE\[?\]' "$tmp/g3.sgf" || fail "game 3 has a result"

cat "$tmp/g1.sgf" "$tmp/g2.sgf" "$tmp/g3.sgf" > "$tmp/games.sgf"
"$TRIAD_MATCH" --review "$tmp/games.sgf" --engine "$TRIAD" --nodes 100000 \
    --threads 2 --output "$tmp/reviewed.sgf" > "$tmp/review.out" \
    2> "$tmp/review.err" || fail "review: $?"
[ "$(wc -l < "$tmp/review.out")" -eq 3 ] || fail "not one line per game"
expect1="game 1: 0, no decisive move; blunders W 0 B 1, mistakes W 0 B 0,"
expect2="game 1: B+[0-9]*, lost by W's move $n2 $t2, win chance 0.50 -> 0.00"
sed -n 1p "$tmp/review.out" | grep -q "^$expect1 inaccuracies W 0 B 0\$" ||
    fail "game 1: expected $expect1"
sed -n 2p "$tmp/review.out" |
    grep -q "^$expect2 (.* dice); blunders W 1 B 1, mistakes W 0 B 0," ||
    fail "game 2: expected $expect2"
sed -n 3p "$tmp/review.out" |
    grep -q "^game 1: no result, no decisive move; blunders W 0 B 1," ||
    fail "game 3: no result"
grep -q 'Progress: ' "$tmp/review.err" || fail "no progress lines"

# The marks in the records: game 1's only mark is B's throw (move n1).
awk 'BEGIN { RS = "\\(;FF" } NR == 2 { printf "(;FF%s", $0 }' \
    "$tmp/reviewed.sgf" > "$tmp/r1.sgf"
[ "$(grep -o 'BM\[2\]' "$tmp/r1.sgf" | wc -l)" -eq 1 ] ||
    fail "game 1: not one blunder mark"
grep -q 'DO\[\]\|BM\[1\]' "$tmp/r1.sgf" && fail "game 1: a perfect move marked"
awk -v n="$n1" 'BEGIN { RS = ";" } NR == n + 2' "$tmp/r1.sgf" \
    > "$tmp/node.txt"
grep -q "^B\[$t1\]XE\[0.00\]XW\[0.500\]XBEST\[.*XPROVEN\[0\]XDEPTH\[[0-9]*\]BM\[2\]XLOSS\[0.500\]C\[Blunder: Black's win chance 1.00 -> 0.50. Better: [^]]*\.\]" \
    "$tmp/node.txt" || fail "game 1: the mark of move $n1: $(cat "$tmp/node.txt")"
grep -q 'XUNIT\[dice\]XREVIEW\[nodes 100000\]XREVIEWER\[triad ' \
    "$tmp/r1.sgf" || fail "game 1: the root's properties"
# No marked move is the XBEST of the node before it (one node a line),
# and most moves are (perfect play).
tr -d '\n' < "$tmp/reviewed.sgf" | tr ';' '\n' | awk '
    /^[WB]\[/ {
        mv = substr($0, 3, index($0, "]") - 3)
        if (mv == best) plays++
        if (mv == best && /DO\[\]|BM\[/) { print "marked: " mv; bad = 1 }
    }
    { best = "" }
    match($0, /XBEST\[[^]]*\]/) { best = substr($0, RSTART + 6, RLENGTH - 7) }
    END { print plays " best moves played"; exit bad || plays < 10 }' \
    > "$tmp/bestmarked.out" || fail "a best move was marked"

# Read back: the SGF reader (--merge replays every record; the finished
# ones) and the engine's loadsgf; a second review changes nothing.
# (printsgf numbers every record game 1: one file each for --merge.)
awk 'BEGIN { RS = "\\(;FF" } NR == 3 { printf "(;FF%s", $0 }' \
    "$tmp/reviewed.sgf" > "$tmp/r2.sgf"
for r in r1 r2; do
    "$TRIAD_MATCH" --merge "$tmp/$r.sgf" > "$tmp/merge.out" \
        2> "$tmp/merge.err" || fail "merge of the reviewed $r: $?"
    grep -q '^Merged 1 games from 1 files' "$tmp/merge.out" ||
        fail "merge of $r"
done
printf 'loadsgf %s\nhistory\n' "$tmp/r1.sgf" | "$TRIAD" --quiet \
    > "$tmp/load.out" 2>&1 || fail "loadsgf: $?"
grep -q "^= .*$t1" "$tmp/load.out" || fail "loadsgf of the reviewed record"
"$TRIAD_MATCH" --review "$tmp/reviewed.sgf" --engine "$TRIAD" \
    --nodes 100000 --threads 2 --quiet > "$tmp/again.out" \
    2> "$tmp/again.err" || fail "second review: $?"
cmp "$tmp/reviewed.review.sgf" "$tmp/reviewed.sgf" > "$tmp/cmp.out" ||
    fail "a second review changed the records"
cmp "$tmp/again.out" "$tmp/review.out" || fail "a second summary differs"
[ -s "$tmp/again.err" ] && fail "--quiet wrote to stderr"

# Variations (plain SGF, as the page saves a game tree), added to a
# record that --records wrote: the main line is reviewed as the record
# was, the other variation (its old review and an escaped "]" and "\" in
# its comment) comes back verbatim where it branches, a second review
# changes nothing, --merge and loadsgf take the main line.
"$TRIAD_MATCH" --game cephalopod --setup 2x3 --engine "$TRIAD" --name one \
    --option method=random --engine "$TRIAD" --name two --option seed=7 \
    --movetime 0.02 --grace 30 --games 1 --quiet --records "$tmp/m.sgf" \
    > "$tmp/m.out" 2>&1 || fail "the match for the variations: $?"
root=$(sed -n '/^;/q;p' "$tmp/m.sgf")
moves=$(sed -n '/^;/,$p' "$tmp/m.sgf" | tr -d '\n')
first=${moves%%;B*}
rest=${moves#"$first"}
other='(;B[zz9]XE[9.99]BM[2]C[old \] review \\ (kept)](;W[a1])(;W[b1]))'
printf '%s\n%s\n(%s)\n%s)\n' "$root" "$first" "${rest%)}" "$other" \
    > "$tmp/varied.sgf"
[ "$(grep -c '^(;' "$tmp/varied.sgf")" -eq 3 ] || fail "no variation made"
for f in m varied; do
    "$TRIAD_MATCH" --review "$tmp/$f.sgf" --engine "$TRIAD" --nodes 2000 \
        --quiet --output "$tmp/$f.rv.sgf" > "$tmp/$f.rv.out" 2>&1 ||
        fail "review of $f.sgf: $?"
done
cmp "$tmp/m.rv.out" "$tmp/varied.rv.out" || fail "variations: other summary"
grep -qF "$other" "$tmp/varied.rv.sgf" || fail "the variation not kept"
[ "$(tr -d '\n' < "$tmp/varied.rv.sgf" | sed "s/)$(printf '%s' "$other" |
    sed 's/[][\\.*^$]/\\&/g')//; s/](;B\[/];B[/")" = \
  "$(tr -d '\n' < "$tmp/m.rv.sgf")" ] || fail "variations: main line differs"
"$TRIAD_MATCH" --review "$tmp/varied.rv.sgf" --engine "$TRIAD" \
    --nodes 2000 --quiet > /dev/null 2>&1 || fail "second review: $?"
cmp "$tmp/varied.rv.review.sgf" "$tmp/varied.rv.sgf" ||
    fail "variations: a second review changed the record"
for f in m varied; do
    "$TRIAD_MATCH" --merge "$tmp/$f.sgf" > "$tmp/$f.merge" 2>&1 ||
        fail "merge of $f.sgf: $?"
    printf 'loadsgf %s\nhistory\n' "$tmp/$f.sgf" | "$TRIAD" --quiet \
        > "$tmp/$f.load" 2>&1 || fail "loadsgf of $f.sgf: $?"
done
cmp "$tmp/m.merge" "$tmp/varied.merge" || fail "variations: other merge"
cmp "$tmp/m.load" "$tmp/varied.load" || fail "variations: other loadsgf"
grep -q '^Merged 1 games from 1 files' "$tmp/varied.merge" ||
    fail "variations: merge"

# A scripted analysis engine (it logs the requests) on a record of two
# moves m1 m2: turn 0 (White to move) has best move m1 and White's win
# chance 0.60, turn 1 best move m2b (not m2) and Black's 0.60, turn 2
# White's 0.55 (Black's 0.45), and the position after m1 m2b White's 0.20
# (Black's 0.80).  Move 1, the best, loses 0 (not White's 0.60 -> 0.40);
# move 2 loses Black's 0.80 - 0.45 = 0.35, a blunder (not 0.60 - 0.45).
set -- $(gtp -- legal_moves)
m1=$1
set -- $(gtp "$m1" -- legal_moves)
m2=$1
m2b=$2
[ -n "$m2b" ] || fail "no second move after $m1"
record "$tmp/two.sgf" "$m1" "$m2"
cat > "$tmp/scripted.sh" <<'EOF'
#!/bin/sh
# scripted.sh LOG M1 M2B [refuse]: canned answers to the two requests
# expected (with refuse: the second one refused).
answer() {
    printf '{"id": "%s", "turn": %d, "side": "%s", "over": false, "score": %s, "win": %s, "unit": "dice", "best": "%s", "pv": ["%s"], "depth": 3, "nodes": 10, "proven": null}\n' \
        "$1" "$2" "$3" "$4" "$5" "$6" "$6"
}
while IFS= read -r req; do
    printf '%s\n' "$req" >> "$1"
    case $req in
    *'"id":"g0"'*)
        answer g0 0 white 1 0.600 "$2"
        answer g0 1 black 1 0.600 "$3"
        answer g0 2 white 0 0.550 "$2" ;;
    *'"id":"g0.2"'*)
        if [ "$4" = refuse ]; then
            echo '{"id": "g0.2", "error": "no such move", "index": 1}'
        else
            answer g0.2 2 white -2 0.200 "$2"
        fi ;;
    esac
done
EOF
"$TRIAD_MATCH" --review "$tmp/two.sgf" --engine "sh $tmp/scripted.sh \
$tmp/requests.log $m1 $m2b" --nodes 10 --output "$tmp/two.review.sgf" \
    > "$tmp/scripted.out" 2> "$tmp/scripted.err" || fail "scripted: $?"
fail_logs="$tmp/requests.log $tmp/nodes.txt"
[ "$(wc -l < "$tmp/requests.log")" -eq 2 ] || fail "scripted: not 2 requests"
sed -n 2p "$tmp/requests.log" | grep -q "^{\"id\":\"g0.2\",\"position\":\"[^\"]*\",\"moves\":\[\"$m1\",\"$m2b\"\],\"turns\":\[2\],\"nodes\":10}\$" ||
    fail "scripted: the request for the best move's position"
grep -q '^Progress: 4 of 4 positions' "$tmp/scripted.err" ||
    fail "scripted: the progress does not count the extra position"
grep -q "^game 1: no result, no decisive move; blunders W 0 B 1, mistakes W 0 B 0, inaccuracies W 0 B 0\$" \
    "$tmp/scripted.out" || fail "scripted: the marks"
tr ';' '\n' < "$tmp/two.review.sgf" > "$tmp/nodes.txt"
grep -q "^W\[$m1\]XE\[-1.00\]XW\[0.400\]XBEST\[$m2b\]XPV\[$m2b\]XDEPTH\[3\]\$" \
    "$tmp/nodes.txt" || fail "scripted: move 1, the best, marked"
grep -q "^B\[$m2\]XE\[0.00\]XW\[0.550\]XBEST\[$m1\]XPV\[$m1\]XDEPTH\[3\]BM\[2\]XLOSS\[0.350\]C\[Blunder: Black's win chance 0.80 -> 0.45. Better: $m2b.\]\$" \
    "$tmp/nodes.txt" || fail "scripted: move 2's loss is not from $m2b's position"
fail_logs=
# The best move's position refused: that game is not reviewed (status 1,
# its record written back without review properties).
"$TRIAD_MATCH" --review "$tmp/two.sgf" --engine "sh $tmp/scripted.sh \
$tmp/refused.log $m1 $m2b refuse" --nodes 10 --quiet \
    --output "$tmp/refused.sgf" > "$tmp/refused.out" 2> "$tmp/refused.err"
[ $? -eq 1 ] || fail "refused best move: status not 1"
grep -q '^game 1: not reviewed: no such move$' "$tmp/refused.out" ||
    fail "refused best move: the summary"
grep -q "B\[$m2\]" "$tmp/refused.sgf" || fail "refused: no record written"
grep -q 'XW\[\|XBEST\[\|XREVIEW\[' "$tmp/refused.sgf" &&
    fail "refused: review properties written"

# A malformed file: a clear error naming it, status 1, nothing written.
printf '(;FF[4]GM[1002]XGAME[cephalopod];W[a1]' > "$tmp/bad.sgf"
"$TRIAD_MATCH" --review "$tmp/games.sgf" "$tmp/bad.sgf" --engine "$TRIAD" \
    --nodes 1000 > "$tmp/bad.out" 2> "$tmp/bad.err"
[ $? -eq 1 ] || fail "malformed file: status not 1"
grep -q "bad.sgf: record 1: " "$tmp/bad.err" || fail "malformed: no reason"
[ -e "$tmp/games.review.sgf" ] && fail "malformed: records written"
# A file that is not there, and bad options: refused.
"$TRIAD_MATCH" --review "$tmp/none.sgf" > /dev/null 2> "$tmp/none.err" &&
    fail "a missing file was accepted"
grep -q "cannot read .*none.sgf" "$tmp/none.err" || fail "missing: reason"
for args in "--nodes 5 --seconds 1" "--threads 0" "--engine a --engine b" \
            "--merge" "--game dvonn" "--engine a --option x=1" \
            "--each-option x=1"; do
    # shellcheck disable=SC2086  # the words of args
    "$TRIAD_MATCH" --review "$tmp/games.sgf" $args > /dev/null \
        2> "$tmp/opt.err"
    [ $? -eq 2 ] || fail "--review $args: status not 2"
done
"$TRIAD_MATCH" --game cephalopod --engine a --engine b --nodes 5 \
    > /dev/null 2> "$tmp/opt.err" && fail "--nodes without --review"
# SIGINT during a long analysis (a DVONN start at 10^9 nodes): status
# 130 at once, the engine killed, nothing written.
printf 'setup dvonn\nprintsgf\n' | "$TRIAD" --quiet |
    awk '/^\(;FF\[4\]/ { on = 1 } on { print } on && /\)$/ { exit }' \
    > "$tmp/dvonn.sgf"
"$TRIAD_MATCH" --review "$tmp/dvonn.sgf" --engine "$TRIAD" \
    --nodes 1000000000 > /dev/null 2> "$tmp/int.err" &
pid=$!
on_exit='kill "$pid" 2>/dev/null'
sleep 1
kill -INT "$pid"
waited=0
while kill -0 "$pid" 2>/dev/null && [ $waited -lt 50 ]; do
    sleep 0.1
    waited=$((waited + 1))
done
kill -0 "$pid" 2>/dev/null && fail "SIGINT did not end the review"
wait "$pid"
[ $? -eq 130 ] || fail "SIGINT: status not 130"
grep -q 'interrupted: nothing written' "$tmp/int.err" || fail "SIGINT: reason"
[ -e "$tmp/dvonn.review.sgf" ] && fail "SIGINT: records written"

# An engine that answers something else: a clear error, status 1.
"$TRIAD_MATCH" --review "$tmp/games.sgf" --engine echo \
    --output "$tmp/echo.sgf" > /dev/null 2> "$tmp/echo.err"
[ $? -eq 1 ] || fail "echo as engine: status not 1"
grep -q 'analysis mode answered "--analysis --threads 1"' "$tmp/echo.err" ||
    fail "echo as engine: reason"
[ -e "$tmp/echo.sgf" ] && fail "echo as engine: records written"
# An engine that dies: a clear error, status 1.
"$TRIAD_MATCH" --review "$tmp/games.sgf" --engine false \
    --output "$tmp/dead.sgf" > /dev/null 2> "$tmp/dead.err"
[ $? -eq 1 ] || fail "dead engine: status not 1"
grep -q "positions unanswered" "$tmp/dead.err" || fail "dead engine: reason"
[ -e "$tmp/dead.sgf" ] && fail "dead engine: records written"
exit 0
