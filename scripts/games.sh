#!/bin/sh
# games.sh TRIAD [setups] -- the games the engine TRIAD plays, asked of the
# engine itself (list_games, which prints the registry), one name a line,
# so that the scripts and tests that run every game cover a new one
# without an edit.  With "setups", one setup argument list a line instead:
# each game with its default start, then the game with each literal word
# its setup usage offers (the lowercase words, such as DVONN's "random";
# KEY or WxH are placeholders, a=B forms need a value).
set -eu
[ $# -ge 1 ] || { echo "usage: games.sh TRIAD [setups]" >&2; exit 2; }
triad=$1 what=${2:-names}
reply=$(printf 'list_games\n' | "$triad" --quiet) || {
    echo "games.sh: $triad failed to list its games" >&2
    exit 1
}
# "= NAME TITLE [USAGE]" on the first line, "NAME TITLE [USAGE]" after.
lines=$(printf '%s\n' "$reply" | sed -e '1s/^= //' -e '/^$/d')
case $lines in
'' | '?'*) echo "games.sh: list_games answered: $reply" >&2; exit 1 ;;
esac
case $what in
names) printf '%s\n' "$lines" | awk '{ print $1 }' ;;
setups)
    printf '%s\n' "$lines" | awk '{
        print $1
        for (i = 3; i <= NF; i++) {
            w = $i
            gsub(/[][|]/, "", w)
            if (w ~ /^[a-z][a-z0-9]*$/)
                print $1 " " w
        }
    }'
    ;;
*) echo "games.sh: unknown list '$what' (names or setups)" >&2; exit 2 ;;
esac
