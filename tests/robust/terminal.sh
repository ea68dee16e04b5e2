#!/bin/sh
# terminal.sh -- a person at a terminal (tmux drives a real one): Ctrl-C
# at the prompt clears the line and the session goes on; every line is in
# the history file at once.  Skipped (77) without tmux or readline.
. "${srcdir:-.}/tests/robust/lib.sh"

command -v tmux > /dev/null 2>&1 || { echo "SKIP: no tmux"; exit 77; }
# ldd is not enough for static builds: ask the binary's help? readline is
# linked when the engine mentions it.
grep -q rl_line_buffer "$TRIAD" 2>/dev/null ||
    ldd "$TRIAD" 2>/dev/null | grep -q readline ||
    { echo "SKIP: built without readline"; exit 77; }

sock="$tmp/tmux.sock"
tm() { tmux -S "$sock" "$@"; }
stop_tmux() { tm kill-server 2>/dev/null; }
mkdir "$tmp/home"
printf 'set bell-style none\n' > "$tmp/home/.inputrc"

# open ENV...: a fresh engine in a fresh 200x50 terminal.
open_term() {
    stop_tmux
    tm -f /dev/null new-session -d -x 200 -y 50 \
        "env HOME='$tmp/home' INPUTRC='$tmp/home/.inputrc' $* '$TRIAD' --quiet" ||
        fail "tmux did not start"
    screen_has 'triad dvonn' 10
}
screen() { tm capture-pane -p -J -S -100; }
# screen_has TEXT SECONDS: waits until the terminal shows TEXT (fixed).
screen_has() {
    i=0
    while ! screen | grep -qF -- "$1"; do
        [ $i -lt $(($2 * 20)) ] || { screen; stop_tmux; fail "no '$1' on the screen"; }
        sleep 0.05
        i=$((i + 1))
    done
}
keys() { tm send-keys "$@"; }
trap 'stop_tmux; cleanup' EXIT

# Ctrl-C at the prompt: the line goes, the engine stays.
open_term
keys 'play a1-b2' C-c
sleep 0.3
keys '7 name' Enter
screen_has '=7 triad' 10
echo "ok: Ctrl-C at the prompt keeps the session"

# The history file has every line at once, before the session ends.
keys '8 protocol_version' Enter
screen_has '=8 ' 10
grep -qx '8 protocol_version' "$tmp/home/.triad_history" ||
    fail "history not written as we go: $(cat "$tmp/home/.triad_history" 2>&1)"
echo "ok: history written as you go"

exit 0
