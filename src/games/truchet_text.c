/* truchet_text.c -- Truchet as text: move notation (with the reason a
 * turn is refused), setup, position strings and the diagram. */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/args.h"
#include "core/rng.h"
#include "games/truchet_int.h"

static const char dir_letter[4] = { 'w', 'n', 'e', 's' };
static const char *const dir_word[4] = { "west", "north", "east", "south" };

/* ------------------------------------------------------------------ */
/* Names and move notation                                             */
/* ------------------------------------------------------------------ */

static const char *const side_word[2] = { "light", "dark" };

static void put_jct(struct sbuf *b, int j)
{
    sbuf_putc(b, (char)('a' + j % 8));
    sbuf_putc(b, (char)('1' + j / 8));
}

static char *jct_name(int j, char buf[3])
{
    buf[0] = (char)('a' + j % 8);
    buf[1] = (char)('1' + j / 8);
    buf[2] = '\0';
    return buf;
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Appends each direction letter of mask times the height of that source
 * (heights read from st, except the stepped stack on t: h_t). */
static void put_merge_letters(char **w, const struct tr_state *st, int x,
                              unsigned mask, int t, int h_t)
{
    for (int d = 0; d < 4; d++) {
        if (!(mask >> d & 1))
            continue;
        int y = nbr(x, d);
        int h = y == t ? h_t : st->height[y];
        for (int k = 0; k < h; k++)
            *(*w)++ = dir_letter[d];
    }
}

static void put_split_letters(char **w, unsigned v)
{
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < split_k(v, d); k++)
            *(*w)++ = dir_letter[d];
}

static void put_name(char **w, int j)
{
    *(*w)++ = (char)('a' + j % 8);
    *(*w)++ = (char)('1' + j / 8);
}

void tr_format_move(const void *vst, move_t m, char buf[MOVE_STR_MAX])
{
    const struct tr_state *st = vst;
    char *w = buf;
    int kind = MV_KIND(m), from = MV_FROM(m), to = MV_TO(m);
    unsigned aux = MV_AUX(m);
    if (MV_FLIP(m)) {
        *w++ = '*';
        put_name(&w, MV_FLIP(m) - 1);
        *w++ = ',';
    }
    if (kind <= K_STEP_MERGE) {
        put_name(&w, from);
        *w++ = '-';
        put_name(&w, to);
    }
    if (kind == K_STEP_SPLIT || kind == K_SPLIT) {
        if (kind == K_SPLIT)
            put_name(&w, from);
        *w++ = '>';
        put_split_letters(&w, aux);
    } else if (kind == K_STEP_MERGE) {
        int x = nbr(to, (int)(aux >> 4));
        *w++ = '+';
        put_name(&w, x);
        *w++ = '<';
        put_merge_letters(&w, st, x, aux & 15, to, st->height[from]);
    } else if (kind == K_MERGE) {
        put_name(&w, to);
        *w++ = '<';
        put_merge_letters(&w, st, to, aux, -1, 0);
    }
    *w = '\0';
}

/* A turn as read from a token, before the legality check. */
struct tr_parsed {
    int flip;       /* tile, or -1 */
    int kind;
    int from, to;   /* step, or the split / merge junction in 'from' */
    int x;          /* merge target after a step */
    int cnt[4];     /* letters per direction */
    int nletters;
};

/* Cursor-based readers: each returns false without reading past a NUL. */
static bool read_square(const char **p, int cols, int rows, int *j)
{
    char c = lower((*p)[0]);
    if (c < 'a' || c >= 'a' + cols)
        return false;
    char r = (*p)[1];
    if (r < '1' || r >= '1' + rows)
        return false;
    *j = (r - '1') * 8 + (c - 'a');
    *p += 2;
    return true;
}

static bool read_letters(const char **p, struct tr_parsed *pm)
{
    for (; **p; (*p)++) {
        const char *hit = memchr(dir_letter, lower(**p), 4);
        if (!hit || pm->nletters == MAX_HEIGHT)
            return false;
        pm->cnt[hit - dir_letter]++;
        pm->nletters++;
    }
    return pm->nletters >= 2;
}

/* The token syntax of doc/games/truchet.md; true if s is a Truchet turn
 * token. */
