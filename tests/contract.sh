#!/bin/sh
# contract.sh -- the protocol contract's promises about the process,
# through the real binary (doc/testing.md): through pipes no banner and
# no prompt, and standard output carries replies only even when search
# progress is on; CR LF line ends answer as LF ones; a reply is flushed
# while the input stays open; quit answers "=ID " and exits 0 at once,
# reading nothing after it; the engine starts with DVONN, or the game of
# --game; the command line's settings are the options', bad ones refused.
. "${srcdir:-.}/tests/robust/lib.sh"

# No banner and no prompt through pipes, with or without --quiet.
for q in "" --quiet; do
    # shellcheck disable=SC2086
    printf 'name\n' |
        timeout -s KILL 30 "$TRIAD" $q > "$tmp/out" 2> /dev/null ||
        fail "name ($q): status $?"
    printf '= triad\n\n' | cmp -s - "$tmp/out" || fail "banner or prompt ($q)"
done
echo "ok: no banner and no prompt through pipes"

# Search progress on (no --quiet): genmove, analyze and solve write it on
# standard error; standard output holds their four replies and nothing
# else.
printf '%s\n' "set_option hash 1" "set_option maxnodes 3000" "1 genmove w" \
    "setposition cephalopod:3x3:W:W1B1../..W6B4/W6B1.." "2 analyze 0.05" \
    "3 solve 5" |
    timeout -s KILL 60 "$TRIAD" > "$tmp/out" 2> "$tmp/err" ||
    fail "progress: status $?"
LC_ALL=C awk '
    start && !/^[=?]/ { print "FAIL: not a reply: " $0; bad = 1 }
    { start = ($0 == "") }
    /^=/ { n++ }
    BEGIN { start = 1 }
    END { if (bad || n != 6 || !start) exit 1 }' "$tmp/out" ||
    fail "standard output is not six framed replies"
grep -q '^=1 [A-K][1-5]$' "$tmp/out" || fail "no genmove reply"
grep -q '^=2 best ' "$tmp/out" || fail "no analyze reply"
grep -q '^=3 [WB0]' "$tmp/out" || fail "no solve reply"
grep -q 'info' "$tmp/err" || fail "no search progress on standard error"
echo "ok: standard output carries replies only; progress goes to stderr"

# CR LF line ends (and a CR alone before a comment) answer exactly as LF.
cat > "$tmp/lf" <<'EOF'
1 name
setup cephalopod 3x3

# a comment
play b2   # and a trailing one
2 history
3 showboard
4 legal_moves
5 known_command play
EOF
sed 's/$/\r/' "$tmp/lf" > "$tmp/crlf"
for f in lf crlf; do
    timeout -s KILL 30 "$TRIAD" --quiet < "$tmp/$f" > "$tmp/$f.out" \
        2> /dev/null ||
        fail "$f: status $?"
done
[ "$(grep -c '' "$tmp/lf.out")" -gt 20 ] || fail "too few lines for LF"
cmp -s "$tmp/lf.out" "$tmp/crlf.out" || fail "CR LF answered otherwise"
if LC_ALL=C grep -q "$(printf '\r')" "$tmp/crlf.out"; then
    fail "a CR in a reply"
fi
echo "ok: CR LF line ends answer as LF"

# A reply comes while the input stays open (flushed at once); quit
# answers "=ID " and exits 0 without waiting for the end of input.
start
send "1 name"
wait_for '^=1 triad$' 10
# (The engine may be gone before the second line is written: no SIGPIPE.)
( trap '' PIPE; printf '7 quit\n2 name\n' >&3 ) 2> /dev/null
i=0
while kill -0 "$pid" 2>/dev/null; do
    [ $i -lt 100 ] || fail "quit did not end the engine within 5 s"
    sleep 0.05
    i=$((i + 1))
done
finish
[ "$status" = 0 ] || fail "quit: status $status"
printf '=1 triad\n\n=7 \n\n' | cmp -s - "$tmp/out" ||
    fail "quit: the output was not the two replies"
echo "ok: replies flushed at once; quit answers and exits 0"

# The start: DVONN's empty board, or the game of --game.
empty=$(LC_ALL=C awk 'BEGIN { s = "."; for (i = 1; i < 49; i++) s = s ",."
                              print s }')
printf 'position\n' | timeout -s KILL 30 "$TRIAD" --quiet > "$tmp/out" ||
    fail "start: status $?"
[ "$(head -n 1 "$tmp/out")" = "= dvonn:P:W:$empty" ] ||
    fail "the engine does not start with setup dvonn: $(head -n 1 "$tmp/out")"
printf 'position\n' |
    timeout -s KILL 30 "$TRIAD" --quiet --game cephalopod > "$tmp/out" ||
    fail "--game: status $?"
grep -q '^= cephalopod:5x5:W:' "$tmp/out" ||
    fail "--game cephalopod: $(head -n 1 "$tmp/out")"
echo "ok: the start is setup dvonn, or the game of --game"

# The command line's settings are set_option's: options shows them, and a
# bad value ends the engine with status 1, a message on standard error
# and nothing on standard output.
printf 'options\n' |
    timeout -s KILL 30 "$TRIAD" --quiet --seed 9 --threads 2 --movetime 0.5 \
        --hash 8 > "$tmp/out" || fail "options: status $?"
for want in "= seed 9" "threads 2" "movetime 0.5" "hash 8"; do
    grep -qx "$want" "$tmp/out" || fail "options lacks '$want'"
done
for bad in "--threads 0" "--movetime -1" "--seed x" "--hash 0" \
           "--game chess"; do
    # shellcheck disable=SC2086
    printf 'name\n' | timeout -s KILL 30 "$TRIAD" --quiet $bad > "$tmp/out" \
        2> "$tmp/err" && fail "$bad was accepted"
    st=$?
    [ $st = 1 ] || fail "$bad: status $st"
    if [ ! -s "$tmp/err" ] || [ -s "$tmp/out" ]; then
        fail "$bad: no message on stderr, or output on stdout"
    fi
done
echo "ok: --seed, --threads, --movetime, --hash are options; bad ones exit 1"
exit 0
