#!/bin/sh
# soak.sh [GAMES [SETUP...]] -- plays GAMES (default 1000) complete games
# of each game the engine plays (its list_games), or of each "setup"
# argument list given (e.g. "truchet 7"), through the protocol, genmove
# for both sides, in ONE engine process per game (setup or clear_board
# between games), and measures the process's resident memory (VmRSS)
# before the first game, after it, after each tenth of the games and at
# the end.  Fails on any error reply, a game
# that does not end, or memory growth beyond SOAK_GROWTH_KB (default 4096)
# after the first game.
#
# Fast settings: a 1 MiB table, and the method cycles per game through
# random, alphabeta and mcts with a budget of SOAK_NODES nodes (default
# 100) per move; Truchet games are adjudicated after 200 plies (maxplies),
# since BoardSpace's rules let them cycle.
# Environment: TRIAD (default src/triad), SOAK_NODES, SOAK_GROWTH_KB.
set -u
TRIAD=${TRIAD:-src/triad}
games=${1:-1000}
[ $# -gt 0 ] && shift
nodes=${SOAK_NODES:-100}
growth=${SOAK_GROWTH_KB:-4096}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/soak.XXXXXX") || exit 1
pid=
trap 'exec 3>&- 4<&- 2>/dev/null; [ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
status=0

# cmd LINE: sends one command and reads its whole reply; the first line
# goes to $reply.  An error reply is counted and printed.
cmd() {
    printf '%s\n' "$1" >&3
    IFS= read -r reply <&4 || { echo "soak: the engine died at: $1"; exit 1; }
    while IFS= read -r more <&4 && [ -n "$more" ]; do :; done
    case $reply in
    '?'*) errors=$((errors + 1)); echo "soak: $1 -> $reply" ;;
    esac
}

rss() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"
}

# soak SETUP: GAMES games of one game in one engine.
soak() {
    rm -f "$tmp/in" "$tmp/out"
    mkfifo "$tmp/in" "$tmp/out" || exit 1
    "$TRIAD" --quiet < "$tmp/in" > "$tmp/out" &
    pid=$!
    exec 3> "$tmp/in" 4< "$tmp/out"
    errors=0 plies=0 first=0 second=0 draws=0 unfinished=0 tenths=
    t0=$(date +%s)
    cmd "set_option hash 1"
    cmd "set_option maxnodes $nodes"
    cmd "set_option maxplies 200"
    cmd "setup $1"
    rss_start=$(rss)
    g=1
    while [ $g -le "$games" ]; do
        case $((g % 3)) in
        0) cmd "set_option method random" ;;
        1) cmd "set_option method alphabeta" ;;
        2) cmd "set_option method mcts" ;;
        esac
        cmd "set_option seed $g"
        if [ $((g % 2)) -eq 0 ]; then cmd "clear_board"; else cmd "setup $1"; fi
        n=0
        while [ $n -le 1000 ]; do
            cmd "game_status"
            case $reply in
            "= playing "*) cmd "genmove ${reply#= playing }" ;;
            *) break ;;
            esac
            n=$((n + 1))
        done
        plies=$((plies + n))
        cmd "final_score"
        case $reply in
        "= W+"*) first=$((first + 1)) ;;
        "= B+"*) second=$((second + 1)) ;;
        "= 0") draws=$((draws + 1)) ;;
        *) unfinished=$((unfinished + 1)) ;;
        esac
        [ $g -eq 1 ] && rss_first=$(rss)
        [ $((g * 10 % games)) -eq 0 ] && tenths="$tenths $(rss)"
        g=$((g + 1))
    done
    rss_end=$(rss)
    cmd "quit"
    exec 3>&- 4<&-
    wait $pid
    st=$?
    pid=
    t1=$(date +%s)
    printf 'soak %-14s %d games, %d plies, %d errors, W+ %d, B+ %d, draws %d; ' \
        "$1:" "$games" "$plies" "$errors" "$first" "$second" "$draws"
    printf 'VmRSS %d KiB at start, %d after game 1, %d at the end; %d s\n' \
        "$rss_start" "$rss_first" "$rss_end" $((t1 - t0))
    [ -n "$tenths" ] && echo "    VmRSS (KiB) after each tenth of the games:$tenths"
    if [ $errors -ne 0 ] || [ $unfinished -ne 0 ] || [ $st -ne 0 ]; then
        echo "soak: FAILED ($unfinished unfinished games, exit status $st)"
        status=1
    fi
    if [ $((rss_end - rss_first)) -gt "$growth" ]; then
        echo "soak: FAILED: memory grew by $((rss_end - rss_first)) KiB"
        status=1
    fi
}

[ -r /proc/self/status ] || { echo "soak: needs /proc"; exit 77; }
if [ $# -eq 0 ]; then
    # every game the engine plays, from its default start
    names=$(sh "$(dirname "$0")/games.sh" "$TRIAD") || exit 1
    # shellcheck disable=SC2086  # one word per game
    set -- $names
fi
for setup in "$@"; do
    soak "$setup"
done
exit $status