static bool parse_token(const char *s, struct tr_parsed *pm)
{
    memset(pm, 0, sizeof *pm);
    pm->flip = -1;
    if (*s == '*') {
        s++;
        if (!read_square(&s, 7, 7, &pm->flip) || *s++ != ',')
            return false;
    }
    if (!read_square(&s, 8, 8, &pm->from))
        return false;
    char c = *s++;
    if (c == '>') {
        pm->kind = K_SPLIT;
        return read_letters(&s, pm);
    }
    if (c == '<') {
        pm->kind = K_MERGE;
        return read_letters(&s, pm);
    }
    if (c != '-' || !read_square(&s, 8, 8, &pm->to))
        return false;
    c = *s++;
    if (c == '\0') {
        pm->kind = K_STEP;
        return true;
    }
    if (c == '>') {
        pm->kind = K_STEP_SPLIT;
        return read_letters(&s, pm);
    }
    pm->kind = K_STEP_MERGE;
    return c == '+' && read_square(&s, 8, 8, &pm->x) && *s++ == '<' &&
           read_letters(&s, pm);
}

static int distinct_dirs(const int cnt[4])
{
    return (cnt[0] > 0) + (cnt[1] > 0) + (cnt[2] > 0) + (cnt[3] > 0);
}

/* Legality of a split of the own stack on j with the letters of pm, on
 * the position st (after any flip and step).  Sets *v. */
static bool check_split(const struct tr_state *st, int j,
                        const struct tr_parsed *pm, unsigned *v,
                        struct sbuf *why)
{
    int p = st->side;
    char a[3], b[3];
    if (!(st->occ[p] >> j & 1)) {
        sbuf_printf(why, "no %s stack on %s", side_word[p], jct_name(j, a));
        return false;
    }
    if (pm->nletters != st->height[j]) {
        sbuf_printf(why, "%s has %d chips, not %d", jct_name(j, a),
                    st->height[j], pm->nletters);
        return false;
    }
    if (distinct_dirs(pm->cnt) < 2) {
        sbuf_puts(why, "a split needs at least two directions");
        return false;
    }
    *v = 0;
    for (int d = 0; d < 4; d++) {
        if (!pm->cnt[d])
            continue;
        int y = nbr(j, d);
        if (y < 0) {
            sbuf_printf(why, "no junction %s of %s", dir_word[d],
                        jct_name(j, a));
            return false;
        }
        if (st->occ[p] >> y & 1) {
            sbuf_printf(why, "%s holds a %s stack", jct_name(y, b),
                        side_word[p]);
            return false;
        }
        if ((st->occ[!p] >> y & 1) && pm->cnt[d] < st->height[y]) {
            sbuf_printf(why, "%d chips cannot capture the %d-high stack "
                        "on %s", pm->cnt[d], st->height[y], jct_name(y, b));
            return false;
        }
        *v |= (unsigned)pm->cnt[d] << (2 * d);
    }
    return true;
}

/* Legality of a merge onto x with the letters of pm; step_t is the
 * stepped stack's junction (it must take part) or -1.  Sets *mask. */
static bool check_merge(const struct tr_state *st, int x, int step_t,
                        const struct tr_parsed *pm, unsigned *mask,
                        struct sbuf *why)
{
    int p = st->side;
    char a[3], b[3];
    if (st->occ[p] >> x & 1) {
        sbuf_printf(why, "%s holds a %s stack", jct_name(x, a), side_word[p]);
        return false;
    }
    if (distinct_dirs(pm->cnt) < 2) {
        sbuf_puts(why, "a merge needs at least two stacks");
        return false;
    }
    *mask = 0;
    for (int d = 0; d < 4; d++) {
        if (!pm->cnt[d])
            continue;
        int y = nbr(x, d);
        if (y < 0) {
            sbuf_printf(why, "no junction %s of %s", dir_word[d],
                        jct_name(x, a));
            return false;
        }
        if (!(st->occ[p] >> y & 1)) {
            sbuf_printf(why, "no %s stack on %s", side_word[p],
                        jct_name(y, b));
            return false;
        }
        if (pm->cnt[d] != st->height[y]) {
            sbuf_printf(why, "%s has %d chips, not %d", jct_name(y, b),
                        st->height[y], pm->cnt[d]);
            return false;
        }
        *mask |= 1u << d;
    }
    if (step_t >= 0) {
        int d = 0;
        while (d < 4 && nbr(x, d) != step_t)
            d++;
        if (d == 4 || !(*mask >> d & 1)) {
            sbuf_puts(why, "the merge must include the stepped stack");
            return false;
        }
    }
    int e = target_enemy(st, p, x);
    if (pm->nletters < e) {
        sbuf_printf(why, "%d chips cannot capture the %d-high stack on %s",
                    pm->nletters, e, jct_name(x, a));
        return false;
    }
    return true;
}

