/* cephalopodtest.h -- what the Cephalopod suites share: loading, setting up
 * and printing positions, parsing and playing tokens, the legal moves of a
 * cell as text. */
#ifndef TRIAD_TESTS_CEPHALOPODTEST_H
#define TRIAD_TESTS_CEPHALOPODTEST_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "games/games.h"
#include "gametest.h"

#define G (&cephalopod_ops)
#define STATE_MAX 1024

/* The example position used by several capture tests (5x5, white to
 * move): b3 W1, c2 B2, c4 W3, d3 B1 around the empty c3. */
static const char *const CROSS =
    "cephalopod:5x5:W:........../....W3..../..W1..B1../....B2..../..........";

static inline void load(void *st, const char *pos)
{
    gt_load(G, st, pos);
}

static inline void setup_size(void *st, const char *size)
{
    char *argv[1] = { (char *)size };
    gt_setup(G, st, size ? 1 : 0, argv, 0);
}

/* The position string of st into buf (at most len bytes). */
static inline void pos_str(const void *st, char *buf, size_t len)
{
    struct sbuf out = SBUF_INIT;
    G->to_string(st, &out);
    ck_assert_uint_lt(out.len, len);
    memcpy(buf, sbuf_str(&out), out.len + 1);
    sbuf_free(&out);
}

static inline enum move_parse parse(const void *st, const char *tok,
                                    move_t *m, char *why, size_t len)
{
    struct sbuf b = SBUF_INIT;
    enum move_parse r = G->parse_move(st, tok, m, &b);
    snprintf(why, len, "%s", sbuf_str(&b));
    sbuf_free(&b);
    return r;
}

/* Plays a move given as a token, which must be legal. */
static inline void play_tok(void *st, const char *tok)
{
    gt_play(G, st, tok);
}

/* Every legal move as canonical tokens joined by spaces, in generator
 * order, filtered to those whose target is cell (NULL: all). */
static inline void moves_at(const void *st, const char *cell, char *buf,
                            size_t len)
{
    move_t moves[1024];
    ck_assert_int_le(G->max_moves, 1024);
    int n = G->gen_moves(st, moves);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char tok[MOVE_STR_MAX];
        G->format_move(st, moves[i], tok);
        if (cell && (strncmp(tok, cell, 2) != 0 ||
                     (tok[2] != '\0' && tok[2] != '=')))
            continue;
        used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                 used ? " " : "", tok);
        ck_assert_uint_lt(used, len);
    }
}

static inline int64_t perft(const void *st, int depth)
{
    return gt_perft(G, st, depth);
}

#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

#endif
