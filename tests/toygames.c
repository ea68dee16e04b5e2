/* toygames.c -- the toy games of toygames.h. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/zobrist.h"
#include "gametest.h"
#include "toygames.h"

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

const struct game_ops ttt_ops = {
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
    .eval_unit = "lines",
    .eval_scale = 10,
    .win_scale = 10,
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

const struct game_ops mnim_ops = {
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
    .eval_unit = "tokens",
    .eval_scale = 100,
    .win_scale = 100,
};

static enum move_parse mnim_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why)
{
    return toy_parse(&mnim_ops, st, s, out, why);
}

/* ------------------------------------------------------------------ */
/* tree: a random game tree                                            */



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

const struct game_ops tree_ops = {
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
    .eval_unit = "points",
    .eval_scale = 100,
    .win_scale = 100,
};

static enum move_parse tree_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why)
{
    return toy_parse(&tree_ops, st, s, out, why);
}

/* ------------------------------------------------------------------ */
/* Start positions                                                     */

void toy_tree_start(struct tree *st, int branch, int len, uint64_t seed)
{
    char b[16];
    char l[16];
    snprintf(b, sizeof b, "%d", branch);
    snprintf(l, sizeof l, "%d", len);
    char *argv[] = { b, l };
    gt_setup(&tree_ops, st, 2, argv, seed);
}

void toy_mnim_start(struct mnim *st, int pile)
{
    char p[16];
    snprintf(p, sizeof p, "%d", pile);
    char *argv[] = { p };
    gt_setup(&mnim_ops, st, 1, argv, 0);
}

/* ------------------------------------------------------------------ */
/* ring: a game that only repeats                                      */

static int ring_setup(void *st, int argc, char *const argv[], uint64_t seed,
                      struct sbuf *err)
{
    (void)argv;
    (void)seed;
    memset(st, 0, sizeof(struct ring));
    if (argc > 0) {
        sbuf_puts(err, "ring takes no setup arguments");
        return -1;
    }
    return 0;
}

static int ring_side(const void *st)
{
    return ((const struct ring *)st)->side;
}

/* 1 steps forward, 2 back. */
static int ring_gen(const void *st, move_t *out)
{
    (void)st;
    out[0] = 1;
    out[1] = 2;
    return 2;
}

static void ring_play(void *st, move_t m)
{
    struct ring *r = st;
    r->at = (r->at + (m == 1 ? 1 : RING_SIZE - 1)) % RING_SIZE;
    r->side ^= 1;
}

static enum game_status ring_outcome(const void *st, int *margin)
{
    (void)st;
    if (margin)
        *margin = 0;
    return GAME_ONGOING;
}

static uint64_t ring_hash(const void *st)
{
    const struct ring *r = st;
    return rng_mix64((uint64_t)(r->at * 2 + r->side) + 1);
}

static void ring_format(const void *st, move_t m, char buf[MOVE_STR_MAX])
{
    (void)st;
    snprintf(buf, MOVE_STR_MAX, "%s", m == 1 ? "fore" : "back");
}

static enum move_parse ring_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why);

static void ring_to_string(const void *st, struct sbuf *out)
{
    const struct ring *r = st;
    sbuf_printf(out, "ring:%d:%d", r->at, r->side);
}

static int ring_from_string(void *st, const char *s, struct sbuf *err)
{
    struct ring *r = st;
    char tail;
    if (sscanf(s, "ring:%d:%d%c", &r->at, &r->side, &tail) != 2 ||
        r->at < 0 || r->at >= RING_SIZE || r->side < 0 || r->side > 1) {
        sbuf_puts(err, "expected ring:AT:SIDE");
        return -1;
    }
    return 0;
}

static void ring_show(const void *st, const struct show_info *info,
                      struct sbuf *out)
{
    (void)info;
    ring_to_string(st, out);
    sbuf_putc(out, '\n');
}

/* The second player is better wherever the token stands. */
static int ring_evaluate(const void *st)
{
    return ring_side(st) == 1 ? RING_LEAD : -RING_LEAD;
}

const struct game_ops ring_ops = {
    .name = "ring",
    .title = "Ring",
    .state_size = sizeof(struct ring),
    .max_moves = 2,
    .side_names = { "first", "second" },
    .side_letters = "FS",
    .setup = ring_setup,
    .side_to_move = ring_side,
    .gen_moves = ring_gen,
    .play = ring_play,
    .outcome = ring_outcome,
    .hash = ring_hash,
    .hash_full = ring_hash,
    .parse_move = ring_parse,
    .format_move = ring_format,
    .to_string = ring_to_string,
    .from_string = ring_from_string,
    .show = ring_show,
    .evaluate = ring_evaluate,
    .eval_unit = "points",
    .eval_scale = 100,
    .win_scale = 100,
};

static enum move_parse ring_parse(const void *st, const char *s, move_t *out,
                                  struct sbuf *why)
{
    return toy_parse(&ring_ops, st, s, out, why);
}
