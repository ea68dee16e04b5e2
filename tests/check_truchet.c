/* check_truchet.c -- the Truchet module through its game_ops: the test
 * facts of doc/games/truchet.md, every rule in hand-made positions,
 * notation and position-string round trips, hostile input, hashing and
 * playouts.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "games/games.h"
#include "games/truchet_int.h"
#include "search/perft.h"
#include "gametest.h"
#include "search/search.h"
#include "searchtest.h"
#include "tap_main.h"

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

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static void setup_args(union pos *p, const char *arg)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", arg);
    char *argv[1] = { buf };
    gt_setup(G, p->b, 1, argv, 7);
}

static void load(union pos *p, const char *s)
{
    gt_load(G, p->b, s);
}

/* Position with all tiles '/', side L or D, and the given stacks. */
static void load_slash(union pos *p, char side, const char *stacks)
{
    char buf[256];
    snprintf(buf, sizeof buf, "truchet:%s:%c:%s", ALL_SLASH, side, stacks);
    load(p, buf);
}

static char *pos_string(const union pos *p)
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

static struct mlist *mlist_new(void)
{
    struct mlist *ml = calloc(1, sizeof *ml);
    ml->mv = malloc(sizeof *ml->mv * (size_t)G->max_moves);
    ml->tok = malloc(sizeof *ml->tok * (size_t)G->max_moves);
    ck_assert(ml->mv && ml->tok);
    return ml;
}

static void mlist_free(struct mlist *ml)
{
    free(ml->mv);
    free(ml->tok);
    free(ml);
}

