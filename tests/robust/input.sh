#!/bin/sh
# input.sh -- hostile input streams through the real binary: a last line
# without its newline, thousands of pipelined commands (answered in
# order), lines of 10 MB (refused: "? line too long" with the id, unless
# blank or a comment; the engine goes on), an endless line in bounded
# memory, NUL bytes and other control bytes, a megabyte of random binary
# garbage, and command-line values longer than 255 bytes.  Every reply must
# be framed, the engine must go on answering and exit 0 at the end of
# input.
. "${srcdir:-.}/tests/robust/lib.sh"

# feed FILE: runs the engine on FILE (60 s at most) into $tmp/out.
feed() {
    timeout -s KILL 60 "$TRIAD" --quiet < "$1" > "$tmp/out" 2> "$tmp/err"
    st=$?
    [ $st -eq 0 ] || fail "$(basename "$1"): engine status $st"
}

# framed: every reply starts with = or ?, replies are separated by one
# empty line, and the output ends with one.  Prints the number of replies.
framed() {
    LC_ALL=C awk '
        BEGIN { start = 1 }
        start && !/^[=?]/ { bad = 1 }
        { start = ($0 == "") }
        $0 == "" { n++ }
        END { if (bad || !start) exit 1; print n + 0 }' "$tmp/out" ||
        fail "output not framed"
}

# The last line may lack its newline: it is still executed.
printf 'name\n1 protocol_version' > "$tmp/partial"
feed "$tmp/partial"
printf '= triad\n\n=1 2\n\n' | cmp -s - "$tmp/out" || fail "partial last line"
printf '1 name\r' > "$tmp/cr"
feed "$tmp/cr"
printf '=1 triad\n\n' | cmp -s - "$tmp/out" || fail "CR-terminated last line"
echo "ok: a last line without newline is executed"

# 6000 pipelined commands of every kind, answered in order.
LC_ALL=C awk 'BEGIN {
    split("name|set_option maxnodes 50|bogus|play zz|legal_moves|undo|" \
          "genmove w|genmove b|position|setup cephalopod 3x3|" \
          "final_score|help play|perft 1|showboard|history", c, "|")
    print "0 set_option hash 1"
    for (i = 1; i <= 6000; i++)
        print i, c[i % 15 + 1]
}' > "$tmp/pipelined"
feed "$tmp/pipelined"
[ "$(framed)" = 6001 ] || fail "pipelined: $(framed) replies for 6001"
LC_ALL=C awk '/^[=?][0-9]+ / { id = substr($1, 2); if (id != n++) exit 1 }
    END { if (n != 6001) exit 1 }' "$tmp/out" || fail "replies out of order"
echo "ok: 6000 pipelined commands answered in order"

# Lines of 10 MB: a word, a move argument, blanks, a comment, many words,
# and a command followed by a comment of 10 MB, which is run (only the
# part before the comment counts towards the cap).
{
    head -c 10000000 /dev/zero | tr '\0' 'a'; printf '\n1 name\n2 play '
    head -c 10000000 /dev/zero | tr '\0' 'b'; printf '\n3 name\n'
    head -c 10000000 /dev/zero | tr '\0' ' '; printf '\n4 name\n# '
    head -c 10000000 /dev/zero | tr '\0' '#'; printf '\n5 name\n6 setup '
    head -c 10000000 /dev/zero | tr '\0' 'x' | sed 's/x/x /g'
    printf '\n7 name\n8 name # '
    head -c 10000000 /dev/zero | tr '\0' 'c'; printf '\n9 name\n'
} > "$tmp/long"
feed "$tmp/long"
[ "$(framed)" = 10 ] || fail "long lines: $(framed) replies for 10"
for i in 1 3 4 5 7 8 9; do
    grep -q "^=$i triad\$" "$tmp/out" || fail "long lines: no reply $i"
done
grep -q '^? line too long$' "$tmp/out" || fail "10 MB word"
grep -q '^?2 line too long$' "$tmp/out" || fail "10 MB move token"
grep -q '^?6 line too long$' "$tmp/out" || fail "5M words"
echo "ok: 10 MB lines"

# A line of 300 MB under a 200 MB address-space limit used to end the
# engine silently (exit 0, the commands after it lost): now it is
# refused and skipped in bounded memory.
if ! is_asan; then
    { printf '9 name '; head -c 300000000 /dev/zero | tr '\0' 'z'
      printf '\n10 name\n'; } |
        ( ulimit -v 200000; timeout -s KILL 60 "$TRIAD" --quiet ) \
        > "$tmp/out" 2> "$tmp/err" || fail "300 MB line: status $?"
    printf '?9 line too long\n\n=10 triad\n\n' | cmp -s - "$tmp/out" ||
        fail "300 MB line: $(head -c 200 "$tmp/out")"
    echo "ok: a 300 MB line is refused in bounded memory"
fi

# NUL and other control bytes are dropped before parsing.
printf '1 na\000me\n\000\000\n2 pro\001to\033col_ver\177sion\n3 \000\n' \
    > "$tmp/nul"
feed "$tmp/nul"
printf '=1 triad\n\n=2 2\n\n?3 syntax error: missing command\n\n' |
    cmp -s - "$tmp/out" || fail "NUL and control bytes"
echo "ok: NUL and control bytes"

# A megabyte of random bytes (fixed seed), then a last command.
LC_ALL=C awk 'BEGIN { srand(7)
    for (i = 0; i < 1048576; i++) printf "%c", int(rand() * 256)
    printf "\n999 name\n" }' > "$tmp/garbage"
feed "$tmp/garbage"
framed > /dev/null
tail -n 2 "$tmp/out" | head -n 1 | grep -q '^=999 triad$' ||
    fail "random bytes: the last command got no answer"
echo "ok: random binary garbage ($(framed) replies)"

# Command-line values are not cut at 255 bytes: a --seed of 300 zeros and
# a 5 is seed 5 (it used to become 0), a 300-digit seed is refused.
zeros=$(head -c 300 /dev/zero | tr '\0' '0')
printf 'options\n' | "$TRIAD" --quiet --seed "${zeros}5" > "$tmp/out" 2> "$tmp/err" ||
    fail "--seed ${zeros}5: status $?"
grep -Eq '^(= )?seed 5$' "$tmp/out" || fail "--seed ${zeros}5: $(grep seed "$tmp/out")"
printf 'options\n' | "$TRIAD" --quiet --seed "1${zeros}" > "$tmp/out" 2> "$tmp/err" &&
    fail "--seed 1${zeros} was accepted"
grep -q "1${zeros}" "$tmp/err" || fail "--seed 1${zeros}: $(cat "$tmp/err")"
echo "ok: long command-line values are read whole"
exit 0
