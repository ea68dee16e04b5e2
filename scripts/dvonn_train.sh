#!/bin/sh
# dvonn_train.sh [-p POSITIONS] [-P PLACE_NODES] [-n NODES | -t SECONDS]
#     [-s SEED] [-j JOBS] [-r RIDGE] [-k HOLDOUT] DIR -- the DVONN
#     evaluation's training set, and its fit.
#
# Run from the build directory after make.  Makes POSITIONS (default 800)
# placement-end positions in DIR/starts-*.txt with
# scripts/dvonn_stacking_suite.sh (6 random placements, then triad's own
# at PLACE_NODES nodes a move, default 15000: the same arguments give the
# same positions anywhere), in JOBS shards (default 2) with the seeds
# SEED, SEED+1, ... (default 101; the test suite in data/openings used
# seed 1).  Then plays the stacking phase of each position twice, both
# colours, between src/triad at NODES nodes a move (default 40000) and
# src/triad at NODES plus a half (so that the two games of a pair
# differ), or with -t between two src/triad at SECONDS a game each
# (sudden death: real clocks, whose timing makes a pair's games differ;
# each shard plays one game at a time, so give it a core), with records
# in DIR/games-*.sgf, and fits the evaluation's weights to the results
# with scripts/tune, the games of every HOLDOUT-th start held out (-k,
# default 5, 0 = none; a pair's two games share a start: held out by
# game, one would be fitted), ridge RIDGE (default 20) (DIR/fit.txt).
# Niced; doc/games/dvonn.md ("Where the weights come from") shows a run.
set -eu
positions=800
place_nodes=15000
nodes=40000
seconds=
seed=101
jobs=2
ridge=20
holdout=5
usage() {
    echo "usage: $0 [-p POSITIONS] [-P PLACE_NODES]" \
         "[-n NODES | -t SECONDS] [-s SEED] [-j JOBS] [-r RIDGE]" \
         "[-k HOLDOUT] DIR" >&2
    exit 2
}
while getopts p:P:n:t:s:j:r:k: opt; do
    case $opt in
    p) positions=$OPTARG ;;
    P) place_nodes=$OPTARG ;;
    n) nodes=$OPTARG ;;
    t) seconds=$OPTARG ;;
    s) seed=$OPTARG ;;
    j) jobs=$OPTARG ;;
    r) ridge=$OPTARG ;;
    k) holdout=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
dir=$1
mkdir -p "$dir"
here=$(dirname "$0")
per=$(( (positions + jobs - 1) / jobs ))
more=$((nodes + nodes / 2))

shard() {
    s=$1
    nice sh "$here/dvonn_stacking_suite.sh" -n "$per" -N "$place_nodes" \
        -s "$s" -m src/triad-match src/triad > "$dir/starts-$s.txt"
    if [ -n "$seconds" ]; then
        set -- --engine 'src/triad --quiet' --name a \
            --engine 'src/triad --quiet' --name b --tc "$seconds"
    else
        set -- --engine 'src/triad --quiet' --name n \
            --option "maxnodes=$nodes" \
            --engine 'src/triad --quiet' --name n+ --option "maxnodes=$more"
    fi
    nice src/triad-match --game dvonn "$@" \
        --openings "$dir/starts-$s.txt" --games $((2 * per)) \
        --seed "$s" --records "$dir/games-$s.sgf" --quiet \
        > "$dir/games-$s.log"
}

k=0
pids=
while [ "$k" -lt "$jobs" ]; do
    shard $((seed + k)) &
    pids="$pids $!"
    k=$((k + 1))
done
for pid in $pids; do
    wait "$pid"
done
nice scripts/tune --game dvonn --every 1 --holdout "$holdout" --split start \
    --ridge "$ridge" \
    "$dir"/games-*.sgf \
    | tee "$dir/fit.txt"
