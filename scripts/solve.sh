#!/bin/sh
# solve.sh SIZE [HASH_MB [SECONDS [THREADS]]] -- proves the value of the empty
# Cephalopod board SIZE (WxH, e.g. 3x4) with the `solve` command: a long
# run, so it is niced.  The answer (e.g. "= W+1 a1") goes to standard
# output, the progress lines (doc/protocol.md, `solve`) to standard error,
# and the CPU time and peak memory to standard error at the end.
# Defaults: HASH_MB 4096, SECONDS 86400, THREADS 1 (more threads prove
# sooner and share the table: doc/search.md, "Proofs on several
# threads").  Run from the build directory.
set -eu
if [ $# -lt 1 ] || [ $# -gt 4 ]; then
    echo "usage: $0 SIZE [HASH_MB [SECONDS [THREADS]]]" >&2
    exit 2
fi
size=$1
hash=${2:-4096}
seconds=${3:-86400}
threads=${4:-1}
triad=${TRIAD:-src/triad}
printf 'setup cephalopod %s\nset_option hash %s\nset_option threads %s\nsolve %s\n' \
    "$size" "$hash" "$threads" "$seconds" |
    nice /usr/bin/time -f 'cpu user %U s system %S s, max RSS %M KB' \
        "$triad" | grep -v '^=\? *$'
