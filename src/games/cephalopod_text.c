/* cephalopod_text.c -- Cephalopod as text: setup, move notation (with
 * the reason a move is refused), position strings and the diagram. */
#include "config.h"

#include <assert.h>
#include <stdarg.h>
#include <string.h>

#include "games/cephalopod_int.h"

/* Appends a reason to b unless the caller passed no buffer. */
__attribute__((format(printf, 2, 3)))
static void reason(struct sbuf *b, const char *fmt, ...)
{
    if (!b)
        return;
    va_list ap;
    va_start(ap, fmt);
    sbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

static bb_t board_mask(int w, int h)
{
    bb_t row = ((bb_t)1 << w) - 1;
    bb_t b = 0;
    for (int r = 0; r < h; r++)
        b |= row << (8 * r);
    return b;
}

static void clear_board(struct ceph *p, int w, int h)
{
    memset(p, 0, sizeof *p);
    p->w = (uint8_t)w;
    p->h = (uint8_t)h;
    p->board = board_mask(w, h);
}

/* ---- setup ------------------------------------------------------------- */

/* Reads "WxH" (x in either case) with both sides in SIDE_MIN..SIDE_MAX at
 * *ps and advances past it; -1 if malformed or out of range. */
static int parse_size(const char **ps, int *w, int *h)
{
    const char *s = *ps;
    if (s[0] < '0' || s[0] > '9' || (s[1] != 'x' && s[1] != 'X') ||
        s[2] < '0' || s[2] > '9')
        return -1;
    *w = s[0] - '0';
    *h = s[2] - '0';
    if (*w < SIDE_MIN || *w > SIDE_MAX || *h < SIDE_MIN || *h > SIDE_MAX)
        return -1;
    *ps = s + 3;
    return 0;
}

int ceph_setup(void *st, int argc, char *const argv[], uint64_t seed,
               struct sbuf *err)
{
    (void)seed;                 /* Cephalopod has no random element */
    int w = 5, h = 5;
    if (argc > 1) {
        reason(err, "expected at most one argument, the size WxH");
        return -1;
    }
    if (argc == 1) {
        const char *s = argv[0];
        if (parse_size(&s, &w, &h) < 0 || *s) {
            reason(err, "expected a size WxH with W and H from %d to %d",
                   SIDE_MIN, SIDE_MAX);
            return -1;
        }
    }
    struct ceph *p = st;
    clear_board(p, w, h);
    p->hash = compute_hash(p);
    return 0;
}

/* ---- move notation ----------------------------------------------------- */

static int cell_name(char *buf, int c)
{
    buf[0] = (char)('a' + (c & 7));
    buf[1] = (char)('1' + (c >> 3));
    return 2;
}

void ceph_format_move(const void *st, move_t m, char buf[MOVE_STR_MAX])
{
    int c = MOVE_CELL(m);
    unsigned mask = MOVE_MASK(m);
    int n = cell_name(buf, c);
    char sep = '=';
    (void)st;
    for (int d = 0; d < NDIRS; d++) {
        if (mask >> d & 1) {
            buf[n++] = sep;
            n += cell_name(buf + n, NEIGHBOUR[c][d]);
            sep = '+';
        }
    }
    buf[n] = '\0';
}

/* A cell as typed: a letter and a row number 1..99 (no leading zero). */
struct typed_cell {
    int col, row;               /* col 0 = a; row 1 = bottom */
};

static const char *scan_cell(const char *s, struct typed_cell *tc)
{
    char l = s[0];
    if (l >= 'A' && l <= 'Z')
        l = (char)(l - 'A' + 'a');
    if (l < 'a' || l > 'z' || s[1] < '1' || s[1] > '9')
        return NULL;
    tc->col = l - 'a';
    tc->row = s[1] - '0';
    s += 2;
    if (*s >= '0' && *s <= '9')
        tc->row = tc->row * 10 + (*s++ - '0');
    return s;
}

/* Cell index of tc, or -1 if it is not on this board. */
static int cell_of(const struct ceph *p, const struct typed_cell *tc)
{
    if (tc->col >= p->w || tc->row > p->h)
        return -1;
    return (tc->row - 1) * 8 + tc->col;
}

#define MAX_LISTED 5            /* more than 4 captured cells is illegal */

struct typed_move {
    struct typed_cell target;
    struct typed_cell listed[MAX_LISTED];
    size_t nlisted;             /* may exceed MAX_LISTED (only counted) */
};

/* Syntax: CELL or CELL=CELL(+CELL)*.  0 or -1. */
static int scan_move(const char *s, struct typed_move *tm)
{
    tm->nlisted = 0;
    s = scan_cell(s, &tm->target);
    if (!s)
        return -1;
    if (*s == '\0')
        return 0;
    if (*s != '=')
        return -1;
    do {
        struct typed_cell tc;
        s = scan_cell(s + 1, &tc);
        if (!s)
            return -1;
        if (tm->nlisted < MAX_LISTED)
            tm->listed[tm->nlisted] = tc;
        tm->nlisted++;
    } while (*s == '+');
    return *s == '\0' ? 0 : -1;
}

/* Direction from target c to cell v, or -1 if they are not neighbours. */
static int direction_to(int c, int v)
{
    for (int d = 0; d < NDIRS; d++)
        if (NEIGHBOUR[c][d] == v)
            return d;
    return -1;
}

/* Checks the listed capture cells against target c; the mask or -1. */
static int check_capture_list(const struct ceph *p, int c,
                              const struct typed_move *tm, struct sbuf *why)
{
    if (tm->nlisted < 2) {
        reason(why, "a capture takes at least 2 dice");
        return -1;
    }
    if (tm->nlisted > 4) {
        reason(why, "at most 4 dice can be captured");
        return -1;
    }
    unsigned mask = 0;
    int sum = 0;
    for (size_t i = 0; i < tm->nlisted; i++) {
        const struct typed_cell *tc = &tm->listed[i];
        int v = cell_of(p, tc);
        int d = v < 0 ? -1 : direction_to(c, v);
        if (v < 0 || d < 0) {
            reason(why, "%c%d is not adjacent to %c%d", 'a' + tc->col,
                   tc->row, 'a' + (c & 7), (c >> 3) + 1);
            return -1;
        }
        if (mask >> d & 1) {
            reason(why, "%c%d is listed twice", 'a' + tc->col, tc->row);
            return -1;
        }
        if (!p->pips[v]) {
            reason(why, "%c%d is empty", 'a' + tc->col, tc->row);
            return -1;
        }
        mask |= 1u << d;
        sum += p->pips[v];
    }
    if (sum > 6) {
        reason(why, "the captured dice sum to %d, more than 6", sum);
        return -1;
    }
    assert(CAPTURE_SETS[pips_key(p, c)] >> mask & 1);
    return (int)mask;
}

enum move_parse ceph_parse_move(const void *st, const char *s,
                                move_t *out, struct sbuf *why)
{
    const struct ceph *p = st;
    struct typed_move tm;
    if (scan_move(s, &tm) < 0) {
        reason(why, "expected a cell such as c3 or a capture such as "
               "c3=b3+c4");
        return MOVE_PARSE_SYNTAX;
    }
    int c = cell_of(p, &tm.target);
    if (c < 0) {
        reason(why, "%c%d is off the board", 'a' + tm.target.col,
               tm.target.row);
        return MOVE_PARSE_ILLEGAL;
    }
    if (p->occ == p->board) {
        reason(why, "the game is over");
        return MOVE_PARSE_ILLEGAL;
    }
    if (p->occ >> c & 1) {
        reason(why, "%c%d is occupied", 'a' + tm.target.col, tm.target.row);
        return MOVE_PARSE_ILLEGAL;
    }
    if (tm.nlisted == 0) {
        if (CAPTURE_SETS[pips_key(p, c)]) {
            reason(why, "a capture is compulsory at %c%d",
                   'a' + tm.target.col, tm.target.row);
            return MOVE_PARSE_ILLEGAL;
        }
        *out = MOVE_MAKE(c, 0);
        return MOVE_PARSE_OK;
    }
    int mask = check_capture_list(p, c, &tm, why);
    if (mask < 0)
        return MOVE_PARSE_ILLEGAL;
    *out = MOVE_MAKE(c, mask);
    return MOVE_PARSE_OK;
}

/* ---- position strings -------------------------------------------------- */

void ceph_to_string(const void *st, struct sbuf *out)
{
    const struct ceph *p = st;
    sbuf_printf(out, "cephalopod:%dx%d:%c:", p->w, p->h, "WB"[p->side]);
    for (int r = p->h - 1; r >= 0; r--) {
        for (int col = 0; col < p->w; col++) {
            int c = r * 8 + col;
            char cell[3] = "..";
            if (p->pips[c]) {
                cell[0] = "WB"[colour_at(p, c)];
                cell[1] = (char)('0' + p->pips[c]);
            }
            sbuf_putn(out, cell, 2);
        }
        if (r)
            sbuf_putc(out, '/');
    }
}

/* Reads one two-character cell at s into cell c of p; -1 if malformed. */
static int read_cell(struct ceph *p, const char *s, int c)
{
    if (s[0] == '.' && s[1] == '.')
        return 0;
    int colour = (s[0] == 'W' || s[0] == 'w') ? 0
               : (s[0] == 'B' || s[0] == 'b') ? 1 : -1;
    if (colour < 0 || s[1] < '1' || s[1] > '6')
        return -1;
    p->pips[c] = (uint8_t)(s[1] - '0');
    p->occ |= bb_bit(c);
    if (colour == 0)
        p->white |= bb_bit(c);
    return 0;
}

/* Reads the H rows (top first) at s; -1 with a reason if malformed. */
static int read_rows(struct ceph *p, const char *s, struct sbuf *err)
{
    for (int r = p->h - 1; r >= 0; r--) {
        if (*s == '\0') {
            reason(err, "expected %d rows", p->h);
            return -1;
        }
        for (int col = 0; col < p->w; col++, s += 2) {
            if (s[0] == '\0' || s[0] == '/' || s[1] == '\0' ||
                s[1] == '/') {
                reason(err, "row %d must have %d cells of 2 characters",
                       r + 1, p->w);
                return -1;
            }
            if (read_cell(p, s, r * 8 + col) < 0) {
                reason(err, "bad cell %c%d: expected .., W1..W6 or B1..B6",
                       'a' + col, r + 1);
                return -1;
            }
        }
        if ((r == 0 && *s == '/') || (r > 0 && *s == '\0')) {
            reason(err, "expected %d rows", p->h);
            return -1;
        }
        if (*s != (r ? '/' : '\0')) {
            reason(err, "row %d must have %d cells of 2 characters", r + 1,
                   p->w);
            return -1;
        }
        if (r)
            s++;
    }
    return 0;
}

/* A board whose dice all show 1 has never seen a capture (a capture leaves
 * a die of 2 or more until a later capture replaces it by another such
 * die), so every ply added one die: white has as many dice as black (white
 * to move) or one more (black to move).  That also rules out an empty
 * board with black to move. */
static int check_reachable(const struct ceph *p, struct sbuf *err)
{
    for (bb_t b = p->occ; b;)
        if (p->pips[bb_pop(&b)] > 1)
            return 0;
    int white = bb_count(p->white);
    int black = bb_count(p->occ) - white;
    if (white - black != p->side) {
        reason(err, "impossible position: with no capture yet, white must "
               "have %s", p->side ? "one die more than black"
                                  : "as many dice as black");
        return -1;
    }
    return 0;
}

int ceph_from_string(void *st, const char *s, struct sbuf *err)
{
    struct ceph *p = st;
    static const char prefix[] = "cephalopod:";
    int w, h;
    if (strncmp(s, prefix, sizeof prefix - 1) != 0) {
        reason(err, "expected cephalopod:WxH:SIDE:ROWS");
        return -1;
    }
    s += sizeof prefix - 1;
    if (parse_size(&s, &w, &h) < 0 || *s++ != ':') {
        reason(err, "expected a size WxH with W and H from %d to %d",
               SIDE_MIN, SIDE_MAX);
        return -1;
    }
    clear_board(p, w, h);
    if ((s[0] != 'W' && s[0] != 'w' && s[0] != 'B' && s[0] != 'b') ||
        s[1] != ':') {
        reason(err, "the side to move must be W or B");
        return -1;
    }
    p->side = (s[0] == 'B' || s[0] == 'b');
    if (read_rows(p, s + 2, err) < 0 || check_reachable(p, err) < 0)
        return -1;
    p->hash = compute_hash(p);
    return 0;
}

/* ---- diagram ----------------------------------------------------------- */

#define ANSI_WHITE "\033[1;97m"
#define ANSI_BLACK "\033[1;91m"
#define ANSI_OFF "\033[0m"

/* One cell of the diagram, padded to 3 columns unless it is the last. */
static void show_cell(const struct ceph *p, int c, bool last, bool color,
                      struct sbuf *out)
{
    if (!p->pips[c]) {
        sbuf_puts(out, last ? "." : ".  ");
        return;
    }
    int colour = colour_at(p, c);
    if (color)
        sbuf_puts(out, colour ? ANSI_BLACK : ANSI_WHITE);
    sbuf_printf(out, "%c%d", "WB"[colour], p->pips[c]);
    if (color)
        sbuf_puts(out, ANSI_OFF);
    if (!last)
        sbuf_putc(out, ' ');
}

static void show_status(const struct ceph *p, const struct show_info *info,
                        struct sbuf *out)
{
    int white = bb_count(p->white);
    int black = bb_count(p->occ) - white;
    int margin;
    enum game_status g = ceph_outcome(p, &margin);
    sbuf_printf(out, "dice: white %d, black %d; empty cells %d\n", white,
                black, bb_count(p->board & ~p->occ));
    sbuf_printf(out, "ply %d, ", info->ply);
    if (g == GAME_ONGOING)
        sbuf_printf(out, "%s to move", p->side ? "black" : "white");
    else if (g == GAME_DRAW)
        sbuf_puts(out, "game over: draw");
    else
        sbuf_printf(out, "game over: %s wins by %d",
                    g == GAME_WIN_FIRST ? "white" : "black", margin);
    if (info->last_move)
        sbuf_printf(out, ", last move %s", info->last_move);
    sbuf_putc(out, '\n');
}

void ceph_show(const void *st, const struct show_info *info,
               struct sbuf *out)
{
    const struct ceph *p = st;
    sbuf_printf(out, "Cephalopod %dx%d\n", p->w, p->h);
    for (int r = p->h - 1; r >= 0; r--) {
        sbuf_printf(out, "%d ", r + 1);
        for (int col = 0; col < p->w; col++)
            show_cell(p, r * 8 + col, col == p->w - 1, info->color, out);
        sbuf_putc(out, '\n');
    }
    sbuf_puts(out, " ");
    for (int col = 0; col < p->w; col++)
        sbuf_printf(out, " %c%s", 'a' + col, col == p->w - 1 ? "" : " ");
    sbuf_putc(out, '\n');
    show_status(p, info, out);
}
