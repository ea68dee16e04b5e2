#!/bin/sh
# game_lengths.sh [-l LIMIT] [-b BIN] FILE... -- the length distribution of
# the games in triad-match SGF records (--records): per bin of BIN plies
# (default 50) how many games ended there decided and how many drawn, then
# how many games were decided before LIMIT plies (default 300).  A ply is
# one move node (;W[..] or ;B[..]); a draw is a record whose RE is 0.
set -eu
limit=300
bin=50
while getopts l:b: opt; do
    case $opt in
    l) limit=$OPTARG ;;
    b) bin=$OPTARG ;;
    *) echo "usage: $0 [-l LIMIT] [-b BIN] FILE..." >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
    echo "usage: $0 [-l LIMIT] [-b BIN] FILE..." >&2
    exit 2
fi
cat "$@" | awk -v limit="$limit" -v bin="$bin" '
    function finish() {
        if (!open)
            return
        b = int(plies / bin)
        if (draw) { drawn[b]++; ndraw++ } else { won[b]++; nwon++ }
        if (!draw && plies < limit)
            early++
        if (b > maxb)
            maxb = b
        total += plies
        games++
        open = 0
    }
    {
        line = $0
        while ((i = index(line, "(;FF[")) > 0) {
            pre = substr(line, 1, i - 1)
            plies += gsub(/;[WB]\[/, "", pre)
            finish()
            open = 1; plies = 0; draw = 0
            line = substr(line, i + 5)
        }
        if (line ~ /RE\[0\]/)
            draw = 1
        plies += gsub(/;[WB]\[/, "", line)
    }
    END {
        finish()
        if (games == 0) { print "no games"; exit 1 }
        printf "%-11s %8s %6s\n", "plies", "decided", "drawn"
        for (b = 0; b <= maxb; b++)
            if (won[b] + drawn[b] > 0)
                printf "%4d-%-6d %8d %6d\n", b * bin, b * bin + bin - 1,
                       won[b], drawn[b]
        printf "games %d, decided %d, drawn %d, mean length %.1f plies\n",
               games, nwon, ndraw, total / games
        printf "decided before %d plies: %d of %d (%.1f %%)\n", limit,
               early, games, 100 * early / games
    }'
