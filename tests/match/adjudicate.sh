#!/bin/sh
# adjudicate.sh -- adjudication end to end on 3x3 Cephalopod: the exact
# solve ends games early with a result that --merge proves again (and a
# tampered result is caught); the resign rule ends games once both triad
# engines' scores agree, and says so in the record.
# Environment: TRIAD, TRIAD_MATCH (set by make check).
test_name=adjudicate
. "${srcdir:-.}/tests/match/common.sh"

# 1. Random players, solved once the solver proves the rest.
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" --name a \
    --option method=random --engine "$TRIAD" --name b \
    --option method=random --option seed=4 --movetime 0.02 --grace 30 \
    --games 4 --adjudicate-solve 20000 --records "$tmp/s.sgf" \
    > "$tmp/s.out" 2>&1 || fail "solve match: $?"
n=$(grep -c 'XEND\[solved\]' "$tmp/s.sgf")
[ "$n" -ge 1 ] || fail "no game adjudicated by the solver"
[ "$(grep -c '{adjudicated by an exact solve: .* with perfect play (' \
     "$tmp/s.out")" -eq "$n" ] || fail "solved games not said so"
"$TRIAD_MATCH" --merge "$tmp/s.sgf" > "$tmp/sm.out" 2>&1 ||
    fail "solved records do not merge"
[ "$(grep '^Score of' "$tmp/sm.out")" = "$(grep '^Score of' "$tmp/s.out")" ] ||
    fail "merged score differs"
# The first solved record with its winner swapped: the merge proves it wrong.
awk 'BEGIN { RS = "\n\\(;"; ORS = "" } NR == 1 { sub(/^\(;/, "") }
     /XEND\[solved\]/ && !done { done = 1
         if (sub(/RE\[W\+/, "RE[B+") == 0) sub(/RE\[B\+/, "RE[W+")
         print "(;" $0 "\n" }' "$tmp/s.sgf" > "$tmp/bad.sgf"
grep -q 'XEND\[solved\]' "$tmp/bad.sgf" || fail "tampering test setup"
"$TRIAD_MATCH" --merge "$tmp/bad.sgf" > "$tmp/bad.out" 2>&1 &&
    fail "a wrong solved result merged"
grep -q 'the result does not match the final position' "$tmp/bad.out" ||
    fail "wrong solved result: reason"

# 2. The resign rule: triad's scores ('info ... score S' on stderr).
"$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" --name a \
    --engine "$TRIAD" --name b --option seed=4 --movetime 0.05 --grace 30 \
    --games 4 --adjudicate-resign 2,50 --records "$tmp/r.sgf" \
    > "$tmp/r.out" 2>&1 || fail "resign match: $?"
n=$(grep -c 'XEND\[agreed\]' "$tmp/r.sgf")
[ "$n" -ge 1 ] || fail "no game adjudicated by the resign rule"
[ "$(grep -c '{adjudicated: [a-z]* wins, both engines scored it at least 50 ahead for 2 plies (white -*[0-9]*, black -*[0-9]*)}' \
     "$tmp/r.out")" -eq "$n" ] || fail "agreed games not said so"
grep 'XEND\[agreed\]' "$tmp/r.sgf" | grep -qv 'RE\[[WB]+\]' &&
    fail "an agreed result with a margin"
"$TRIAD_MATCH" --merge "$tmp/r.sgf" > /dev/null 2>&1 ||
    fail "agreed records do not merge"

# 3. Bad values are usage errors.
for bad in '--adjudicate-resign 0,5' '--adjudicate-resign 3' \
           '--adjudicate-resign 3,-1' '--adjudicate-solve 0'; do
    "$TRIAD_MATCH" --game cephalopod --engine a --engine b $bad \
        > /dev/null 2>&1
    [ $? -eq 2 ] || fail "$bad accepted"
done
exit 0
