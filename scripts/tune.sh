#!/bin/sh
# tune.sh -- fits a game's evaluation weights to self-play results: plays
# GAMES games of the built engine against itself at NODES nodes a move,
# half from random starts (--random-start, when the game has them) and
# half from the standard start with a few random opening plies, writes the
# records to DIR, and runs scripts/tune on them (doc/games/dvonn.md shows
# a run).  Put the weights it prints into the game's evaluation by hand,
# then measure the result with a match against the previous build.
# Usage: scripts/tune.sh GAME [GAMES [NODES [DIR]]]
# Run from the build directory, after make; CPU-heavy: runs niced, one
# game at a time.
set -eu
game=${1:?usage: scripts/tune.sh GAME [GAMES [NODES [DIR]]]}
games=${2:-400}
nodes=${3:-20000}
dir=${4:-tune-$game}
mkdir -p "$dir"
half=$(( (games / 2 + 1) / 2 * 2 ))
play() {
    nice src/triad-match --game "$game" --engine src/triad \
        --engine src/triad --each-option "maxnodes=$nodes" \
        --games "$half" --concurrency 1 --quiet "$@"
}
if play --random-start --random-plies 2 --seed 11 \
        --records "$dir/random.sgf" > "$dir/random.log" 2>&1; then
    :
else
    echo "tune.sh: no random starts for $game ($dir/random.log)" >&2
    rm -f "$dir/random.sgf"
fi
play --random-plies 6 --seed 12 --records "$dir/standard.sgf" \
    > "$dir/standard.log"
nice scripts/tune --game "$game" "$dir"/*.sgf
