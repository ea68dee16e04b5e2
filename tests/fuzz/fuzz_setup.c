/* fuzz_setup.c -- libFuzzer harness: the setup arguments of every
 * registered game.  The input is split into words at white space and NUL
 * bytes, as the protocol would hand them over after "setup GAME"; the
 * first 8 bytes also give the engine seed.
 *
 * Beyond "no crash": an accepted setup is a valid position
 * (fuzz_check_position) and the same words and seed give the same
 * position again; a rejection has a one-line reason.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

/* More words than any setup takes, so "too many arguments" is reached. */
#define MAX_WORDS 16

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

static bool is_separator(char c)
{
    return c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Splits text[0..size) in place; returns the number of words. */
static int split(char *text, size_t size, char *words[MAX_WORDS])
{
    int n = 0;
    for (size_t i = 0; i < size && n < MAX_WORDS; i++) {
        if (is_separator(text[i]) || (i > 0 && !is_separator(text[i - 1])))
            continue;
        words[n++] = text + i;
    }
    for (size_t i = 0; i < size; i++)
        if (is_separator(text[i]))
            text[i] = '\0';
    return n;
}

static void position_string(const struct game_ops *g, const void *st,
                            struct sbuf *out)
{
    sbuf_reset(out);
    g->to_string(st, out);
}

static void try_setup(const struct game_ops *g, int argc, char **argv,
                      uint64_t seed, unsigned char *st)
{
    struct sbuf err = SBUF_INIT, a = SBUF_INIT, b = SBUF_INIT;
    if (g->setup(st, argc, argv, seed, &err) != 0) {
        fuzz_check_reason(&err, g->name);
    } else {
        fuzz_check_position(g, st, true);
        position_string(g, st, &a);
        if (g->setup(st, argc, argv, seed, &err) != 0)
            fuzz_fail("%s: the same setup failed the second time", g->name);
        position_string(g, st, &b);
        if (strcmp(sbuf_str(&a), sbuf_str(&b)) != 0)
            fuzz_fail("%s: the same setup gave %s, then %s", g->name,
                      sbuf_str(&a), sbuf_str(&b));
    }
    sbuf_free(&a);
    sbuf_free(&b);
    sbuf_free(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    uint64_t seed = 0;
    for (size_t i = 0; i < size && i < 8; i++)
        seed = seed << 8 | data[i];
    char *text = fuzz_cstring(data, size);
    char *words[MAX_WORDS];
    int argc = split(text, size, words);
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        unsigned char *st = malloc(g->state_size);
        if (!st)
            abort();
        try_setup(g, argc, words, seed, st);
        free(st);
    }
    free(text);
    return 0;
}
