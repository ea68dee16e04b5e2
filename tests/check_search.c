/* check_search.c -- the shared search (alpha-beta, MCTS, baselines,
 * solver), tested on three toy games defined here and on the real games.
 *
 * Toy games (full struct game_ops each):
 *  - ttt: tic-tac-toe (a draw; wins and blocks in one);
 *  - mnim: Nim with valued stones and a margin: take 1-3 stones from the
 *    top, score their values; taking a stone worth 5 gives another turn;
 *  - tree: a random game tree (no transpositions), branch B, length L,
 *    random extra turns, random winners, margins and draws.
 * An exhaustive minimax over game_ops gives the reference values.
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/zobrist.h"
#include "games/games.h"
#include "search/search.h"
#include "search/tt.h"
#include "tap_main.h"

/* Golden values of test_golden_tree (see there). */
#define GOLDEN_AB_BEST 5
#define GOLDEN_AB_NODES 1292
#define GOLDEN_AB_SCORE 92
#define GOLDEN_MCTS_BEST 1
#define GOLDEN_MCTS_PLAYOUTS 4714

/* ------------------------------------------------------------------ */
/* Shared toy helpers                                                  */

static int parse_int_arg(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* parse_move for toys: the token must format like one of the legal moves */
static enum move_parse toy_parse(const struct game_ops *g, const void *st,
                                 const char *s, move_t *out, struct sbuf *why)
{
    move_t mv[64];
    int n = g->gen_moves(st, mv);
    for (int i = 0; i < n; i++) {
        char buf[MOVE_STR_MAX];
        g->format_move(st, mv[i], buf);
        if (strcmp(buf, s) == 0) {
            *out = mv[i];
            return MOVE_PARSE_OK;
        }
    }
    sbuf_puts(why, "no such move");
    return MOVE_PARSE_ILLEGAL;
}

/* ------------------------------------------------------------------ */
/* ttt                                                                 */

#define TTT_TAG 0x777u

struct ttt {
    uint8_t cell[9];    /* 0 empty, 1 X (side 0), 2 O (side 1) */
    uint8_t side;
    uint8_t filled;
    uint64_t hash;
};

static const uint8_t ttt_lines[8][3] = {
    { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
    { 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 }
};

static int ttt_winner(const struct ttt *t)
{
    for (int i = 0; i < 8; i++) {
        int a = t->cell[ttt_lines[i][0]];
        if (a && a == t->cell[ttt_lines[i][1]] && a == t->cell[ttt_lines[i][2]])
            return a;
    }
    return 0;
}

static uint64_t ttt_hash_full(const void *st)
{
    const struct ttt *t = st;
    uint64_t h = t->side ? zobrist_key(TTT_TAG, 100) : 0;
    for (int i = 0; i < 9; i++)
        if (t->cell[i])
            h ^= zobrist_key(TTT_TAG, (uint32_t)(i * 2 + t->cell[i] - 1));
    return h;
}

static int ttt_setup(void *st, int argc, char *const argv[], uint64_t seed,
                     struct sbuf *err)
{
    (void)argv;
    (void)seed;
    if (argc != 0) {
        sbuf_puts(err, "ttt takes no arguments");
        return -1;
    }
    memset(st, 0, sizeof(struct ttt));
    return 0;
}

static int ttt_side(const void *st)
{
    return ((const struct ttt *)st)->side;
}

static int ttt_gen(const void *st, move_t *out)
{
    const struct ttt *t = st;
    if (ttt_winner(t) || t->filled == 9)
        return 0;
    int n = 0;
    for (int i = 0; i < 9; i++)
        if (!t->cell[i])
            out[n++] = (move_t)(i + 1);
    return n;
}

static void ttt_play(void *st, move_t m)
{
    struct ttt *t = st;
    int c = (int)m - 1;
    t->cell[c] = (uint8_t)(t->side + 1);
    t->hash ^= zobrist_key(TTT_TAG, (uint32_t)(c * 2 + t->side)) ^
               zobrist_key(TTT_TAG, 100);
    t->side ^= 1;
    t->filled++;
}

static enum game_status ttt_outcome(const void *st, int *margin)
{
    const struct ttt *t = st;
    if (margin)
        *margin = 0;
    int w = ttt_winner(t);
    if (w)
        return w == 1 ? GAME_WIN_FIRST : GAME_WIN_SECOND;
    return t->filled == 9 ? GAME_DRAW : GAME_ONGOING;
}

static uint64_t ttt_hash(const void *st)
{
    return ((const struct ttt *)st)->hash;
}

static void ttt_format(const void *st, move_t m, char buf[MOVE_STR_MAX])
{
    (void)st;
    int c = (int)m - 1;
    buf[0] = (char)('a' + c % 3);
    buf[1] = (char)('1' + c / 3);
    buf[2] = '\0';
}

static enum move_parse ttt_parse(const void *st, const char *s, move_t *out,
                                 struct sbuf *why);

static void ttt_to_string(const void *st, struct sbuf *out)
{
    const struct ttt *t = st;
    sbuf_puts(out, "ttt:");
    for (int i = 0; i < 9; i++)
        sbuf_putc(out, ".xo"[t->cell[i]]);
}

static int ttt_from_string(void *st, const char *s, struct sbuf *err)
{
    struct ttt *t = st;
    if (strncmp(s, "ttt:", 4) != 0 || strlen(s) != 13) {
        sbuf_puts(err, "expected ttt: and 9 cells");
        return -1;
    }
    memset(t, 0, sizeof *t);
    int count[3] = { 0, 0, 0 };
    for (int i = 0; i < 9; i++) {
        const char *p = strchr(".xo", s[4 + i]);
        if (!p || !*p) {
            sbuf_puts(err, "bad cell");
            return -1;
        }
        t->cell[i] = (uint8_t)(p - ".xo");
        count[t->cell[i]]++;
    }
    if (count[1] != count[2] && count[1] != count[2] + 1) {
        sbuf_puts(err, "impossible piece counts");
        return -1;
    }
    t->side = (uint8_t)(count[1] - count[2]);
    t->filled = (uint8_t)(count[1] + count[2]);
    t->hash = ttt_hash_full(t);
    return 0;
}

static void ttt_show(const void *st, const struct show_info *info,
                     struct sbuf *out)
{
    const struct ttt *t = st;
    (void)info;
    for (int r = 2; r >= 0; r--) {
        for (int c = 0; c < 3; c++)
            sbuf_putc(out, ".XO"[t->cell[r * 3 + c]]);
        sbuf_putc(out, '\n');
    }
}

/* Lines still open for the side to move minus the opponent's. */
static int ttt_evaluate(const void *st)
{
    const struct ttt *t = st;
    int me = t->side + 1;
    int v = 0;
    for (int i = 0; i < 8; i++) {
        int mine = 0;
        int theirs = 0;
        for (int k = 0; k < 3; k++) {
            int c = t->cell[ttt_lines[i][k]];
            mine += c == me;
            theirs += c && c != me;
        }
        if (!theirs)
            v += 1 + mine * mine;
        if (!mine)
            v -= 1 + theirs * theirs;
    }
    return v * 10;
}

static const struct game_ops ttt_ops = {
    .name = "ttt",
    .title = "Tic-tac-toe",
    .state_size = sizeof(struct ttt),
    .max_moves = 9,
    .max_game_plies = 9,
    .side_names = { "x", "o" },
    .side_letters = "XO",
    .score_has_margin = false,
    .setup = ttt_setup,
    .side_to_move = ttt_side,
    .gen_moves = ttt_gen,
    .count_moves = NULL,
    .play = ttt_play,
    .outcome = ttt_outcome,
    .hash = ttt_hash,
    .hash_full = ttt_hash_full,
    .parse_move = ttt_parse,
    .format_move = ttt_format,
    .to_string = ttt_to_string,
    .from_string = ttt_from_string,
    .show = ttt_show,
    .evaluate = ttt_evaluate,
};

static enum move_parse ttt_parse(const void *st, const char *s, move_t *out,
                                 struct sbuf *why)
{
    return toy_parse(&ttt_ops, st, s, out, why);
}

/* ------------------------------------------------------------------ */
/* mnim: valued stones, margin, extra turns                            */

#define MNIM_TAG 0x313u
#define MNIM_MAX 200

struct mnim {
    int pile;           /* stones left; the top one has index pile - 1 */
    int took[2];        /* values collected */
    int side;
};

static int mnim_value(int i)
{
    return 1 + (i * 7 + 3) % 5;
}

static uint64_t mnim_hash(const void *st)
{
    const struct mnim *n = st;
    return zobrist_key(MNIM_TAG, (uint32_t)n->pile) ^
           zobrist_key(MNIM_TAG + 1, (uint32_t)n->side) ^
           zobrist_key(MNIM_TAG + 2, (uint32_t)(n->took[0] - n->took[1] + 5000));
}

static int mnim_setup(void *st, int argc, char *const argv[], uint64_t seed,
                      struct sbuf *err)
{
    struct mnim *n = st;
    (void)seed;
    memset(n, 0, sizeof *n);
    n->pile = 10;
    if (argc > 1 || (argc == 1 && parse_int_arg(argv[0], 1, MNIM_MAX,
                                                &n->pile) != 0)) {
        sbuf_puts(err, "expected a pile size 1..200");
        return -1;
    }
    return 0;
}

static int mnim_side(const void *st)
{
    return ((const struct mnim *)st)->side;
}

static int mnim_gen(const void *st, move_t *out)
{
    const struct mnim *n = st;
    int k = n->pile < 3 ? n->pile : 3;
    for (int i = 0; i < k; i++)
        out[i] = (move_t)(i + 1);
    return k;
}

static void mnim_play(void *st, move_t m)
{
    struct mnim *n = st;
    for (move_t i = 0; i < m; i++)
        n->took[n->side] += mnim_value(--n->pile);
    if (!(n->pile > 0 && mnim_value(n->pile) == 5))
        n->side ^= 1;
}

static enum game_status mnim_outcome(const void *st, int *margin)
{
    const struct mnim *n = st;
    int d = n->took[0] - n->took[1];
    if (margin)
        *margin = n->pile ? 0 : abs(d);
    if (n->pile)
        return GAME_ONGOING;
    return d > 0 ? GAME_WIN_FIRST : d < 0 ? GAME_WIN_SECOND : GAME_DRAW;
}

static void mnim_format(const void *st, move_t m, char buf[MOVE_STR_MAX])
{
    (void)st;
    snprintf(buf, MOVE_STR_MAX, "t%u", (unsigned)m);
}

static enum move_parse mnim_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why);

static void mnim_to_string(const void *st, struct sbuf *out)
{
    const struct mnim *n = st;
    sbuf_printf(out, "mnim:%d:%d:%d:%d", n->pile, n->took[0], n->took[1],
                n->side);
}

static int mnim_from_string(void *st, const char *s, struct sbuf *err)
{
    struct mnim *n = st;
    char tail;
    if (sscanf(s, "mnim:%d:%d:%d:%d%c", &n->pile, &n->took[0], &n->took[1],
               &n->side, &tail) != 4 || n->pile < 0 || n->pile > MNIM_MAX ||
        n->took[0] < 0 || n->took[1] < 0 || n->took[0] > 2000 ||
        n->took[1] > 2000 || (n->side != 0 && n->side != 1)) {
        sbuf_puts(err, "bad mnim position");
        return -1;
    }
    return 0;
}

static void mnim_show(const void *st, const struct show_info *info,
                      struct sbuf *out)
{
    (void)info;
    mnim_to_string(st, out);
    sbuf_putc(out, '\n');
}

static int mnim_evaluate(const void *st)
{
    const struct mnim *n = st;
    return (n->took[n->side] - n->took[1 - n->side]) * 100;
}

static const struct game_ops mnim_ops = {
    .name = "mnim",
    .title = "Margin Nim",
    .state_size = sizeof(struct mnim),
    .max_moves = 3,
    .max_game_plies = MNIM_MAX,
    .side_names = { "first", "second" },
    .side_letters = "FS",
    .score_has_margin = true,
    .setup = mnim_setup,
    .side_to_move = mnim_side,
    .gen_moves = mnim_gen,
    .count_moves = NULL,
    .play = mnim_play,
    .outcome = mnim_outcome,
    .hash = mnim_hash,
    .hash_full = mnim_hash,
    .parse_move = mnim_parse,
    .format_move = mnim_format,
    .to_string = mnim_to_string,
    .from_string = mnim_from_string,
    .show = mnim_show,
    .evaluate = mnim_evaluate,
};

static enum move_parse mnim_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why)
{
    return toy_parse(&mnim_ops, st, s, out, why);
}

