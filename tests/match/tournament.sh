#!/bin/sh
# tournament.sh -- a 4-engine round-robin and a 4-engine gauntlet, end to
# end, with the cross table and the ratings checked against values
# computed by hand, and the merge of the records giving the same table.
#
# The engines are fake-engine.sh: "illegal" ones (m1, m2) answer a1 to
# every genmove, "resign" ones (r1, r2) resign.  Cephalopod 3x3 with
# --maxplies 1: a mover playing first makes its move and the game is
# adjudicated a draw; a resigner playing first loses.  So in the two games
# of a pairing: m-m and r-r score 1 of 2 each, m against r 1.5 of 2.
#
# Round-robin (12 games): m1 and m2 score 4 of 6, r1 and r2 2 of 6.  By
# symmetry the ratings are +x, +x, -x, -x; m1's expected score 1 (against
# m2) + 4 p (against r1, r2, p the logistic score at 2x Elo) must be its 4
# points: p = 0.75, 2x = 400 log10(3) = 190.85, x = 95.4.  Margins: the
# information is the Laplacian with weights n p (1-p): 0.5 (m-m, r-r) and
# 0.375 (m-r); its eigenvalues are 1.5 on (1,1,-1,-1) and 1.75 on (1,-1,0,0)
# and (0,0,1,-1), so var(b_m1) = (1/4) / 1.5 + (1/2) / 1.75 = 0.452381 and
# the margin is 1.959964 * 173.7178 * sqrt(0.452381) = 229.0.
#
# Gauntlet (m1 first, 6 games): r1 and r2 scored 0.5 of 2 against m1,
# m2 1 of 2: r = m1 - 190.85, m2 = m1, mean 0: m1 = m2 = 95.4, r = -95.4.
# The graph is a star, so the variances follow from the resistances R
# (1/w summed along the path: m1-r 8/3, m1-m2 2, r-m2 14/3, r1-r2 16/3,
# sum over all pairs 22): var_i = (1/4) sum_j R_ij - 22/16, i.e. m1
# 0.458333, m2 1.458333, r 1.791667: margins 230.5, 411.2, 455.7.
#
# Game pairs per pairing: each pairing played one pair, whose outcome is
# its cross-table cell (1.5 of 2: WD, 0.5: LD, 1.0: DD+WL), Elo
# -400 log10(1/0.75 - 1) = 190.8 with margin 0 (one pair, no variance),
# the normalized Elo's margin 1.959964 * 800 / ln 10 / sqrt(2) = 481.5.
# Environment: TRIAD_MATCH (set by make check), srcdir.
test_name=tournament
. "${srcdir:-.}/tests/match/common.sh"

# play FORMAT GAMES OUT
play() {
    "$TRIAD_MATCH" --game cephalopod --setup 3x3 --format "$1" \
        --engine "sh $fake illegal" --name m1 --engine "sh $fake resign" \
        --name r1 --engine "sh $fake illegal" --name m2 \
        --engine "sh $fake resign" --name r2 --maxplies 1 --games "$2" \
        --concurrency 2 --records "$tmp/$3.sgf" > "$tmp/$3.out" 2>&1 ||
        fail "$1: exit status $?"
}

# expect OUT LINE...: every LINE is a line of OUT.
expect() {
    out=$1
    shift
    for line in "$@"; do
        grep -qxF -- "$line" "$tmp/$out" || fail "$out: no line '$line'"
    done
}

play round-robin 12 rr
[ "$(grep -c '^Finished game' "$tmp/rr.out")" -eq 12 ] || fail "12 games"
head -n 1 "$tmp/rr.out" | grep -q '^Round-robin of 4 engines (m1, r1, m2, r2): cephalopod 3x3, games 1 to 12,' ||
    fail "round-robin header"
table_rr() {
    expect "$1" \
    ' 1 m1             -     1.5/2     1.0/2     1.5/2       4.0/6' \
    ' 2 r1         0.5/2         -     0.5/2     1.0/2       2.0/6' \
    ' 3 m2         1.0/2     1.5/2         -     1.5/2       4.0/6' \
    ' 4 r2         0.5/2     1.0/2     0.5/2         -       2.0/6' \
    'Rank Name       Elo     +/-   Games  Score  Forfeits' \
    '   1 m1        95.4   229.0       6  66.7%         0' \
    '   2 m2        95.4   229.0       6  66.7%         0' \
    '   3 r1       -95.4   229.0       6  33.3%         0' \
    '   4 r2       -95.4   229.0       6  33.3%         0' \
    '  m1     vs r1     1 (LL 0, LD 0, DD+WL 0, WD 1, WW 0), Elo 190.8 +/- 0.0, nElo inf +/- 481.5' \
    '  r1     vs m2     1 (LL 0, LD 1, DD+WL 0, WD 0, WW 0), Elo -190.8 +/- 0.0, nElo -inf +/- 481.5' \
    '  r1     vs r2     1 (LL 0, LD 0, DD+WL 1, WD 0, WW 0), Elo 0.0 +/- 0.0, nElo 0.0 +/- 481.5'
}
table_rr rr.out
"$TRIAD_MATCH" --merge "$tmp/rr.sgf" > "$tmp/rrmerge.out" 2>&1 ||
    fail "round-robin merge"
table_rr rrmerge.out
# Every pairing, both colours: m1 white against each, each white against m1.
for p in 'm1 white vs r1' 'r1 white vs m1' 'm1 white vs r2' 'r2 white vs m1' \
         'r1 white vs r2' 'r2 white vs r1' 'm2 white vs r2' 'r2 white vs m2'; do
    grep -q "^Finished game [0-9]* ($p black)" "$tmp/rr.out" ||
        fail "round-robin lacks $p"
done

play gauntlet 6 g
head -n 1 "$tmp/g.out" | grep -q '^Gauntlet of 4 engines (m1, r1, m2, r2): ' ||
    fail "gauntlet header"
grep -q '^Finished game [0-9]* (r1 white vs m2 black)' "$tmp/g.out" &&
    fail "the gauntlet paired two others"
expect g.out \
    ' 1 m1             -     1.5/2     1.0/2     1.5/2       4.0/6' \
    ' 2 r1         0.5/2         -         .         .       0.5/2' \
    '   1 m1        95.4   230.5       6  66.7%         0' \
    '   2 m2        95.4   411.2       2  50.0%         0' \
    '   3 r1       -95.4   455.7       2  25.0%         0' \
    '   4 r2       -95.4   455.7       2  25.0%         0'

# Three engines without --format, or --sprt with three: usage errors.
"$TRIAD_MATCH" --game cephalopod --engine a --engine b --engine c \
    > /dev/null 2>&1
[ $? -eq 2 ] || fail "three engines without --format"
"$TRIAD_MATCH" --game cephalopod --format gauntlet --engine a --engine b \
    --engine c --sprt 0,10 > /dev/null 2>&1
[ $? -eq 2 ] || fail "--sprt with three engines"
exit 0
