#!/bin/sh
# tune.sh -- the evaluation tuner (scripts/tune) on real records: a few
# quick DVONN games, then the fit.  It must read every distinct game, fit
# one weight per evaluation term, fit the games it trains on at least as
# well as the weights in the code (logistic regression minimises that
# loss), and refuse records of no game it can read.
# Environment: TRIAD, TRIAD_MATCH (set by make check), TUNE.
test_name=tune
. "${srcdir:-.}/tests/match/common.sh"
TUNE=${TUNE:-$(dirname "$TRIAD")/../scripts/tune}

"$TRIAD_MATCH" --game dvonn --engine "$TRIAD" --engine "$TRIAD" \
    --each-option maxnodes=300 --games 8 --random-plies 6 --seed 3 \
    --records "$tmp/dv.sgf" --quiet > "$tmp/match.out" 2>&1 ||
    fail "match: $?"
"$TUNE" --game dvonn --holdout 0 "$tmp/dv.sgf" > "$tmp/fit.out" 2>&1 ||
    fail "tune: $?"
# Pairs at a fixed node count replay one game: 4 distinct ones.
grep -q '^game dvonn: 4 games, [1-9][0-9]* positions' "$tmp/fit.out" ||
    fail "games read"
terms=$(sed -n '/^term /,/^$/p' "$tmp/fit.out" | grep -c '^[a-z_0-9]* *-*[0-9]')
weights=$(sed -n 's/^weights = { \(.*\) }$/\1/p' "$tmp/fit.out" | tr ',' '\n' |
          grep -c '[0-9]')
[ "$terms" -gt 0 ] && [ "$terms" -eq "$weights" ] ||
    fail "terms $terms, weights $weights"
cur=$(sed -n 's/^log-loss  current: fitted \([0-9.]*\).*/\1/p' "$tmp/fit.out")
new=$(sed -n 's/^log-loss  new: *fitted \([0-9.]*\).*/\1/p' "$tmp/fit.out")
[ -n "$cur" ] && [ -n "$new" ] && awk "BEGIN { exit !($new <= $cur) }" ||
    fail "fitted log-loss: current '$cur', new '$new'"

# Records of another game only: nothing to fit, a failure with a reason.
"$TUNE" --game truchet "$tmp/dv.sgf" > "$tmp/none.out" 2>&1 &&
    fail "records of another game accepted"
grep -q 'no positions' "$tmp/none.out" || fail "no reason given"
exit 0