/* ------------------------------------------------------------------ */
/* tree: a random game tree                                            */

#define TREE_MAX_BRANCH 16

struct tree {
    uint64_t id;        /* identifies the path from the start */
    int ply;
    int len;            /* the game ends after len plies */
    int branch;
    int side;
};

static int tree_setup(void *st, int argc, char *const argv[], uint64_t seed,
                      struct sbuf *err)
{
    struct tree *t = st;
    memset(t, 0, sizeof *t);
    t->id = seed;
    t->branch = 4;
    t->len = 6;
    if (argc > 2 ||
        (argc >= 1 && parse_int_arg(argv[0], 1, TREE_MAX_BRANCH,
                                    &t->branch) != 0) ||
        (argc == 2 && parse_int_arg(argv[1], 1, 200, &t->len) != 0)) {
        sbuf_puts(err, "expected BRANCH 1..16 and LENGTH 1..200");
        return -1;
    }
    return 0;
}

static int tree_side(const void *st)
{
    return ((const struct tree *)st)->side;
}

static int tree_gen(const void *st, move_t *out)
{
    const struct tree *t = st;
    if (t->ply >= t->len)
        return 0;
    for (int i = 0; i < t->branch; i++)
        out[i] = (move_t)(i + 1);
    return t->branch;
}

static void tree_play(void *st, move_t m)
{
    struct tree *t = st;
    t->id = rng_mix64(t->id * 31 + m);
    t->ply++;
    if ((t->id & 7) != 0)       /* one ply in eight: the same side again */
        t->side ^= 1;
}

static enum game_status tree_outcome(const void *st, int *margin)
{
    const struct tree *t = st;
    if (margin)
        *margin = 0;
    if (t->ply < t->len)
        return GAME_ONGOING;
    unsigned r = (unsigned)(t->id >> 32) % 3;
    if (r == 2)
        return GAME_DRAW;
    if (margin)
        *margin = 1 + (int)((t->id >> 40) % 4);
    return r == 0 ? GAME_WIN_FIRST : GAME_WIN_SECOND;
}