/* Legality of the flip (applied to *st) of pm. */
static bool check_flip(struct tr_state *st, const struct tr_parsed *pm,
                       struct sbuf *why)
{
    if (pm->flip < 0)
        return true;
    uint64_t blocked = tile_corners(pm->flip) & (st->occ[0] | st->occ[1]);
    if (blocked) {
        char a[3], b[3];
        sbuf_printf(why, "tile %s cannot flip: %s is occupied",
                    jct_name(pm->flip, a), jct_name(bb_lsb(blocked), b));
        return false;
    }
    st->tiles ^= bb_bit(pm->flip);
    return true;
}

/* Legality of the step of pm, applied to *st (no hash update). */
static bool check_step(struct tr_state *st, const struct tr_parsed *pm,
                       struct sbuf *why)
{
    int p = st->side;
    char a[3], b[3];
    if (!(st->occ[p] >> pm->from & 1)) {
        sbuf_printf(why, "no %s stack on %s", side_word[p],
                    jct_name(pm->from, a));
        return false;
    }
    uint64_t occ = st->occ[0] | st->occ[1];
    if (occ >> pm->to & 1) {
        sbuf_printf(why, "%s is occupied", jct_name(pm->to, a));
        return false;
    }
    if (!(reach_of(pm->from, ~occ, links_of(st->tiles)) >> pm->to & 1)) {
        sbuf_printf(why, "%s cannot step to %s", jct_name(pm->from, a),
                    jct_name(pm->to, b));
        return false;
    }
    st->occ[p] ^= bb_bit(pm->from) | bb_bit(pm->to);
    st->height[pm->to] = st->height[pm->from];
    st->height[pm->from] = 0;
    return true;
}

/* Full legality check of a parsed turn; builds the move. */
static bool check_turn(const struct tr_state *st0, const struct tr_parsed *pm,
                       move_t *out, struct sbuf *why)
{
    struct tr_state st = *st0;
    unsigned aux = 0;
    if (!check_flip(&st, pm, why))
        return false;
    int kind = pm->kind;
    if (kind <= K_STEP_MERGE && !check_step(&st, pm, why))
        return false;
    if (kind == K_STEP_MERGE) {
        int d = 0;
        while (d < 4 && nbr(pm->to, d) != pm->x)
            d++;
        if (d == 4) {
            char a[3], b[3];
            sbuf_printf(why, "%s is not next to %s", jct_name(pm->x, a),
                        jct_name(pm->to, b));
            return false;
        }
        if (!check_merge(&st, pm->x, pm->to, pm, &aux, why))
            return false;
        aux |= (unsigned)d << 4;
    } else if (kind == K_STEP_SPLIT || kind == K_SPLIT) {
        int j = kind == K_SPLIT ? pm->from : pm->to;
        if (!check_split(&st, j, pm, &aux, why))
            return false;
    } else if (kind == K_MERGE && !check_merge(&st, pm->from, -1, pm, &aux,
                                               why)) {
        return false;
    }
    move_t m;
    if (kind == K_SPLIT)
        m = mv_make(K_SPLIT, pm->from, 0, aux);
    else if (kind == K_MERGE)
        m = mv_make(K_MERGE, 0, pm->from, aux);
    else
        m = mv_make(kind, pm->from, pm->to, aux);
    *out = m | (move_t)(pm->flip + 1);
    return true;
}

