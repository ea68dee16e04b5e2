#!/bin/sh
# map.sh -- doc/architecture.md against the tree, the way check_proto
# holds doc/protocol.md to the command table:
#   * every source file under src/ and tests/ (*.c *.h *.def *.sh *.mk
#     *.gtp *.js *.mjs) is named in it, as a path from the top
#     (src/proto/gtp.c; the pair src/proto/gtp.[ch] names both files);
#   * every path it names under src/, tests/, doc/ or scripts/ exists,
#     except those on its "To come:" lines (files another branch brings)
#     and patterns with <g> standing for a game's name;
#   * the transition lines are still true: no "To come:" file exists yet
#     and every "To go:" file still does.  Once the branch they wait for
#     is merged, the map must be brought up to date and the line deleted;
#   * the layering table ("| files | may include |") holds: every C file
#     under src/ falls under a row (its own, or else its folder's) and
#     includes ("dir/file.h") only what that row lists.
# Runs from the source tree (no git needed, so it works in distcheck).
# ARCH_SRCDIR: the top source directory.
set -eu
cd "${ARCH_SRCDIR:?}"
doc=doc/architecture.md
work=$(mktemp -d "${TMPDIR:-/tmp}/map.XXXXXX")
trap 'rm -rf "$work"' EXIT
bad=0
say() { printf '%s: %s\n' "$doc" "$*" >&2; bad=1; }

# The paths on some lines of the map, one per line, X.[ch] expanded.
paths() {
    sed -e 's/[^ `(]*<g>[^ `),]*//g' |
    grep -oE '(src|tests|doc|scripts)/[A-Za-z0-9_./*-]+(\[ch\])?' |
        sed -e 's/[.,:;)]*$//' |
        sed -e 's/^\(.*\)\.\[ch\]$/\1.c\n\1.h/' | LC_ALL=C sort -u
}

paths < "$doc" > "$work/named"
grep '^To come:' "$doc" | paths > "$work/to-come" || true
grep '^To go:' "$doc" | paths > "$work/to-go" || true

find src tests -name node_modules -prune -o -type f \( -name '*.c' -o \
    -name '*.h' -o -name '*.def' -o -name '*.sh' -o -name '*.mk' -o \
    -name '*.gtp' -o -name '*.js' -o -name '*.mjs' \) -print |
    LC_ALL=C sort > "$work/sources"

for f in $(LC_ALL=C comm -23 "$work/sources" "$work/named"); do
    say "does not name $f"
done
for f in $(LC_ALL=C comm -23 "$work/named" "$work/to-come"); do
    case $f in
    *'*'*) ls $f >/dev/null 2>&1 || say "names $f, which matches nothing" ;;
    *) [ -e "$f" ] || say "names $f, which does not exist" ;;
    esac
done
for f in $(cat "$work/to-come"); do
    if [ -e "$f" ]; then
        say "$f has come: describe it in the map, drop it from the" \
            "'To come:' line"
    fi
done
for f in $(cat "$work/to-go"); do
    if [ ! -e "$f" ]; then
        say "$f has gone: drop it from the 'To go:' line"
    fi
done
[ -s "$work/named" ] || say "names no file at all"

# The layering table: "SUBJECT ALLOWED..." per row, backquotes and commas
# dropped, from the header row to the first line that is not a row.
awk '/^\| files \| may include \|$/ { on = 1; next }
     on && !/^\|/ { exit }
     on && /^\| `/ { gsub(/[`,|]/, " "); $1 = $1; print }' "$doc" \
    > "$work/layers"
[ -s "$work/layers" ] && grep -q '^src/core/ ' "$work/layers" ||
    say "has no layering table (| files | may include |)"
# Every quoted include with a folder, as "FILE INCLUDED".
include='^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*/[^"]*\)".*'
find src -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort |
    while read -r f; do
        sed -n "s|$include|\\1|p" "$f" | sed "s|^|$f src/|"
    done > "$work/includes"
[ -s "$work/includes" ] || say "found no #include under src/"
find src -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort |
    awk -v doc="$doc" '
    FILENAME == ARGV[1] { allow[$1] = $0; next }
    FILENAME == ARGV[2] { inc[$1] = inc[$1] " " $2; next }
    {
        # The most specific row: the file itself, else its nearest folder.
        row = ""
        if ($1 in allow) row = allow[$1]
        else for (d = $1; sub(/[^\/]*\/?$/, "", d) && d != "";)
            if (d in allow) { row = allow[d]; break }
        if (row == "") {
            printf "%s: no layering row covers %s\n", doc, $1 > "/dev/stderr"
            bad = 1; next
        }
        n = split(row, ok, " ")
        m = split(inc[$1], got, " ")
        for (i = 1; i <= m; i++) {
            fine = 0
            for (j = 2; j <= n && !fine; j++)
                fine = got[i] == ok[j] || (ok[j] ~ /\/$/ &&
                       substr(got[i], 1, length(ok[j])) == ok[j])
            if (!fine) {
                printf "%s: %s includes %s, which its layering row (%s) " \
                       "does not list\n", doc, $1, got[i], ok[1] \
                       > "/dev/stderr"
                bad = 1
            }
        }
    }
    END { exit bad }' "$work/layers" "$work/includes" - || bad=1
exit $bad
