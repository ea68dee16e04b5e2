#!/bin/sh
# replay-regress.sh -- make check: replays the fuzz regression inputs
# (tests/fuzz/regress/HARNESS/) through each harness built with the
# ordinary compiler (replay_HARNESS), so that every crash or broken
# invariant fuzzing ever found stays fixed.  FUZZ_REPLAY (set by make
# check) is the path prefix of the replay programs.
replay=${FUZZ_REPLAY:-tests/fuzz/replay}
regress="${srcdir:-.}/tests/fuzz/regress"
status=0
for h in gtp move position setup; do
    [ -x "${replay}_$h" ] || { echo "FAIL: ${replay}_$h missing"; exit 1; }
    if "${replay}_$h" "$regress/$h"; then
        echo "ok: $h ($(ls "$regress/$h" | wc -l) inputs)"
    else
        echo "FAIL: $h"
        status=1
    fi
done
exit $status
