#!/bin/sh
# Regenerates the build system (configure, Makefile.in, build-aux/).
exec autoreconf -fi "$@"
