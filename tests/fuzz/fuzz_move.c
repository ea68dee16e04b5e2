/* fuzz_move.c -- libFuzzer harness: parse_move of every registered game on
 * the positions of fuzz_games() (start, mid-game, finished).
 *
 * Beyond "no crash": the position is not touched; a token accepted as
 * MOVE_PARSE_OK is one of gen_moves, prints canonically and parses back to
 * the same move, and is accepted the same way in upper and lower case
 * (doc/games/<game>.md: move input is case-insensitive); a rejection's
 * reason is one line.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_games();
    return 0;
}

static bool in_list(move_t m, const move_t *moves, int n)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* parse_move with the checks that hold for any result. */
static enum move_parse parse(const struct game_ops *g, const void *st,
                             const char *s, move_t *m)
{
    struct sbuf why = SBUF_INIT;
    *m = MOVE_NONE;
    enum move_parse rc = g->parse_move(st, s, m, &why);
    if (rc != MOVE_PARSE_OK && rc != MOVE_PARSE_SYNTAX &&
        rc != MOVE_PARSE_ILLEGAL)
        fuzz_fail("%s: parse_move returned %d", g->name, (int)rc);
    if (rc != MOVE_PARSE_OK && why.len)
        fuzz_check_reason(&why, g->name);
    sbuf_free(&why);
    return rc;
}

static void accepted(const struct game_ops *g, const void *st,
                     const char *s, move_t m, move_t *moves)
{
    int n = g->gen_moves(st, moves);
    if (!in_list(m, moves, n))
        fuzz_fail("%s: accepted %s is not a legal move", g->name, s);
    char text[MOVE_STR_MAX];
    g->format_move(st, m, text);
    move_t back;
    if (parse(g, st, text, &back) != MOVE_PARSE_OK || back != m)
        fuzz_fail("%s: %s prints as %s, which does not parse back",
                  g->name, s, text);
}

/* The same token in one case: accepted iff the original was, same move. */
static void same_in_case(const struct game_ops *g, const void *st,
                         const char *s, enum move_parse rc, move_t m,
                         int (*convert)(int))
{
    char *t = strdup(s);
    if (!t)
        abort();
    for (char *p = t; *p; p++)
        *p = (char)convert((unsigned char)*p);
    move_t m2;
    enum move_parse rc2 = parse(g, st, t, &m2);
    if ((rc == MOVE_PARSE_OK) != (rc2 == MOVE_PARSE_OK) ||
        (rc == MOVE_PARSE_OK && m != m2))
        fuzz_fail("%s: %s and %s parse differently (%d, %d)", g->name, s,
                  t, (int)rc, (int)rc2);
    free(t);
}

static void fuzz_one(const struct game_ops *g, const unsigned char *st,
                     const char *s, unsigned char *copy, move_t *moves)
{
    memcpy(copy, st, g->state_size);
    move_t m;
    enum move_parse rc = parse(g, copy, s, &m);
    if (memcmp(copy, st, g->state_size) != 0)
        fuzz_fail("%s: parse_move changed the position", g->name);
    if (rc == MOVE_PARSE_OK)
        accepted(g, copy, s, m, moves);
    same_in_case(g, copy, s, rc, m, toupper);
    same_in_case(g, copy, s, rc, m, tolower);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char *s = fuzz_cstring(data, size);
    const struct fuzz_game *games = fuzz_games();
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = games[i].g;
        unsigned char *copy = malloc(g->state_size);
        move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
        if (!copy || !moves)
            abort();
        for (int k = 0; k < games[i].npos; k++)
            fuzz_one(g, games[i].pos[k], s, copy, moves);
        free(moves);
        free(copy);
    }
    free(s);
    return 0;
}