enum move_parse tr_parse_move(const void *vst, const char *s,
                              move_t *out, struct sbuf *why)
{
    const struct tr_state *st = vst;
    struct tr_parsed pm;
    if (!parse_token(s, &pm)) {
        sbuf_puts(why, "not a truchet move");
        return MOVE_PARSE_SYNTAX;
    }
    if (tr_outcome(st, NULL) != GAME_ONGOING) {
        sbuf_puts(why, "the game is over");
        return MOVE_PARSE_ILLEGAL;
    }
    return check_turn(st, &pm, out, why) ? MOVE_PARSE_OK
                                         : MOVE_PARSE_ILLEGAL;
}

/* ------------------------------------------------------------------ */
/* Setup and position strings                                          */
/* ------------------------------------------------------------------ */

/* BoardSpace's layout: java.util.Random(key), one nextInt(4) per tile,
 * columns outer, rows inner; k >= 2 means '\' (doc/games/truchet.md). */
static uint64_t layout_from_key(int64_t key)
{
    const uint64_t mult = 0x5DEECE66DULL, mask = (1ULL << 48) - 1;
    uint64_t s = ((uint64_t)key ^ mult) & mask;
    uint64_t tiles = 0;
    for (int x = 0; x < 7; x++)
        for (int y = 0; y < 7; y++) {
            s = (s * mult + 0xB) & mask;
            if ((s >> 46) >= 2)
                tiles |= bb_bit(y * 8 + x);
        }
    return tiles;
}

/* Reads the 49-character layout string (a1..g1, a2.., '1' = '\'). */
static bool read_layout(const char *s, uint64_t *tiles, struct sbuf *err)
{
    *tiles = 0;
    for (int i = 0; i < 49; i++) {
        if (s[i] != '0' && s[i] != '1') {
            sbuf_puts(err, "expected 49 layout bits (0 or 1)");
            return false;
        }
        if (s[i] == '1')
            *tiles |= bb_bit(i / 7 * 8 + i % 7);
    }
    return true;
}

/* Clears *st to an empty board with the given tiles, Light to move. */
static void init_empty(struct tr_state *st, uint64_t tiles, int64_t key,
                       bool custom)
{
    memset(st, 0, sizeof *st);
    st->tiles = tiles;
    st->key = key;
    st->custom = custom;
}

static void init_start(struct tr_state *st)
{
    for (int j = 0; j < 64; j++) {
        int r = j / 8, c = j % 8;
        if (r <= 2 && (r + c) % 2 == 0)
            put_stack(st, DARK, j, 1);
        else if (r >= 5 && (r + c) % 2 == 1)
            put_stack(st, LIGHT, j, 1);
    }
    st->chips[LIGHT] = st->chips[DARK] = MAX_CHIPS;
    st->hash = tr_hash_full(st);
}

int tr_setup(void *vst, int argc, char *const argv[], uint64_t seed,
             struct sbuf *err)
{
    struct tr_state *st = vst;
    if (argc > 1) {
        sbuf_puts(err, "expected at most one argument (KEY or layout=BITS)");
        return -1;
    }
    if (argc == 0) {
        /* a non-negative key below 2^31, like BoardSpace's */
        int64_t key = (int64_t)(rng_mix64(seed) >> 33);
        init_empty(st, layout_from_key(key), key, false);
    } else if (strncmp(argv[0], "layout=", 7) == 0) {
        uint64_t tiles;
        if (!read_layout(argv[0] + 7, &tiles, err))
            return -1;
        if (argv[0][7 + 49] != '\0') {
            sbuf_puts(err, "expected 49 layout bits");
            return -1;
        }
        init_empty(st, tiles, 0, true);
    } else {
        int64_t key;
        if (args_i64(argv[0], &key) != 0) {
            sbuf_puts(err, "expected a 64-bit integer key or layout=BITS");
            return -1;
        }
        init_empty(st, layout_from_key(key), key, false);
    }
    init_start(st);
    return 0;
}

static void put_layout(struct sbuf *out, uint64_t tiles)
{
    for (int i = 0; i < 49; i++)
        sbuf_putc(out, (tiles >> (i / 7 * 8 + i % 7) & 1) ? '1' : '0');
}

