# common.sh -- sourced by triad-match's test scripts (after setting
# test_name): the programs (TRIAD, TRIAD_MATCH, set by make check), the
# source tree (top) and the fake engine, a temporary directory $tmp removed
# at exit (after the commands in $on_exit), and fail(), which prints the
# *.out and *.err files of $tmp and those named by the patterns in
# $fail_logs, then exits 1.
set -f                       # move tokens contain '*' and '['
TRIAD=${TRIAD:-src/triad}
TRIAD_MATCH=${TRIAD_MATCH:-src/triad-match}
top=${srcdir:-.}
fake="$top/tests/match/fake-engine.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/${test_name:-match}.XXXXXX") || exit 1
on_exit=
fail_logs=
trap 'eval "$on_exit"; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

fail() {
    echo "FAIL: $*"
    set +f
    # shellcheck disable=SC2086  # fail_logs holds patterns
    for f in "$tmp"/*.out "$tmp"/*.err $fail_logs; do
        [ -f "$f" ] && { echo "--- $f"; tail -n 40 "$f"; }
    done
    exit 1
}
