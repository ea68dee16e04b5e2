# tests/fuzz/local.mk -- robustness: libFuzzer harnesses (make fuzz,
# make fuzz-smoke), their regression corpus replayed by make check, the
# fault tests of tests/robust/, the valgrind run, the soak script and
# check_regress.  Included at the end of the top-level Makefile.am; paths
# are relative to the top directory.  See doc/robustness.md.

FUZZ_HARNESSES = gtp move position setup
FUZZ_COMMON_SRC = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_common.h \
	tests/fuzz/replay.c

# The harnesses built with the ordinary compiler and a main() that feeds
# them files: make check replays tests/fuzz/regress/ through them.  (The
# top Makefile.am defines check_PROGRAMS only when Check is found.)
FUZZ_REPLAYERS = tests/fuzz/replay_gtp tests/fuzz/replay_move \
	tests/fuzz/replay_position tests/fuzz/replay_setup
if HAVE_CHECK
check_PROGRAMS += $(FUZZ_REPLAYERS)
else
check_PROGRAMS = $(FUZZ_REPLAYERS)
endif
tests_fuzz_replay_gtp_SOURCES = $(FUZZ_COMMON_SRC) tests/fuzz/fuzz_gtp.c
tests_fuzz_replay_gtp_LDADD = src/libtriad.a
tests_fuzz_replay_move_SOURCES = $(FUZZ_COMMON_SRC) tests/fuzz/fuzz_move.c
tests_fuzz_replay_move_LDADD = src/libtriad.a
tests_fuzz_replay_position_SOURCES = $(FUZZ_COMMON_SRC) \
	tests/fuzz/fuzz_position.c
tests_fuzz_replay_position_LDADD = src/libtriad.a
tests_fuzz_replay_setup_SOURCES = $(FUZZ_COMMON_SRC) tests/fuzz/fuzz_setup.c
tests_fuzz_replay_setup_LDADD = src/libtriad.a

ROBUST_SH_TESTS = tests/fuzz/replay-regress.sh tests/robust/pipe.sh \
	tests/robust/signals.sh tests/robust/input.sh \
	tests/robust/positions.sh tests/robust/limits.sh \
	tests/robust/memory.sh tests/robust/soak.sh tests/robust/valgrind.sh \
	tests/robust/hangup.sh tests/robust/terminal.sh tests/doc-examples.sh
TESTS += $(ROBUST_SH_TESTS)
EXTRA_DIST += tests/fuzz/local.mk tests/fuzz/build.sh tests/fuzz/run.sh \
	tests/fuzz/mkcorpus.sh tests/fuzz/gtp.dict tests/fuzz/regress \
	tests/robust/lib.sh scripts/soak.sh scripts/fuzz.sh doc/robustness.md \
	$(ROBUST_SH_TESTS)
AM_TESTS_ENVIRONMENT += FUZZ_REPLAY='$(abs_top_builddir)/tests/fuzz/replay'; \
	export FUZZ_REPLAY;

if HAVE_CHECK
check_PROGRAMS += tests/check_regress
TESTS += tests/check_regress
tests_check_regress_SOURCES = tests/check_regress.c
tests_check_regress_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_regress_LDADD = $(CHECK_LDADD_ALL)
endif

# make fuzz: builds the harnesses with clang (libFuzzer, ASan, UBSan) in
# FUZZ_DIR, builds the seed corpus with the engine, and runs every harness
# for FUZZ_SECONDS; fails on any crash, leak, timeout or broken invariant
# (the input is kept in FUZZ_DIR/crashes/).  make fuzz-smoke: the same for
# FUZZ_SMOKE_SECONDS each (about a minute in all, build included), for
# CI.  Both need clang with libFuzzer (FUZZ_CC; Debian: clang and
# libclang-rt-14-dev) and fail with a clear message without it.
FUZZ_CC = clang
FUZZ_DIR = fuzz-out
FUZZ_SECONDS = 60
FUZZ_SMOKE_SECONDS = 10
FUZZ_ENV = FUZZ_DIR='$(FUZZ_DIR)' FUZZ_SRCDIR='$(abs_top_srcdir)'

fuzz-build: src/triad$(EXEEXT)
	FUZZ_CC='$(FUZZ_CC)' FUZZ_LIBS='$(JANSSON_LIBS)' \
	    $(SHELL) $(srcdir)/tests/fuzz/build.sh '$(FUZZ_DIR)' \
	    '$(abs_top_srcdir)' '$(abs_top_builddir)' $(src_libtriad_a_SOURCES)
	rm -rf '$(FUZZ_DIR)/seeds'
	$(SHELL) $(srcdir)/tests/fuzz/mkcorpus.sh src/triad$(EXEEXT) \
	    '$(srcdir)' '$(FUZZ_DIR)/seeds'

fuzz: fuzz-build
	$(FUZZ_ENV) FUZZ_SECONDS='$(FUZZ_SECONDS)' \
	    $(SHELL) $(srcdir)/tests/fuzz/run.sh $(FUZZ_HARNESSES)

fuzz-smoke: fuzz-build
	$(FUZZ_ENV) FUZZ_SECONDS='$(FUZZ_SMOKE_SECONDS)' \
	    $(SHELL) $(srcdir)/tests/fuzz/run.sh $(FUZZ_HARNESSES)

fuzz-clean:
	rm -rf '$(FUZZ_DIR)'

# Hooked without a recipe, so that another clean-local rule can coexist.
clean-local: fuzz-clean

# make soak: 1000 games per game through the protocol (minutes).
SOAK_GAMES = 1000
soak: src/triad$(EXEEXT)
	TRIAD='$(abs_top_builddir)/src/triad$(EXEEXT)' \
	    $(SHELL) $(srcdir)/scripts/soak.sh $(SOAK_GAMES)

.PHONY: fuzz fuzz-build fuzz-smoke fuzz-clean soak
