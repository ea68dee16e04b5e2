# programs.sh -- sourced by the tests of tests/cli/: the programs to
# check, "NAME PATH" a line, from TRIAD, TRIAD_MATCH and TRIAD_WEB
# (triad-web only where it was built).
programs() {
    printf 'triad %s\n' "${TRIAD:?}"
    printf 'triad-match %s\n' "${TRIAD_MATCH:?}"
    [ -z "${TRIAD_WEB:-}" ] || printf 'triad-web %s\n' "$TRIAD_WEB"
}
