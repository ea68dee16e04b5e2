/* truchettest.h -- what the Truchet suites share: position buffers and
 * strings, the sorted list of legal turns and its counts by kind, parsing
 * and playing tokens. */
#ifndef TRIAD_TESTS_TRUCHETTEST_H
#define TRIAD_TESTS_TRUCHETTEST_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "games/games.h"
#include "gametest.h"

static const struct game_ops *const G = &truchet_ops;

/* A position buffer, aligned for any state layout. */
union pos {
    uint64_t align;
    unsigned char b[512];
};

/* The initial layout of key 2470377 and the mid-game vector
 * (doc/games/truchet.md). */
#define BITS_2470377 "1000100100011000000000100010010100110010101111000"
#define MIDGAME "truchet:1000100110011000000001101101010111010010101111000" \
    ":L:a1D1,c1D1,e1D1,g1D1,c2D2,f2D1,f3D2,b4L2,f5L1,g5D1,a6L1,e7L2," \
    "h7D2,e8L2,f8L2,g8L2"
/* All tiles '/': every link joins (c, r) and (c+1, r+1). */
#define ZEROS48 "000000000000000000000000000000000000000000000000"
#define ALL_SLASH "0" ZEROS48

static inline void setup_args(union pos *p, const char *arg)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", arg);
    char *argv[1] = { buf };
    gt_setup(G, p->b, 1, argv, 7);
}

static inline void load(union pos *p, const char *s)
{
    gt_load(G, p->b, s);
}

/* Position with all tiles '/', side L or D, and the given stacks. */
static inline void load_slash(union pos *p, char side, const char *stacks)
{
    char buf[256];
    snprintf(buf, sizeof buf, "truchet:%s:%c:%s", ALL_SLASH, side, stacks);
    load(p, buf);
}

static inline char *pos_string(const union pos *p)
{
    struct sbuf out = SBUF_INIT;
    G->to_string(p->b, &out);
    char *s = strdup(sbuf_str(&out));
    sbuf_free(&out);
    return s;
}

/* The legal turns of a position as sorted tokens. */
struct mlist {
    int n;
    move_t *mv;
    char (*tok)[MOVE_STR_MAX];
};

static inline struct mlist *mlist_new(void)
{
    struct mlist *ml = calloc(1, sizeof *ml);
    ml->mv = malloc(sizeof *ml->mv * (size_t)G->max_moves);
    ml->tok = malloc(sizeof *ml->tok * (size_t)G->max_moves);
    ck_assert(ml->mv && ml->tok);
    return ml;
}

static inline void mlist_free(struct mlist *ml)
{
    free(ml->mv);
    free(ml->tok);
    free(ml);
}

static inline int cmp_tok(const void *a, const void *b)
{
    return strcmp(a, b);
}

static inline void mlist_gen(struct mlist *ml, const union pos *p)
{
    ml->n = G->gen_moves(p->b, ml->mv);
    ck_assert_int_le(ml->n, G->max_moves);
    for (int i = 0; i < ml->n; i++)
        G->format_move(p->b, ml->mv[i], ml->tok[i]);
    qsort(ml->tok, (size_t)ml->n, sizeof *ml->tok, cmp_tok);
}

static inline bool mlist_has(const struct mlist *ml, const char *tok)
{
    return bsearch(tok, ml->tok, (size_t)ml->n, sizeof *ml->tok,
                   cmp_tok) != NULL;
}

/* Kinds of a token, by its punctuation. */
enum { T_STEP, T_STEP_SPLIT, T_STEP_MERGE, T_SPLIT, T_MERGE };

static inline int tok_kind(const char *t)
{
    const char *a = strchr(t, ',') ? strchr(t, ',') + 1 : t;
    if (strchr(a, '-'))
        return strchr(a, '+') ? T_STEP_MERGE
             : strchr(a, '>') ? T_STEP_SPLIT : T_STEP;
    return strchr(a, '>') ? T_SPLIT : T_MERGE;
}

/* Counts by kind of the flip-free turns; returns their total. */
static inline int count_kinds(const struct mlist *ml, int kinds[5])
{
    int total = 0;
    memset(kinds, 0, 5 * sizeof kinds[0]);
    for (int i = 0; i < ml->n; i++)
        if (ml->tok[i][0] != '*') {
            kinds[tok_kind(ml->tok[i])]++;
            total++;
        }
    return total;
}

/* Number of distinct flip prefixes in the list. */
static inline int count_flips(const struct mlist *ml)
{
    int n = 0;
    char last[8] = "";
    for (int i = 0; i < ml->n; i++)
        if (ml->tok[i][0] == '*' && strncmp(ml->tok[i], last, 4) != 0) {
            memcpy(last, ml->tok[i], 4);
            last[4] = '\0';
            n++;
        }
    return n;
}

static inline enum move_parse parse(const union pos *p, const char *s,
                                    move_t *m)
{
    struct sbuf why = SBUF_INIT;
    move_t dummy;
    enum move_parse r = G->parse_move(p->b, s, m ? m : &dummy, &why);
    if (r != MOVE_PARSE_OK)
        ck_assert_msg(sbuf_str(&why)[0] != '\0', "no reason for %s", s);
    sbuf_free(&why);
    return r;
}

/* Plays a token that must be legal. */
static inline void play(union pos *p, const char *s)
{
    gt_play(G, p->b, s);
}

static inline int64_t perft(const union pos *p, int depth)
{
    return gt_perft(G, p->b, depth);
}

static inline void assert_illegal(const union pos *p, const char *s)
{
    ck_assert_msg(parse(p, s, NULL) == MOVE_PARSE_ILLEGAL,
                  "%s should be illegal", s);
}

#endif
