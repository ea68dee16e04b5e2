#!/bin/sh
# pipe.sh -- the controller vanishes: a closed or failing standard output
# (closed pipe, SIGPIPE, closed descriptor, full disk) or a closed
# standard input ends the engine quietly with status 0, even while it is
# fed input without end or is thinking.
. "${srcdir:-.}/tests/robust/lib.sh"

# runs NAME INPUT-COMMAND ENGINE-ARGUMENTS: the engine's status must be 0
# and it must be gone within 30 s (timeout(1) kills a hang).
runs() {
    name=$1
    rm -f "$tmp/st"
    timeout -s KILL 30 sh -c "$2 | { \"\$0\" $3; echo \$? > '$tmp/st'; }" \
        "$TRIAD" 2> "$tmp/err"
    st=$(cat "$tmp/st" 2>/dev/null)
    [ "$st" = 0 ] || { cat "$tmp/err"; fail "$name: engine status '$st'"; }
    echo "ok: $name"
}

# The reader closes the pipe after 100 bytes while input never ends.
rm -f "$tmp/st"
timeout -s KILL 30 sh -c \
    "yes showboard | { \"\$0\" --quiet; echo \$? > '$tmp/st'; } | head -c 100 > /dev/null" \
    "$TRIAD"
[ "$(cat "$tmp/st" 2>/dev/null)" = 0 ] || fail "closed pipe: status $(cat "$tmp/st" 2>/dev/null)"
echo "ok: reader closes the pipe under endless input"

# The reader is gone before a long genmove answers.
rm -f "$tmp/st"
timeout -s KILL 30 sh -c \
    "printf 'set_option movetime 0.5\ngenmove w\nname\n' | { \"\$0\" --quiet; echo \$? > '$tmp/st'; } | true" \
    "$TRIAD"
[ "$(cat "$tmp/st" 2>/dev/null)" = 0 ] || fail "reader gone while thinking: status $(cat "$tmp/st" 2>/dev/null)"
echo "ok: reader gone while thinking"

runs "standard output closed, endless input" "yes name" "--quiet >&-"
runs "standard output is a full disk" "yes name" "--quiet > /dev/full"
runs "standard input closed" "true" "--quiet <&- > /dev/null"
# Search progress goes to standard error: closing it must not matter.
runs "standard error closed" "printf 'set_option movetime 0.2\ngenmove w\n'" \
    "2>&- > '$tmp/out2'"
grep -q '^= [A-K][1-5]$' "$tmp/out2" || fail "no genmove reply with stderr closed"
exit 0
