#!/bin/sh
# dvonn_train.sh -- the DVONN training set's script (scripts/dvonn_train.sh)
# end to end at tiny node budgets: two shards of two placement-end
# positions each, both colours of every position played, the fit run on
# the records; then one shard again at a clock (-t).  Run from the build
# directory (make check).
test_name=dvonn_train
. "${srcdir:-.}/tests/match/common.sh"

sh "$top/scripts/dvonn_train.sh" -p 4 -P 300 -n 3000 -s 7 -j 2 \
    "$tmp/train" > "$tmp/run.out" 2> "$tmp/run.err" || fail "script: $?"
for s in 7 8; do
    n=$(grep -c '^dvonn:S:W:' "$tmp/train/starts-$s.txt")
    [ "$n" -eq 2 ] || fail "shard $s: $n positions"
    n=$(grep -c '^(;' "$tmp/train/games-$s.sgf")
    [ "$n" -eq 4 ] || fail "shard $s: $n games"
done
# Two node budgets: the two games of a pair may differ, so 2 to 8
# distinct games, every one fitted or held out.
grep -q '^game dvonn: [2-8] games, [1-9][0-9]* positions' \
    "$tmp/train/fit.txt" || fail "games read"
grep -q '^log-loss  new: ' "$tmp/train/fit.txt" || fail "no fit"
grep -q '^weights = { ' "$tmp/train/fit.txt" || fail "no weights"
cmp -s "$tmp/run.out" "$tmp/train/fit.txt" || fail "fit not printed"

# At a clock instead of node budgets (-t): the first shard's positions
# again, their games played at 1 s a game each, and the fit, with no
# start held out (-k 0: with two starts, both may fall in the held-out
# fifth).
sh "$top/scripts/dvonn_train.sh" -p 2 -P 300 -t 1 -s 7 -j 1 -k 0 \
    "$tmp/clock" > "$tmp/clock.out" 2> "$tmp/clock.err" || fail "clock: $?"
cmp -s "$tmp/train/starts-7.txt" "$tmp/clock/starts-7.txt" ||
    fail "clock: other positions"
n=$(grep -c '^(;' "$tmp/clock/games-7.sgf")
[ "$n" -eq 4 ] || fail "clock: $n games"
n=$(grep -c 'XTIME\[tc 1+0\]' "$tmp/clock/games-7.sgf")
[ "$n" -eq 4 ] || fail "clock: $n games at 1 s"
grep -q '^weights = { ' "$tmp/clock/fit.txt" || fail "clock: no fit"
exit 0
