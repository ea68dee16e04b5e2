#!/bin/sh
# soak.sh -- the short version of scripts/soak.sh for make check: 20
# complete games of each game (6 on a sanitizer build) through the
# protocol in one engine per game, no error reply, no memory growth
# (not measured under AddressSanitizer, whose quarantine keeps freed
# memory; its leak checker covers that build).  The real soak is
# "make soak" (1000 games each, minutes).
. "${srcdir:-.}/tests/robust/lib.sh"
[ -r /proc/self/status ] || { echo "SKIP: no /proc"; exit 77; }
games=20 growth=8192
is_asan && games=6 growth=100000000
TRIAD=$TRIAD SOAK_GROWTH_KB=$growth sh "${srcdir:-.}/scripts/soak.sh" $games
