#!/bin/sh
# cutegames.sh -- triad against triad under a real UGI match runner, the
# cutegames match runner (a source copy beside the tree, built once into
# the build directory): a short match per registered game from startpos
# and from a position string of data/openings, on a Fischer clock.  Every
# game must end without adjudication (time, crash, gameover or result
# mismatch between the two engines, illegal move) and with the result
# triad's own referee gives when the game's moves are replayed through
# the GTP protocol.  The engines' node budget keeps the games short and
# far from the clock's end on a loaded machine.  Skipped where the
# runner's source is not given.
# Environment (set by make check): TRIAD, UGI_SRCDIR, UGI_BUILDDIR;
# CUTEGAMES_SRC: the runner's source (MIT; never part of this tree), a
# directory with its offline build.sh.  ./quickstart test sets it when
# it finds a copy beside the checkout.
set -eu
set -f                       # move tokens contain '*' and '['
TRIAD=${TRIAD:-src/triad}
srcdir=${UGI_SRCDIR:-.}
runner_src=${CUTEGAMES_SRC:-}
if [ -z "$runner_src" ] || [ ! -x "$runner_src/build.sh" ]; then
    echo "SKIP: no cutegames match runner source (set CUTEGAMES_SRC)"
    exit 77
fi
case $TRIAD in /*) ;; *) TRIAD=$(pwd)/$TRIAD ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cutegames.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*"
    for f in "$tmp"/*.log "$tmp"/*.pgn; do
        [ -f "$f" ] && { echo "--- $f"; tail -40 "$f"; }
    done
    exit 1
}

# Built once; build.sh reuses a build already in the directory.
runner=$("$runner_src/build.sh" "${UGI_BUILDDIR:-.}/cutegames-build") ||
    fail "cannot build the cutegames match runner"

MAXPLIES=400
games=$(printf 'list_games\n' | "$TRIAD" | sed -n 's/^= //; s/^\([a-z0-9_]*\) .*/\1/p')
[ -n "$games" ] || fail "no games from list_games"

# The opening of data/openings/GAME.txt's first line, as a position
# string: its setup words and moves played through GTP.
opening() {
    line=$(grep -v '^#' "$srcdir/data/openings/$1.txt" 2>/dev/null |
           head -1) || return 0
    [ -n "$line" ] || return 0
    words=${line%%|*}
    {
        echo "setup $1 $words"
        for m in ${line#*|}; do echo "play $m"; done
        echo "position"
    } | "$TRIAD" | sed -n 's/^= \([a-z0-9_]*:.*\)/\1/p' | tail -1
}

# The result triad's referee gives to a game: GTP's final_score after the
# start (startpos: setup GAME, as the UGI engine makes it) and the moves.
referee() {          # GAME FEN MOVES...
    game=$1 fen=$2
    shift 2
    {
        echo "set_option maxplies $MAXPLIES"
        if [ "$fen" = startpos ]; then echo "setup $game"
        else echo "setposition $fen"; fi
        for m in "$@"; do echo "play $m"; done
        echo "final_score"
    } | "$TRIAD" > "$tmp/referee.out"
    if grep -q '^?' "$tmp/referee.out"; then
        cat "$tmp/referee.out"
        return 1
    fi
    case $(grep '^=' "$tmp/referee.out" | tail -1) in
        "= W"*) echo 1-0 ;;
        "= B"*) echo 0-1 ;;
        "= 0") echo 1/2-1/2 ;;
        *) echo "?" ;;
    esac
}

for g in $games; do
    printf 'startpos\n' > "$tmp/$g.openings"
    pos=$(opening "$g")
    [ -z "$pos" ] || printf '%s\n' "$pos" >> "$tmp/$g.openings"
    n=$(($(wc -l < "$tmp/$g.openings") * 2))     # each from both sides
    cat > "$tmp/$g.json" <<JSON
{
    "games": $n, "concurrency": 1, "ratinginterval": 100,
    "verbose": false, "debug": false, "recover": false,
    "tournament": "roundrobin", "game": "generic",
    "protocol": { "askturn": true, "gameover": "both" },
    "openings": { "path": "$tmp/$g.openings", "repeat": true,
                  "shuffle": false },
    "adjudication": { "timeoutbuffer": 25, "maxfullmoves": 10000 },
    "timecontrol": { "type": "clock", "time": 10000, "increment": 100 },
    "options": { "game": "$g", "hash": "16", "maxplies": "$MAXPLIES",
                 "maxnodes": "5000" },
    "pgn": { "enabled": true, "verbose": true, "override": true,
             "path": "$tmp/$g.pgn", "event": "ugi $g" },
    "engines": [
        { "name": "one", "path": "$TRIAD", "parameters": "--quiet" },
        { "name": "two", "path": "$TRIAD", "parameters": "--quiet" }
    ]
}
JSON
    (cd "$tmp" && "$runner" --settings "$tmp/$g.json") > "$tmp/$g.log" 2>&1 ||
        fail "$g: the match runner exited with $?"
    grep -q "^Games finished: $n\$" "$tmp/$g.log" ||
        fail "$g: not $n games finished"
    if grep -Ei 'error|illegal|crash|mismatch' "$tmp/$g.log"; then
        fail "$g: an engine error"
    fi
    # One "FEN|RESULT|ADJUDICATED|MOVES" line per game of the PGN file.
    awk '
        /^\[FEN /        { fen = $2; gsub(/"|\]/, "", fen) }
        /^\[Result /     { res = $2; gsub(/"|\]/, "", res) }
        /^\[Adjudicated/ { adj = $0 }
        /^[0-9]+\./ {
            moves = ""
            for (i = 1; i < NF; i++)
                if ($i !~ /^[0-9]+\.+$/) moves = moves " " $i
            print fen "|" res "|" adj "|" moves
            fen = res = adj = ""
        }' "$tmp/$g.pgn" > "$tmp/$g.games"
    [ "$(wc -l < "$tmp/$g.games")" -eq "$n" ] || fail "$g: $n games in the PGN"
    while IFS='|' read -r fen res adj moves; do
        [ -z "$adj" ] || fail "$g: adjudicated: $adj"
        # shellcheck disable=SC2086
        ours=$(referee "$g" "$fen" $moves) || fail "$g: replay: $ours"
        [ "$ours" = "$res" ] ||
            fail "$g: the runner says $res, triad's referee $ours ($fen$moves)"
        echo "$g: $res in $(echo $moves | wc -w) plies from $fen"
    done < "$tmp/$g.games"
done
