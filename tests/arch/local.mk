# tests/arch/local.mk -- tests of the tree's architecture: the map
# (doc/architecture.md names every source file and nothing else),
# config.h first in every C file, and the checklist for adding a game
# followed with a toy game.  Included at the end of the top-level
# Makefile.am; paths are relative to the top directory.

ARCH_SH_TESTS = tests/arch/map.sh tests/arch/config-first.sh \
	tests/arch/self-contained.sh tests/arch/layering.sh
EXTRA_DIST += tests/arch/local.mk tests/arch/toy.c tests/arch/game-toy.js \
	tests/arch/toygame.sh \
	$(ARCH_SH_TESTS)
TESTS += $(ARCH_SH_TESTS)
AM_TESTS_ENVIRONMENT += ARCH_SRCDIR='$(abs_top_srcdir)'; export ARCH_SRCDIR;

# The toy game needs Check for the suites it runs.
if HAVE_CHECK
TESTS += tests/arch/toygame.sh
AM_TESTS_ENVIRONMENT += \
	TOY_SRCDIR='$(abs_top_srcdir)' TOY_BUILDDIR='$(abs_top_builddir)' \
	TOY_CC='$(CC)' \
	TOY_CFLAGS='$(CFLAGS) $(WARN_CFLAGS) $(PTHREAD_CFLAGS) $(LDFLAGS)' \
	TOY_LIBS='$(PTHREAD_LIBS) $(LIBS) $(JANSSON_LIBS)' \
	TOY_CHECK_CFLAGS='$(CHECK_CFLAGS)' TOY_CHECK_LIBS='$(CHECK_LIBS)' \
	TOY_READLINE_CFLAGS='$(READLINE_CFLAGS)' \
	TOY_READLINE_LIBS='$(READLINE_LIBS)'; \
	export TOY_SRCDIR TOY_BUILDDIR TOY_CC TOY_CFLAGS TOY_LIBS \
	TOY_CHECK_CFLAGS TOY_CHECK_LIBS TOY_READLINE_CFLAGS TOY_READLINE_LIBS;
endif