static int cmp_tok(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void mlist_gen(struct mlist *ml, const union pos *p)
{
    ml->n = G->gen_moves(p->b, ml->mv);
    ck_assert_int_le(ml->n, G->max_moves);
    for (int i = 0; i < ml->n; i++)
        G->format_move(p->b, ml->mv[i], ml->tok[i]);
    qsort(ml->tok, (size_t)ml->n, sizeof *ml->tok, cmp_tok);
}

static bool mlist_has(const struct mlist *ml, const char *tok)
{
    return bsearch(tok, ml->tok, (size_t)ml->n, sizeof *ml->tok,
                   cmp_tok) != NULL;
}

/* Kinds of a token, by its punctuation. */
enum { T_STEP, T_STEP_SPLIT, T_STEP_MERGE, T_SPLIT, T_MERGE };

static int tok_kind(const char *t)
{
    const char *a = strchr(t, ',') ? strchr(t, ',') + 1 : t;
    if (strchr(a, '-'))
        return strchr(a, '+') ? T_STEP_MERGE
             : strchr(a, '>') ? T_STEP_SPLIT : T_STEP;
    return strchr(a, '>') ? T_SPLIT : T_MERGE;
}

/* Counts by kind of the flip-free turns; returns their total. */
static int count_kinds(const struct mlist *ml, int kinds[5])
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
static int count_flips(const struct mlist *ml)
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

static enum move_parse parse(const union pos *p, const char *s, move_t *m)
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
static void play(union pos *p, const char *s)
{
    gt_play(G, p->b, s);
}

static int64_t perft(const union pos *p, int depth)
{
    return gt_perft(G, p->b, depth);
}

static void assert_illegal(const union pos *p, const char *s)
{
    ck_assert_msg(parse(p, s, NULL) == MOVE_PARSE_ILLEGAL,
                  "%s should be illegal", s);
}

/* ------------------------------------------------------------------ */
/* doc/games/truchet.md: initial layouts                              */
/* ------------------------------------------------------------------ */

struct layout_fact {
    const char *key, *bits;
    int steps, step_merges, actions, perft1;
};

static const struct layout_fact layouts[] = {
    { "2470377", BITS_2470377, 14, 6, 83, 683 },
    { "0", "1010100111000101101011000111101101100000111100111",
      19, 24, 106, 888 },
    { "1", "1111011011010001101100010101001011101010100001001",
      6, 18, 87, 727 },
    { "2", "1000001011110111110100101100001010010101111100101",
      26, 33, 122, 977 },
    { "3", "1101110100100101110001101100001010111110001000011",
      35, 62, 160, 1205 },
    { "12345", "0010011100000010011101011111111010000000010111011",
      21, 22, 106, 884 },
};

START_TEST(test_layout_facts)
{
    const struct layout_fact *f = &layouts[_i];
    union pos p;
    setup_args(&p, f->key);
    char *s = pos_string(&p);
    ck_assert_int_eq(strncmp(s, "truchet:", 8), 0);
    ck_assert_int_eq(strncmp(s + 8, f->bits, 49), 0);
    free(s);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int k[5];
    ck_assert_int_eq(count_kinds(ml, k), f->actions);
    ck_assert_int_eq(k[T_STEP], f->steps);
    ck_assert_int_eq(k[T_STEP_MERGE], f->step_merges);
    ck_assert_int_eq(k[T_MERGE], 63);
    ck_assert_int_eq(k[T_SPLIT] + k[T_STEP_SPLIT], 0);
    ck_assert_int_eq(ml->n, f->perft1);
    ck_assert_int_eq(G->count_moves(p.b), f->perft1);
    ck_assert_int_eq(count_flips(ml), 7);
    for (int i = 0; i < ml->n; i++)   /* the flippable tiles: a4 .. g4 */
        if (ml->tok[i][0] == '*')
            ck_assert_int_eq(ml->tok[i][2], '4');
    mlist_free(ml);
}
END_TEST

/* More keys, layouts checked against java.util.Random (JDK 17). */
static const char *const java_layouts[][2] = {
    { "-1", "0000010011101100101011111110101000010100010010000" },
    { "9223372036854775807",
      "0000010011101100101011111110101000010100010010000" },
    { "-9223372036854775808",
      "1010100111000101101011000111101101100000111100111" },
    { "987654321", "0001000100101010111110100001000001100101101110010" },
    { "-42", "0011100010101101101001011101001000010101000111010" },
    { "+12345", "0010011100000010011101011111111010000000010111011" },
};

START_TEST(test_java_layouts)
{
    union pos p;
    setup_args(&p, java_layouts[_i][0]);
    char *s = pos_string(&p);
    ck_assert_int_eq(strncmp(s + 8, java_layouts[_i][1], 49), 0);
    free(s);
}
END_TEST

static const struct {
    const char *key;
    int64_t perft2;
} perft2_facts[] = {
    { "2470377", 631092 },
    { "1", 759574 },
};

START_TEST(test_perft2)
{
    union pos p;
    setup_args(&p, perft2_facts[_i].key);
    ck_assert_int_eq(perft(&p, 0), 1);
    ck_assert_int_eq(perft(&p, 2), perft2_facts[_i].perft2);
}
END_TEST

START_TEST(test_key_2470377_detail)
{
    static const char *const steps[] = {
        "g6-h5", "g6-f5", "g6-g4", "g6-e4", "g6-d3", "g6-c2", "g6-b1",
        "g6-a2", "g6-f3", "g6-g2", "g6-h3", "g6-f1", "g6-e2", "g6-d1",
    };
    static const char *const step_merges[] = {
        "g6-h5+h6<ns", "g6-f5+e5<ne", "g6-f5+f6<ws", "g6-f5+f6<ns",
        "g6-f5+f6<wns", "g6-e4+e5<ns",
    };
    union pos p;
    setup_args(&p, "2470377");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        ck_assert_msg(mlist_has(ml, steps[i]), "%s missing", steps[i]);
    for (size_t i = 0; i < sizeof step_merges / sizeof step_merges[0]; i++)
        ck_assert_msg(mlist_has(ml, step_merges[i]), "%s missing",
                      step_merges[i]);
    int k[5];
    count_kinds(ml, k);   /* exactly these: the counts match the lists */
    ck_assert_int_eq(k[T_STEP], 14);
    ck_assert_int_eq(k[T_STEP_MERGE], 6);
    mlist_free(ml);
}
END_TEST

START_TEST(test_turns_per_flip)
{
    static const struct {
        const char *flip;
        int n;
    } facts[] = {
        { "*a4,", 83 }, { "*b4,", 83 }, { "*c4,", 83 }, { "*d4,", 108 },
        { "*e4,", 77 }, { "*f4,", 83 }, { "*g4,", 83 },
    };
    union pos p;
    setup_args(&p, "2470377");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int total = 83;
    for (size_t f = 0; f < sizeof facts / sizeof facts[0]; f++) {
        int n = 0;
        for (int i = 0; i < ml->n; i++)
            n += strncmp(ml->tok[i], facts[f].flip, 4) == 0;
        ck_assert_msg(n == facts[f].n, "%s: %d", facts[f].flip, n);
        total += n;
    }
    ck_assert_int_eq(total, 683);
    ck_assert_int_eq(ml->n, 683);
    mlist_free(ml);
}
END_TEST

/* ------------------------------------------------------------------ */
/* doc/games/truchet.md: the mid-game vector                          */
/* ------------------------------------------------------------------ */

START_TEST(test_midgame)
{
    union pos p;
    load(&p, MIDGAME);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int k[5];
    ck_assert_int_eq(count_kinds(ml, k), 119);
    ck_assert_int_eq(k[T_STEP], 26);
    ck_assert_int_eq(k[T_STEP_SPLIT], 65);
    ck_assert_int_eq(k[T_STEP_MERGE], 17);
    ck_assert_int_eq(k[T_SPLIT], 10);
    ck_assert_int_eq(k[T_MERGE], 1);
    ck_assert_int_eq(count_flips(ml), 17);
    ck_assert_int_eq(ml->n, 2280);
    ck_assert_int_eq(G->count_moves(p.b), 2280);
    /* the captures among the flip-free turns */
    static const char *const captures[] = {
        "g8-g6+g5<wnn", "g8-g6>es", "g8-g6>ns", "g8-g6>ws",
    };
    int ncap = 0;
    for (int i = 0; i < ml->n; i++) {
        if (ml->tok[i][0] == '*')
            continue;
        union pos q = p;
        play(&q, ml->tok[i]);
        char *s = pos_string(&q);
        int dark = 0;
        for (const char *c = strchr(s + 8, ':') + 3; *c; c++)
            if (*c == 'D')
                dark += c[1] - '0';
        free(s);
        if (dark < 12) {
            ck_assert_int_lt(ncap, 4);
            ck_assert_str_eq(ml->tok[i], captures[ncap]);
            ncap++;
        }
    }
    ck_assert_int_eq(ncap, 4);
    ck_assert_int_eq(perft(&p, 1), 2280);
    ck_assert_int_eq(perft(&p, 2), 6925316);
    mlist_free(ml);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Each rule in a hand-made position                                   */
/* ------------------------------------------------------------------ */

/* The tokens of the position that match a prefix, space separated. */
static char *tokens_with(const union pos *p, const char *prefix)
{
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    struct sbuf out = SBUF_INIT;
    for (int i = 0; i < ml->n; i++)
        if (strncmp(ml->tok[i], prefix, strlen(prefix)) == 0) {
            if (out.len)
                sbuf_putc(&out, ' ');
            sbuf_puts(&out, ml->tok[i]);
        }
    mlist_free(ml);
    char *s = strdup(sbuf_str(&out));
    sbuf_free(&out);
    return s;
}

START_TEST(test_step_along_links)
{
    union pos p;
    /* all '/': c3 slides on the a1-h8 diagonal until the stack on f6 */
    load_slash(&p, 'L', "c3L1,f6D1");
    char *s = tokens_with(&p, "c3-");
    ck_assert_str_eq(s, "c3-a1 c3-b2 c3-d4 c3-e5");
    free(s);
    assert_illegal(&p, "c3-g7");   /* cannot jump */
    assert_illegal(&p, "c3-f6");   /* cannot stop on a stack */
    assert_illegal(&p, "c3-d2");   /* not linked */
    assert_illegal(&p, "c3-c3");
    assert_illegal(&p, "f6-g7");   /* not the mover's stack */
    /* a '\' tile links the other diagonal: layout bit of tile c3 */
    char buf[256];
    snprintf(buf, sizeof buf, "truchet:%.16s1%.32s:L:d3L1,h8D1", ALL_SLASH,
             ALL_SLASH);
    load(&p, buf);
    /* d3 joins c4 through it, and both diagonals through d3 and c4 */
    s = tokens_with(&p, "d3-");
    ck_assert_str_eq(s, "d3-a2 d3-b1 d3-b3 d3-c2 d3-c4 d3-d5 d3-e4 d3-e6 "
                     "d3-f5 d3-f7 d3-g6 d3-g8 d3-h7");
    free(s);
}
END_TEST

START_TEST(test_flip_changes_links)
{
    union pos p;
    load_slash(&p, 'L', "a1L1,h1D1");
    ck_assert_int_eq(parse(&p, "a1-h8", NULL), MOVE_PARSE_OK);
    /* flipping b2 cuts b2-c3: a1 reaches b2 only */
    ck_assert_int_eq(parse(&p, "*b2,a1-b2", NULL), MOVE_PARSE_OK);
    assert_illegal(&p, "*b2,a1-c3");
    char *s = tokens_with(&p, "*b2,");
    ck_assert_str_eq(s, "*b2,a1-b2");
    free(s);
    /* flipping c3 cuts c3-d4 */
    s = tokens_with(&p, "*c3,");
    ck_assert_str_eq(s, "*c3,a1-b2 *c3,a1-c3");
    free(s);
    /* flipping a tile off the diagonal changes nothing for a1 */
    s = tokens_with(&p, "*d6,");
    ck_assert_str_eq(s, "*d6,a1-b2 *d6,a1-c3 *d6,a1-d4 *d6,a1-e5 "
                     "*d6,a1-f6 *d6,a1-g7 *d6,a1-h8");
    free(s);
    /* a flipped tile links the other diagonal: *d3 joins e3 and d4 */
    load_slash(&p, 'L', "d2L1,h1D1");
    ck_assert_int_eq(parse(&p, "*d3,d2-d4", NULL), MOVE_PARSE_OK);
    ck_assert_int_eq(parse(&p, "*d3,d2-a1", NULL), MOVE_PARSE_OK);
    assert_illegal(&p, "d2-d4");
    /* the flip is played: tile d3 is the 18th layout character */
    play(&p, "*d3,d2-d4");
    char *ps = pos_string(&p);
    ck_assert_int_eq(ps[8 + 2 * 7 + 3], '1');
    ck_assert_str_eq(strrchr(ps, ':') + 1, "d4L1,h1D1");
    free(ps);
}
END_TEST

START_TEST(test_flip_blocked)
{
    union pos p;
    /* d4 blocks tiles c3 d3 c4 d4; h8 blocks g7; a1 blocks a1 */
    load_slash(&p, 'L', "a1D1,d4L1,h8D1");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    ck_assert_int_eq(count_flips(ml), 49 - 6);
    mlist_free(ml);
    const char *blocked[] = { "*c3,d4-e5", "*d3,d4-e5", "*c4,d4-e5",
                              "*d4,d4-e5" };
    for (int i = 0; i < 4; i++)
        assert_illegal(&p, blocked[i]);
    ck_assert_int_eq(parse(&p, "*e4,d4-c3", NULL), MOVE_PARSE_OK);
    ck_assert_int_eq(parse(&p, "*b3,d4-e5", NULL), MOVE_PARSE_OK);
    /* a stack on any single corner blocks the tile */
    static const char *const corners[] = { "e5L1", "f5L1", "e6L1",
                                           "f6L1" };
    for (int i = 0; i < 4; i++) {
        char st[64];
        snprintf(st, sizeof st, "a1D1,%s", corners[i]);
        load_slash(&p, 'L', st);
        char tok[16];
        snprintf(tok, sizeof tok, "*e5,%.2s-%c%c", corners[i],
                 corners[i][0] - 1, corners[i][1] - 1);
        assert_illegal(&p, tok);
    }
}
END_TEST

START_TEST(test_border_tiles)
{
    union pos p;
    load_slash(&p, 'L', "d4L1,h8D1");
    /* tiles are a1..g7; border tiles have no name and never flip */
    static const char *const bad[] = { "*h1,d4-e5", "*a8,d4-e5",
                                       "*h8,d4-e5", "*a0,d4-e5" };
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(parse(&p, bad[i], NULL), MOVE_PARSE_SYNTAX);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    for (int i = 0; i < ml->n; i++)
        if (ml->tok[i][0] == '*') {
            ck_assert(ml->tok[i][1] >= 'a' && ml->tok[i][1] <= 'g');
            ck_assert(ml->tok[i][2] >= '1' && ml->tok[i][2] <= '7');
        }
    mlist_free(ml);
    /* a1 on the edge: only the central tile a1 links it, border none */
    char buf[256];
    snprintf(buf, sizeof buf, "truchet:1%s:L:a1L1,h8D1", ZEROS48);
    load(&p, buf);
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_WIN_SECOND);
}
END_TEST

START_TEST(test_split_rules)
{
    union pos p;
    /* d4 L3: west own, north enemy 3 (out of reach), east enemy 2 */
    load_slash(&p, 'L', "c4L1,d4L3,d5D3,e4D2,h8D1");
    char *s = tokens_with(&p, "d4>");
    ck_assert_str_eq(s, "d4>ees");
    free(s);
    assert_illegal(&p, "d4>wes");    /* never onto an own stack */
    assert_illegal(&p, "d4>nes");    /* 1 chip cannot capture 3 */
    assert_illegal(&p, "d4>es");     /* letters must match the height */
    assert_illegal(&p, "d4>eeee");
    assert_illegal(&p, "c4>es");     /* height 1 cannot split */
    ck_assert_int_eq(parse(&p, "d4>ese", NULL), MOVE_PARSE_OK);
    /* split onto the edge */
    load_slash(&p, 'L', "a1L2,h8D1");
    s = tokens_with(&p, "a1>");
    ck_assert_str_eq(s, "a1>ne");
    free(s);
    assert_illegal(&p, "a1>ws");
    /* equal height captures; the stack leaves its junction */
    load_slash(&p, 'L', "d4L2,e4D1,h8D1");
    play(&p, "d4>es");
    char *ps = pos_string(&p);
    ck_assert_str_eq(strrchr(ps, ':') + 1, "d3L1,e4L1,h8D1");
    free(ps);
    /* height 4 splits in 31 ways on an open board */
    load_slash(&p, 'L', "d4L4,h8D1");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int k[5];
    count_kinds(ml, k);
    ck_assert_int_eq(k[T_SPLIT], 31);
    mlist_free(ml);
}
END_TEST

/* The tokens of *p beginning with prefix are want (tokens_with). */
static void assert_tokens(const union pos *p, const char *prefix,
                          const char *want)
{
    char *s = tokens_with(p, prefix);
    ck_assert_str_eq(s, want);
    free(s);
}

/* The junction north of a8 (doc/games/truchet.md, "Decisions"): the
 * board has none, so a stack on a8 splits only east and south, and no
 * merge or step reaches beyond row 8 (BoardSpace's board would take a
 * split north there). */
START_TEST(test_a8_north)
{
    union pos p;
    load_slash(&p, 'L', "a8L2,h1D1");
    assert_tokens(&p, "a8>", "a8>es");
    static const char *const north[] = { "a8>ns", "a8>ne", "a8>nn",
                                         "a8>nnn" };
    for (int i = 0; i < 4; i++)
        assert_illegal(&p, north[i]);
    /* the same for Dark on a8, and for h8's corner */
    load_slash(&p, 'D', "a8D3,h1L1");
    assert_tokens(&p, "a8>", "a8>ees a8>ess");
    assert_illegal(&p, "a8>nes");
    load_slash(&p, 'L', "h8L2,a1D1");
    assert_tokens(&p, "h8>", "h8>ws");
    assert_illegal(&p, "h8>ne");
}
END_TEST

START_TEST(test_merge_rules)
{
    union pos p;
    /* e5 empty between d5 L2, e6 L1, f5 L1, e4 L3 */
    load_slash(&p, 'L', "d5L2,e4L3,e6L1,f5L1,h1D1");
    char *s = tokens_with(&p, "e5<");
    /* not d5 + e4: 5 chips would pass the height limit */
    ck_assert_str_eq(s, "e5<esss e5<ne e5<nsss e5<wwe e5<wwn e5<wwne");
    free(s);
    ck_assert_int_eq(parse(&p, "e5<wwsss", NULL), MOVE_PARSE_SYNTAX);
    assert_illegal(&p, "e5<wne");    /* d5 has 2 chips */
    assert_illegal(&p, "e5<ww");     /* one stack is no merge */
    assert_illegal(&p, "d5<ne");     /* own target */
    ck_assert_int_eq(parse(&p, "e5<nww", NULL), MOVE_PARSE_OK);
    /* capture with equal height; not with less */
    load_slash(&p, 'L', "d5L1,f5L1,e5D2,a1D1");
    ck_assert_int_eq(parse(&p, "e5<we", NULL), MOVE_PARSE_OK);
    play(&p, "e5<ew");
    char *ps = pos_string(&p);
    ck_assert_str_eq(strrchr(ps, ':') + 1, "a1D1,e5L2");
    free(ps);
    load_slash(&p, 'L', "d5L1,f5L1,e5D3,a1D1");
    assert_illegal(&p, "e5<we");
    load_slash(&p, 'L', "d5L2,f5L2,e5D4,a1D1");
    ck_assert_int_eq(parse(&p, "e5<wwee", NULL), MOVE_PARSE_OK);
    /* sources need not be collinear */
    load_slash(&p, 'L', "d5L1,e6L1,a1D1");
    s = tokens_with(&p, "e5<");
    ck_assert_str_eq(s, "e5<wn");
    free(s);
    s = tokens_with(&p, "d6<");
    ck_assert_str_eq(s, "d6<es");
    free(s);
}
END_TEST

START_TEST(test_step_then_split)
{
    union pos p;
    /* b2 L2 slides to d4 and splits there (from its new junction) */
    load_slash(&p, 'L', "b2L2,d5D1,h1D1");
    ck_assert_int_eq(parse(&p, "b2-d4>ne", NULL), MOVE_PARSE_OK);
    assert_illegal(&p, "b2-d4>nee");
    assert_illegal(&p, "b2-a1>ws");
    play(&p, "b2-d4>ns");
    char *ps = pos_string(&p);
    ck_assert_str_eq(strrchr(ps, ':') + 1, "d3L1,d5L1,h1D1");
    free(ps);
    /* the split after a step never lands on an own stack either */
    load_slash(&p, 'L', "b2L2,e4L1,h1D1");
    assert_illegal(&p, "b2-d4>ne");
    ck_assert_int_eq(parse(&p, "b2-d4>sn", NULL), MOVE_PARSE_OK);
    char *s = tokens_with(&p, "b2-d4>");
    ck_assert_str_eq(s, "b2-d4>ns b2-d4>wn b2-d4>ws");
    free(s);
}
END_TEST

START_TEST(test_step_then_merge)
{
    union pos p;
    /* g6 steps to f5, merges onto f6 with e6 (doc/games/truchet.md) */
    setup_args(&p, "2470377");
    play(&p, "g6-f5+f6<ws");
    char *ps = pos_string(&p);
    ck_assert_ptr_nonnull(strstr(ps, "f6L2"));
    ck_assert_ptr_null(strstr(ps, "g6L"));
    ck_assert_ptr_null(strstr(ps, "e6L"));
    free(ps);
    setup_args(&p, "2470377");
    /* the stepped stack must take part; the vacated g6 is no source */
    assert_illegal(&p, "g6-f5+f6<wn");
    assert_illegal(&p, "g6-f5+f6<se");
    assert_illegal(&p, "g6-f5+g5<nw");
    assert_illegal(&p, "g6-f5+f4<ws");   /* no light stack on e4 */
    assert_illegal(&p, "g6-f5+d5<ee");   /* d5 is not next to f5 */
    /* the step and plain merge tokens are distinct turns */
    union pos q;
    load_slash(&q, 'L', "d5L1,f5L1,h1D1");
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &q);
    ck_assert(mlist_has(ml, "e6<ws") == false);
    ck_assert(mlist_has(ml, "e5<we"));
    ck_assert(mlist_has(ml, "d5-e6+e5<ne"));   /* same result as e5<we */
    ck_assert(mlist_has(ml, "d5-e6+e5<wne") == false);   /* d5 vacated */
    ck_assert(mlist_has(ml, "d5-e6+f6<ws"));
    mlist_free(ml);
}
END_TEST

