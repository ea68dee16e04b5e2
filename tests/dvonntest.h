/* dvonntest.h -- what the DVONN suites share: a position buffer, an
 * independent board geometry, positions built from cell lists, the test
 * setup, legal moves as text. */
#ifndef TRIAD_TESTS_DVONNTEST_H
#define TRIAD_TESTS_DVONNTEST_H

#include <check.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "games/dvonn_int.h"
#include "games/games.h"
#include "gametest.h"

#define G (&dvonn_ops)

/* A position buffer with room to spare (state_size is checked). */
struct pos {
    alignas(max_align_t) unsigned char b[1024];
};

/* The root moves of the deterministic test setup (doc/games/dvonn.md). */
static const char TEST_SETUP_MOVES[] =
    "A2A1 A2A3 A2B2 A2B3 A3A2 A3B3 A3B4 B1A1 B1B2 B1C1 B1C2 B4A3 B4B3 "
    "B4C4 B4C5 C5B4 C5C4 C5D5 D1C1 D1D2 D1E1 D1E2 E5D4 E5D5 E5E4 E5F5 "
    "F1E1 F1F2 F1G1 F1G2 G5F4 G5F5 G5G4 G5H5 H1G1 H1H2 H1I1 H1I2 I5H4 "
    "I5H5 I5I4 I5J5 K5J4 K5J5 K5K4";

/* Independent geometry: the cell index of a name like "E3", or -1. */
static inline int test_cell(const char *nm)
{
    static const int first[5] = { 0, 0, 0, 1, 2 };
    static const int last[5] = { 8, 9, 10, 10, 10 };
    static const int start[5] = { 0, 9, 19, 30, 40 };
    int c = nm[0] - 'A';
    int r = nm[1] - '1';
    if (r < 0 || r > 4 || c < first[r] || c > last[r])
        return -1;
    return start[r] + c - first[r];
}

static inline void test_cell_name(int cell, char out[3])
{
    static const int first[5] = { 0, 0, 0, 1, 2 };
    static const int start[5] = { 0, 9, 19, 30, 40 };
    int r = 4;
    while (cell < start[r])
        r--;
    out[0] = (char)('A' + first[r] + cell - start[r]);
    out[1] = (char)('1' + r);
    out[2] = '\0';
}

/* The cell k steps from cell along direction dir (0 to 5), or -1 off the
 * board, from coordinates. */
static inline int test_step(int cell, int dir, int k)
{
    static const int dirs[6][2] = { {1, 0}, {-1, 0}, {1, 1}, {0, 1},
                                    {0, -1}, {-1, -1} };
    char nm[3];
    test_cell_name(cell, nm);
    int c = nm[0] - 'A' + k * dirs[dir][0];
    int r = nm[1] - '1' + k * dirs[dir][1];
    if (c < 0 || c > 10 || r < 0 || r > 4)
        return -1;
    char o[3] = { (char)('A' + c), (char)('1' + r), '\0' };
    return test_cell(o);
}

/* Number of on-board neighbours of a cell, from coordinates. */
static inline int test_degree(int cell)
{
    int n = 0;
    for (int d = 0; d < 6; d++)
        n += test_step(cell, d, 1) >= 0;
    return n;
}

/* Builds a position string from "PHASE", "SIDE" and "E3=BW C3=R ...". */
static inline void mkpos(char *out, size_t n, const char *phase,
                         const char *side, const char *spec)
{
    char cells[49][50];
    for (int i = 0; i < 49; i++)
        strcpy(cells[i], ".");
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        int c = test_cell(tok);
        ck_assert_msg(c >= 0 && tok[2] == '=', "bad spec %s", tok);
        snprintf(cells[c], sizeof cells[c], "%s", tok + 3);
    }
    int len = snprintf(out, n, "dvonn:%s:%s:", phase, side);
    for (int i = 0; i < 49; i++)
        len += snprintf(out + len, n - (size_t)len, "%s%s", i ? "," : "",
                        cells[i]);
}

static inline void load(struct pos *p, const char *s)
{
    ck_assert_uint_le(G->state_size, sizeof p->b);
    gt_load(G, p->b, s);
}

