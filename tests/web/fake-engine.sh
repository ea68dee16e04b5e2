#!/bin/sh
# tests/web/fake-engine.sh -- a misbehaving engine for tests/web/hostile.mjs:
# it reads numbered commands ("ID NAME ARGS") as triad-web sends them and
#   name     answers with 2 MB on one line (over the relay's reply cap);
#   version  first answers with a stale number and without one, then right;
#   anything else: an empty success.
while read -r id cmd rest; do
    case $cmd in
    name)
        printf '=%s ' "$id"
        head -c 2000000 /dev/zero | tr '\0' x
        printf '\n\n' ;;
    version)
        printf '=%s stale\n\n= unnumbered\n\n=%s fake 1\n\n' \
            "$((id + 1000))" "$id" ;;
    *)
        printf '=%s\n\n' "$id" ;;
    esac
done
