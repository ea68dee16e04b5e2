#!/bin/sh
# fuzz.sh DURATION -- the long fuzz campaign (not CI): builds the engine
# and the libFuzzer harnesses (make fuzz-build: clang, libFuzzer, ASan and
# UBSan) and runs the four harnesses one after the other, DURATION seconds
# in all (a quarter each), at low priority.  Prints, per harness, the
# executions, executions per second, corpus size and result; fails on any
# crash, leak, timeout or broken invariant (inputs in fuzz-out/crashes/).
# The corpus grows in fuzz-out/corpus/ and is reused by the next run.
#   scripts/fuzz.sh 3600      # the hour-long campaign of doc/robustness.md
set -eu
duration=${1:?usage: scripts/fuzz.sh DURATION-IN-SECONDS}
case $duration in *[!0-9]*|'') echo "fuzz.sh: DURATION is seconds" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
[ -f Makefile ] || { autoreconf -fi >/dev/null && ./configure -q; }
each=$((duration / 4))
[ "$each" -ge 1 ] || each=1
nice make -s fuzz FUZZ_SECONDS="$each"