static inline void load_spec(struct pos *p, const char *phase,
                             const char *side, const char *spec)
{
    char s[4096];
    mkpos(s, sizeof s, phase, side, spec);
    load(p, s);
}

static inline void play_tok(struct pos *p, const char *tok)
{
    gt_play(G, p->b, tok);
}

/* parse_move must fail with code and a reason containing want. */
static inline void expect_bad_move(const struct pos *p, const char *tok,
                                   enum move_parse code, const char *want)
{
    struct sbuf why = SBUF_INIT;
    move_t m = MOVE_NONE;
    enum move_parse r = G->parse_move(p->b, tok, &m, &why);
    ck_assert_msg(r == code, "%s: got %d want %d", tok, r, code);
    ck_assert_msg(strstr(sbuf_str(&why), want) != NULL,
                  "%s: reason '%s' lacks '%s'", tok, sbuf_str(&why), want);
    sbuf_free(&why);
}

static inline int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The legal moves, canonical, sorted, space separated (legal_moves). */
static inline void legal_str(const struct pos *p, char *out, size_t n)
{
    move_t mv[512];
    static const size_t W = MOVE_STR_MAX;
    ck_assert_int_le(G->max_moves, 512);
    int k = G->gen_moves(p->b, mv);
    char (*names)[MOVE_STR_MAX] = malloc(W * (size_t)(k ? k : 1));
    for (int i = 0; i < k; i++)
        G->format_move(p->b, mv[i], names[i]);
    qsort(names, (size_t)k, W, cmp_str);
    out[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < k; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? " " : "",
                                names[i]);
    free(names);
}

static inline void pos_str(const struct pos *p, char *out, size_t n)
{
    struct sbuf s = SBUF_INIT;
    G->to_string(p->b, &s);
    snprintf(out, n, "%s", sbuf_str(&s));
    sbuf_free(&s);
}

static inline void setup_args(struct pos *p, int argc, const char *a0,
                              uint64_t seed)
{
    char arg[64];
    char *argv[1] = { arg };
    snprintf(arg, sizeof arg, "%s", a0 ? a0 : "");
    gt_setup(G, p->b, argc, argv, seed);
}

/* The test setup: DVONN pieces on C3 F3 I3, then every other cell in index
 * order; stops after `plies` placements. */
static inline void test_setup_plies(struct pos *p, int plies)
{
    setup_args(p, 0, NULL, 0);
    static const char *const reds[3] = { "C3", "F3", "I3" };
    int done = 0;
    for (int i = 0; i < 3 && done < plies; i++, done++)
        play_tok(p, reds[i]);
    for (int c = 0; c < 49 && done < plies; c++) {
        char nm[3];
        test_cell_name(c, nm);
        if (strcmp(nm, "C3") && strcmp(nm, "F3") && strcmp(nm, "I3")) {
            play_tok(p, nm);
            done++;
        }
    }
}

static inline int64_t perft(const struct pos *p, int depth)
{
    return gt_perft(G, p->b, depth);
}

/* Scores recomputed from a position string: height of owned stacks. */
static inline void string_scores(const char *s, int score[2])
{
    score[0] = score[1] = 0;
    const char *f = strrchr(s, ':') + 1;
    while (*f) {
        size_t len = strcspn(f, ",");
        char top = f[len - 1];
        if (top == 'W')
            score[0] += (int)len;
        else if (top == 'B')
            score[1] += (int)len;
        f += len;
        if (*f)
            f++;
    }
}

/* Swaps the piece colours W <-> B of a position string (not the side). */
static inline void swap_colours(char *s)
{
    for (char *c = s + strlen("dvonn:S:W:"); *c; c++)
        *c = *c == 'W' ? 'B' : *c == 'B' ? 'W' : *c;
}

/* A chain C1-G1 hanging on the DVONN pieces A1-C1: emptying D1 cuts off
 * E1 (black), F1 (white) and G1 (black, 2 pieces); E1 and F1 cut off
 * what lies beyond them, G1 (the end) and the DVONN pieces nothing. */
static const char CHAIN[] = "A1=R B1=R C1=R D1=W E1=B F1=W G1=BB";

#endif
