#!/bin/sh
# coverage.sh -- the table "Which suite tests which file" at the end of
# doc/architecture.md against the tree:
#   * every C file under src/ has exactly one line in it;
#   * every file it lists exists;
#   * every suite it names exists and is named by a build file
#     (Makefile.am or a local.mk), so that make check runs it or the
#     build ships it;
#   * a file tested only from outside says so: "through PATH...: REASON",
#     with the paths that reach it and a reason.
# A line of the table starts with the listed file; a line that starts
# with blanks continues the one above.  Runs from the source tree.
# ARCH_SRCDIR: the top source directory.
set -eu
cd "${ARCH_SRCDIR:?}"
doc=doc/architecture.md
section='## Which suite tests which file'
work=$(mktemp -d "${TMPDIR:-/tmp}/coverage.XXXXXX")
trap 'rm -rf "$work"' EXIT
bad=0
say() { printf '%s, "%s": %s\n' "$doc" "${section#\#\# }" "$*" >&2; bad=1; }

# The table: the first fenced block after the section's title, one entry
# a line (continuation lines joined to theirs).
awk -v title="$section" '
    $0 == title { in_section = 1; next }
    in_section && /^## / { exit }
    in_section && /^```/ { if (fenced) exit; fenced = 1; next }
    fenced && /^[ \t]/ { sub(/^[ \t]+/, " "); entry = entry $0; next }
    fenced && NF { if (entry != "") print entry; entry = $0 }
    END { if (entry != "") print entry }
' "$doc" > "$work/table"
if [ ! -s "$work/table" ]; then
    say "no table found (a section titled '$section' with a fenced block)"
    exit 1
fi

# What the build names: every word of Makefile.am and the local.mk files.
find . -name local.mk -not -path './.git/*' | LC_ALL=C sort |
    xargs cat Makefile.am |
    awk '{ gsub(/[\\=]/, " "); for (i = 1; i <= NF; i++) print $i }' \
    > "$work/built"

while read -r file rest; do
    case $file in
    src/*.c) ;;
    *) say "'$file' is not a C file under src/"; continue ;;
    esac
    echo "$file" >> "$work/listed"
    [ -e "$file" ] || say "lists $file, which does not exist (drop its line)"
    case $rest in
    through\ *)
        paths=${rest#through }
        reason=${paths#*:}
        case $paths in
        *:*) paths=${paths%%:*} ;;
        *) reason= ;;
        esac
        if [ -z "$(echo "$reason" | tr -d ' ')" ]; then
            say "$file: a 'through' line needs a reason after a colon"
        fi
        ;;
    *)
        paths=$rest
        ;;
    esac
    [ -n "$(echo "$paths" | tr -d ' ')" ] || say "$file: names no suite"
    for suite in $paths; do
        case $suite in
        tests/*) ;;
        *) say "$file: '$suite' is not a test under tests/"; continue ;;
        esac
        if [ ! -e "$suite" ]; then
            say "$file: its suite $suite does not exist"
            continue
        fi
        case ${rest%% *} in through) continue ;; esac
        name=${suite%.c}
        grep -qxF "$name" "$work/built" ||
            say "$file: its suite $suite is built by no Makefile.am or local.mk"
    done
done < "$work/table"

touch "$work/listed"
LC_ALL=C sort "$work/listed" | uniq -d > "$work/twice"
while read -r f; do
    say "lists $f more than once"
done < "$work/twice"
find src -name '*.c' | LC_ALL=C sort > "$work/sources"
LC_ALL=C sort -u "$work/listed" |
    LC_ALL=C comm -23 "$work/sources" - > "$work/missing"
while read -r f; do
    say "does not list $f: add a line '$f  tests/check_<suite>.c'" \
        "(or '$f  through PATH: REASON')"
done < "$work/missing"
exit $bad
