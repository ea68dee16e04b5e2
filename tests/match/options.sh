#!/bin/sh
# options.sh -- triad-match's options are one table in src/match/
# options.c, from which --help and the parser are made: every option
# --help lists is accepted by the parser, --help fits in 80 columns, and
# the option lists of the man page (doc/triad-match.1, the lines after
# .TP in OPTIONS) and of doc/triad-match.md (the first column of its
# "Options" table) name exactly the options of --help, with the same
# argument names.
# Environment: TRIAD_MATCH (set by make check), srcdir.
test_name=options
. "${srcdir:-.}/tests/match/common.sh"

"$TRIAD_MATCH" --help > "$tmp/help" || fail "--help: $?"
awk 'length($0) > 80 { print; bad = 1 } END { exit bad }' "$tmp/help" \
    > "$tmp/wide.out" || fail "--help lines over 80 columns"
sed -n 's/^  --\([a-z-]*\).*/\1/p' "$tmp/help" | LC_ALL=C sort -u \
    > "$tmp/help.opts"
[ "$(wc -l < "$tmp/help.opts")" -ge 30 ] || fail "too few options in --help"
# "NAME ARG" of the options that take an argument (ARG in capitals or a
# word with punctuation: the help text after a lone option is lower case).
sed -n 's/^  --\([a-z-]*\) \([^ a-z][^ ]*\).*/\1 \2/p' "$tmp/help" |
    LC_ALL=C sort -u > "$tmp/help.args"

# The man page: the option names on the line after each .TP of OPTIONS.
sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$top/doc/triad-match.1" |
    awk 'prev == ".TP" { print } { prev = $0 }' |
    grep -oE '\\-\\-[a-z\\-]+' | sed 's/\\-/-/g; s/^--//' |
    LC_ALL=C sort -u > "$tmp/man.opts"
diff "$tmp/help.opts" "$tmp/man.opts" > "$tmp/man.out" ||
    fail "the man page's options differ from --help (< --help, > man)"
sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$top/doc/triad-match.1" |
    awk 'prev == ".TP" { print } { prev = $0 }' |
    sed -n 's/^\.BI \\-\\-\([a-z\\-]*\) " \(.*\)"$/\1 \2/p' |
    sed 's/\\-/-/g' | LC_ALL=C sort -u > "$tmp/man.args"
diff "$tmp/help.args" "$tmp/man.args" > "$tmp/manargs.out" ||
    fail "the man page's arguments differ from --help (< --help, > man)"

# doc/triad-match.md: the first column of the table under "## Options".
sed -n '/^## Options/,/^## /p' "$top/doc/triad-match.md" |
    grep '^| `--' | cut -d'|' -f2 | grep -oE -- '--[a-z-]+' |
    sed 's/^--//' | LC_ALL=C sort -u > "$tmp/md.opts"
diff "$tmp/help.opts" "$tmp/md.opts" > "$tmp/md.out" ||
    fail "doc/triad-match.md's options differ from --help (< --help, > doc)"
sed -n '/^## Options/,/^## /p' "$top/doc/triad-match.md" |
    sed -n 's/^| `--\([a-z-]*\) \([^`]*\)` |.*/\1 \2/p' |
    LC_ALL=C sort -u > "$tmp/md.args"
diff "$tmp/help.args" "$tmp/md.args" > "$tmp/mdargs.out" ||
    fail "doc/triad-match.md's arguments differ from --help (< --help, > doc)"

# The parser knows every option of --help (with an argument if it takes
# one): never "unknown option".
while read -r opt; do
    "$TRIAD_MATCH" "--$opt" 1 > "$tmp/one.txt" 2>&1
    ! grep -q 'unknown option' "$tmp/one.txt" ||
        fail "--$opt is in --help but not in the parser"
done < "$tmp/help.opts"
"$TRIAD_MATCH" --no-such-option > "$tmp/one.txt" 2>&1
grep -q 'unknown option' "$tmp/one.txt" || fail "the check cannot fail"
exit 0
