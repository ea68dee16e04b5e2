#!/bin/sh
# run-gtp.sh ENGINE TRANSCRIPT.gtp -- feeds the transcript to the engine
# and compares its standard output with TRANSCRIPT.out byte for byte.
engine=$1
input=$2
expected=${input%.gtp}.out
actual=$(basename "${input%.gtp}").actual
"$engine" --quiet --seed 1 < "$input" > "$actual" 2> /dev/null
status=$?
if [ $status -ne 0 ]; then
    echo "engine exited with status $status"
    exit 1
fi
if ! cmp -s "$expected" "$actual"; then
    diff -u "$expected" "$actual" | head -n 60
    exit 1
fi
rm -f "$actual"
exit 0