/* ------------------------------------------------------------------ */
/* End of the game                                                     */
/* ------------------------------------------------------------------ */

static void assert_over(const union pos *p, enum game_status want)
{
    int margin = 99;
    ck_assert_int_eq(G->outcome(p->b, &margin), want);
    ck_assert_int_eq(margin, 0);
    move_t mv[8];
    ck_assert_int_eq(G->gen_moves(p->b, mv), 0);
    ck_assert_int_eq(G->count_moves(p->b), 0);
    assert_illegal(p, "a1-b2");
}

START_TEST(test_base_win)
{
    union pos p;
    /* Light holds a1 and c1; f2 slides to e1 */
    load_slash(&p, 'L', "a1L1,c1L1,f2L1,d2D1,h8D1");
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    play(&p, "f2-e1");
    ck_assert_int_eq(G->side_to_move(p.b), 1);
    assert_over(&p, GAME_WIN_FIRST);
    /* two bases are not enough */
    load_slash(&p, 'L', "a1L1,f2L1,d2D1,h8D1");
    play(&p, "f2-e1");
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    /* Dark wins on a8 c8 e8; own bases do not count */
    load_slash(&p, 'D', "a8D1,c8D1,d7D1,a1L1,h1L1");
    play(&p, "d7-e8");
    assert_over(&p, GAME_WIN_SECOND);
    load_slash(&p, 'L', "a1D1,c1D1,d2D1,h8L1");
    play(&p, "h8-g7");
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
}
END_TEST

