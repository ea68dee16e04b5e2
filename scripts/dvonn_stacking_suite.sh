#!/bin/sh
# dvonn_stacking_suite.sh [-n N] [-r PLIES] [-t SECONDS | -N NODES]
#     [-s SEED] [-m TRIAD-MATCH] TRIAD -- a DVONN opening suite of placement-end
# positions (all 49 pieces placed, White to make the first stacking move),
# printed on standard output in the format of triad-match --openings.
#
# Each line starts from the standard empty board with PLIES random
# placements (default 6: the three DVONN pieces and three more), made by
# triad-match --make-openings with seed SEED (default 1) so that the
# starts differ; TRIAD then places every remaining piece for both sides
# with "genmove" at SECONDS a move (default 0.5), and the position it
# reaches is the line.  A comment line before each position names its
# placements.  N lines (default 48).  The searches are timed, so a run on
# another machine (or a loaded one) gives other positions; with -N each
# placement searches NODES nodes instead (maxnodes), and the same
# arguments give the same positions anywhere.
set -eu
n=48
plies=6
movetime=0.5
nodes=
seed=1
match=
usage() {
    echo "usage: $0 [-n N] [-r PLIES] [-t SECONDS | -N NODES]" \
         "[-s SEED] [-m TRIAD-MATCH] TRIAD" >&2
    exit 2
}
while getopts n:r:t:N:s:m: opt; do
    case $opt in
    n) n=$OPTARG ;;
    r) plies=$OPTARG ;;
    t) movetime=$OPTARG ;;
    N) nodes=$OPTARG ;;
    s) seed=$OPTARG ;;
    m) match=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
triad=$1
[ -n "$match" ] || match=$(dirname "$triad")/triad-match
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The random starts: --balance so wide that every candidate is kept.
"$match" --game dvonn --engine "$triad --quiet" --make-openings "$n" \
    --random-plies "$plies" --movetime 0.01 --balance 1000000 \
    --seed "$seed" > "$tmp/starts"

if [ -n "$nodes" ]; then
    limit="maxnodes $nodes"
    said="-N $nodes"
    pace="$nodes nodes"
else
    limit="movetime $movetime"
    said="-t $movetime"
    pace="$movetime s"
fi
echo "# dvonn placement-end positions (ply 49, stacking phase next) from"
echo "# scripts/dvonn_stacking_suite.sh -n $n -r $plies $said" \
     "-s $seed: $plies random placements, then triad's own at $pace" \
     "a move"
k=0
grep -v '^#' "$tmp/starts" | sed 's/^ *| *//' | while read -r moves; do
    k=$((k + 1))
    {
        echo "setup dvonn"
        echo "set_option $limit"
        for m in $moves; do
            echo "play $m"
        done
        # Ply p (from 1) is White's when odd, Black's when even.
        p=$(echo "$moves" | wc -w)
        while [ "$p" -lt 49 ]; do
            p=$((p + 1))
            if [ $((p % 2)) -eq 1 ]; then
                echo "genmove white"
            else
                echo "genmove black"
            fi
        done
        echo "history"
        echo "position"
        echo "quit"
    } | "$triad" --quiet > "$tmp/out"
    if grep -q '^?' "$tmp/out"; then
        echo "$0: line $k: triad refused a command:" >&2
        grep '^?' "$tmp/out" >&2
        exit 1
    fi
    # The replies to history and position are the last two non-empty ones.
    grep '^= .' "$tmp/out" | tail -n 2 > "$tmp/last"
    echo "# $k: $(sed -n 1p "$tmp/last" | cut -c3-)"
    sed -n 2p "$tmp/last" | cut -c3-
done
