#!/bin/sh
# tune.sh -- the evaluation tuner (scripts/tune) on real records: a few
# quick DVONN games, then the fit.  It must read every distinct game, fit
# one weight per evaluation term, fit the games it trains on at least as
# well as the weights in the code (logistic regression minimises that
# loss), and refuse records of no game it can read.  With labels from a
# deeper search: --lambda 1 fits exactly as without them, the labels are
# the same searched by one thread or two, a labels file read back gives
# what searching gave, and a file made for other samples or another
# budget is refused.  --fold picks the games kept aside, --split start
# keeps a start's games together.  --dump writes the samples as a table.
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

# Labels searched at 400 nodes a position; --lambda 1 (the default) then
# prints what the plain fit printed, plus the search's lines.
label_lines='^search: \|^log-loss  search\|^target:\|^log-loss to target'
"$TUNE" --game dvonn --holdout 0 --label-nodes 400 --labels "$tmp/l1" \
    "$tmp/dv.sgf" > "$tmp/l1.out" 2> "$tmp/l1.err" || fail "labels: $?"
grep -q '^search: 400 nodes a position.* k 0\.0*[1-9]' "$tmp/l1.out" ||
    fail "no positive slope k of the search's scores"
grep -v "$label_lines" "$tmp/l1.out" | cmp -s - "$tmp/fit.out" ||
    fail "--lambda 1 with labels fits otherwise than without"
"$TUNE" --game dvonn --holdout 0 --lambda 1 "$tmp/dv.sgf" |
    cmp -s - "$tmp/fit.out" || fail "--lambda 1 is not the default"
[ "$(wc -l < "$tmp/l1")" -eq "$(($(sed -n \
    's/.* positions (\([0-9]*\) fitted.*/\1/p' "$tmp/fit.out") + 1))" ] ||
    fail "not one label a position"

# Two threads label as one does.
"$TUNE" --game dvonn --holdout 0 --label-nodes 400 --labels "$tmp/l2" \
    --jobs 2 "$tmp/dv.sgf" > "$tmp/l2.out" 2>&1 || fail "jobs 2: $?"
cmp -s "$tmp/l1" "$tmp/l2" || fail "labels differ with --jobs 2"

# A blended fit: labels read back from the file give what searching gave,
# and the fit is no worse than the code's against its own target.
"$TUNE" --game dvonn --holdout 0 --label-nodes 400 --lambda 0.5 \
    "$tmp/dv.sgf" > "$tmp/searched.out" 2>&1 || fail "lambda 0.5: $?"
"$TUNE" --game dvonn --holdout 0 --labels "$tmp/l1" --lambda 0.5 \
    "$tmp/dv.sgf" > "$tmp/read.out" 2> "$tmp/read.err" ||
    fail "labels read: $?"
grep -q 'labels read from' "$tmp/read.err" || fail "labels not read back"
cmp -s "$tmp/read.out" "$tmp/searched.out" ||
    fail "labels read back fit otherwise than searched"
grep -q '^target: 0.5 \* result + 0.5 \* search' "$tmp/read.out" ||
    fail "no blended target"
cmp -s "$tmp/read.out" "$tmp/fit.out" && fail "lambda 0.5 fits as lambda 1"
tcur=$(sed -n 's/^log-loss to target  current: fitted \([0-9.]*\).*/\1/p' \
       "$tmp/read.out")
tnew=$(sed -n 's/^log-loss to target  new: *fitted \([0-9.]*\).*/\1/p' \
       "$tmp/read.out")
[ -n "$tcur" ] && [ -n "$tnew" ] && awk "BEGIN { exit !($tnew <= $tcur) }" ||
    fail "log-loss to the target: current '$tcur', new '$tnew'"

# Labels made for other samples or another budget, or no labels at all.
refused() {
    expect=$1
    shift
    "$TUNE" --game dvonn --holdout 0 "$@" "$tmp/dv.sgf" > "$tmp/bad.out" \
        2>&1 && fail "accepted: $*"
    grep -q "$expect" "$tmp/bad.out" || fail "no reason given for: $*"
    ! grep -q '^weights' "$tmp/bad.out" || fail "fitted anyway: $*"
}
refused 'made for other samples' --every 2 --labels "$tmp/l1"
refused 'made for other samples' --label-nodes 500 --labels "$tmp/l1"
sed '3s/^[0-9a-f]/x/' "$tmp/l1" > "$tmp/l3"
refused 'not a label' --labels "$tmp/l3"
sed '3s/ [0-9]* / 999 /' "$tmp/l1" > "$tmp/l4"
refused 'labels another position' --labels "$tmp/l4"
sed '$d' "$tmp/l1" > "$tmp/l5"
refused 'not a label' --labels "$tmp/l5"
refused 'does not exist' --labels "$tmp/none"
refused 'Usage' --lambda 0.5
refused 'Usage' --label-nodes 400 --lambda 1.5

