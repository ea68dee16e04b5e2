# tests/local.mk -- the Check suites of one game's concern each (its rules
# are tests/check_<g>.c, built by the top Makefile.am; its perft tables,
# text and play are here), the direct tests of small core modules, the
# protocol contract's promises (doc/testing.md), and the check that the
# map says which suite tests each file.
# Included at the end of the top-level Makefile.am; paths are relative to
# the top directory.

EXTRA_DIST += tests/local.mk tests/arch/coverage.sh scripts/games.sh

# The table of which suite tests which file (doc/architecture.md).
TESTS += tests/arch/coverage.sh

# The protocol contract's promises about the process (doc/testing.md).
TESTS += tests/contract.sh
EXTRA_DIST += tests/contract.sh doc/testing.md

# The shipped suite of DVONN placement-end positions, through the engine.
TESTS += tests/games/dvonn_stacking_suite.sh
EXTRA_DIST += tests/games/dvonn_stacking_suite.sh

# Where lost games were lost, by the solver (scripts/turning_points.py).
TESTS += tests/games/turning_points.sh
EXTRA_DIST += tests/games/turning_points.sh scripts/turning_points.py

if HAVE_CHECK
GAME_CONCERN_TESTS = tests/check_truchet_perft tests/check_truchet_text \
	tests/check_truchet_play tests/check_dvonn_perft \
	tests/check_dvonn_text tests/check_dvonn_play \
	tests/check_cephalopod_perft tests/check_cephalopod_text \
	tests/check_cephalopod_play
check_PROGRAMS += $(GAME_CONCERN_TESTS)
TESTS += $(GAME_CONCERN_TESTS)
tests_check_truchet_perft_SOURCES = tests/check_truchet_perft.c \
	tests/truchettest.h $(SEARCH_TEST_SRC)
tests_check_truchet_perft_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_truchet_perft_LDADD = $(CHECK_LDADD_ALL)
tests_check_truchet_text_SOURCES = tests/check_truchet_text.c \
	tests/truchettest.h $(SEARCH_TEST_SRC)
tests_check_truchet_text_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_truchet_text_LDADD = $(CHECK_LDADD_ALL)
tests_check_truchet_play_SOURCES = tests/check_truchet_play.c \
	tests/truchettest.h $(SEARCH_TEST_SRC)
tests_check_truchet_play_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_truchet_play_LDADD = $(CHECK_LDADD_ALL)
tests_check_dvonn_perft_SOURCES = tests/check_dvonn_perft.c \
	tests/dvonntest.h $(SEARCH_TEST_SRC)
tests_check_dvonn_perft_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_dvonn_perft_LDADD = $(CHECK_LDADD_ALL)
tests_check_dvonn_text_SOURCES = tests/check_dvonn_text.c \
	tests/dvonntest.h $(SEARCH_TEST_SRC)
tests_check_dvonn_text_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_dvonn_text_LDADD = $(CHECK_LDADD_ALL)
tests_check_dvonn_play_SOURCES = tests/check_dvonn_play.c \
	tests/dvonntest.h $(SEARCH_TEST_SRC)
tests_check_dvonn_play_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_dvonn_play_LDADD = $(CHECK_LDADD_ALL)
tests_check_cephalopod_perft_SOURCES = tests/check_cephalopod_perft.c \
	tests/cephalopodtest.h $(SEARCH_TEST_SRC)
tests_check_cephalopod_perft_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_cephalopod_perft_LDADD = $(CHECK_LDADD_ALL)
tests_check_cephalopod_text_SOURCES = tests/check_cephalopod_text.c \
	tests/cephalopodtest.h $(SEARCH_TEST_SRC)
tests_check_cephalopod_text_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_cephalopod_text_LDADD = $(CHECK_LDADD_ALL)
tests_check_cephalopod_play_SOURCES = tests/check_cephalopod_play.c \
	tests/cephalopodtest.h $(SEARCH_TEST_SRC)
tests_check_cephalopod_play_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_cephalopod_play_LDADD = $(CHECK_LDADD_ALL)
# The protocol contract promise by promise (doc/testing.md).
check_PROGRAMS += tests/check_proto_contract
TESTS += tests/check_proto_contract
tests_check_proto_contract_SOURCES = tests/check_proto_contract.c \
	tests/testutil.h
tests_check_proto_contract_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_proto_contract_LDADD = $(CHECK_LDADD_ALL)
# The small core modules, each tested directly.
CORE_TESTS = tests/check_args tests/check_sbuf tests/check_rng
check_PROGRAMS += $(CORE_TESTS)
TESTS += $(CORE_TESTS)
tests_check_args_SOURCES = tests/check_args.c
tests_check_args_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_args_LDADD = $(CHECK_LDADD_ALL)
tests_check_sbuf_SOURCES = tests/check_sbuf.c
tests_check_sbuf_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_sbuf_LDADD = $(CHECK_LDADD_ALL)
tests_check_rng_SOURCES = tests/check_rng.c
tests_check_rng_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_rng_LDADD = $(CHECK_LDADD_ALL)
# SGF game trees with variations (src/record/).
check_PROGRAMS += tests/check_sgf
TESTS += tests/check_sgf
tests_check_sgf_SOURCES = tests/check_sgf.c
EXTRA_DIST += tests/records/page-variations.sgf
tests_check_sgf_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_sgf_LDADD = $(CHECK_LDADD_ALL)
endif
