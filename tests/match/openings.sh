#!/bin/sh
# openings.sh -- --openings FILE: each line (setup words or a position
# string, and moves) is played by both colours, in order, and recorded;
# bad suites are refused with the line and the
# reason; the shipped suites of data/openings load for their games; and
# --make-openings builds a suite that loads back.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.
test_name=openings
. "${srcdir:-.}/tests/match/common.sh"

# 1. A two-line suite, six games: lines 1, 2, 1, each with both colours.
cat > "$tmp/suite.txt" <<'END'
# two starts
3x3 | b2 a1
3x3	|c3
END
"$TRIAD_MATCH" --game cephalopod --engine "$TRIAD" --name one \
    --engine "$TRIAD" --name two --option method=random --movetime 0.02 \
    --grace 30 --games 6 --openings "$tmp/suite.txt" --records "$tmp/s.sgf" \
    > "$tmp/s.out" 2>&1 || fail "suite match: $?"
grep -q "openings $tmp/suite.txt (2)" "$tmp/s.out" || fail "header"
[ "$(grep -o 'XOPENING\[[0-9]*\]' "$tmp/s.sgf" | tr -d '\n')" = \
  "XOPENING[2]XOPENING[2]XOPENING[1]XOPENING[1]XOPENING[2]XOPENING[2]" ] ||
    fail "opening plies per game"
# the first line of moves of each game (later ones may start alike)
grep -A1 '^XREASON' "$tmp/s.sgf" | grep '^;' > "$tmp/first"
[ "$(grep -c '^;W\[b2\];B\[a1\]' "$tmp/first")" -eq 4 ] || fail "line 1 moves"
[ "$(grep -c '^;W\[c3\]' "$tmp/first")" -eq 2 ] || fail "line 2 moves"
[ "$(grep -o 'PW\[[^]]*\]' "$tmp/s.sgf" | tr -d '\n')" = \
  "PW[one]PW[two]PW[one]PW[two]PW[one]PW[two]" ] || fail "colours"
"$TRIAD_MATCH" --merge "$tmp/s.sgf" > "$tmp/merge.out" 2>&1 ||
    fail "the records of a suite match do not merge"

# 1b. Position strings: a 3x3 mid-game position (b2 a1 c3 played, Black
# to move; lower-case side, which the reader makes canonical) with one
# move, and the same position alone.  The engines (logged through tee)
# get setposition, the records start there, say so and merge; a record
# whose XSETPOSITION is turned into setup words does not.
pos='cephalopod:3x3:B:....W1/..W1../B1....'
cat > "$tmp/pos.txt" <<'END'
cephalopod:3x3:b:....W1/..W1../B1.... | a3
  cephalopod:3x3:B:....W1/..W1../B1....
END
"$TRIAD_MATCH" --game cephalopod --engine "tee -a $tmp/one.log | $TRIAD" \
    --name one --engine "$TRIAD" --name two --option method=random \
    --movetime 0.02 --grace 30 --games 4 --openings "$tmp/pos.txt" \
    --records "$tmp/p.sgf" > "$tmp/p.out" 2>&1 || fail "position suite: $?"
[ "$(grep -c "^XSTART\[$pos\]$" "$tmp/p.sgf")" -eq 4 ] ||
    fail "records do not start at the position"
[ "$(grep -o 'XSETPOSITION\[\]' "$tmp/p.sgf" | wc -l)" -eq 4 ] ||
    fail "XSETPOSITION"
! grep -q 'XSETUP' "$tmp/p.sgf" || fail "XSETUP in a position start"
[ "$(grep -o 'XOPENING\[[0-9]*\]' "$tmp/p.sgf" | tr -d '\n')" = \
  "XOPENING[1]XOPENING[1]XOPENING[0]XOPENING[0]" ] || fail "position plies"
grep -A1 '^XREASON' "$tmp/p.sgf" | grep '^;' > "$tmp/pfirst"
# The first two games (XOPENING[1], checked above) open with the line's
# a3; the last two start from the position alone, where an engine may
# choose a3 too.
[ "$(head -n 2 "$tmp/pfirst" | grep -c '^;B\[a3\];W')" -eq 2 ] ||
    fail "position moves"
[ "$(grep -c '^;B' "$tmp/pfirst")" -eq 4 ] || fail "Black moves first"
[ "$(grep -o 'PW\[[^]]*\]' "$tmp/p.sgf" | tr -d '\n')" = \
  "PW[one]PW[two]PW[one]PW[two]" ] || fail "position colours"