START_TEST(test_capture_win)
{
    union pos p;
    load_slash(&p, 'L', "d4L2,e4D1");
    play(&p, "d4>es");
    assert_over(&p, GAME_WIN_FIRST);
    load_slash(&p, 'D', "d4D1,f4D1,e4L2");
    play(&p, "e4<we");
    assert_over(&p, GAME_WIN_SECOND);
}
END_TEST

START_TEST(test_stalemate_loss)
{
    char buf[256];
    union pos p;
    /* a1 unlinked (tile a1 is '\'), height 1, alone: Light cannot act */
    snprintf(buf, sizeof buf, "truchet:1%s:L:a1L1,h8D1", ZEROS48);
    load(&p, buf);
    assert_over(&p, GAME_WIN_SECOND);
    snprintf(buf, sizeof buf, "truchet:1%s:D:a1D1,h8L1", ZEROS48);
    load(&p, buf);
    assert_over(&p, GAME_WIN_FIRST);
    /* the same stack with a split left is not stalemated */
    snprintf(buf, sizeof buf, "truchet:1%s:L:a1L2,h8D1", ZEROS48);
    load(&p, buf);
    ck_assert_int_eq(G->outcome(p.b, NULL), GAME_ONGOING);
    /* stacks blocked in by each other */
    load_slash(&p, 'L', "a1L1,b2D1,h8D1");
    assert_over(&p, GAME_WIN_SECOND);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Notation                                                            */
/* ------------------------------------------------------------------ */

/* Swaps the case of letters, and reverses the direction letters. */
static void respell(const char *in, char *out)
{
    size_t n = strlen(in);
    const char *dirs = strpbrk(in, "<>");
    for (size_t i = 0; i < n; i++) {
        char c = in[i];
        if (dirs && in + i > dirs)
            c = in[(size_t)(dirs - in) + n - i];
        out[i] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    out[n] = '\0';
}

static void check_round_trip(const union pos *p)
{
    move_t *mv = malloc(sizeof *mv * (size_t)G->max_moves);
    int n = G->gen_moves(p->b, mv);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    for (int i = 0; i + 1 < ml->n; i++)
        ck_assert_msg(strcmp(ml->tok[i], ml->tok[i + 1]) != 0,
                      "%s twice", ml->tok[i]);
    for (int i = 0; i < n; i++) {
        char tok[MOVE_STR_MAX], alt[MOVE_STR_MAX];
        G->format_move(p->b, mv[i], tok);
        move_t m;
        ck_assert_int_eq(parse(p, tok, &m), MOVE_PARSE_OK);
        ck_assert_msg(m == mv[i], "%s does not round trip", tok);
        respell(tok, alt);
        ck_assert_int_eq(parse(p, alt, &m), MOVE_PARSE_OK);
        ck_assert_msg(m == mv[i], "%s does not parse as %s", alt, tok);
    }
    mlist_free(ml);
    free(mv);
}

START_TEST(test_round_trip_fixed)
{
    union pos p;
    load(&p, MIDGAME);
    check_round_trip(&p);
    setup_args(&p, "3");
    check_round_trip(&p);
    load_slash(&p, 'D', "d4D4,e4L1,c4L3,d5L2,a1D2,b1D2,h8D4");
    check_round_trip(&p);
}
END_TEST

START_TEST(test_spellings)
{
    union pos p;
    setup_args(&p, "2470377");
    move_t a, b;
    ck_assert_int_eq(parse(&p, "g6-f5+f6<wns", &a), MOVE_PARSE_OK);
    ck_assert_int_eq(parse(&p, "G6-F5+F6<SNW", &b), MOVE_PARSE_OK);
    ck_assert(a == b);
    ck_assert_int_eq(parse(&p, "*D4,g6-f5", &a), MOVE_PARSE_OK);
    char tok[MOVE_STR_MAX];
    G->format_move(p.b, a, tok);
    ck_assert_str_eq(tok, "*d4,g6-f5");
    ck_assert_int_eq(parse(&p, "b6<NW", &a), MOVE_PARSE_OK);
    G->format_move(p.b, a, tok);
    ck_assert_str_eq(tok, "b6<wn");
}
END_TEST

/* Every token of a few shapes parses OK exactly when the generator
 * lists it: the legality check and the generator agree. */
static void cross_check(const union pos *p, bool with_flips)
{
    static const char *const sets[] = {
        "wn", "we", "ws", "ne", "ns", "es", "ww", "wwn", "wne", "wns",
        "nes", "wes", "nns", "wee", "sss", "wnes", "wwee", "wwns", "nnss",
        "eees", "wwwn", "wnnn", "wwww", "wwnn", "eess", "wess", "wnee",
    };
    const int nsets = (int)(sizeof sets / sizeof sets[0]);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    int accepted = 0;              /* tokens parsed OK (and so listed) */
    char tok[64];
    for (int a = 0; a < 64; a++) {
        char ja[3] = { (char)('a' + a % 8), (char)('1' + a / 8), 0 };
        for (int i = 0; i < nsets; i++)
            for (int c = 0; c < 2; c++) {
                snprintf(tok, sizeof tok, "%s%c%s", ja, "><"[c], sets[i]);
                bool ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                accepted += ok;
            }
        for (int b = 0; b < 64; b++) {
            char jb[3] = { (char)('a' + b % 8), (char)('1' + b / 8), 0 };
            for (int f = -1; f < (with_flips ? 49 : 0); f++) {
                char fl[8] = "";
                if (f >= 0)
                    snprintf(fl, sizeof fl, "*%c%c,", 'a' + f % 7,
                             '1' + f / 7);
                snprintf(tok, sizeof tok, "%s%s-%s", fl, ja, jb);
                bool ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                accepted += ok;
                if (!ok || f >= 0)
                    continue;
                for (int i = 0; i < nsets; i++) {
                    snprintf(tok, sizeof tok, "%s-%s>%s", ja, jb, sets[i]);
                    ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                    ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                    accepted += ok;
                    for (int d = 0; d < 4; d++) {
                        static const int off[4] = { -1, 8, 1, -8 };
                        int x = b + off[d];
                        if (x < 0 || x >= 64 || (d % 2 == 0 && x / 8 != b / 8))
                            continue;
                        snprintf(tok, sizeof tok, "%s-%s+%c%c<%s", ja, jb,
                                 'a' + x % 8, '1' + x / 8, sets[i]);
                        ok = parse(p, tok, NULL) == MOVE_PARSE_OK;
                        ck_assert_msg(ok == mlist_has(ml, tok), "%s", tok);
                        accepted += ok;
                    }
                }
            }
        }
    }
    /* Not vacuous: some of the tried tokens are legal moves (a parser
     * and a generator that both reject everything would agree too), and
     * every token the parser took is a distinct listed move. */
    ck_assert_int_gt(accepted, 0);
    ck_assert_int_le(accepted, ml->n);
    mlist_free(ml);
}

START_TEST(test_parse_agrees_with_generator)
{
    union pos p;
    load(&p, MIDGAME);
    cross_check(&p, true);
    load_slash(&p, 'D', "d4D4,e4L1,c4L3,d5L2,a1D2,b1D2,h8D4");
    cross_check(&p, false);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Position strings and setup                                          */
/* ------------------------------------------------------------------ */

START_TEST(test_position_string)
{
    union pos p, q;
    setup_args(&p, "2470377");
    char *s = pos_string(&p);
    ck_assert_str_eq(s, "truchet:" BITS_2470377 ":L:a1D1,a3D1,a6L1,a8L1,"
                     "b2D1,b7L1,c1D1,c3D1,c6L1,c8L1,d2D1,d7L1,e1D1,e3D1,"
                     "e6L1,e8L1,f2D1,f7L1,g1D1,g3D1,g6L1,g8L1,h2D1,h7L1");
    load(&q, s);
    ck_assert(G->hash(q.b) == G->hash(p.b));
    free(s);
    /* any order and case are accepted; the output is canonical */
    load(&q, "truchet:" ALL_SLASH ":d:H8l4,a1D2,A2d1");
    s = pos_string(&q);
    ck_assert_str_eq(s, "truchet:" ALL_SLASH ":D:a1D2,a2D1,h8L4");
    free(s);
    ck_assert_int_eq(G->side_to_move(q.b), 1);
    /* finished positions that can exist */
    load_slash(&q, 'D', "a1L1,c1L1,e1L1");              /* Dark lost all */
    ck_assert_int_eq(G->outcome(q.b, NULL), GAME_WIN_FIRST);
    load_slash(&q, 'L', "a8D1,c8D1,g8D1,a1L1");         /* Dark holds 3 */
    ck_assert_int_eq(G->outcome(q.b, NULL), GAME_WIN_SECOND);
}
END_TEST

static const char *const bad_positions[] = {
    "",
    "truchet",
    "truchet:",
    "dvonn:" ALL_SLASH ":L:a1L1,h8D1",
    "Truchet:" ALL_SLASH ":L:a1L1,h8D1",
    "truchet:" ALL_SLASH "0:L:a1L1,h8D1",                 /* 50 bits */
    "truchet:000000000000000000000000000000000000000000000000:L:a1L1",
    "truchet:" ALL_SLASH ":X:a1L1,h8D1",
    "truchet:" ALL_SLASH ":L:",
    "truchet:" ALL_SLASH ":L",
    "truchet:" ALL_SLASH "::a1L1,h8D1",
    "truchet:" ALL_SLASH ":L:a1L1,",
    "truchet:" ALL_SLASH ":L:,a1L1",
    "truchet:" ALL_SLASH ":L:a1L1,,h8D1",
    "truchet:" ALL_SLASH ":L:a1L0,h8D1",                  /* height 0 */
    "truchet:" ALL_SLASH ":L:a1L5,h8D1",                  /* height 5 */
    "truchet:" ALL_SLASH ":L:a1L12,h8D1",
    "truchet:" ALL_SLASH ":L:i1L1,h8D1",
    "truchet:" ALL_SLASH ":L:a9L1,h8D1",
    "truchet:" ALL_SLASH ":L:a0L1,h8D1",
    "truchet:" ALL_SLASH ":L:a1X1,h8D1",
    "truchet:" ALL_SLASH ":L:a1L1,a1D1",                  /* duplicate */
    "truchet:" ALL_SLASH ":L:a1L1,h8D1 ",
    "truchet:" ALL_SLASH ":L:a1L1;h8D1",
    "truchet:" ALL_SLASH ":L:a1L4,a2L4,a3L4,a4L1,h8D1",  /* 13 chips */
    "truchet:" ALL_SLASH ":L:a1L1",                  /* Dark moved last?  */
    "truchet:" ALL_SLASH ":D:a1D1",
    "truchet:" ALL_SLASH ":L:a1L1,c1L1,e1L1,h8D1",   /* Light to move, won */
    "truchet:" ALL_SLASH ":D:a8D1,c8D1,e8D1,g8D1,h1L1",
    "truchet:" ALL_SLASH ":L:a1L1,h8D1:",
    "truchet:" ALL_SLASH "2:L:a1L1,h8D1",
};

START_TEST(test_bad_positions)
{
    union pos p;
    struct sbuf err = SBUF_INIT;
    int rc = G->from_string(p.b, bad_positions[_i], &err);
    ck_assert_msg(rc == -1, "accepted %s", bad_positions[_i]);
    ck_assert_msg(err.len > 0 && !strchr(sbuf_str(&err), '\n'),
                  "bad reason for %s", bad_positions[_i]);
    sbuf_free(&err);
}
END_TEST

START_TEST(test_position_prefixes_and_mutations)
{
    char *s;
    union pos p;
    load(&p, MIDGAME);
    s = pos_string(&p);
    size_t n = strlen(s);
    struct sbuf err = SBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        /* a proper prefix is a position only if it ends after a stack */
        char *t = strndup(s, i);
        bool whole = i > 60 && strchr("1234", t[i - 1]) &&
                     strchr("LD", t[i - 2]);
        ck_assert_msg((G->from_string(p.b, t, &err) == 0) == whole,
                      "prefix %s", t);
        free(t);
    }
    struct rng r;
    rng_seed(&r, 42);
    for (int k = 0; k < 20000; k++) {     /* random byte changes */
        char *t = strdup(s);
        int changes = 1 + (int)rng_below(&r, 3);
        for (int c = 0; c < changes; c++)
            t[rng_below(&r, n)] = (char)(rng_below(&r, 255) + 1);
        sbuf_reset(&err);
        if (G->from_string(p.b, t, &err) == 0) {
            ck_assert(G->hash(p.b) == G->hash_full(p.b));
            char *u = pos_string(&p);
            union pos q;
            load(&q, u);
            char *v = pos_string(&q);
            ck_assert_str_eq(u, v);
            free(u);
            free(v);
        } else {
            ck_assert_int_gt((int)err.len, 0);
        }
        free(t);
    }
    sbuf_free(&err);
    free(s);
}
END_TEST

static const char *const bad_moves[] = {
    "", "*", "*a1", "*a1,", "*a1,a", "a", "a1", "a1-", "a1-b", "a1-b2+",
    "a1-b2+b3", "a1-b2+b3<", "a1-b2+b3<w", "a1>", "a1>w", "a1>x", "a1<",
    "a1<ww ", " a1<wn", "a1>wwwww", "a1<wnesw", "i1-a1", "a9-a1", "a0>wn",
    "*h1,a1-b2", "*a8,a1-b2", "**a1,a1-b2", "*a1;a1-b2", "a1-b2-c3",
    "a1-b2>", "a1-b2>wx", "a1-b2+c3<wn", "pass", "resign", "a1\xff",
    "\xc3\xa9", "a1-b2\n", "a1-b2+b3<wn,", "*a1,*b1,a1-b2",
};

START_TEST(test_hostile_moves)
{
    union pos p;
    load(&p, MIDGAME);
    const char *s = bad_moves[_i];
    move_t m = 12345;
    enum move_parse r = parse(&p, s, &m);
    ck_assert_msg(r != MOVE_PARSE_OK, "accepted '%s'", s);
    setup_args(&p, "0");
    ck_assert_msg(parse(&p, s, NULL) != MOVE_PARSE_OK, "accepted '%s'", s);
}
END_TEST

START_TEST(test_hostile_long_and_random)
{
    union pos p;
    load(&p, MIDGAME);
    size_t n = 1 << 20;
    char *big = malloc(n + 1);
    memset(big, 'w', n);
    big[n] = '\0';
    memcpy(big, "b4>", 3);
    ck_assert_int_eq(parse(&p, big, NULL), MOVE_PARSE_SYNTAX);
    struct sbuf err = SBUF_INIT;
    ck_assert_int_eq(G->from_string(p.b, big, &err), -1);
    char *argv[1] = { big };
    ck_assert_int_eq(G->setup(p.b, 1, argv, 1, &err), -1);
    free(big);
    /* legal tokens with one or two characters changed, cut or extended:
     * whatever parses must be a listed turn */
    static const char alpha[] = "abcdefghi0123456789*,-+<>wnesWNES\x01\xff";
    struct rng r;
    rng_seed(&r, 7);
    load(&p, MIDGAME);
    struct mlist *ml = mlist_new();
    mlist_gen(ml, &p);
    int legal = 0;
    for (int k = 0; k < 100000; k++) {
        char tok[MOVE_STR_MAX + 2];
        strcpy(tok, ml->tok[rng_below(&r, (uint64_t)ml->n)]);
        size_t len = strlen(tok);
        int changes = 1 + (int)rng_below(&r, 2);
        for (int c = 0; c < changes; c++)
            tok[rng_below(&r, len)] = alpha[rng_below(&r, sizeof alpha - 1)];
        if (rng_below(&r, 4) == 0)
            tok[rng_below(&r, len)] = '\0';
        else if (rng_below(&r, 4) == 0)
            strcpy(tok + len, "w");
        move_t m;
        if (parse(&p, tok, &m) == MOVE_PARSE_OK) {
            char canon[MOVE_STR_MAX];
            G->format_move(p.b, m, canon);
            ck_assert_msg(mlist_has(ml, canon), "%s", tok);
            legal++;
        }
    }
    ck_assert_int_gt(legal, 1000);
    mlist_free(ml);
    sbuf_free(&err);
}
END_TEST

static const char *const bad_setups[] = {
    "abc", "12a", "", "-", "+", "1.5", " 1", "1 ", "0x10",
    "9223372036854775808", "-9223372036854775809",
    "99999999999999999999999", "layout=", "layout=0101",
    "layout=" ALL_SLASH "0", "layout=" ALL_SLASH " ",
    "layout=000000000000000000000000000000000000000000000000x",
    ("Layout=" ALL_SLASH), "key=5",
};

START_TEST(test_bad_setups)
{
    union pos p;
    struct sbuf err = SBUF_INIT;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", bad_setups[_i]);
    char *argv[1] = { buf };
    ck_assert_msg(G->setup(p.b, 1, argv, 3, &err) == -1, "accepted %s",
                  bad_setups[_i]);
    ck_assert_int_gt((int)err.len, 0);
    sbuf_free(&err);
}
END_TEST

START_TEST(test_setup_forms)
{
    union pos p, q;
    struct sbuf err = SBUF_INIT;
    char a0[] = "1", a1[] = "2";
    char *two[2] = { a0, a1 };
    ck_assert_int_eq(G->setup(p.b, 2, two, 3, &err), -1);
    ck_assert_int_gt((int)err.len, 0);
    /* layout= gives the same position as the key, shown as custom */
    setup_args(&p, "2470377");
    setup_args(&q, "layout=" BITS_2470377);
    ck_assert(G->hash(p.b) == G->hash(q.b));
    char *s1 = pos_string(&p), *s2 = pos_string(&q);
    ck_assert_str_eq(s1, s2);
    free(s1);
    free(s2);
    /* no argument: a key from the seed, shown and reproducible */
    ck_assert_int_eq(G->setup(p.b, 0, NULL, 99, &err), 0);
    ck_assert_int_eq(G->setup(q.b, 0, NULL, 99, &err), 0);
    ck_assert(G->hash(p.b) == G->hash(q.b));
    struct sbuf out = SBUF_INIT;
    struct show_info si = { NULL, 0, false };
    G->show(p.b, &si, &out);
    const char *k = strstr(sbuf_str(&out), "layout key: ");
    ck_assert_ptr_nonnull(k);
    long long key = atoll(k + 12);
    ck_assert(key >= 0 && key < (1LL << 31));
    char kb[32];
    snprintf(kb, sizeof kb, "%lld", key);
    setup_args(&q, kb);
    ck_assert(G->hash(p.b) == G->hash(q.b));
    ck_assert_int_eq(G->setup(q.b, 0, NULL, 100, &err), 0);
    ck_assert(G->hash(p.b) != G->hash(q.b));
    sbuf_free(&out);
    sbuf_free(&err);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Diagram                                                             */
/* ------------------------------------------------------------------ */

static void check_lines(const char *s)
{
    ck_assert(*s);
    ck_assert(s[strlen(s) - 1] == '\n');
    for (const char *l = s; *l;) {
        const char *e = strchr(l, '\n');
        ck_assert_ptr_nonnull(e);
        ck_assert_msg(e > l, "empty line in\n%s", s);
        ck_assert_msg(e[-1] != ' ', "trailing blank in\n%s", s);
        l = e + 1;
    }
}

START_TEST(test_show)
{
    union pos p;
    setup_args(&p, "2470377");
    struct sbuf out = SBUF_INIT;
    struct show_info si = { NULL, 0, false };
    G->show(p.b, &si, &out);
    const char *s = sbuf_str(&out);
    check_lines(s);
    ck_assert_ptr_nonnull(strstr(s, "layout key: 2470377\n"));
    ck_assert_ptr_nonnull(strstr(s, "8[L1]..[L1]..[L1]..[L1]..\n"
                                    "    \\  \\  \\  \\  /  /  /\n"
                                    "7 .. L1 .. L1 .. L1 .. L1\n"));
    ck_assert_ptr_nonnull(strstr(s, "\n1[D1]  [D1]  [D1]  [D1]\n"));
    ck_assert_ptr_nonnull(strstr(s, "light to move, move 1, last move: "
                                    "none\n"));
    ck_assert_ptr_nonnull(strstr(s, "chips: light 12, dark 12\n"));
    ck_assert_ptr_null(strchr(s, '\033'));
    play(&p, "g6-f5+f6<ws");
    struct show_info si2 = { "g6-f5+f6<ws", 1, true };
    sbuf_reset(&out);
    G->show(p.b, &si2, &out);
    s = sbuf_str(&out);
    check_lines(s);
    ck_assert_ptr_nonnull(strchr(s, '\033'));
    ck_assert_ptr_nonnull(strstr(s, "dark to move, move 2, last move: "
                                    "g6-f5+f6<ws\n"));
    load_slash(&p, 'D', "a1L1,c1L1,e1L1,h8D2");
    sbuf_reset(&out);
    G->show(p.b, &si, &out);
    s = sbuf_str(&out);
    check_lines(s);
    ck_assert_ptr_nonnull(strstr(s, "layout: custom\n"));
    ck_assert_ptr_nonnull(strstr(s, "light wins"));
    ck_assert_ptr_nonnull(strstr(s, "bases held: light 3"));
    sbuf_free(&out);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Playouts, hashing, bound                                            */
/* ------------------------------------------------------------------ */

/* The colour-swapped image of *p: rows upside down (tiles change their
 * diagonal), Light and Dark exchanged, the other side to move.  The rules
 * are symmetric under it, so it is the same position for the other side. */
static void mirror(const union pos *p, union pos *out)
{
    char *s = pos_string(p);
    char bits[50], side;
    int off = 0;
    ck_assert_int_eq(sscanf(s, "truchet:%49[01]:%c:%n", bits, &side, &off), 2);
    char buf[512];
    int len = snprintf(buf, sizeof buf, "truchet:");
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++)
            buf[len++] = bits[(6 - r) * 7 + c] == '0' ? '1' : '0';
    len += snprintf(buf + len, sizeof buf - (size_t)len, ":%c:",
                    side == 'L' ? 'D' : 'L');
    for (const char *q = s + off; *q; q += *q == ',') {
        char col, owner;
        int row, h, used;
        ck_assert_int_eq(sscanf(q, "%c%d%c%d%n", &col, &row, &owner, &h,
                                &used), 4);
        len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%c%d%c%d",
                        q == s + off ? "" : ",", col, 9 - row,
                        owner == 'L' ? 'D' : 'L', h);
        q += used;
    }
    free(s);
    load(out, buf);
}

/* Whether flip-free move m, played on p, captures or brings the mover's
 * chips onto a target base it did not hold: what gen_noisy must list. */
static bool is_noisy(const union pos *p, move_t m)
{
    const struct tr_state *before = (const void *)p->b;
    union pos q = *p;
    G->play(q.b, m);
    const struct tr_state *after = (const void *)q.b;
    int s = before->side;
    uint64_t gained = after->occ[s] & ~before->occ[s] & home_of[!s];
    return after->chips[!s] < before->chips[!s] || gained;
}

/* gen_noisy lists exactly the noisy flip-free moves of gen_moves, in any
 * order (ml->mv holds gen_moves' list, n long). */
static void check_noisy(const union pos *p, const move_t *all, int n)
{
    static move_t noisy[TR_MAX_MOVES];
    int k = G->gen_noisy(p->b, noisy);
    int want = 0;
    for (int i = 0; i < n; i++) {
        if (MV_FLIP(all[i]) || !is_noisy(p, all[i]))
            continue;
        want++;
        int j = 0;
        while (j < k && noisy[j] != all[i])
            j++;
        ck_assert_int_lt(j, k);
    }
    ck_assert_int_eq(k, want);
}

static void playout(const char *key, uint64_t seed, struct mlist *ml,
                    int *finished)
{
    union pos p;
    setup_args(&p, key);
    struct rng r;
    rng_seed(&r, seed);
    for (int ply = 0; ply < 400; ply++) {
        ck_assert(G->hash(p.b) == G->hash_full(p.b));
        int n = G->gen_moves(p.b, ml->mv);
        ck_assert_int_le(n, G->max_moves);
        ck_assert_int_eq(G->count_moves(p.b), n);
        enum game_status g = G->outcome(p.b, NULL);
        char *s = pos_string(&p);
        union pos q;
        load(&q, s);
        ck_assert(G->hash(q.b) == G->hash(p.b));
        free(s);
        if (n == 0) {
            ck_assert(g == GAME_WIN_FIRST || g == GAME_WIN_SECOND);
            (*finished)++;
            return;
        }
        ck_assert_int_eq(g, GAME_ONGOING);
        check_noisy(&p, ml->mv, n);
        int e = G->evaluate(p.b);
        ck_assert_int_lt(abs(e), EVAL_WIN_MIN / 10);
        union pos img;
        mirror(&p, &img);
        ck_assert_int_eq(G->evaluate(img.b), e);
        move_t m = ml->mv[rng_below(&r, (uint64_t)n)];
        char tok[MOVE_STR_MAX];
        G->format_move(p.b, m, tok);
        move_t back;
        ck_assert_int_eq(parse(&p, tok, &back), MOVE_PARSE_OK);
        ck_assert(back == m);
        uint64_t before = G->hash(p.b);
        G->play(p.b, m);
        ck_assert(G->hash(p.b) != before);
        ck_assert_int_eq(G->side_to_move(p.b), (ply + 1) % 2);
    }
}

START_TEST(test_playouts)
{
    static const char *const keys[] = { "2470377", "0", "1", "2", "3",
                                        "12345" };
    struct mlist *ml = mlist_new();
    int finished = 0;
    for (int i = 0; i < 12; i++)
        playout(keys[i % 6], (uint64_t)i, ml, &finished);
    ck_assert_int_gt(finished, 0);
    mlist_free(ml);
}
END_TEST

/* The max_moves argument of truchet.c: per flip choice at most
 * m(30 + 12m) + 32 * sum sp(h) turns, maximised over height multisets. */
static int bound_rec(int left, int maxh, int m, int sp_sum)
{
    static const int sp[5] = { 0, 0, 6, 16, 31 };
    int best = m ? m * (30 + 12 * m) + 32 * sp_sum : 0;
    for (int h = 1; h <= maxh && h <= left; h++) {
        int b = bound_rec(left - h, h, m + 1, sp_sum + sp[h]);
        if (b > best)
            best = b;
    }
    return best;
}

START_TEST(test_max_moves_bound)
{
    /* Derived here, not copied: no flip or one of the 49 tiles, times
     * the bound over height multisets of at most 12 pieces. */
    ck_assert_int_eq(G->max_moves, (49 + 1) * bound_rec(12, 4, 0, 0));
    /* a crowded position with many tall stacks stays well inside */
    union pos p;
    load_slash(&p, 'L', "b2L4,d4L4,f6L4,h1D1");
    long n = G->count_moves(p.b);
    ck_assert_int_gt(n, 1000);
    ck_assert_int_le(n, G->max_moves);
}
END_TEST

/* The evaluation of a position with all tiles '/' (load_slash). */
static int eval_slash(char side, const char *stacks)
{
    union pos p;
    load_slash(&p, side, stacks);
    return G->evaluate(p.b);
}

START_TEST(test_evaluate)
{
    /* more chips is better for the side that has them */
    ck_assert_int_gt(eval_slash('L', "d4L3,e6D1,h1D1"), 0);
    ck_assert_int_lt(eval_slash('D', "d4L3,e6D1,h1D1"), 0);
    /* holding an enemy base helps */
    ck_assert_int_gt(eval_slash('L', "c1L1,e7D1"),
                     eval_slash('L', "c3L1,e7D1"));
    /* so does a capture the mover can make */
    ck_assert_int_gt(eval_slash('L', "d4L2,d5D1,h8D1"),
                     eval_slash('L', "d4L2,d6D1,h8D1"));
    /* a stack that reaches two empty target bases next turn (b1 splits
     * onto a1 and c1) is worth more than one far from them (b5) */
    ck_assert_int_gt(eval_slash('L', "b1L2,h8D1"),
                     eval_slash('L', "b5L2,h8D1"));
    /* two bases held and a third one turn away (e2 splits onto e1): a
     * win in one for the mover, a threat to parry for the other side */
    int win_now = eval_slash('L', "a1L1,c1L1,e2L2,h8D2");
    ck_assert_int_gt(win_now, eval_slash('L', "a1L1,c1L1,e5L2,h8D2") + 100);
    ck_assert_int_lt(eval_slash('D', "a1L1,c1L1,e2L2,h8D2"),
                     eval_slash('D', "a1L1,c1L1,e5L2,h8D2") - 50);
    /* the same seen from the other colour (mirror image) */
    union pos p, img;
    load_slash(&p, 'L', "a1L1,c1L1,e2L2,h8D2");
    mirror(&p, &img);
    ck_assert_int_eq(G->evaluate(img.b), win_now);
    /* a stack on a held base threatens no other base, since leaving
     * gives its own up: with tile b1 '\\' the c1 stack steps to a1
     * (c1-b2-a1), which is no third base a turn away for c1 and e1, so
     * the tile changes nothing */
    char buf[128];
    snprintf(buf, sizeof buf, "truchet:01%.47s:L:c1L1,e1L1,h8D2", ZEROS48);
    union pos held;
    move_t m;
    load(&held, buf);
    ck_assert_int_eq(parse(&held, "c1-a1", &m), MOVE_PARSE_OK);
    ck_assert_int_eq(G->evaluate(held.b), eval_slash('L', "c1L1,e1L1,h8D2"));
}
END_TEST

/* ------------------------------------------------------------------ */
/* The shared search on Truchet                                       */
/* ------------------------------------------------------------------ */

/* Truchet, Light to move: of 1078 turns exactly one wins at once (flip b2,
 * step b5-f1 and split onto the bases); a one-ply search finds it. */
#define TRUCHET_WIN "truchet:1001101100111011011000011110001010101010011110" \
    "111:L:a1L1,b1L1,b5L2,b8D1,c6D2,c7D1,d4D1,d8L2,e5D1,f2D1,f4D1,f6L2,g3D1," \
    "g5D1,h2L2"

/* Not plain UCT: 1078 moves are too many for uniform playouts. */
static const enum search_method win_methods[] = {
    SEARCH_AUTO, SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_GREEDY
};

START_TEST(test_truchet_win_in_one)
{
    const struct game_ops *g = &truchet_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    gt_load(g, st, TRUCHET_WIN);
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = srch_limits(win_methods[_i]);
    l.max_depth = 1;
    l.max_nodes = 100000;
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    srch_assert_best(g, st, &r, "*b2,b5-f1>we");
    search_free(s);
    free(st);
}
END_TEST

/* The children of the root's moves, all of them but skip's (MOVE_NONE:
 * all), as a game history; *n receives their number. */
static unsigned char *children_but(const union pos *p, move_t skip, int *n)
{
    struct mlist *ml = mlist_new();
    mlist_gen(ml, p);
    unsigned char *hist = malloc(G->state_size * (size_t)ml->n);
    ck_assert_ptr_nonnull(hist);
    *n = 0;
    for (int i = 0; i < ml->n; i++) {
        if (ml->mv[i] == skip)
            continue;
        unsigned char *c = hist + G->state_size * (size_t)(*n)++;
        memcpy(c, p->b, G->state_size);
        G->play(c, ml->mv[i]);
    }
    mlist_free(ml);
    return hist;
}

/* A position already seen in the game scores as a draw, worth
 * SEARCH_REP_CONTEMPT less than 0 to the side to move at the root
 * (src/search/repetition.c). */
START_TEST(test_repetition_draw)
{
    union pos p;
    /* Light captures e4 (d4>es and others): clearly ahead after it */
    load_slash(&p, 'L', "d4L3,e4D1,h8D1");
    struct search_limits l = srch_limits(SEARCH_ALPHABETA);
    l.max_depth = 1 + _i;
    struct search_result free_run, r;
    srch_once(G, p.b, 4, &l, &free_run);
    ck_assert_int_gt(free_run.score, 100);
    /* every move leads to a position seen before: the root is a draw */
    l.history = children_but(&p, MOVE_NONE, &l.history_len);
    srch_once(G, p.b, 4, &l, &r);
    ck_assert_int_eq(r.score, -SEARCH_REP_CONTEMPT);
    ck_assert(!r.proven);
    free((void *)l.history);
    /* all but the best one: the same choice and value as without them */
    l.history = children_but(&p, free_run.best, &l.history_len);
    srch_once(G, p.b, 4, &l, &r);
    ck_assert_uint_eq(r.best, free_run.best);
    ck_assert_int_eq(r.score, free_run.score);
    free((void *)l.history);
    /* only the best one: another move, worth less */
    union pos best = p;
    G->play(best.b, free_run.best);
    l.history = best.b;
    l.history_len = 1;
    srch_once(G, p.b, 4, &l, &r);
    ck_assert_uint_ne(r.best, free_run.best);
    ck_assert_int_le(r.score, free_run.score);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("truchet");
    TCase *tc = tcase_create("facts");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_layout_facts, 0,
                        (int)(sizeof layouts / sizeof layouts[0]));
    tcase_add_loop_test(tc, test_java_layouts, 0,
                        (int)(sizeof java_layouts / sizeof java_layouts[0]));
    tcase_add_loop_test(tc, test_perft2, 0,
                        (int)(sizeof perft2_facts / sizeof perft2_facts[0]));
    tcase_add_test(tc, test_key_2470377_detail);
    tcase_add_test(tc, test_turns_per_flip);
    tcase_add_test(tc, test_midgame);
    suite_add_tcase(s, tc);

    tc = tcase_create("rules");
    tcase_add_test(tc, test_step_along_links);
    tcase_add_test(tc, test_flip_changes_links);
    tcase_add_test(tc, test_flip_blocked);
    tcase_add_test(tc, test_border_tiles);
    tcase_add_test(tc, test_split_rules);
    tcase_add_test(tc, test_a8_north);
    tcase_add_test(tc, test_merge_rules);
    tcase_add_test(tc, test_step_then_split);
    tcase_add_test(tc, test_step_then_merge);
    tcase_add_test(tc, test_base_win);
    tcase_add_test(tc, test_capture_win);
    tcase_add_test(tc, test_stalemate_loss);
    suite_add_tcase(s, tc);

    tc = tcase_create("text");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_round_trip_fixed);
    tcase_add_test(tc, test_spellings);
    tcase_add_test(tc, test_parse_agrees_with_generator);
    tcase_add_test(tc, test_position_string);
    tcase_add_loop_test(tc, test_bad_positions, 0,
                        (int)(sizeof bad_positions / sizeof bad_positions[0]));
    tcase_add_test(tc, test_position_prefixes_and_mutations);
    tcase_add_loop_test(tc, test_hostile_moves, 0,
                        (int)(sizeof bad_moves / sizeof bad_moves[0]));
    tcase_add_test(tc, test_hostile_long_and_random);
    tcase_add_loop_test(tc, test_bad_setups, 0,
                        (int)(sizeof bad_setups / sizeof bad_setups[0]));
    tcase_add_test(tc, test_setup_forms);
    tcase_add_test(tc, test_show);
    suite_add_tcase(s, tc);

    tc = tcase_create("play");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_playouts);
    tcase_add_test(tc, test_max_moves_bound);
    tcase_add_test(tc, test_evaluate);
    tcase_add_loop_test(tc, test_repetition_draw, 0, 2);
    tcase_add_loop_test(tc, test_truchet_win_in_one, 0,
                        (int)(sizeof win_methods / sizeof win_methods[0]));
    suite_add_tcase(s, tc);

    return tap_main(s);
}
