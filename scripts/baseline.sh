#!/bin/sh
# baseline.sh COMMIT DIR -- builds COMMIT of this repository into DIR as a
# frozen yardstick: DIR/triad-HASH and DIR/triad-match-HASH (HASH: the
# commit's 7-digit abbreviation, whatever name COMMIT gives it), plus
# DIR/triad-HASH.txt saying what was built and how.  The sources come from
# git archive into a temporary directory outside the work tree (which is
# left as it is); there they get autoreconf, configure and make, at low
# priority.  Nothing is installed.  A commit without triad-match gives
# only triad.  Any machine with the repository and the build dependencies
# rebuilds the same engine: compare `printf 'bench\nquit\n' | DIR/triad-HASH`
# signatures.  Environment: JOBS (make -j, default 2), CONFIGURE_FLAGS.
#   scripts/baseline.sh 2fe29cb ~/baseline   # the DVONN yardstick
set -eu
if [ $# -ne 2 ]; then
    echo "usage: $0 COMMIT DIR" >&2
    exit 2
fi
commit=$1
dir=$2
repo=$(cd "$(dirname "$0")/.." && pwd)
full=$(git -C "$repo" rev-parse --verify --quiet "$commit^{commit}") || {
    echo "baseline.sh: not a commit of $repo: $commit" >&2
    exit 2
}
hash=$(git -C "$repo" rev-parse --short=7 "$full")
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

build=$(mktemp -d "${TMPDIR:-/tmp}/triad-baseline-$hash.XXXXXX")
trap 'rm -rf "$build"' EXIT
trap 'exit 1' INT TERM
echo "baseline.sh: building $hash in $build" >&2
git -C "$repo" archive --format=tar "$full" | tar -x -C "$build"
(
    cd "$build"
    autoreconf -fi > autoreconf.log 2>&1 ||
        { cat autoreconf.log >&2; exit 1; }
    # shellcheck disable=SC2086  # CONFIGURE_FLAGS holds several words
    ./configure -q ${CONFIGURE_FLAGS:-} > configure.log 2>&1 ||
        { cat configure.log >&2; exit 1; }
    nice make -s -j"${JOBS:-2}" > make.log 2>&1 ||
        { tail -n 40 make.log >&2; exit 1; }
)
[ -x "$build/src/triad" ] || {
    echo "baseline.sh: $hash built no src/triad" >&2
    exit 1
}
cp "$build/src/triad" "$dir/triad-$hash"
built="$dir/triad-$hash"
if [ -x "$build/src/triad-match" ]; then
    cp "$build/src/triad-match" "$dir/triad-match-$hash"
    built="$built $dir/triad-match-$hash"
fi
{
    echo "commit $full"
    echo "built $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -srm)"
    echo "configure ${CONFIGURE_FLAGS:-(no flags)}"
    sed -n 's/^\(CC\|CFLAGS\) = /\1 /p' "$build/Makefile"
    "$(sed -n 's/^CC = //p' "$build/Makefile" | cut -d' ' -f1)" --version |
        head -n 1
    printf 'bench\nquit\n' | "$dir/triad-$hash" 2>&1 | grep -i signature ||
        true
} > "$dir/triad-$hash.txt"
echo "$built"
