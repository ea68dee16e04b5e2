# src/analysis/local.mk -- the JSON analysis mode (triad --analysis) and
# its suite, built when jansson is found.  Included at the end of the
# top-level Makefile.am; paths are relative to the top directory.

ANALYSIS_SOURCES = \
	src/analysis/analysis.h src/analysis/options.c \
	src/analysis/server.c \
	src/analysis/request.c src/analysis/request.h \
	src/analysis/answer.c src/analysis/answer.h
EXTRA_DIST += src/analysis/local.mk $(ANALYSIS_SOURCES) \
	tests/check_analysis.c tests/analysis.sh

if HAVE_JANSSON
src_libtriad_a_SOURCES += $(ANALYSIS_SOURCES)
AM_CPPFLAGS += $(JANSSON_CFLAGS)
src_triad_LDADD += $(JANSSON_LIBS)
TESTS += tests/analysis.sh

if HAVE_CHECK
check_PROGRAMS += tests/check_analysis
TESTS += tests/check_analysis
tests_check_analysis_SOURCES = tests/check_analysis.c
tests_check_analysis_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_analysis_LDADD = $(CHECK_LDADD_ALL) $(JANSSON_LIBS)
endif
endif
