#!/bin/sh
# doc-examples.sh -- the examples in README, doc/*.md and doc/triad.6 are
# run and must say what they show.  A transcript is an indented block that
# starts with "$ triad ARGS" or "$ src/triad ARGS": after it, a line
# following an empty line (or the "$" line) is a command and the lines up
# to the next empty line are its reply, compared with what the engine
# answers (trailing blanks aside).  The man page's EXAMPLES command lines
# are run through sh and every reply must be a success.  README's example
# once said "genmove black" answers "= a1" where the engine said "= a2"
# (or b3: without a node budget the move depends on the machine's speed).
. "${srcdir:-.}/tests/robust/lib.sh"
top=${srcdir:-.}

# transcripts FILE: writes, for each transcript of FILE, its engine
# arguments to $tmp/ex.N.args, its commands to $tmp/ex.N.in and what it
# shows to $tmp/ex.N.want; prints how many there are.
transcripts() {
    awk -v dir="$tmp" '
        function flush() { if (n) close(dir "/ex." n ".in") }
        /^    \$ (src\/)?triad( |$)/ {
            flush(); n++; inside = 1; cmd = 1
            args = $0; sub(/^    \$ (src\/)?triad */, "", args)
            print args > (dir "/ex." n ".args"); close(dir "/ex." n ".args")
            printf "" > (dir "/ex." n ".want")
            next
        }
        inside && /^    / {
            line = substr($0, 5)
            if (cmd) { print line > (dir "/ex." n ".in"); cmd = 0; next }
            sub(/[ \t]+$/, "", line); print line > (dir "/ex." n ".want")
            next
        }
        inside && /^$/ { cmd = 1; print "" > (dir "/ex." n ".want"); next }
        inside { inside = 0 }
        END { flush(); print n + 0 }' "$1"
}

total=0
for f in "$top/README" "$top"/doc/*.md "$top"/doc/games/*.md; do
    [ -f "$f" ] || continue
    rm -f "$tmp"/ex.*
    n=$(transcripts "$f")
    i=1
    while [ "$i" -le "$n" ]; do
        # shellcheck disable=SC2046
        timeout -s KILL 60 "$TRIAD" $(cat "$tmp/ex.$i.args") \
            < "$tmp/ex.$i.in" 2> "$tmp/err" |
            sed 's/[ \t]*$//' > "$tmp/got"
        # the block ends where the document goes on: compare up to there
        lines=$(grep -c '' "$tmp/ex.$i.want")
        head -n "$lines" "$tmp/got" | cmp -s - "$tmp/ex.$i.want" || {
            echo "--- $(basename "$f"), example $i, shown:"; cat "$tmp/ex.$i.want"
            echo "--- the engine says:"; cat "$tmp/got"
            fail "$(basename "$f") example $i is wrong"
        }
        i=$((i + 1))
    done
    total=$((total + n))
done
[ "$total" -ge 1 ] || fail "no transcript found in README or doc/"
echo "ok: $total transcripts in README and doc/ say what the engine says"

# The man page: every "$ ..." line between .nf and .fi under EXAMPLES.
sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$top/doc/triad.6" |
    sed -n 's/^\$ //p' | sed 's/\\\\/\\/g' > "$tmp/man"
[ -s "$tmp/man" ] || fail "no example in triad.6"
while IFS= read -r line; do
    out=$(triad() { timeout -s KILL 60 "$TRIAD" --quiet "$@"; }
          eval "$line") || fail "triad.6: '$line' failed"
    printf '%s\n' "$out" | grep -q '^?' && fail "triad.6: '$line': $out"
    printf '%s\n' "$out" | grep -q '^=' || fail "triad.6: '$line': no reply"
done < "$tmp/man"
echo "ok: the examples of triad.6 run without a failure"
exit 0
