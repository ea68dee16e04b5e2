#!/bin/sh
# terminal.sh -- a person at a terminal (tmux drives a real one): Ctrl-C
# at the prompt clears the line and the session goes on; every line is in
# the history file at once; TAB completes whole move tokens (with = < >),
# case-insensitively, for the colour named; NO_COLOR, TERM=dumb and
# --color=never turn colours off.  Skipped (77) without tmux or readline.
. "${srcdir:-.}/tests/robust/lib.sh"

command -v tmux > /dev/null 2>&1 || { echo "SKIP: no tmux"; exit 77; }
# ldd is not enough for static builds: ask the binary's help? readline is
# linked when the engine mentions it.
grep -q rl_line_buffer "$TRIAD" 2>/dev/null ||
    ldd "$TRIAD" 2>/dev/null | grep -q readline ||
    { echo "SKIP: built without readline"; exit 77; }

# A fresh server (socket) for every terminal: reusing a socket just after
# kill-server races with the old server's exit.
terms=0
sock="$tmp/tmux.0"
tm() { tmux -S "$sock" "$@"; }
stop_tmux() { tm kill-server 2>/dev/null; }
mkdir "$tmp/home"
printf 'set bell-style none\n' > "$tmp/home/.inputrc"

# open ENV...: a fresh engine in a fresh 200x50 terminal.
open_term() {
    stop_tmux
    terms=$((terms + 1))
    sock="$tmp/tmux.$terms"
    tm -f /dev/null new-session -d -x 200 -y 50 \
        "env HOME='$tmp/home' INPUTRC='$tmp/home/.inputrc' $* '$TRIAD' --quiet" ||
        fail "tmux did not start"
    screen_has 'triad dvonn' 10
}
screen() { tm capture-pane -p -J -S -100; }
# wait_for SECONDS WHAT CHECK...: waits until CHECK succeeds; fails with
# WHAT (and the screen) after SECONDS.
wait_for() {
    secs=$1 what=$2
    shift 2
    i=0
    while ! "$@"; do
        [ $i -lt $((secs * 20)) ] || { screen; stop_tmux; fail "$what"; }
        sleep 0.05
        i=$((i + 1))
    done
}
shows() { screen | grep -qF -- "$1"; }
# The last line shown is a prompt with nothing typed after it.
prompt_empty() { screen | sed '/^$/d' | tail -n 1 | grep -q '^triad [^ ]* [^ ]*> *$'; }
# screen_has TEXT SECONDS: waits until the terminal shows TEXT (fixed).
screen_has() { wait_for "$2" "no '$1' on the screen" shows "$1"; }
keys() { tm send-keys "$@"; }
# interrupt: Ctrl-C, then waits (as a person would) for the line to go.
interrupt() { keys C-c; wait_for 10 "Ctrl-C left the line typed" prompt_empty; }
trap 'stop_tmux; cleanup' EXIT

# Ctrl-C at the prompt: the line goes, the engine stays.
open_term
keys 'play a1-b2'
screen_has 'play a1-b2' 5
interrupt
keys '7 name' Enter
screen_has '=7 triad' 10
echo "ok: Ctrl-C at the prompt keeps the session"

# The history file has every line at once, before the session ends.
keys '8 protocol_version' Enter
screen_has '=8 ' 10
grep -qx '8 protocol_version' "$tmp/home/.triad_history" ||
    fail "history not written as we go: $(cat "$tmp/home/.triad_history" 2>&1)"
echo "ok: history written as you go"

# TAB completes a whole Cephalopod move token with '=' in it: after a1,
# a3, b2 the captures at a2 are a2=a1+a3, a2=a1+a3+b2 and a2=a1+b2.
keys '9 setup cephalopod' Enter
screen_has '=9 ' 10
for m in a1 a3 b2; do keys "play $m" Enter; done
keys C-l 'play a2=a1' Tab
screen_has 'play a2=a1+' 5      # one TAB: the common part of the tokens
keys Tab Tab                    # two more: the list
screen_has 'a2=a1+a3+b2' 5
screen | grep -q 'b1=a1+b2\|a4 ' && { screen; fail "TAB after 'play a2=a1' offered other moves"; }
interrupt
echo "ok: TAB completes whole move tokens"

# DVONN: lower case completes like upper case.
keys '11 setup dvonn' Enter
screen_has '=11 ' 10
keys 'C-l'
keys 'play a' Tab Tab
sleep 0.5
screen | grep -q 'A' || { screen; fail "TAB after 'play a' offered nothing"; }
interrupt
echo "ok: DVONN completion ignores case"

# Colours: on at a terminal by default, off with NO_COLOR, TERM=dumb and
# --color=never.
esc=$(printf '\033')
# (pieces are coloured: place one first)
showboard_has_colour() {
    tm send-keys 'play A1' Enter 'showboard' Enter
    screen_has '= ' 10
    sleep 0.3
    tm capture-pane -p -e -S -100 | grep -q "${esc}\[[0-9;]*[1-9][0-9;]*m"
}
open_term
showboard_has_colour || fail "no colour at a terminal by default"
open_term NO_COLOR=1
! showboard_has_colour || fail "colour with NO_COLOR=1"
open_term TERM=dumb
! showboard_has_colour || fail "colour with TERM=dumb"
echo "ok: NO_COLOR and TERM=dumb turn colours off"

# --color=always colours even through a pipe, --color=never never does.
printf 'play A1\nshowboard\n' | "$TRIAD" --quiet --color=always | grep -q "$esc\[" ||
    fail "--color=always: no colour"
stop_tmux
sock="$tmp/tmux.never"
tm -f /dev/null new-session -d -x 200 -y 50 "'$TRIAD' --quiet --color=never"
screen_has 'triad dvonn' 10
! showboard_has_colour || fail "colour with --color=never"
"$TRIAD" --color=sometimes < /dev/null 2> "$tmp/err" && fail "--color=sometimes accepted"
grep -q 'auto, always or never' "$tmp/err" || fail "--color=sometimes: $(cat "$tmp/err")"
echo "ok: --color=always|never"
exit 0
