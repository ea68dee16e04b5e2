#!/bin/sh
# versions.sh -- the package has one version number, configure.ac's
# (AC_INIT): debian/changelog's first entry and the footer of every man
# page (.TH ... "triad VERSION") must carry it.
set -u
top=${ARCH_SRCDIR:?}
want=${PACKAGE_VERSION:?}
bad=0
changelog=$top/debian/changelog
if [ -r "$changelog" ]; then
    got=$(sed -n '1s/^[a-z0-9.+-]* (\([^)]*\)).*/\1/p' "$changelog")
    if [ "$got" != "$want" ]; then
        echo "FAIL: debian/changelog is at '$got', configure.ac at '$want'"
        bad=1
    fi
else
    echo "FAIL: no $changelog"
    bad=1
fi
for page in "$top"/doc/*.[1-8]; do
    got=$(sed -n 's/^\.TH .* "triad \([^"]*\)".*/\1/p' "$page")
    if [ "$got" != "$want" ]; then
        echo "FAIL: $page says version '$got', configure.ac '$want'"
        bad=1
    fi
done
[ $bad -eq 0 ] && echo "debian/changelog, the man pages, configure.ac: $want"
exit $bad