[ "$(grep -c "^setposition $pos\$" "$tmp/one.log")" -ge 4 ] ||
    fail "engine one was not sent setposition"
! grep -q '^setup' "$tmp/one.log" || fail "engine one was sent setup"
grep -q 'Forfeits: one 0 (0 on time), two 0 (0 on time)' "$tmp/p.out" ||
    fail "forfeits in the position suite"
"$TRIAD_MATCH" --merge "$tmp/p.sgf" > "$tmp/pmerge.out" 2>&1 ||
    fail "the records of a position suite do not merge"
grep -q '^Merged 4 games' "$tmp/pmerge.out" || fail "position merge count"
sed 's/XSETPOSITION\[\]/XSETUP[3x3]/' "$tmp/p.sgf" > "$tmp/tampered.sgf"
"$TRIAD_MATCH" --merge "$tmp/tampered.sgf" > "$tmp/tampered.txt" 2>&1 &&
    fail "a position record read as setup words merged"
grep -q 'XSTART is not the position of XSETUP' "$tmp/tampered.txt" ||
    fail "tampered position record: reason"

# 2. Bad suites: usage errors that name the line.
bad() {
    printf '%s\n' "$2" > "$tmp/bad.txt"
    "$TRIAD_MATCH" --game "$1" --engine a --engine b \
        --openings "$tmp/bad.txt" > "$tmp/bad.out" 2>&1
    [ $? -eq 2 ] || fail "bad suite '$2' accepted"
    grep -q "bad.txt:1: $3" "$tmp/bad.out" || fail "bad suite '$2': reason"
}
bad cephalopod '3x3 | b2 b2' 'move 2 (b2) is illegal'
bad cephalopod '9x9' ''
bad truchet '| a1' 'the setup words do not fix the start'
bad cephalopod 'cephalopod:3x3:W:zz' 'bad position string: '
bad cephalopod 'dvonn:x | a1' 'a dvonn position string, not cephalopod'
bad cephalopod "$pos 3x3" 'a position string takes no setup words'
bad cephalopod "$pos | b2" 'move 1 (b2) is illegal'
bad cephalopod 'cephalopod:3x3:B:W1B1W1/B1W1B1/W1B1W1' \
    'the game is over at the start'
printf '# nothing\n' > "$tmp/empty.txt"
"$TRIAD_MATCH" --game dvonn --engine a --engine b \
    --openings "$tmp/empty.txt" > /dev/null 2>&1
[ $? -eq 2 ] || fail "an empty suite accepted"
"$TRIAD_MATCH" --game cephalopod --engine a --engine b --random-plies 2 \
    --openings "$tmp/suite.txt" > /dev/null 2>&1
[ $? -eq 2 ] || fail "--openings with --random-plies accepted"

# 3. The shipped suites, one for every game the engine plays: every line
# loads for its game (the fakes resign).
games=$(sh "$top/scripts/games.sh" "$TRIAD") || fail "no list of games"
for g in $games; do
    "$TRIAD_MATCH" --game "$g" --engine "sh $fake resign" --name r1 \
        --engine "sh $fake resign" --name r2 --games 2 --quiet \
        --openings "$top/data/openings/$g.txt" > "$tmp/ship.out" 2>&1 ||
        fail "shipped suite $g: $(cat "$tmp/ship.out")"
    [ "$(grep -cv '^#' "$top/data/openings/$g.txt")" -ge 30 ] ||
        fail "shipped suite $g: fewer than 30 openings"
done

# 4. --make-openings: a suite that loads back, the same twice.
make_suite() {
    "$TRIAD_MATCH" --game cephalopod --setup 3x3 --engine "$TRIAD" \
        --option maxnodes=2000 --make-openings 4 --random-plies 2 \
        --movetime 1 --balance 1000000 > "$tmp/$1.txt" 2> "$tmp/$1.out" ||
        fail "make-openings: $?"
}
make_suite gen1
make_suite gen2
[ "$(grep -cv '^#' "$tmp/gen1.txt")" -eq 4 ] || fail "4 openings made"
cmp -s "$tmp/gen1.txt" "$tmp/gen2.txt" || fail "make-openings not repeatable"
"$TRIAD_MATCH" --game cephalopod --engine "sh $fake resign" --name r1 \
    --engine "sh $fake resign" --name r2 --games 2 --quiet \
    --openings "$tmp/gen1.txt" > "$tmp/back.out" 2>&1 ||
    fail "the made suite does not load"
exit 0