static uint64_t tree_hash(const void *st)
{
    const struct tree *t = st;
    return t->id ^ (t->side ? 0xA5A5A5A5A5A5A5A5ULL : 0);
}

static void tree_format(const void *st, move_t m, char buf[MOVE_STR_MAX])
{
    (void)st;
    snprintf(buf, MOVE_STR_MAX, "m%u", (unsigned)m);
}

static enum move_parse tree_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why);

static void tree_to_string(const void *st, struct sbuf *out)
{
    const struct tree *t = st;
    sbuf_printf(out, "tree:%llu:%d:%d:%d:%d", (unsigned long long)t->id,
                t->ply, t->len, t->branch, t->side);
}

static int tree_from_string(void *st, const char *s, struct sbuf *err)
{
    (void)st;
    (void)s;
    sbuf_puts(err, "tree positions cannot be set");
    return -1;
}

static void tree_show(const void *st, const struct show_info *info,
                      struct sbuf *out)
{
    (void)info;
    tree_to_string(st, out);
    sbuf_putc(out, '\n');
}

/* Noise that agrees with the outcome a little. */
static int tree_evaluate(const void *st)
{
    const struct tree *t = st;
    return (int)((t->id >> 16) % 201) - 100;
}

static const struct game_ops tree_ops = {
    .name = "tree",
    .title = "Random tree",
    .state_size = sizeof(struct tree),
    .max_moves = TREE_MAX_BRANCH,
    .max_game_plies = 200,
    .side_names = { "first", "second" },
    .side_letters = "FS",
    .score_has_margin = true,
    .setup = tree_setup,
    .side_to_move = tree_side,
    .gen_moves = tree_gen,
    .count_moves = NULL,
    .play = tree_play,
    .outcome = tree_outcome,
    .hash = tree_hash,
    .hash_full = tree_hash,
    .parse_move = tree_parse,
    .format_move = tree_format,
    .to_string = tree_to_string,
    .from_string = tree_from_string,
    .show = tree_show,
    .evaluate = tree_evaluate,
};

static enum move_parse tree_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why)
{
    return toy_parse(&tree_ops, st, s, out, why);
}

/* ------------------------------------------------------------------ */
/* Reference values and helpers                                        */

/* Exact value for the side to move: margin + 1 for a win, -(margin + 1)
 * for a loss, 0 for a draw; positions plies_left plies down (if > 0) are
 * draws unless finished. */
static int ref_value(const struct game_ops *g, const void *st, int ply,
                     int plies_left)
{
    move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
    unsigned char *child = malloc(g->state_size);
    if (!mv || !child)
        abort();            /* not ck_assert: Check logs every call */
    int n = g->gen_moves(st, mv);
    int side = g->side_to_move(st);
    int best = -1000000;
    if (n == 0) {
        int margin = 0;
        enum game_status o = g->outcome(st, &margin);
        best = o == GAME_DRAW ? 0
             : (o == GAME_WIN_FIRST) == (side == 0) ? margin + 1
             : -(margin + 1);
    } else if (plies_left > 0 && ply >= plies_left) {
        best = 0;
    }
    for (int i = 0; i < n && !(plies_left > 0 && ply >= plies_left); i++) {
        memcpy(child, st, g->state_size);
        g->play(child, mv[i]);
        int v = ref_value(g, child, ply + 1, plies_left);
        if (g->side_to_move(child) != side)
            v = -v;
        if (v > best)
            best = v;
    }
    free(mv);
    free(child);
    return best;
}

/* The same encoding, read from a proven search score. */
static int decode_score(int score)
{
    if (score >= EVAL_WIN_MIN)
        return search_score_margin(score) + 1;
    if (score <= -EVAL_WIN_MIN)
        return -(search_score_margin(score) + 1);
    return score;
}

static void must_setup(const struct game_ops *g, void *st, int argc,
                       char *const argv[], uint64_t seed)
{
    struct sbuf err = SBUF_INIT;
    int rc = g->setup(st, argc, argv, seed, &err);
    ck_assert_msg(rc == 0, "setup %s: %s", g->name, sbuf_str(&err));
    sbuf_free(&err);
}

static void must_position(const struct game_ops *g, void *st, const char *s)
{
    struct sbuf err = SBUF_INIT;
    int rc = g->from_string(st, s, &err);
    ck_assert_msg(rc == 0, "from_string %s: %s", s, sbuf_str(&err));
    sbuf_free(&err);
}

static bool is_legal(const struct game_ops *g, const void *st, move_t m)
{
    move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
    ck_assert_ptr_nonnull(mv);
    int n = g->gen_moves(st, mv);
    bool ok = false;
    for (int i = 0; i < n; i++)
        ok |= mv[i] == m;
    free(mv);
    return ok;
}

static void format(const struct game_ops *g, const void *st, move_t m,
                   char buf[MOVE_STR_MAX])
{
    g->format_move(st, m, buf);
}

static struct search_limits limits(enum search_method method)
{
    struct search_limits l;
    memset(&l, 0, sizeof l);
    l.threads = 1;
    l.seed = 42;
    l.method = method;
    return l;
}

/* One search of *st by a new searcher with a table of hash_mb MiB. */
static void search_once(const struct game_ops *g, const void *st,
                        size_t hash_mb, const struct search_limits *l,
                        struct search_result *r)
{
    struct search *s = search_new(g, hash_mb);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(search_run(s, st, l, r), 0);
    search_free(s);
}

/* The fixed positions the determinism tests use. */
static void tree_start(void *st, int branch, int len, uint64_t seed)
{
    char b[16];
    char l[16];
    snprintf(b, sizeof b, "%d", branch);
    snprintf(l, sizeof l, "%d", len);
    char *argv[] = { b, l };
    must_setup(&tree_ops, st, 2, argv, seed);
}

static void mnim_start(void *st, int pile)
{
    char p[16];
    snprintf(p, sizeof p, "%d", pile);
    char *argv[] = { p };
    must_setup(&mnim_ops, st, 1, argv, 0);
}

/* ------------------------------------------------------------------ */
/* Tests: toy games against the reference                              */

START_TEST(test_toy_reference_values)
{
    /* The reference minimax is trusted only after it agrees with facts. */
    struct ttt t;
    must_setup(&ttt_ops, &t, 0, NULL, 0);
    ck_assert_int_eq(ref_value(&ttt_ops, &t, 0, 0), 0);
    struct mnim n;
    mnim_start(&n, 1);
    ck_assert_int_eq(ref_value(&mnim_ops, &n, 0, 0), 4 + 1);  /* value(0)=4 */
    mnim_start(&n, 2);
    /* stones 0 (4) and 1 (1): taking both wins by 5 */
    ck_assert_int_eq(ref_value(&mnim_ops, &n, 0, 0), 5 + 1);
}
END_TEST

