/* fuzz_position.c -- libFuzzer harness: from_string of every registered
 * game, on the input as it is and with the game's "name:" prefix put in
 * front (so one input reaches every parser).
 *
 * Beyond "no crash": a position is accepted only under its own prefix
 * and only by the game game_of_position() names; an accepted position
 * passes fuzz_check_position (moves and outcome agree, hashes, diagram,
 * the position string round trip, every sampled move parses back and
 * plays with a consistent hash); a rejection has a one-line reason.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_games();
    return 0;
}

static bool has_prefix(const struct game_ops *g, const char *s)
{
    size_t n = strlen(g->name);
    return strncmp(s, g->name, n) == 0 && s[n] == ':';
}

static void try_position(const struct game_ops *g, const char *s,
                         unsigned char *st)
{
    struct sbuf err = SBUF_INIT;
    if (g->from_string(st, s, &err) != 0) {
        fuzz_check_reason(&err, g->name);
    } else {
        if (!has_prefix(g, s) || game_of_position(s) != g)
            fuzz_fail("%s: accepted a position without its prefix: %s",
                      g->name, s);
        fuzz_check_position(g, st, true);
    }
    sbuf_free(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char *s = fuzz_cstring(data, size);
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        unsigned char *st = malloc(g->state_size);
        size_t n = strlen(g->name);
        char *prefixed = malloc(n + 1 + strlen(s) + 1);
        if (!st || !prefixed)
            abort();
        try_position(g, s, st);
        if (!has_prefix(g, s)) {
            memcpy(prefixed, g->name, n);
            prefixed[n] = ':';
            strcpy(prefixed + n + 1, s);
            try_position(g, prefixed, st);
        }
        free(prefixed);
        free(st);
    }
    free(s);
    return 0;
}
