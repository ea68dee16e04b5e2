#!/bin/sh
# gen-tables.sh -- every generated table in src/games/ is what its
# generator in scripts/ prints today, byte for byte.  After changing a
# generator: scripts/gen_G_tables > src/games/G_tables.h (from the build
# directory; the generators are built by make).
top=${srcdir:-.}
status=0
for table in "$top"/src/games/*_tables.h; do
    g=$(basename "$table" _tables.h)
    if ! ./scripts/gen_${g}_tables > gen-${g}.out; then
        echo "FAIL: scripts/gen_${g}_tables exited with an error"
        status=1
    elif cmp -s gen-${g}.out "$table"; then
        echo "ok: scripts/gen_${g}_tables reproduces src/games/${g}_tables.h"
    else
        echo "FAIL: scripts/gen_${g}_tables differs from src/games/${g}_tables.h:"
        diff "$table" gen-${g}.out | head -20
        status=1
    fi
    rm -f gen-${g}.out
done
exit $status
