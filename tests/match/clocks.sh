#!/bin/sh
# clocks.sh -- time odds: --engine-tc gives each engine its own Fischer
# clock.  Two triads (random players, so no move comes near its time)
# whose input is logged: each is told its own time_settings and only its
# own time_left; the records keep both time controls (XTIME, in XMATCH's
# order) and merge back.
# Environment: TRIAD, TRIAD_MATCH (set by make check), srcdir.
test_name=clocks
. "${srcdir:-.}/tests/match/common.sh"
fail_logs="$tmp/*.log"

# logged NAME: an engine command whose input is appended to $tmp/NAME.log.
logged() {
    echo "tee -a '$tmp/$1.log' | '$TRIAD' --seed 5"
}

"$TRIAD_MATCH" --game cephalopod --setup 3x3 \
    --engine "$(logged fast)" --name fast --option method=random \
    --engine-tc 0.3 \
    --engine "$(logged slow)" --name slow --option method=random \
    --engine-tc 3 --grace 5 --games 2 --records "$tmp/odds.sgf" \
    > "$tmp/odds.out" 2>&1 || fail "match with time odds: $?"
grep -q 'tc fast 0.3+0, slow 3+0' "$tmp/odds.out" ||
    fail "the header does not name both clocks"

# settings LOG: the distinct time_settings lines of an engine.
settings() {
    grep '^time_settings' "$1" | sort -u | tr '\n' ';'
}
[ "$(settings "$tmp/fast.log")" = "time_settings 0.3 0 0;" ] ||
    fail "fast engine's time_settings: $(settings "$tmp/fast.log")"
[ "$(settings "$tmp/slow.log")" = "time_settings 3 0 0;" ] ||
    fail "slow engine's time_settings: $(settings "$tmp/slow.log")"

# lefts LOG: the seconds of every time_left an engine was sent.
lefts() {
    sed -n 's/^time_left [a-z]* \([0-9.]*\) 0$/\1/p' "$1"
}
[ "$(lefts "$tmp/fast.log" | wc -l)" -gt 2 ] || fail "fast: no time_left"
[ "$(lefts "$tmp/slow.log" | wc -l)" -gt 2 ] || fail "slow: no time_left"
# Without increment a clock only runs down from its start: the fast
# engine never hears more than 0.3 s, the slow one starts at 3 s.
lefts "$tmp/fast.log" | awk '$1 > 0.3 { bad = 1 } END { exit bad }' ||
    fail "the fast engine was told of time it does not have"
# Both colours: an engine's first time_left of each game is its full
# main time.
# starts LOG: the first time_left seconds after every time_settings.
starts() {
    awk '/^time_settings/ { fresh = 1 }
         fresh && /^time_left/ { printf "%s;", $3; fresh = 0 }' "$1"
}
[ "$(starts "$tmp/fast.log")" = "0.300;0.300;" ] ||
    fail "fast engine's clock at the starts: $(starts "$tmp/fast.log")"
[ "$(starts "$tmp/slow.log")" = "3.000;3.000;" ] ||
    fail "slow engine's clock at the starts: $(starts "$tmp/slow.log")"

# The records: XTIME gives engine A's then engine B's time control.
[ "$(grep -c 'XTIME\[tc 0.3+0\]\[tc 3+0\]' "$tmp/odds.sgf")" -eq 2 ] ||
    fail "records do not keep both time controls"
"$TRIAD_MATCH" --merge "$tmp/odds.sgf" > "$tmp/merge.out" 2>&1 ||
    fail "merge of time-odds records: $?"
grep -q '^Score of fast vs slow: .* 2$' "$tmp/merge.out" ||
    fail "merge did not count both games"

# Every engine needs a clock; --movetime excludes them.
"$TRIAD_MATCH" --game cephalopod --engine a --engine-tc 5 --engine b \
    > "$tmp/noclock.out" 2>&1
[ $? -eq 2 ] || fail "an engine without a clock is not a usage error"
grep -q 'engine 2 has no clock' "$tmp/noclock.out" || fail "no reason"
exit 0
