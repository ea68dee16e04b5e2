#!/bin/sh
# win_scale.sh -- measures a game's win scale (game_ops.win_scale): plays
# GAMES quick games of the built engine against itself (PLAY_NODES nodes a
# move, random starts where the game has them, else random opening
# plies; games still going after 400 plies are left out), analyses the position before every second move of each distinct
# game with `triad --analysis` at NODES nodes, and fits the logistic curve
# P(the side to move wins) = 1 / (1 + exp(-score / scale)) to the results
# (a draw counts one half) by Newton's method on the one parameter 1/scale
# (no intercept: a score of 0 is an even game).  Proven turns are left
# out: their score is a final margin, not an evaluation.  Prints the
# number of positions, the scale in the game's unit and in evaluate()
# units (x 100), and the log-loss of the fit against a coin's 0.6931.
# Usage: scripts/win_scale.sh GAME [GAMES [PLAY_NODES [NODES [DIR]]]]
# (DIR/games.sgf, when it is there, is analysed again without playing.)
# Run from the build directory, after make; needs jq; CPU-heavy: niced.
set -eu
game=${1:?usage: scripts/win_scale.sh GAME [GAMES [PLAY_NODES [NODES [DIR]]]]}
games=${2:-200}
play_nodes=${3:-2000}
nodes=${4:-20000}
dir=${5:-win-scale-$game}
mkdir -p "$dir"
play() {
    nice src/triad-match --game "$game" --engine src/triad \
        --engine src/triad --each-option "maxnodes=$play_nodes" \
        --games "$games" --concurrency 2 --quiet --seed 41 --maxplies 400 \
        --records "$dir/games.sgf" "$@" > "$dir/games.log" 2>&1
}
if [ ! -s "$dir/games.sgf" ]; then      # else: analyse those games again
    play --random-start --random-plies 2 || {
        rm -f "$dir/games.sgf"
        play --random-plies 8
    }
fi

# One analysis request per distinct game (its start, its moves, every
# second turn before the end) and one label line per turn: "ID TURN Y",
# Y the result of the side to move there (the mover of the next move).
rm -f "$dir/requests.jsonl" "$dir/labels"
awk -v nodes="$nodes" -v req="$dir/requests.jsonl" -v lab="$dir/labels" '
function flush(   key, turns, list, i, sep, y) {
    if (start == "" || n == 0 || re == "")
        return
    key = start " " moves
    if (key in seen)
        return
    seen[key] = 1
    id++
    list = ""; sep = ""
    for (i = 1; i <= n; i++) {
        list = list sep "\"" mv[i] "\""
        sep = ","
    }
    turns = ""; sep = ""
    for (i = 0; i < n; i += 2) {
        turns = turns sep i
        sep = ","
        y = re == "0" ? 0.5 : (substr(re, 1, 1) == who[i + 1]) ? 1 : 0
        print "g" id, i, y > lab
    }
    printf "{\"id\": \"g%d\", \"position\": \"%s\", \"moves\": [%s], " \
           "\"turns\": [%s], \"nodes\": %d}\n", id, start, list, turns,
           nodes > req
}
{
    text = text $0 "\n"
}
END {
    ngames = split(text, part, /\(;FF\[/)
    for (g = 2; g <= ngames; g++) {
        t = part[g]
        start = ""; re = ""; n = 0; moves = ""
        if (match(t, /XSTART\[[^]]*\]/))
            start = substr(t, RSTART + 7, RLENGTH - 8)
        if (match(t, /RE\[[^]]*\]/))
            re = substr(t, RSTART + 3, RLENGTH - 4)
        if (re !~ /^(W\+|B\+|0$)/ || t ~ /XEND\[adjudicated\]/)
            re = ""     # no result, or a draw at the maxplies of the match
        rest = t
        while (match(rest, /;[WB]\[[^]]*\]/)) {
            n++
            who[n] = substr(rest, RSTART + 1, 1)
            mv[n] = substr(rest, RSTART + 3, RLENGTH - 4)
            moves = moves " " mv[n]
            rest = substr(rest, RSTART + RLENGTH)
        }
        flush()
    }
}' "$dir/games.sgf"
[ -s "$dir/requests.jsonl" ] || { echo "win_scale.sh: no games" >&2; exit 1; }

nice src/triad --analysis --threads 2 < "$dir/requests.jsonl" \
    > "$dir/answers.jsonl"
jq -r 'select(.proven == null and .over == false and .score != null)
       | "\(.id) \(.turn) \(.score)"' "$dir/answers.jsonl" > "$dir/scores"

awk -v game="$game" '
FNR == NR { y[$1 " " $2] = $3; next }
($1 " " $2) in y { n++; s[n] = $3; r[n] = y[$1 " " $2] }
function loss(a,   i, p, l) {
    l = 0
    for (i = 1; i <= n; i++) {
        p = 1 / (1 + exp(-a * s[i]))
        if (p < 1e-12) p = 1e-12
        if (p > 1 - 1e-12) p = 1 - 1e-12
        l -= r[i] * log(p) + (1 - r[i]) * log(1 - p)
    }
    return l / n
}
END {
    if (n == 0) { print "win_scale.sh: no positions" > "/dev/stderr"; exit 1 }
    a = 0.1
    for (it = 0; it < 50; it++) {
        g = 0; h = 0
        for (i = 1; i <= n; i++) {
            p = 1 / (1 + exp(-a * s[i]))
            g += (r[i] - p) * s[i]
            h += p * (1 - p) * s[i] * s[i]
        }
        if (h <= 0) break
        a += g / h
        if (a <= 0) a = 1e-4
    }
    printf "game %s: %d positions, scale %.3f (x 100: %d), " \
           "log-loss %.4f (coin 0.6931)\n", game, n, 1 / a,
           int(100 / a + 0.5), loss(a)
}' "$dir/labels" "$dir/scores"
