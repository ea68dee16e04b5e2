#!/bin/sh
# debian-version.sh -- the version of debian/changelog's first entry is
# configure's version, AC_INIT's: the package has one version number.
set -u
changelog=${ARCH_SRCDIR:?}/debian/changelog
[ -r "$changelog" ] || { echo "FAIL: no $changelog"; exit 1; }
first=$(sed -n '1s/^[a-z0-9.+-]* (\([^)]*\)).*/\1/p' "$changelog")
if [ "$first" != "${PACKAGE_VERSION:?}" ]; then
    echo "FAIL: debian/changelog is at '$first', configure.ac at" \
         "'$PACKAGE_VERSION'"
    exit 1
fi
echo "debian/changelog and configure.ac: $first"