void tr_to_string(const void *vst, struct sbuf *out)
{
    const struct tr_state *st = vst;
    sbuf_puts(out, "truchet:");
    put_layout(out, st->tiles);
    sbuf_printf(out, ":%c:", "LD"[st->side]);
    bool first = true;
    for (int c = 0; c < 8; c++)        /* byte order: a1 a2 .. a8 b1 .. */
        for (int r = 0; r < 8; r++) {
            int j = r * 8 + c;
            int p = (st->occ[LIGHT] >> j & 1) ? LIGHT
                  : (st->occ[DARK] >> j & 1) ? DARK : -1;
            if (p < 0)
                continue;
            if (!first)
                sbuf_putc(out, ',');
            first = false;
            put_jct(out, j);
            sbuf_printf(out, "%c%d", "LD"[p], st->height[j]);
        }
}

static int side_of_letter(char c)
{
    c = lower(c);
    return c == 'l' ? LIGHT : c == 'd' ? DARK : -1;
}

/* Reads the stack list "g6L1,d3D2" into an empty *st. */
static bool read_stacks(struct tr_state *st, const char *s, struct sbuf *err)
{
    int chips[2] = { 0, 0 };
    for (int i = 1;; i++) {
        int j, p;
        if (!read_square(&s, 8, 8, &j) || (p = side_of_letter(*s)) < 0 ||
            s[1] < '1' || s[1] > '4' || (s[2] != ',' && s[2] != '\0')) {
            sbuf_printf(err, "bad stack number %d (expected like g6L1)", i);
            return false;
        }
        char a[3];
        if ((st->occ[0] | st->occ[1]) >> j & 1) {
            sbuf_printf(err, "two stacks on %s", jct_name(j, a));
            return false;
        }
        chips[p] += s[1] - '0';
        if (chips[p] > MAX_CHIPS) {
            sbuf_printf(err, "%s has more than %d chips", side_word[p],
                        MAX_CHIPS);
            return false;
        }
        st->occ[p] |= bb_bit(j);
        st->height[j] = (uint8_t)(s[1] - '0');
        s += 2;
        if (*s++ == '\0')
            break;
    }
    st->chips[LIGHT] = (uint8_t)chips[LIGHT];
    st->chips[DARK] = (uint8_t)chips[DARK];
    return true;
}

/* Rejects finished positions that no game can reach.  Only the side to
 * move can be the loser: the last mover cannot have lost its own chips,
 * and if the side to move held 3 enemy bases, it held them after its own
 * last turn and the game would have ended then. */
static bool check_possible(const struct tr_state *st, struct sbuf *err)
{
    int p = st->side, q = !p;
    if (st->chips[q] == 0) {
        sbuf_printf(err, "%s has no chips but %s is to move", side_word[q],
                    side_word[p]);
        return false;
    }
    if (bb_count(st->occ[p] & home_of[q]) >= 3) {
        sbuf_printf(err, "%s already holds 3 bases but is to move",
                    side_word[p]);
        return false;
    }
    return true;
}

