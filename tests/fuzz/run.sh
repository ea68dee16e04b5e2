#!/bin/sh
# run.sh HARNESS... -- runs the libFuzzer harnesses built by build.sh, each
# for FUZZ_SECONDS, over the generated seeds (FUZZ_DIR/seeds/H) and the
# committed regression inputs (tests/fuzz/regress/H), growing the corpus
# in FUZZ_DIR/corpus/H.  A crash, leak, timeout (10 s per input) or broken
# invariant fails the run; the input is kept as FUZZ_DIR/crashes/H-*.
# Prints one line per harness: executions, corpus size, result.
set -u
dir=${FUZZ_DIR:-fuzz-out}
src=${FUZZ_SRCDIR:-.}
secs=${FUZZ_SECONDS:-60}
status=0
mkdir -p "$dir/crashes"
for h in "$@"; do
    bin="$dir/fuzz_$h"
    [ -x "$bin" ] || { echo "fuzz: $bin is missing (make fuzz-build)"; exit 1; }
    mkdir -p "$dir/corpus/$h" "$dir/seeds/$h"
    # Short inputs run fast: a few hundred bytes hold a position and a
    # handful of commands (fuzz_gtp once ran 128-560 inputs a second on
    # whole-game transcripts of up to 8 KiB).
    maxlen=${FUZZ_MAX_LEN:-1024}
    set -- "$dir/corpus/$h" "$dir/seeds/$h"
    [ -d "$src/tests/fuzz/regress/$h" ] && set -- "$@" "$src/tests/fuzz/regress/$h"
    log="$dir/fuzz_$h.log"
    "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=$maxlen -dict="$src/tests/fuzz/gtp.dict" \
        -artifact_prefix="$dir/crashes/$h-" -print_final_stats=1 \
        "$@" > "$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    files=$(find "$dir/corpus/$h" -type f | wc -l)
    if [ $rc -eq 0 ]; then
        result=ok
    else
        result="FAILED (exit $rc, see $log)"
        status=1
    fi
    rate=$(awk -v n="${execs:-0}" -v s="$secs" 'BEGIN { printf "%.0f", n / s }')
    printf 'fuzz_%-9s %10s executions in %s s (%s/s), corpus %s files: %s\n' \
        "$h" "${execs:-?}" "$secs" "$rate" "$files" "$result"
    if [ $rc -ne 0 ]; then
        grep -E 'ERROR|invariant|runtime error|SUMMARY|Test unit written' \
            "$log" | head -n 10
    fi
done
exit $status