# --fold picks which games of every --holdout are kept aside: folds 0 and
# 1 of 2 hold out complementary games.
held() {
    "$TUNE" --game dvonn --holdout 2 "$@" "$tmp/dv.sgf" |
        sed -n 's/.*positions (\([0-9]*\) fitted, \([0-9]*\) held out)/\1 \2/p'
}
f0=$(held --fold 0) f1=$(held --fold 1)
[ -n "$f0" ] && [ "$f0" = "$(echo "$f1" | awk '{ print $2, $1 }')" ] &&
    [ "$f0" != "$f1" ] || fail "folds: '$f0' and '$f1'"
refused 'Usage' --holdout 2 --fold 2

# --split start keeps the games of a start position together: these games
# all start from the empty board, so one fold fits them all and the other
# has nothing left to fit (by game, each fold holds out some).
s0=$(held --split start --fold 0 2> /dev/null)
s1=$(held --split start --fold 1 2> /dev/null)
case "$s0|$s1" in
    *" 0|"|"|"*" 0") ;;
    *) fail "by start: '$s0' and '$s1'" ;;
esac
refused 'every game is held out' --holdout 1
refused 'Usage' --split player

# --dump writes one row a position, as many fields as the header names,
# the held-out ones marked as the fit counted them, each position a string
# the engine reads back as it is, and --split start's fold the start key
# modulo K (four random starts: each fold fits some and holds out some).
"$TRIAD_MATCH" --game dvonn --engine "$TRIAD" --engine "$TRIAD" \
    --each-option maxnodes=300 --games 8 --random-start --seed 5 \
    --records "$tmp/rs.sgf" --quiet > "$tmp/rs.out" 2>&1 || fail "match: $?"
for fold in 0 1; do
    "$TUNE" --game dvonn --holdout 2 --split start --fold $fold \
        --dump "$tmp/d.tsv" "$tmp/rs.sgf" > "$tmp/d.out" 2>&1 ||
        fail "dump: $?"
    counts=$(sed -n \
        's/.* positions (\([0-9]*\) fitted, \([0-9]*\) held out)/\1 \2/p' \
        "$tmp/d.out")
    dumped=$(awk -F '\t' -v fold=$fold 'NR == 1 { n = NF; next }
        NF != n || $5 !~ /^(0|0\.5|1)$/ { bad++ }
        { odd = index("13579bdf", substr($1, 16, 1)) > 0
          if ($4 != (odd == fold)) bad++; held += $4; fit += !$4 }
        END { print bad || !held || !fit ? "bad" : fit " " held }' \
        "$tmp/d.tsv")
    [ -n "$counts" ] && [ "$dumped" = "$counts" ] ||
        fail "dump, fold $fold: '$dumped' rows, the fit says '$counts'"
done
head -1 "$tmp/d.tsv" | grep -q '^start	line	ply	held	result	target	current	p_near	.*	position$' ||
    fail "dump header"
pos=$(sed -n '$s/.*\t//p' "$tmp/d.tsv")
printf 'setposition %s\nposition\nquit\n' "$pos" | "$TRIAD" --quiet \
    > "$tmp/pos.out" 2>&1 || fail "setposition: $?"
grep -qx "= $pos" "$tmp/pos.out" || fail "dumped position not read back"
"$TUNE" --game dvonn --dump "$tmp/no/such/dir" "$tmp/dv.sgf" \
    > "$tmp/bad.out" 2>&1 && fail "dump to a missing directory succeeded"
grep -q 'No such file' "$tmp/bad.out" || fail "no reason given for the dump"

# Records of another game only: nothing to fit, a failure with a reason.
"$TUNE" --game truchet "$tmp/dv.sgf" > "$tmp/none.out" 2>&1 &&
    fail "records of another game accepted"
grep -q 'no positions' "$tmp/none.out" || fail "no reason given"
exit 0