int tr_from_string(void *vst, const char *s, struct sbuf *err)
{
    struct tr_state *st = vst;
    uint64_t tiles;
    if (strncmp(s, "truchet:", 8) != 0) {
        sbuf_puts(err, "expected truchet:BITS:SIDE:STACKS");
        return -1;
    }
    s += 8;
    if (!read_layout(s, &tiles, err))
        return -1;
    s += 49;
    int side = s[0] == ':' ? side_of_letter(s[1]) : -1;
    if (side < 0 || s[2] != ':') {
        sbuf_puts(err, "expected :L: or :D: after the 49 layout bits");
        return -1;
    }
    init_empty(st, tiles, 0, true);
    st->side = (uint8_t)side;
    if (!read_stacks(st, s + 3, err) || !check_possible(st, err))
        return -1;
    st->hash = tr_hash_full(st);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Diagram                                                             */
/* ------------------------------------------------------------------ */

/* Line writer that drops trailing blanks: spaces are held back until
 * something visible follows. */
struct line {
    struct sbuf *out;
    int pending;
};

static void ln_space(struct line *ln, int n)
{
    ln->pending += n;
}

static void ln_text(struct line *ln, const char *s)
{
    for (; ln->pending > 0; ln->pending--)
        sbuf_putc(ln->out, ' ');
    sbuf_puts(ln->out, s);
}

static void ln_end(struct line *ln)
{
    ln->pending = 0;
    sbuf_putc(ln->out, '\n');
}

/* Text, in colour sgr when colours are on. */
static void ln_colored(struct line *ln, bool color, const char *sgr,
                       const char *s)
{
    if (color) {
        ln_text(ln, "\033[");
        sbuf_puts(ln->out, sgr);
        sbuf_putc(ln->out, 'm');
    }
    ln_text(ln, s);
    if (color)
        sbuf_puts(ln->out, "\033[0m");
}

static const char *const side_sgr[2] = { "1;33", "1;36" };

/* One junction row: "8[L1]..[L1].." - bases in brackets, an empty dark
 * junction "..", an empty light one blank. */
static void show_row(const struct tr_state *st, int r, bool color,
                     struct sbuf *out)
{
    struct line ln = { out, 0 };
    char txt[3] = { (char)('1' + r), '\0', '\0' };
    ln_text(&ln, txt);
    for (int c = 0; c < 8; c++) {
        int j = r * 8 + c;
        bool base = (HOME_LIGHT | HOME_DARK) >> j & 1;
        if (base)
            ln_colored(&ln, color, "32", "[");
        else if (c == 0 || !((HOME_LIGHT | HOME_DARK) >> (j - 1) & 1))
            ln_space(&ln, 1);
        int p = (st->occ[LIGHT] >> j & 1) ? LIGHT
              : (st->occ[DARK] >> j & 1) ? DARK : -1;
        if (p >= 0) {
            txt[0] = "LD"[p];
            txt[1] = (char)('0' + st->height[j]);
            txt[2] = '\0';
            ln_colored(&ln, color, side_sgr[p], txt);
        } else if ((r + c) % 2 == 0) {
            ln_text(&ln, "..");
        } else {
            ln_space(&ln, 2);
        }
        if (base)
            ln_colored(&ln, color, "32", "]");
    }
    ln_end(&ln);
}

/* The tiles between junction rows r and r+1: '/' or '\' per tile. */
static void show_tiles(const struct tr_state *st, int r, bool color,
                       struct sbuf *out)
{
    struct line ln = { out, 0 };
    ln_space(&ln, 4);
    for (int x = 0; x < 7; x++) {
        if (x)
            ln_space(&ln, 2);
        ln_colored(&ln, color, "2",
                   (st->tiles >> (r * 8 + x) & 1) ? "\\" : "/");
    }
    ln_end(&ln);
}

static void show_status(const struct tr_state *st,
                        const struct show_info *info, struct sbuf *out)
{
    enum game_status g = tr_outcome(st, NULL);
    int p = st->side;
    if (g == GAME_ONGOING) {
        sbuf_printf(out, "%s to move, move %d", side_word[p], info->ply + 1);
    } else {
        const char *why = st->chips[p] == 0 ? "captured all"
                        : bb_count(st->occ[!p] & home_of[p]) >= 3
                        ? "holds 3 bases" : "opponent cannot move";
        sbuf_printf(out, "game over after %d moves: %s wins (%s)",
                    info->ply, side_word[!p], why);
    }
    sbuf_printf(out, ", last move: %s\n",
                info->last_move ? info->last_move : "none");
    sbuf_printf(out, "chips: light %d, dark %d\n", st->chips[LIGHT],
                st->chips[DARK]);
    sbuf_printf(out, "bases held: light %d of a1 c1 e1 g1, "
                "dark %d of a8 c8 e8 g8\n",
                bb_count(st->occ[LIGHT] & HOME_DARK),
                bb_count(st->occ[DARK] & HOME_LIGHT));
}

void tr_show(const void *vst, const struct show_info *info,
             struct sbuf *out)
{
    const struct tr_state *st = vst;
    if (st->custom)
        sbuf_puts(out, "layout: custom\n");
    else
        sbuf_printf(out, "layout key: %lld\n", (long long)st->key);
    for (int r = 7; r >= 0; r--) {
        show_row(st, r, info->color, out);
        if (r > 0)
            show_tiles(st, r - 1, info->color, out);
    }
    sbuf_puts(out, "   a  b  c  d  e  f  g  h\n");
    show_status(st, info, out);
}
