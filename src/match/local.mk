# src/match/local.mk -- triad-match, the tournament runner, with its man
# page, documentation and tests.  Included at the end of the top-level
# Makefile.am; paths are relative to the top directory.

MATCH_SOURCES = \
	src/match/adjudicate.c src/match/adjudicate.h \
	src/match/assess.c src/match/assess.h \
	src/match/engine.c src/match/engine.h \
	src/match/errlog.c src/match/errlog.h \
	src/match/merge.c src/match/merge.h \
	src/match/opening.c src/match/opening.h \
	src/match/options.c src/match/options.h \
	src/match/probe.c src/match/probe.h \
	src/match/progress.c src/match/progress.h \
	src/match/rating.c src/match/rating.h \
	src/match/referee.c src/match/referee.h \
	src/match/resume.c src/match/resume.h \
	src/match/review.c src/match/review.h \
	src/match/schedule.c src/match/schedule.h \
	src/match/pairs.c src/match/pairs.h \
	src/match/stats.c src/match/stats.h \
	src/match/suite.c src/match/suite.h \
	src/match/suitegen.c src/match/suitegen.h \
	src/match/table.c src/match/table.h \
	src/match/tourney.c src/match/tourney.h

bin_PROGRAMS += src/triad-match
src_triad_match_SOURCES = src/match/main.c $(MATCH_SOURCES)
src_triad_match_LDADD = src/libtriad.a
if HAVE_JANSSON
# --review reads the engine's analysis mode (JSON); without jansson it
# says that it was built without it.
src_triad_match_LDADD += $(JANSSON_LIBS)
endif

man1_MANS = doc/triad-match.1
# Balanced opening suites built by --make-openings (doc/triad-match.md).
openingsdir = $(pkgdatadir)/openings
dist_openings_DATA = data/openings/cephalopod.txt data/openings/dvonn.txt \
	data/openings/truchet.txt data/openings/dvonn-stacking.txt
dist_doc_DATA += doc/triad-match.md

# Whole matches: triad against triad, and against a broken engine.  The
# scripts find the programs through TRIAD and TRIAD_MATCH.
MATCH_SH_TESTS = tests/match/selfplay.sh tests/match/faults.sh \
	tests/match/records.sh tests/match/tournament.sh \
	tests/match/openings.sh tests/match/adjudicate.sh \
	tests/match/slurm.sh tests/match/clocks.sh tests/match/resume.sh \
	tests/match/options.sh tests/match/review.sh tests/match/timeleft.sh
EXTRA_DIST += doc/triad-match.1 src/match/local.mk $(MATCH_SH_TESTS) \
	tests/match/fake-engine.sh tests/match/common.sh scripts/slurm/submit.sh \
	scripts/slurm/match-task.sh scripts/slurm/merge.sh
TEST_EXTENSIONS += .sh
SH_LOG_COMPILER = $(SHELL)
TESTS += $(MATCH_SH_TESTS)
AM_TESTS_ENVIRONMENT = \
	TRIAD='$(abs_top_builddir)/src/triad$(EXEEXT)'; export TRIAD; \
	PAIR_STATS='$(abs_top_builddir)/tests/pair_stats$(EXEEXT)'; \
	export PAIR_STATS; \
	TRIAD_MATCH='$(abs_top_builddir)/src/triad-match$(EXEEXT)'; \
	export TRIAD_MATCH;

EXTRA_DIST += tests/match/pentanomial.sh

if HAVE_CHECK
# The pentanomial statistics of fixed pair counts, for pentanomial.sh.
check_PROGRAMS += tests/pair_stats
TESTS += tests/match/pentanomial.sh
tests_pair_stats_SOURCES = tests/pair_stats.c src/match/pairs.c \
	src/match/pairs.h src/match/stats.c src/match/stats.h
tests_pair_stats_LDADD = -lm
check_PROGRAMS += tests/check_match
TESTS += tests/check_match
tests_check_match_SOURCES = tests/check_match.c $(MATCH_SOURCES)
tests_check_match_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_match_LDADD = $(CHECK_LDADD_ALL)
if HAVE_JANSSON
tests_check_match_LDADD += $(JANSSON_LIBS)
endif
check_PROGRAMS += tests/check_ratings
TESTS += tests/check_ratings
tests_check_ratings_SOURCES = tests/check_ratings.c src/match/rating.c \
	src/match/rating.h src/match/stats.c src/match/stats.h \
	src/match/pairs.c src/match/pairs.h \
	src/match/table.c src/match/table.h
tests_check_ratings_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_ratings_LDADD = $(CHECK_LDADD_ALL)
check_PROGRAMS += tests/check_adjudicate
TESTS += tests/check_adjudicate
tests_check_adjudicate_SOURCES = tests/check_adjudicate.c \
	src/match/adjudicate.c src/match/adjudicate.h
tests_check_adjudicate_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_adjudicate_LDADD = $(CHECK_LDADD_ALL)
endif
