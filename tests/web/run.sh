#!/bin/sh
# tests/web/run.sh -- the browser tests of triad-web: installs the pinned
# puppeteer-core (npm ci, no browser download: Debian's chromium is used)
# and runs tests/web/browser.mjs, tests/web/tree.mjs and tests/web/panel.mjs
# (analysis and review on the page) against the built server, then
# tests/web/toygame.mjs with the toy game's engine, which
# tests/arch/toygame.sh leaves in OUTDIR/toy (make check, run in the
# server's build directory).  Screenshots of the boards are kept in
# OUTDIR (default: web-screenshots in the build directory).
#
#   tests/web/run.sh [TRIAD_WEB [OUTDIR]]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
server=$(cd "$(dirname "${1:-src/triad-web}")" && pwd)/$(basename "${1:-src/triad-web}")
out=${2:-web-screenshots}
case $out in /*) ;; *) out=$PWD/$out ;; esac
[ -x "$server" ] || { echo "run.sh: no server at $server" >&2; exit 1; }
cd "$here"
if [ ! -d node_modules/puppeteer-core ] ||
   [ package-lock.json -nt node_modules/.package-lock.json ]; then
    PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
node browser.mjs "$server" "$out"
node tree.mjs "$server" "$out"
node panel.mjs "$server" "$out"
build=$(dirname "$(dirname "$server")")
rm -rf "$out/toy"
TOY_KEEP=$out/toy make -s -C "$build" check TESTS=tests/arch/toygame.sh \
    > /dev/null || { cat "$build/tests/arch/toygame.log" >&2; exit 1; }
exec node toygame.mjs "$server" "$out/toy/triad" "$out"