/* search_solve and search_run (finite games, no depth limit) are exact. */
START_TEST(test_solve_mnim)
{
    int pile = 1 + _i;
    struct mnim n;
    mnim_start(&n, pile);
    int ref = ref_value(&mnim_ops, &n, 0, 0);
    struct search *s = search_new(&mnim_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    ck_assert(is_legal(&mnim_ops, &n, r.best));
    /* The move played keeps the value. */
    struct mnim c = n;
    mnim_ops.play(&c, r.best);
    int v = ref_value(&mnim_ops, &c, 0, 0);
    ck_assert_int_eq(c.side == n.side ? v : -v, ref);
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    search_free(s);
}
END_TEST

START_TEST(test_solve_tree)
{
    struct tree t;
    tree_start(&t, 3 + _i % 2, 5 + _i % 3, 1000 + (uint64_t)_i);
    int ref = ref_value(&tree_ops, &t, 0, 0);
    struct search *s = search_new(&tree_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    struct tree c = t;
    tree_ops.play(&c, r.best);
    int v = ref_value(&tree_ops, &c, 0, 0);
    ck_assert_int_eq(c.side == t.side ? v : -v, ref);
    search_free(s);
}
END_TEST

/* plies_left: nodes that far down are draws unless the game ended. */
START_TEST(test_plies_left_tree)
{
    struct tree t;
    tree_start(&t, 3, 7, 77 + (uint64_t)_i);
    int plies = 1 + _i % 7;
    int ref = ref_value(&tree_ops, &t, 0, plies);
    struct search *s = search_new(&tree_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    l.plies_left = plies;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    /* The table now holds entries of another horizon: still exact. */
    l.plies_left = 0;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert_int_eq(decode_score(r.score), ref_value(&tree_ops, &t, 0, 0));
    search_free(s);
}
END_TEST

START_TEST(test_plies_left_mnim_draw)
{
    /* 20 stones need at least 7 plies: a 5-ply horizon makes it a draw. */
    struct mnim n;
    mnim_start(&n, 20);
    struct search *s = search_new(&mnim_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    l.plies_left = 5;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(r.score, 0);
    /* 3 stones and one ply left: only taking all three ends the game. */
    mnim_start(&n, 3);
    l.plies_left = 1;
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_uint_eq(r.best, 3);
    ck_assert_int_eq(decode_score(r.score), 4 + 1 + 3 + 1);
    search_free(s);
}
END_TEST

START_TEST(test_ttt_solve_draw)
{
    struct ttt t;
    must_setup(&ttt_ops, &t, 0, NULL, 0);
    struct search *s = search_new(&ttt_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(r.score, 0);
    ck_assert(is_legal(&ttt_ops, &t, r.best));
    search_free(s);
}
END_TEST

/* X to move wins at once (c3 completes the diagonal); a search of any
 * method except random must see it. */
static const enum search_method win_methods[] = {
    SEARCH_AUTO, SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_GREEDY,
    SEARCH_PLAIN_MCTS
};

START_TEST(test_ttt_win_in_one)
{
    struct ttt t;
    must_position(&ttt_ops, &t, "ttt:xoo.x....");
    struct search_limits l = limits(win_methods[_i]);
    l.max_nodes = 20000;
    struct search_result r;
    search_once(&ttt_ops, &t, 1, &l, &r);
    char buf[MOVE_STR_MAX];
    format(&ttt_ops, &t, r.best, buf);
    ck_assert_str_eq(buf, "c3");
    if (win_methods[_i] != SEARCH_PLAIN_MCTS)
        ck_assert_int_ge(r.score, EVAL_WIN_MIN);
}
END_TEST

/* O (b2, b3) threatens b1; X (a1, c3) has no win: only b1 saves X. */
START_TEST(test_ttt_block)
{
    struct ttt t;
    must_position(&ttt_ops, &t, "ttt:x...o..ox");
    struct search_limits l = limits(SEARCH_ALPHABETA);
    l.max_depth = 2;
    struct search_result r;
    search_once(&ttt_ops, &t, 1, &l, &r);
    char buf[MOVE_STR_MAX];
    format(&ttt_ops, &t, r.best, buf);
    ck_assert_str_eq(buf, "b1");
    ck_assert(!r.proven);
    ck_assert_int_eq(r.depth, 2);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Tests: determinism, budgets, stopping                               */

static void run_tree_search(struct search_result *r, uint64_t max_nodes,
                            int max_depth, enum search_method method)
{
    struct tree t;
    tree_start(&t, 6, 30, 5);
    struct search_limits l = limits(method);
    l.max_nodes = max_nodes;
    l.max_depth = max_depth;
    search_once(&tree_ops, &t, 2, &l, r);
    ck_assert(is_legal(&tree_ops, &t, r->best));
}

static void assert_same_result(const struct search_result *a,
                               const struct search_result *b)
{
    ck_assert_uint_eq(a->best, b->best);
    ck_assert_int_eq(a->score, b->score);
    ck_assert_int_eq(a->depth, b->depth);
    ck_assert_uint_eq(a->nodes, b->nodes);
    ck_assert_int_eq(a->pv_len, b->pv_len);
    for (int i = 0; i < a->pv_len; i++)
        ck_assert_uint_eq(a->pv[i], b->pv[i]);
}

/* Same position, seed and node budget with one thread: same result, also
 * in a searcher that ran other searches before. */
static const enum search_method det_methods[] = {
    SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_PLAIN_MCTS, SEARCH_GREEDY,
    SEARCH_RANDOM
};

START_TEST(test_deterministic_node_budget)
{
    enum search_method m = det_methods[_i];
    struct search_result a;
    struct search_result b;
    run_tree_search(&a, 30000, 0, m);
    run_tree_search(&b, 30000, 0, m);
    assert_same_result(&a, &b);
    struct tree t;
    tree_start(&t, 6, 30, 5);
    struct search *s = search_new(&tree_ops, 2);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(m);
    l.max_nodes = 12345;
    struct search_result c;
    ck_assert_int_eq(search_run(s, &t, &l, &c), 0);
    l.max_nodes = 30000;
    ck_assert_int_eq(search_run(s, &t, &l, &c), 0);
    assert_same_result(&a, &c);
    if (m == SEARCH_ALPHABETA || m == SEARCH_MCTS)
        ck_assert_uint_eq(a.nodes, 30000);
    if (m == SEARCH_PLAIN_MCTS)
        ck_assert_uint_eq(a.playouts, 30000);
    search_free(s);
}
END_TEST

/* Golden values: any change of search behaviour shows here (like a bench
 * signature); update them deliberately. */
START_TEST(test_golden_tree)
{
    struct search_result r;
    run_tree_search(&r, 0, 6, SEARCH_ALPHABETA);
    ck_assert_int_eq(r.depth, 6);
    ck_assert_uint_eq(r.best, GOLDEN_AB_BEST);
    ck_assert_uint_eq(r.nodes, GOLDEN_AB_NODES);
    ck_assert_int_eq(r.score, GOLDEN_AB_SCORE);
    run_tree_search(&r, 50000, 0, SEARCH_MCTS);
    ck_assert_uint_eq(r.best, GOLDEN_MCTS_BEST);
    ck_assert_uint_eq(r.playouts, GOLDEN_MCTS_PLAYOUTS);
}
END_TEST

START_TEST(test_tiny_budget_returns_legal_move)
{
    /* Not even depth 1 completes: the first ordered move comes back. */
    struct search_result r;
    run_tree_search(&r, 3, 0, SEARCH_ALPHABETA);
    ck_assert_int_eq(r.depth, 0);
    ck_assert_uint_eq(r.nodes, 3);
    run_tree_search(&r, 3, 0, SEARCH_MCTS);
    ck_assert_uint_eq(r.nodes, 3);
    run_tree_search(&r, 1, 0, SEARCH_PLAIN_MCTS);
    ck_assert_uint_eq(r.playouts, 1);
}
END_TEST

static const enum search_method stop_methods[] = {
    SEARCH_ALPHABETA, SEARCH_MCTS, SEARCH_PLAIN_MCTS
};

START_TEST(test_stop_flag_preset)
{
    struct tree t;
    tree_start(&t, 8, 60, 9);
    struct search *s = search_new(&tree_ops, 2);
    ck_assert_ptr_nonnull(s);
    atomic_bool stop = true;
    struct stop_source src = STOP_ON_FLAG(&stop);
    struct search_limits l = limits(stop_methods[_i]);
    l.stop = &src;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(is_legal(&tree_ops, &t, r.best));
    ck_assert_uint_le(r.nodes, 1024);
    ck_assert(!r.proven);
    search_free(s);
}
END_TEST

struct stopper {
    atomic_bool *flag;
    long ms;
};

static void *stop_later(void *arg)
{
    const struct stopper *st = arg;
    struct timespec ts = { st->ms / 1000, (st->ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
    atomic_store(st->flag, true);
    return NULL;
}

/* A search without limits ends soon after another thread sets the flag. */
START_TEST(test_stop_flag_async)
{
    struct tree t;
    tree_start(&t, 8, 60, 9);
    struct search *s = search_new(&tree_ops, 4);
    ck_assert_ptr_nonnull(s);
    atomic_bool stop = false;
    struct stop_source src = STOP_ON_FLAG(&stop);
    struct stopper st = { &stop, 150 };
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, stop_later, &st), 0);
    struct search_limits l = limits(stop_methods[_i]);
    l.stop = &src;
    l.threads = 1 + _i % 2;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    pthread_join(th, NULL);
    ck_assert(is_legal(&tree_ops, &t, r.best));
    ck_assert_double_ge(r.seconds, 0.14);
    ck_assert_double_lt(r.seconds, 3.0);
    search_free(s);
}
END_TEST

/* A time budget is used almost fully (no proof possible) and not overrun. */
START_TEST(test_deadline)
{
    struct tree t;
    tree_start(&t, 8, 60, 9);
    struct search *s = search_new(&tree_ops, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(stop_methods[_i % 3]);
    l.seconds = 0.3;
    l.threads = 1 + _i / 3;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(is_legal(&tree_ops, &t, r.best));
    ck_assert_double_ge(r.seconds, 0.28);
    ck_assert_double_lt(r.seconds, 1.0);
    ck_assert_uint_gt(r.nodes, 1000);
    search_free(s);
}
END_TEST

START_TEST(test_max_depth)
{
    struct search_result r;
    run_tree_search(&r, 0, 3, SEARCH_ALPHABETA);
    ck_assert_int_eq(r.depth, 3);
    ck_assert(!r.proven);
    ck_assert_int_ge(r.pv_len, 1);
    ck_assert_uint_eq(r.pv[0], r.best);
}
END_TEST

/* One legal move under a clock: played at once. */
START_TEST(test_single_move_under_clock)
{
    struct tree t;
    tree_start(&t, 1, 50, 3);
    struct search *s = search_new(&tree_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    l.seconds = 5;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert_uint_eq(r.best, 1);
    ck_assert_double_lt(r.seconds, 0.5);
    ck_assert_int_eq(r.depth, 0);
    search_free(s);
}
END_TEST

START_TEST(test_finished_game)
{
    struct ttt t;
    must_position(&ttt_ops, &t, "ttt:xxxoo....");
    struct search *s = search_new(&ttt_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(det_methods[_i]);
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), -1);
    ck_assert_uint_eq(r.best, MOVE_NONE);
    ck_assert(r.proven);
    ck_assert_int_le(r.score, -EVAL_WIN_MIN);    /* O to move has lost */
    ck_assert_int_eq(r.margin, -1);
    ck_assert_int_eq(search_solve(s, &t, &l, &r), -1);
    ck_assert_uint_eq(r.best, MOVE_NONE);
    search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Tests: baselines and MCTS                                           */

START_TEST(test_random_is_uniformish)
{
    struct tree t;
    tree_start(&t, 5, 10, 1);
    struct search *s = search_new(&tree_ops, 1);
    ck_assert_ptr_nonnull(s);
    int seen[6] = { 0 };
    for (uint64_t seed = 0; seed < 200; seed++) {
        struct search_limits l = limits(SEARCH_RANDOM);
        l.seed = seed;
        struct search_result r;
        ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
        ck_assert(is_legal(&tree_ops, &t, r.best));
        seen[r.best]++;
    }
    for (int m = 1; m <= 5; m++)
        ck_assert_int_gt(seen[m], 15);
    search_free(s);
}
END_TEST

/* Greedy: the best evaluation after one ply (mnim: the most stone value). */
START_TEST(test_greedy_takes_most)
{
    struct mnim n;
    mnim_start(&n, 10);
    /* top stones 9..7 are worth 2, 5, 3: taking 3 scores 10 */
    struct search_limits l = limits(SEARCH_GREEDY);
    struct search_result r;
    search_once(&mnim_ops, &n, 1, &l, &r);
    ck_assert_uint_eq(r.best, 3);
    ck_assert_int_eq(r.score, 1000);
    ck_assert_uint_eq(r.nodes, 3);
}
END_TEST

START_TEST(test_mcts_solver_proves)
{
    /* X wins at once: the solver proves it. */
    struct ttt t;
    must_position(&ttt_ops, &t, "ttt:xoo.x....");
    struct search *s = search_new(&ttt_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_MCTS);
    l.max_nodes = 1000000;
    struct search_result r;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_ge(r.score, EVAL_WIN_MIN);
    ck_assert_int_eq(r.margin, 1);
    ck_assert_uint_lt(r.nodes, 1000000);    /* stopped by the proof */
    /* X a1, O b2 is a draw; MCTS-Solver proves it too. */
    must_position(&ttt_ops, &t, "ttt:x...o....");
    ck_assert_int_eq(ref_value(&ttt_ops, &t, 0, 0), 0);
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_uint_lt(r.nodes, 1000000);
    ck_assert_int_eq(r.score, 0);
    ck_assert_int_eq(r.margin, 0);
    search_free(s);
}
END_TEST

START_TEST(test_mcts_plies_left)
{
    struct mnim n;
    mnim_start(&n, 20);
    struct search_limits l = limits(SEARCH_MCTS);
    l.plies_left = 4;
    l.max_nodes = 1000000;
    struct search_result r;
    search_once(&mnim_ops, &n, 1, &l, &r);
    ck_assert(r.proven);
    ck_assert_int_eq(r.score, 0);
}
END_TEST

/* MCTS with a small pool: it fills, the search goes on and ends legally. */
START_TEST(test_mcts_pool_full)
{
    struct tree t;
    tree_start(&t, 8, 60, 9);
    struct search_limits l = limits(SEARCH_MCTS);
    l.max_nodes = 300000;
    struct search_result r;
    search_once(&tree_ops, &t, 0, &l, &r);
    ck_assert(is_legal(&tree_ops, &t, r.best));
    ck_assert_uint_eq(r.nodes, 300000);
    ck_assert_uint_gt(r.playouts, 10000);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Tests: threads, progress, table                                     */

START_TEST(test_threads_solve_exact)
{
    struct tree t;
    tree_start(&t, 4, 6, 500 + (uint64_t)_i);
    int ref = ref_value(&tree_ops, &t, 0, 0);
    struct search *s = search_new(&tree_ops, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    l.threads = 3;
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &t, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    ck_assert_int_eq(r.margin, ref > 0 ? ref - 1 : ref < 0 ? ref + 1 : 0);
    l.method = SEARCH_MCTS;
    l.max_nodes = 200000;
    ck_assert_int_eq(search_run(s, &t, &l, &r), 0);
    ck_assert(is_legal(&tree_ops, &t, r.best));
    search_free(s);
}
END_TEST

/* Reads what a search printed to its progress stream. */
static char *capture_progress(const struct game_ops *g, const void *st,
                              struct search_limits *l)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    l->progress = f;
    struct search *s = search_new(g, 1);
    ck_assert_ptr_nonnull(s);
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, l, &r), 0);
    search_free(s);
    long n = ftell(f);
    char *text = calloc(1, (size_t)n + 1);
    ck_assert_ptr_nonnull(text);
    rewind(f);
    ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return text;
}

START_TEST(test_progress_lines)
{
    struct tree t;
    tree_start(&t, 4, 20, 11);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    l.max_depth = 3;
    char *text = capture_progress(&tree_ops, &t, &l);
    ck_assert_msg(strncmp(text, "info depth 1 score ", 19) == 0, "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "\ninfo depth 3 score "));
    ck_assert_ptr_nonnull(strstr(text, " nodes "));
    ck_assert_ptr_nonnull(strstr(text, " nps "));
    ck_assert_ptr_nonnull(strstr(text, " time "));
    ck_assert_ptr_nonnull(strstr(text, " pv m"));
    ck_assert_ptr_null(strstr(text, "info depth 4"));
    free(text);
    l = limits(SEARCH_MCTS);
    l.max_nodes = 5000;
    text = capture_progress(&tree_ops, &t, &l);
    ck_assert_msg(strncmp(text, "info playouts ", 14) == 0, "%s", text);
    ck_assert_ptr_nonnull(strstr(text, " pv m"));
    free(text);
}
END_TEST

START_TEST(test_hash_resize_and_clear)
{
    struct mnim n;
    mnim_start(&n, 17);
    int ref = ref_value(&mnim_ops, &n, 0, 0);
    struct search *s = search_new(&mnim_ops, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    ck_assert_int_eq(decode_score(r.score), ref);
    ck_assert_int_eq(search_set_hash(s, 3), 0);
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    ck_assert_int_eq(decode_score(r.score), ref);
    search_clear(s);
    ck_assert_int_eq(search_run(s, &n, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    /* An absurd size fails and keeps the old table. */
    ck_assert_int_eq(search_set_hash(s, (size_t)1 << 30), -1);
    ck_assert_int_eq(search_solve(s, &n, &l, &r), 0);
    ck_assert_int_eq(decode_score(r.score), ref);
    search_free(s);
}
END_TEST

/* A table of 2 MiB or more starts on a 2 MiB boundary (huge pages), and
 * its first and last buckets are its own. */
START_TEST(test_tt_mapping)
{
    static const size_t sizes[] = { 1, 2, 3, 4 };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct tt t;
        ck_assert_int_eq(tt_init(&t, sizes[i]), 0);
        size_t want = sizes[i] == 3 ? 2 : sizes[i];   /* a power of two */
        ck_assert_uint_eq(tt_bytes(&t), want << 20);
        if (sizes[i] >= 2)
            ck_assert_uint_eq((uintptr_t)t.e % (2 << 20), 0);
        uint64_t first = 0x1234500000000000ULL;
        uint64_t last = first | t.mask;
        tt_store(&t, first, 7, 11, 3, TT_EXACT, false);
        tt_store(&t, last, 9, -13, 4, TT_LOWER, true);
        struct tt_hit h;
        ck_assert(tt_probe(&t, first, &h));
        ck_assert_int_eq(h.move, 7);
        ck_assert_int_eq(h.score, 11);
        ck_assert(tt_probe(&t, last, &h));
        ck_assert_int_eq(h.move, 9);
        ck_assert_int_eq(h.score, -13);
        ck_assert(h.resolved);
        tt_clear(&t);
        ck_assert(!tt_probe(&t, last, &h));
        tt_free(&t);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Tests: the real games                                               */

static void assert_best(const struct game_ops *g, const void *st,
                        const struct search_result *r, const char *want)
{
    char buf[MOVE_STR_MAX];
    ck_assert(is_legal(g, st, r->best));
    format(g, st, r->best, buf);
    ck_assert_str_eq(buf, want);
}

/* 3x3, White to move: of six moves only the capture b1=a1+b2 keeps the
 * win (found and checked by the exhaustive reference). */
#define CEPH_CAPTURE "cephalopod:3x3:W:..B5../B6B1W5/B1..W1"

START_TEST(test_cephalopod_capture_wins)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    must_position(g, st, CEPH_CAPTURE);
    int ref = ref_value(g, st, 0, 0);
    ck_assert_int_gt(ref, 0);
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    assert_best(g, st, &r, "b1=a1+b2");
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    ck_assert(r.proven);
    assert_best(g, st, &r, "b1=a1+b2");
    ck_assert_int_eq(r.margin, ref - 1);
    l = limits(SEARCH_MCTS);
    l.max_nodes = 200000;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    assert_best(g, st, &r, "b1=a1+b2");
    search_free(s);
    free(st);
}
END_TEST

/* DVONN, Black to move: H5J5 is the only move that ends the game, and
 * Black wins by it; a one-ply search must see it, and the solver must
 * agree with the reference. */
#define DVONN_WIN "dvonn:S:B:.,.,BW,R,.,.,.,.,.,.,.,.,.,WBB,.,.,.,WW,.,.,.," \
    ".,.,.,.,.,.,.,WBBBBB,R,.,.,.,.,B,BBBWBW,.,.,BB,.,.,.,W,W,.,BB,R,BW,."

START_TEST(test_dvonn_win_in_one)
{
    const struct game_ops *g = &dvonn_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    must_position(g, st, DVONN_WIN);
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    l.max_depth = 1;
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    assert_best(g, st, &r, "H5J5");
    ck_assert_int_ge(r.score, EVAL_WIN_MIN);
    l.max_depth = 0;
    int ref = ref_value(g, st, 0, 0);
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    l.method = SEARCH_GREEDY;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    assert_best(g, st, &r, "H5J5");
    search_free(s);
    free(st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Tests: symmetric hashes and the exact solver on Cephalopod          */

/* A Cephalopod position string cut into its cells: two characters each
 * ("W3", ".."), rows top first as the string has them. */
struct ceph_grid {
    int w, h;
    char side;
    char cell[8][8][3];
};

static void grid_read(struct ceph_grid *gr, const char *pos)
{
    ck_assert_int_eq(sscanf(pos, "cephalopod:%dx%d:%c:", &gr->w, &gr->h,
                            &gr->side), 3);
    const char *s = strchr(strchr(pos, ':') + 1, ':') + 3;
    for (int r = 0; r < gr->h; r++, s++)
        for (int c = 0; c < gr->w; c++, s += 2)
            snprintf(gr->cell[r][c], 3, "%.2s", s);
}

static void grid_write(const struct ceph_grid *gr, char *buf, size_t size)
{
    int n = snprintf(buf, size, "cephalopod:%dx%d:%c:", gr->w, gr->h,
                     gr->side);
    for (int r = 0; r < gr->h; r++) {
        for (int c = 0; c < gr->w; c++)
            n += snprintf(buf + n, size - (size_t)n, "%s", gr->cell[r][c]);
        if (r + 1 < gr->h)
            n += snprintf(buf + n, size - (size_t)n, "/");
    }
}

/* Image t of a position: bit 0 mirrors the columns, bit 1 the rows, bit
 * 2 transposes (square boards only).  Written apart from the game's own
 * code on purpose. */
static void grid_image(const struct ceph_grid *in, int t,
                       struct ceph_grid *out)
{
    *out = *in;
    for (int r = 0; r < in->h; r++)
        for (int c = 0; c < in->w; c++) {
            int rr = t & 2 ? in->h - 1 - r : r;
            int cc = t & 1 ? in->w - 1 - c : c;
            if (t & 4)
                memcpy(out->cell[cc][rr], in->cell[r][c], 3);
            else
                memcpy(out->cell[rr][cc], in->cell[r][c], 3);
        }
}

static int grid_symmetries(const struct ceph_grid *gr)
{
    return gr->w == gr->h ? 8 : 4;
}

#define POS_MAX 256

/* Positions of a few random games on a board of the given size. */
static int random_ceph_positions(const char *size, char (*pos)[POS_MAX],
                                 int max, uint64_t seed)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
    ck_assert(st && mv);
    struct rng r;
    rng_seed(&r, seed);
    char *argv[] = { (char *)size };
    int count = 0;
    for (int game = 0; game < 3 && count < max; game++) {
        must_setup(g, st, 1, argv, 0);
        int n;
        while (count < max && (n = g->gen_moves(st, mv)) > 0) {
            g->play(st, mv[rng_below(&r, (uint64_t)n)]);
            struct sbuf b = SBUF_INIT;
            g->to_string(st, &b);
            snprintf(pos[count++], POS_MAX, "%s", sbuf_str(&b));
            sbuf_free(&b);
        }
    }
    free(mv);
    free(st);
    return count;
}

static uint64_t symmetric_hash_of(const char *pos)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    must_position(g, st, pos);
    uint64_t h = g->hash_symmetric(st);
    free(st);
    return h;
}

/* The images of each position (8 on a square, 4 on a rectangle), as
 * strings, and their symmetric hashes, which must all be equal. */
struct images {
    int count;
    char pos[8][POS_MAX];
};

static uint64_t images_of(const char *pos, struct images *im)
{
    struct ceph_grid gr, img;
    grid_read(&gr, pos);
    im->count = grid_symmetries(&gr);
    uint64_t h = symmetric_hash_of(pos);
    for (int t = 0; t < im->count; t++) {
        grid_image(&gr, t, &img);
        grid_write(&img, im->pos[t], POS_MAX);
        ck_assert_msg(symmetric_hash_of(im->pos[t]) == h, "%s vs %s", pos,
                      im->pos[t]);
    }
    return h;
}

static bool is_image(const struct images *im, const char *pos)
{
    for (int t = 0; t < im->count; t++)
        if (strcmp(im->pos[t], pos) == 0)
            return true;
    return false;
}

/* The images of a position share its symmetric hash, and any position
 * that is not an image has another (pairs of positions of random games
 * on a square and on a rectangle). */
static const char *const sym_sizes[] = { "3x3", "5x5", "4x3" };

START_TEST(test_cephalopod_symmetric_hash)
{
    enum { MAX = 120 };
    char (*pos)[POS_MAX] = malloc(sizeof(char[POS_MAX]) * MAX);
    struct images *im = malloc(sizeof *im * MAX);
    uint64_t *hs = malloc(sizeof *hs * MAX);
    ck_assert(pos && im && hs);
    int n = random_ceph_positions(sym_sizes[_i], pos, MAX, 77 + (uint64_t)_i);
    ck_assert_int_ge(n, 20);
    for (int i = 0; i < n; i++)
        hs[i] = images_of(pos[i], &im[i]);
    int distinct = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            bool image = is_image(&im[i], pos[j]);
            if ((hs[i] == hs[j]) != image)   /* no ck_assert per pair */
                ck_abort_msg("%s vs %s: image %d", pos[i], pos[j], image);
            distinct += !image;
        }
    ck_assert_int_gt(distinct, n);
    free(hs);
    free(im);
    free(pos);
}
END_TEST

/* Every game's optional symmetric hash is a function of the position:
 * the same position, copied or read back from its string, hashes alike. */
START_TEST(test_symmetric_hash_contract)
{
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        if (!g->hash_symmetric)
            continue;
        unsigned char *st = malloc(g->state_size);
        unsigned char *copy = malloc(g->state_size);
        move_t *mv = malloc(sizeof(move_t) * (size_t)g->max_moves);
        ck_assert(st && copy && mv);
        must_setup(g, st, 0, NULL, 3);
        struct rng r;
        rng_seed(&r, 5);
        for (int ply = 0; ply < 40; ply++) {
            memcpy(copy, st, g->state_size);
            ck_assert(g->hash_symmetric(copy) == g->hash_symmetric(st));
            struct sbuf b = SBUF_INIT;
            g->to_string(st, &b);
            must_position(g, copy, sbuf_str(&b));
            sbuf_free(&b);
            ck_assert(g->hash(copy) == g->hash(st));
            ck_assert(g->hash_symmetric(copy) == g->hash_symmetric(st));
            int n = g->gen_moves(st, mv);
            if (n == 0)
                break;
            g->play(st, mv[rng_below(&r, (uint64_t)n)]);
        }
        free(mv);
        free(copy);
        free(st);
    }
}
END_TEST

/* 3x3 endgames with three empty cells (found by random play; values from
 * the exhaustive reference): winning with one good move of three, and
 * losing whatever the side to move does. */
static const char *const ceph_endgames[] = {
    "cephalopod:3x3:W:W1B1../..W6B4/W6B1..",
    "cephalopod:3x3:B:..B4../..W6W1/B1W1B6",
    "cephalopod:3x3:W:B1B6../B6..../W6B1W2",
    "cephalopod:3x3:B:..B1W1/W6..W6/..W2B1",
};

/* The solver (table keyed by the symmetric hash, so entries of mirror
 * images meet) proves the reference value with a legal move that keeps
 * it, for the position and for its transposed image. */
START_TEST(test_solve_cephalopod_endgames)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    unsigned char *child = malloc(g->state_size);
    ck_assert(st && child);
    struct ceph_grid gr, img;
    grid_read(&gr, ceph_endgames[_i / 2]);
    grid_image(&gr, _i % 2 ? 4 : 0, &img);
    char pos[POS_MAX];
    grid_write(&img, pos, sizeof pos);
    must_position(g, st, pos);
    int ref = ref_value(g, st, 0, 0);
    struct search *s = search_new(g, 1);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(SEARCH_ALPHABETA);
    struct search_result r;
    ck_assert_int_eq(search_solve(s, st, &l, &r), 0);
    ck_assert(r.proven);
    ck_assert_int_eq(decode_score(r.score), ref);
    ck_assert(is_legal(g, st, r.best));
    memcpy(child, st, g->state_size);
    g->play(child, r.best);
    int v = ref_value(g, child, 0, 0);
    ck_assert_int_eq(g->side_to_move(child) == g->side_to_move(st) ? v : -v,
                     ref);
    search_free(s);
    free(child);
    free(st);
}
END_TEST

/* Truchet, Light to move: of 1078 turns exactly one wins at once (flip b2,
 * step b5-f1 and split onto the bases); a one-ply search finds it. */
#define TRUCHET_WIN "truchet:1001101100111011011000011110001010101010011110" \
    "111:L:a1L1,b1L1,b5L2,b8D1,c6D2,c7D1,d4D1,d8L2,e5D1,f2D1,f4D1,f6L2,g3D1," \
    "g5D1,h2L2"

START_TEST(test_truchet_win_in_one)
{
    const struct game_ops *g = &truchet_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    must_position(g, st, TRUCHET_WIN);
    struct search *s = search_new(g, 4);
    ck_assert_ptr_nonnull(s);
    struct search_limits l = limits(win_methods[_i]);
    l.max_depth = 1;
    l.max_nodes = 100000;
    struct search_result r;
    ck_assert_int_eq(search_run(s, st, &l, &r), 0);
    assert_best(g, st, &r, "*b2,b5-f1>we");
    search_free(s);
    free(st);
}
END_TEST

/* `auto` asks the game which method to use: Cephalopod prefers MCTS (it
 * reports playouts), DVONN's stacking phase alpha-beta (none). */
START_TEST(test_auto_follows_game_preference)
{
    static const struct game_ops *const games[] = {
        &cephalopod_ops, &dvonn_ops, &truchet_ops
    };
    for (int i = 0; i < 3; i++) {
        const struct game_ops *g = games[i];
        unsigned char *st = malloc(g->state_size);
        ck_assert_ptr_nonnull(st);
        must_setup(g, st, 0, NULL, 5);
        struct search *s = search_new(g, 2);
        ck_assert_ptr_nonnull(s);
        struct search_limits l = limits(SEARCH_AUTO);
        l.max_nodes = 5000;
        struct search_result r;
        ck_assert_int_eq(search_run(s, st, &l, &r), 0);
        ck_assert(is_legal(g, st, r.best));
        bool mcts = g->prefers_mcts && g->prefers_mcts(st);
        ck_assert_msg((r.playouts > 0) == mcts, "%s: auto used %s", g->name,
                      r.playouts > 0 ? "MCTS" : "alpha-beta");
        search_free(s);
        free(st);
    }
    ck_assert(cephalopod_ops.prefers_mcts != NULL);
}
END_TEST

/* Under a clock a lone legal move is played at once by every method that
 * searches (one empty cell, no capture there). */
START_TEST(test_lone_move_under_clock)
{
    const struct game_ops *g = &cephalopod_ops;
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    must_position(g, st, "cephalopod:3x3:W:B6W6B6/W6..W6/B6W6B6");
    struct search *s = search_new(g, 2);
    ck_assert_ptr_nonnull(s);
    static const enum search_method methods[] = {
        SEARCH_AUTO, SEARCH_ALPHABETA, SEARCH_MCTS
    };
    for (int i = 0; i < 3; i++) {
        struct search_limits l = limits(methods[i]);
        l.seconds = 30;
        struct search_result r;
        ck_assert_int_eq(search_run(s, st, &l, &r), 0);
        ck_assert(is_legal(g, st, r.best));
        ck_assert_uint_le(r.nodes, 1);
        ck_assert(r.seconds < 30);
    }
    search_free(s);
    free(st);
}
END_TEST

/* Every method plays legal moves through whole games of every real game,
 * with the same side moving twice (DVONN ply 50, passes) and a draw
 * horizon for Truchet. */
START_TEST(test_real_games_play_out)
{
    static const struct game_ops *const games[] = {
        &cephalopod_ops, &dvonn_ops, &truchet_ops
    };
    const struct game_ops *g = games[_i % 3];
    enum search_method m = det_methods[_i / 3];
    unsigned char *st = malloc(g->state_size);
    ck_assert_ptr_nonnull(st);
    must_setup(g, st, 0, NULL, 99);
    struct search *s = search_new(g, 2);
    ck_assert_ptr_nonnull(s);
    int ply = 0;
    for (; ply < 50 && g->outcome(st, NULL) == GAME_ONGOING; ply++) {
        struct search_limits l = limits(m);
        l.max_nodes = m == SEARCH_PLAIN_MCTS ? 30 : 2000;
        l.seed = (uint64_t)ply;
        l.plies_left = 50 - ply;
        struct search_result r;
        ck_assert_int_eq(search_run(s, st, &l, &r), 0);
        ck_assert(is_legal(g, st, r.best));
        g->play(st, r.best);
    }
    ck_assert_int_ge(ply, 10);   /* Truchet can end in 15 plies */
    search_free(s);
    free(st);
}
END_TEST

/* ------------------------------------------------------------------ */

static TCase *tcase(Suite *su, const char *name, int timeout)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout);
    suite_add_tcase(su, tc);
    return tc;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

int main(void)
{
    Suite *su = suite_create("search");
    TCase *tc = tcase(su, "exact", 120);
    tcase_add_test(tc, test_toy_reference_values);
    tcase_add_loop_test(tc, test_solve_mnim, 0, 18);
    tcase_add_loop_test(tc, test_solve_tree, 0, 24);
    tcase_add_loop_test(tc, test_plies_left_tree, 0, 14);
    tcase_add_test(tc, test_plies_left_mnim_draw);
    tcase_add_test(tc, test_ttt_solve_draw);
    tcase_add_loop_test(tc, test_ttt_win_in_one, 0, COUNT(win_methods));
    tcase_add_test(tc, test_ttt_block);
    tcase_add_test(tc, test_finished_game);
    tc = tcase(su, "limits", 120);
    tcase_add_loop_test(tc, test_deterministic_node_budget, 0,
                        COUNT(det_methods));
    tcase_add_test(tc, test_golden_tree);
    tcase_add_test(tc, test_tiny_budget_returns_legal_move);
    tcase_add_loop_test(tc, test_stop_flag_preset, 0, COUNT(stop_methods));
    tcase_add_loop_test(tc, test_stop_flag_async, 0, COUNT(stop_methods));
    tcase_add_loop_test(tc, test_deadline, 0, 6);
    tcase_add_test(tc, test_max_depth);
    tcase_add_test(tc, test_single_move_under_clock);
    tc = tcase(su, "players", 120);
    tcase_add_test(tc, test_random_is_uniformish);
    tcase_add_test(tc, test_greedy_takes_most);
    tcase_add_test(tc, test_mcts_solver_proves);
    tcase_add_test(tc, test_mcts_plies_left);
    tcase_add_test(tc, test_mcts_pool_full);
    tc = tcase(su, "threads", 120);
    tcase_add_loop_test(tc, test_threads_solve_exact, 0, 6);
    tcase_add_test(tc, test_progress_lines);
    tcase_add_test(tc, test_hash_resize_and_clear);
    tcase_add_test(tc, test_tt_mapping);
    tc = tcase(su, "games", 120);
    tcase_add_test(tc, test_cephalopod_capture_wins);
    tcase_add_test(tc, test_dvonn_win_in_one);
    /* not plain UCT: 1078 moves are too many for uniform playouts */
    tcase_add_loop_test(tc, test_truchet_win_in_one, 0,
                        COUNT(win_methods) - 1);
    tcase_add_test(tc, test_auto_follows_game_preference);
    tcase_add_test(tc, test_lone_move_under_clock);
    tcase_add_loop_test(tc, test_real_games_play_out, 0,
                        3 * COUNT(det_methods));
    tc = tcase(su, "symmetry", 120);
    tcase_add_loop_test(tc, test_cephalopod_symmetric_hash, 0,
                        COUNT(sym_sizes));
    tcase_add_test(tc, test_symmetric_hash_contract);
    tcase_add_loop_test(tc, test_solve_cephalopod_endgames, 0,
                        2 * COUNT(ceph_endgames));
    return tap_main(su);
}
