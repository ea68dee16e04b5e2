# src/ugi/local.mk -- the UGI front end (in the library, beside the GTP
# front end) and its tests.  Included at the end of the top-level
# Makefile.am; paths are relative to the top directory.

src_libtriad_a_SOURCES += src/ugi/ugi.c src/ugi/ugi.h src/ugi/ugi_int.h \
	src/ugi/ugi_go.c src/ugi/ugi_options.c src/ugi/ugi_position.c
EXTRA_DIST += src/ugi/local.mk

if HAVE_CHECK
check_PROGRAMS += tests/check_ugi
TESTS += tests/check_ugi
tests_check_ugi_SOURCES = tests/check_ugi.c
tests_check_ugi_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_ugi_LDADD = $(CHECK_LDADD_ALL)
endif

# A match of triad against triad under the cutegames match runner, whose
# source the test looks for beside the source tree (skipped without it).
TESTS += tests/ugi/cutegames.sh
EXTRA_DIST += tests/ugi/cutegames.sh
AM_TESTS_ENVIRONMENT += UGI_SRCDIR='$(abs_top_srcdir)' \
	UGI_BUILDDIR='$(abs_top_builddir)'; export UGI_SRCDIR UGI_BUILDDIR;
