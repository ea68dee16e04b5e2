#!/bin/sh
# build.sh OUTDIR SRCDIR CONFIGDIR SOURCE... -- builds the libFuzzer
# harnesses of tests/fuzz/ into OUTDIR with clang: the engine's library
# sources (SOURCE..., relative to SRCDIR; headers are skipped) are compiled
# once with coverage instrumentation and ASan+UBSan, then each harness is
# linked against them.  CONFIGDIR holds config.h.
#
# Environment: FUZZ_CC (default clang), FUZZ_CFLAGS (default
# "-g -O1 -fno-omit-frame-pointer"), FUZZ_JOBS (default 2), FUZZ_LIBS (the
# libraries the library sources need beyond libc and libm: jansson's when
# the analysis mode is built).
# Installs nothing; fails with a clear message when clang or libFuzzer is
# missing (Debian: apt-get install clang libclang-rt-14-dev).
set -eu
out=$1 srcdir=$2 configdir=$3
shift 3
cc=${FUZZ_CC:-clang}
cflags=${FUZZ_CFLAGS:--g -O1 -fno-omit-frame-pointer}
jobs=${FUZZ_JOBS:-2}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
harnesses="gtp move position setup"

say() { printf 'fuzz build: %s\n' "$*" >&2; }

mkdir -p "$out/obj"
out=$(cd "$out" && pwd)

# Is there a compiler with libFuzzer at all?
probe="$out/probe.c"
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
    '{ (void)d; (void)n; return 0; }' > "$probe"
if ! command -v "$cc" >/dev/null 2>&1; then
    say "no $cc: libFuzzer needs clang (Debian: apt-get install clang libclang-rt-14-dev)"
    exit 1
fi
if ! $cc -fsanitize=fuzzer,address,undefined "$probe" -o "$out/probe" \
        >"$out/probe.log" 2>&1; then
    cat "$out/probe.log" >&2
    say "$cc cannot link -fsanitize=fuzzer: install libFuzzer (Debian: apt-get install libclang-rt-14-dev)"
    exit 1
fi
rm -f "$probe" "$out/probe" "$out/probe.log"

flags="-std=c11 -pthread $cflags $san -I$configdir -I$srcdir/src"

# Library objects, rebuilt when their source, any header or games.def
# changed.  Two sets: "full" has libFuzzer's whole instrumentation (comparison
# tracing included, which guides the parsers' fuzzing); "lite" is the same
# for proto/ and core/ but counts only edge coverage in games/ and search/,
# whose move generators run hot in the command-loop harness: comparison
# tracing there made it four times slower.
newest_header=$(ls -t "$srcdir"/src/*/*.h "$srcdir"/src/*/*.def \
    "$configdir/config.h" | head -n 1)
full='' lite=''
for f in "$@"; do
    case $f in *.c) ;; *) continue ;; esac
    name=$(printf '%s' "$f" | tr '/' '_' | sed 's/\.c$/.o/')
    full="$full $out/obj/$name"
    set -- "$out/obj/$name" "-fsanitize=fuzzer-no-link"
    case $f in
    src/games/*|src/search/*)
        lite="$lite $out/obj/lite-$name"
        set -- "$@" "$out/obj/lite-$name" \
            "-fsanitize-coverage=inline-8bit-counters,pc-table" ;;
    *)  lite="$lite $out/obj/$name" ;;
    esac
    while [ $# -gt 0 ]; do
        if [ ! -f "$1" ] || [ "$srcdir/$f" -nt "$1" ] ||
           [ "$newest_header" -nt "$1" ]; then
            printf '%s %s %s\n' "$srcdir/$f" "$1" "$2"
        fi
        shift 2
    done
done > "$out/todo"
if [ -s "$out/todo" ]; then
    say "compiling $(wc -l < "$out/todo") library objects with $cc"
    xargs -P "$jobs" -L 1 sh -c "$cc $flags \$2 -c \"\$0\" -o \"\$1\"" \
        < "$out/todo"
fi
rm -f "$out/todo"

for h in $harnesses; do
    say "linking fuzz_$h"
    objs=$full
    [ "$h" = gtp ] && objs=$lite
    # shellcheck disable=SC2086
    $cc $flags -fsanitize=fuzzer -I"$srcdir/tests/fuzz" \
        "$srcdir/tests/fuzz/fuzz_common.c" "$srcdir/tests/fuzz/fuzz_$h.c" \
        $objs -o "$out/fuzz_$h" -lm ${FUZZ_LIBS:-}
done
