/* fuzz_common.h -- what the libFuzzer harnesses of tests/fuzz/ share: the
 * entry points, a set of positions per game, and the invariant checks a
 * harness applies beyond "it did not crash".
 *
 * Every check that fails prints what it saw to stderr and aborts, so
 * libFuzzer (or the replay driver, replay.c) reports the input as a crash.
 */
#ifndef TRIAD_TESTS_FUZZ_COMMON_H
#define TRIAD_TESTS_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "games/games.h"

/* The libFuzzer interface (replay.c calls them the same way). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs longer than this are ignored: the work per input stays small. */
#define FUZZ_MAX_INPUT (64 * 1024)

/* Positions of one game the parsers are fuzzed in: the start of the
 * default setup and a few points of a seeded random game, the last one
 * finished when the game ends within the walk. */
#define FUZZ_POSITIONS 6

struct fuzz_game {
    const struct game_ops *g;
    int npos;
    unsigned char *pos[FUZZ_POSITIONS];
    move_t *moves;              /* room for max_moves: scratch of the checks */
};

/* One fuzz_game per registered game, built once (game_count() of them);
 * the fixture lives as long as the process. */
const struct fuzz_game *fuzz_games(void);

/* The fuzz_game of registered game g. */
const struct fuzz_game *fuzz_game_of(const struct game_ops *g);

/* Prints "fuzz invariant failed: ..." and aborts. */
_Noreturn void fuzz_fail(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* A NUL-terminated copy of data (embedded NULs end it early, as in any C
 * string a caller could pass); free() it. */
char *fuzz_cstring(const uint8_t *data, size_t size);

/* A failure reason: not empty, one line. */
void fuzz_check_reason(const struct sbuf *why, const char *what);

/* Everything a valid position must satisfy: side to move, move count and
 * outcome agree, count_moves, the hash against hash_full, evaluation
 * bounds, a well-formed diagram, the position string round trip, and
 * (when deep) every move round-trips through format_move/parse_move and
 * can be played with a consistent hash. */
void fuzz_check_position(const struct game_ops *g, const void *st,
                         bool deep);

#endif
