#!/bin/sh
# completion.sh -- the generated bash completion (COMPLETION_DIR/NAME) of
# each program offers every option that the program's --help names, for
# "--" and for each option's first three letters; every option it offers
# is one the program knows (getopt does not call it unrecognized); after
# --game it offers every game of the engine's list_games.
set -u
command -v bash >/dev/null 2>&1 || { echo "no bash: skipped"; exit 77; }
. "$(dirname "$0")/programs.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/completion.XXXXXX")
trap 'rm -rf "$work"' EXIT
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# offers NAME WORD...: what the completion of NAME offers for the command
# line "NAME WORD..." (the last word being completed), one per line.
offers() {
    bash -c '
        . "$1/$2" || exit 1
        shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        f=$(complete -p "$1" | sed "s/.*-F \([^ ]*\) .*/\1/")
        "$f" && printf "%s\n" "${COMPREPLY[@]}"' \
        sh "${COMPLETION_DIR:?}" "$@"
}

games=$(printf 'list_games\nquit\n' | "${TRIAD:?}" --quiet |
        sed -n -e 's/^= //' -e 's/^\([a-z][a-z0-9_-]*\) .*/\1/p')
[ -n "$games" ] || fail "the engine lists no game"
programs > "$work/programs"
while read -r name path; do
    [ -r "$COMPLETION_DIR/$name" ] || { fail "no $COMPLETION_DIR/$name"; continue; }
    "$path" --help | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u > "$work/help"
    offers "$name" -- | sort > "$work/offered"
    [ -s "$work/help" ] || fail "$name --help names no option"
    for o in $(comm -23 "$work/help" "$work/offered"); do
        fail "$name: -- does not offer $o"
    done
    for o in $(cat "$work/help"); do
        prefix=$(printf '%s' "$o" | cut -c1-5)
        offers "$name" "$prefix" | grep -qx -- "$o" ||
            fail "$name: $prefix does not offer $o"
    done
    for o in $(cat "$work/offered"); do
        timeout 10 "$path" "$o" < /dev/null > /dev/null 2> "$work/err"
        grep -q 'unrecognized' "$work/err" &&
            fail "$name: offers $o, which it does not know"
    done
    if grep -qx -- '--game' "$work/help"; then
        for g in $games; do
            offers "$name" --game "" | grep -qx "$g" ||
                fail "$name: --game does not offer $g"
        done
    fi
    echo "checked: $name ($(wc -l < "$work/offered") options)"
done < "$work/programs"
exit $bad
