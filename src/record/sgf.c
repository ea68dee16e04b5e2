/* sgf.c -- writes game records as SGF and reads them back (see sgf.h).
 *
 * The reader understands exactly what the writer produces plus ordinary
 * SGF freedom (white space, property order, escapes, unknown properties,
 * variations).  A record is a single line of play: the main line (the
 * first variation at each branch).  The properties of a node that the
 * record has no field for are kept as the node's extra text and written
 * back after the node's own; the other variations are kept as their text,
 * checked but not read, and written back after the main line's ")" at the
 * node where they branch.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/games.h"
#include "record/sgf.h"

#define MOVES_PER_LINE 10
#define IDENT_MAX 16
/* Variations nest at most this deep (the tree's own parentheses
 * included): deeper trees are refused, not read. */
#define SGF_DEPTH_MAX 1000
#define SGF_DEPTH_MAX_TEXT "1000"


static const char *const end_names[] = {
    "normal", "resign", "time", "forfeit", "adjudicated", "solved", "agreed"
};
#define END_KINDS ((int)(sizeof end_names / sizeof end_names[0]))

static void put_text(struct sbuf *out, const char *s)
{
    for (; *s; s++) {
        if (*s == ']' || *s == '\\')
            sbuf_putc(out, '\\');
        sbuf_putc(out, *s);
    }
}

/* "[VALUE]", escaped: a property's (next) value. */
static void value(struct sbuf *out, const char *v)
{
    sbuf_putc(out, '[');
    put_text(out, v);
    sbuf_putc(out, ']');
}

static void prop(struct sbuf *out, const char *id, const char *v)
{
    sbuf_puts(out, id);
    value(out, v);
}

static void write_root(const struct game_record *r, const char *app,
                       struct sbuf *out)
{
    sbuf_puts(out, "(;FF[4]CA[UTF-8]");
    prop(out, "AP", app);
    if (r->game->sgf_gm > 0)        /* each game's number: game_ops */
        sbuf_printf(out, "GM[%d]", r->game->sgf_gm);
    prop(out, "XGAME", r->game->name);
    sbuf_printf(out, "RO[%ld]", r->number + 1);
    prop(out, "DT", r->date);
    prop(out, "PW", r->names[r->a_side]);
    prop(out, "PB", r->names[1 - r->a_side]);
    struct sbuf re = SBUF_INIT;
    record_result_text(r, &re);
    prop(out, "RE", sbuf_str(&re));
    sbuf_free(&re);
    prop(out, "XEND", end_names[r->end]);
    sbuf_puts(out, "\n");
    prop(out, "XMATCH", r->names[0]);
    value(out, r->names[1]);
    sbuf_printf(out, "XSEED[%llu]", (unsigned long long)r->seed);
    if (r->run_id[0])
        prop(out, "XRUN", r->run_id);
    /* Like XMATCH: engine A's, then B's; one value when they agree. */
    prop(out, "XTIME", sbuf_str(&r->timectl[0]));
    if (strcmp(sbuf_str(&r->timectl[0]), sbuf_str(&r->timectl[1])) != 0)
        value(out, sbuf_str(&r->timectl[1]));
    if (r->from_position)           /* a none-valued flag, as SGF's KO[] */
        sbuf_puts(out, "XSETPOSITION[]");
    else
        prop(out, "XSETUP", sbuf_str(&r->setup));
    sbuf_printf(out, "XOPENING[%d]\n", r->opening_plies);
    prop(out, "XSTART", sbuf_str(&r->start));
    sbuf_puts(out, "\n");
    prop(out, "XREASON", sbuf_str(&r->reason));
    prop(out, "C", sbuf_str(&r->reason));
    sbuf_puts(out, "\n");
    if (r->nextra > 0 && r->extra[0].len > 0) {
        sbuf_putn(out, r->extra[0].buf, r->extra[0].len);
        sbuf_puts(out, "\n");
    }
}

/* The variations branching after node k, "" for none. */
static const struct sbuf *variations_at(const struct game_record *r, int k)
{
    static const struct sbuf none = SBUF_INIT;
    return k < r->nvariations ? &r->variations[k] : &none;
}

/* Opens the main line's "(" at a node with variations (their text
 * follows its ")"), on a line of its own. */
static void open_branch(const struct game_record *r, int k, struct sbuf *out)
{
    if (variations_at(r, k)->len == 0)
        return;
    if (out->len > 0 && out->buf[out->len - 1] != '\n')
        sbuf_putc(out, '\n');
    sbuf_putc(out, '(');
}

/* Closes the main lines opened at nodes before nmoves, innermost first,
 * each followed by the variations of its node. */
static void close_branches(const struct game_record *r, int nmoves,
                           struct sbuf *out)
{
    for (int k = nmoves - 1; k >= 0; k--) {
        const struct sbuf *v = variations_at(r, k);
        if (v->len == 0)
            continue;
        sbuf_chomp(out);                /* ")" ends the last line */
        sbuf_putc(out, ')');
        sbuf_putn(out, v->buf, v->len);
    }
}

void sgf_write(const struct game_record *r, const char *app,
               struct sbuf *out)
{
    write_root(r, app, out);
    const char *m = sbuf_str(&r->moves);
    const char *sides = sbuf_str(&r->sides);
    int k = 0;
    for (; *m; k++) {
        open_branch(r, k, out);
        size_t n = strcspn(m, " ");
        sbuf_printf(out, ";%c[", sides[k] ? sides[k] : '?');
        sbuf_putn(out, m, n);    /* canonical tokens need no escapes */
        sbuf_putc(out, ']');
        /* a node with properties of its own ends its line */
        const struct sbuf *x = k + 1 < r->nextra ? &r->extra[k + 1] : NULL;
        if (x && x->len > 0)
            sbuf_putn(out, x->buf, x->len);
        if ((x && x->len > 0) || k % MOVES_PER_LINE == MOVES_PER_LINE - 1)
            sbuf_putc(out, '\n');
        m += n + (m[n] == ' ');
    }
    /* variations after the last move would become the main line: the
     * reader never makes them */
    close_branches(r, k, out);
    sbuf_puts(out, ")\n");
}

/* ------------------------------------------------------------------ */

struct parser {
    const char *t;
    size_t len;
    size_t pos;
    struct sbuf *err;
};

/* Facts of the root node checked once it is complete. */
struct root_info {
    struct sbuf pw;
    struct sbuf pb;
    struct sbuf re;
    struct sbuf end;
    int nmatch;
};

static void skip_ws(struct parser *p)
{
    while (p->pos < p->len && isspace((unsigned char)p->t[p->pos]))
        p->pos++;
}

static int peek(struct parser *p)
{
    skip_ws(p);
    return p->pos < p->len ? (unsigned char)p->t[p->pos] : -1;
}

static int fail(struct parser *p, const char *what)
{
    sbuf_printf(p->err, "%s at byte %zu", what, p->pos);
    return -1;
}

/* Reads "[...]" into *v, undoing escapes and soft line breaks. */
static int read_value(struct parser *p, struct sbuf *v)
{
    sbuf_reset(v);
    p->pos++;                                   /* '[' */
    while (p->pos < p->len && p->t[p->pos] != ']') {
        char c = p->t[p->pos++];
        if (c == '\\' && p->pos < p->len) {
            c = p->t[p->pos++];
            if (c == '\n')
                continue;
        }
        sbuf_putc(v, c);
    }
    if (p->pos >= p->len)
        return fail(p, "unterminated property value");
    p->pos++;                                   /* ']' */
    return v->oom ? fail(p, "out of memory") : 0;
}

/* Reads a property identifier (upper-case letters; FF[3] lower-case
 * letters are skipped). */
static int read_ident(struct parser *p, char id[IDENT_MAX])
{
    size_t n = 0;
    while (p->pos < p->len && isalpha((unsigned char)p->t[p->pos])) {
        char c = p->t[p->pos++];
        if (isupper((unsigned char)c) && n + 1 < IDENT_MAX)
            id[n++] = c;
    }
    id[n] = '\0';
    return n ? 0 : fail(p, "expected a property");
}

static int copy_name(struct parser *p, char dst[RECORD_NAME_MAX],
                     const struct sbuf *v)
{
    if (v->len == 0 || v->len >= RECORD_NAME_MAX ||
        strlen(sbuf_str(v)) != v->len)
        return fail(p, "bad engine name");
    memcpy(dst, v->buf, v->len + 1);
    return 0;
}

static int parse_num(struct parser *p, const struct sbuf *v,
                     unsigned long long hi, unsigned long long *out)
{
    const char *s = sbuf_str(v);
    char *end;
    errno = 0;
    *out = strtoull(s, &end, 10);
    if (!isdigit((unsigned char)*s) || *end || errno || *out > hi)
        return fail(p, "bad number");
    return 0;
}

static void put_sbuf(struct sbuf *dst, const struct sbuf *v)
{
    sbuf_reset(dst);
    sbuf_putn(dst, sbuf_str(v), v->len);
}

/* One value of a root property. */
static int root_value(struct parser *p, const char *id, int k,
                      const struct sbuf *v, struct game_record *r,
                      struct root_info *ri)
{
    unsigned long long n;
    if (strcmp(id, "XGAME") == 0) {
        r->game = game_find(sbuf_str(v));
        return r->game ? 0 : fail(p, "unknown game");
    }
    if (strcmp(id, "XMATCH") == 0) {
        ri->nmatch = k + 1;
        return k < 2 ? copy_name(p, r->names[k], v) : fail(p, "XMATCH");
    }
    if (strcmp(id, "RO") == 0) {
        if (parse_num(p, v, 2000000000ULL, &n) != 0 || n == 0)
            return -1;
        r->number = (long)n - 1;
        return 0;
    }
    if (strcmp(id, "XSEED") == 0) {
        int rc = parse_num(p, v, UINT64_MAX, &n);
        r->seed = n;
        return rc;
    }
    if (strcmp(id, "XRUN") == 0) {
        if (v->len == 0 || v->len >= RECORD_RUN_MAX ||
            strlen(sbuf_str(v)) != v->len)
            return fail(p, "bad XRUN");
        memcpy(r->run_id, v->buf, v->len + 1);
        return 0;
    }
    if (strcmp(id, "XOPENING") == 0) {
        int rc = parse_num(p, v, 100000, &n);
        r->opening_plies = (int)n;
        return rc;
    }
    if (strcmp(id, "XTIME") == 0) {
        if (k > 1)
            return fail(p, "XTIME has more than two values");
        for (int i = k; i < 2; i++)     /* one value: both engines' */
            put_sbuf(&r->timectl[i], v);
        return 0;
    }
    if (strcmp(id, "XSETPOSITION") == 0) {
        if (v->len != 0)
            return fail(p, "XSETPOSITION takes no value");
        r->from_position = true;
        return 0;
    }
    if (strcmp(id, "DT") == 0)
        snprintf(r->date, sizeof r->date, "%s", sbuf_str(v));
    struct { const char *id; struct sbuf *dst; } texts[] = {
        { "PW", &ri->pw }, { "PB", &ri->pb }, { "RE", &ri->re },
        { "XEND", &ri->end }, { "XREASON", &r->reason },
        { "XSETUP", &r->setup }, { "XSTART", &r->start },
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (strcmp(id, texts[i].id) == 0)
            put_sbuf(texts[i].dst, v);
    return 0;
}

/* One value of a property of a move node. */
static int move_value(struct parser *p, const char *id,
                      const struct sbuf *v, struct game_record *r)
{
    if (strcmp(id, "W") != 0 && strcmp(id, "B") != 0)
        return 0;
    if (v->len == 0 || v->len >= MOVE_STR_MAX ||
        strcspn(sbuf_str(v), " \t\n") != v->len)
        return fail(p, "bad move");
    if (r->nmoves++)
        sbuf_putc(&r->moves, ' ');
    sbuf_puts(&r->moves, sbuf_str(v));
    sbuf_putc(&r->sides, id[0]);
    return 0;
}

/* Whether the record's fields hold property id of a node (root or a
 * move node): the others are kept as the node's extra text. */
static bool held(const char *id, bool root)
{
    static const char *const root_ids[] = {
        "FF", "CA", "AP", "GM", "XGAME", "RO", "DT", "PW", "PB", "RE",
        "XEND", "XMATCH", "XSEED", "XRUN", "XTIME", "XSETPOSITION",
        "XSETUP", "XOPENING", "XSTART", "XREASON", "C"
    };
    if (!root)
        return strcmp(id, "W") == 0 || strcmp(id, "B") == 0;
    for (size_t i = 0; i < sizeof root_ids / sizeof root_ids[0]; i++)
        if (strcmp(id, root_ids[i]) == 0)
            return true;
    return false;
}

/* Appends the properties of text (a node's extra text) to *to. */
static int keep_extra(struct parser *p, struct game_record *r, bool root,
                      const struct sbuf *text)
{
    if (text->len == 0)
        return 0;
    struct sbuf *to = record_node(r, root ? 0 : r->nmoves);
    if (!to)
        return fail(p, "out of memory");
    sbuf_putn(to, text->buf, text->len);
    return 0;
}

/* Reads the properties of one node (after its ';'). */
static int read_node(struct parser *p, bool root, struct game_record *r,
                     struct root_info *ri)
{
    struct sbuf v = SBUF_INIT;
    struct sbuf extra = SBUF_INIT;
    int rc = 0;
    while (rc == 0 && isalpha(peek(p))) {
        char id[IDENT_MAX];
        rc = read_ident(p, id);
        if (rc == 0 && peek(p) != '[')
            rc = fail(p, "expected a property value");
        bool keep = rc == 0 && !held(id, root);
        if (keep)
            sbuf_puts(&extra, id);
        for (int k = 0; rc == 0 && peek(p) == '['; k++) {
            rc = read_value(p, &v);
            if (rc == 0 && keep)
                value(&extra, sbuf_str(&v));
            else if (rc == 0)
                rc = root ? root_value(p, id, k, &v, r, ri)
                          : move_value(p, id, &v, r);
        }
    }
    if (rc == 0)        /* after the node's move: its own */
        rc = keep_extra(p, r, root, &extra);
    sbuf_free(&extra);
    sbuf_free(&v);
    return rc;
}

static int parse_result(struct parser *p, struct game_record *r,
                        const struct root_info *ri)
{
    const char *re = sbuf_str(&ri->re);
    if (strcmp(re, "?") == 0) {        /* unfinished (printsgf) */
        r->result = GAME_ONGOING;
        return 0;
    }
    r->result = GAME_DRAW;
    if (strcmp(re, "0") == 0 || strcmp(re, "Draw") == 0)
        return 0;
    if ((re[0] != 'W' && re[0] != 'B') || re[1] != '+')
        return fail(p, "bad RE");
    r->result = re[0] == 'W' ? GAME_WIN_FIRST : GAME_WIN_SECOND;
    const char *rest = re + 2;
    char *end;
    long m = strtol(rest, &end, 10);
    if (*rest && isdigit((unsigned char)*rest) && !*end)
        r->margin = (int)m;
    else if (*rest && !strchr("RTF", rest[0]))
        return fail(p, "bad RE");
    return 0;
}

/* Checks the root facts and fills what derives from them. */
static int finish_root(struct parser *p, struct game_record *r,
                       const struct root_info *ri)
{
    if (!r->game || ri->nmatch != 2 || ri->re.len == 0 || r->start.len == 0)
        return fail(p, "record without XGAME, XMATCH, RE or XSTART");
    const char *pw = sbuf_str(&ri->pw);
    const char *pb = sbuf_str(&ri->pb);
    if (strcmp(r->names[0], r->names[1]) == 0)
        return fail(p, "XMATCH names the same engine twice");
    if (strcmp(pw, r->names[0]) == 0 && strcmp(pb, r->names[1]) == 0)
        r->a_side = 0;
    else if (strcmp(pb, r->names[0]) == 0 && strcmp(pw, r->names[1]) == 0)
        r->a_side = 1;
    else
        return fail(p, "PW and PB do not match XMATCH");
    r->end = END_NORMAL;
    for (int k = 0; k < END_KINDS; k++)
        if (strcmp(sbuf_str(&ri->end), end_names[k]) == 0)
            r->end = (enum end_kind)k;
    if (parse_result(p, r, ri) != 0)
        return -1;
    int loser = r->result == GAME_WIN_FIRST ? 1 : 0;
    if ((r->end == END_TIME || r->end == END_FORFEIT) &&
        r->result != GAME_DRAW)
        r->faulty = loser == r->a_side ? 0 : 1;
    return 0;
}

static void root_info_free(struct root_info *ri)
{
    sbuf_free(&ri->pw);
    sbuf_free(&ri->pb);
    sbuf_free(&ri->re);
    sbuf_free(&ri->end);
}

/* Reads the values of a property (at its first '['), each into *v. */
static int skip_values(struct parser *p, struct sbuf *v)
{
    if (peek(p) != '[')
        return fail(p, "expected a property value");
    while (peek(p) == '[')
        if (read_value(p, v) != 0)
            return -1;
    return 0;
}

/* Checks the variation at text[p->pos] ('('), depth the nesting of the
 * parentheses around it, and moves past it: a loop, not recursion, so
 * that no nesting can exhaust the stack. */
static int skip_variation(struct parser *p, int depth)
{
    struct sbuf v = SBUF_INIT;
    int open = 0, last = 0, rc = 1;
    while (rc > 0) {
        int c = peek(p);
        if (c == '(' && depth + open >= SGF_DEPTH_MAX)
            rc = fail(p, "variations nested more than "
                         SGF_DEPTH_MAX_TEXT " deep");
        else if (c == '(') {
            open++;
            p->pos++;
            if (peek(p) != ';')
                rc = fail(p, "a variation without a node");
        } else if (c == ';' && last == ')') {
            rc = fail(p, "a node after variations");
        } else if (c == ';') {
            p->pos++;
            char id[IDENT_MAX];
            while (rc > 0 && isalpha(peek(p)))
                if (read_ident(p, id) != 0 || skip_values(p, &v) != 0)
                    rc = -1;
        } else if (c == ')') {
            p->pos++;
            if (--open == 0)
                rc = 0;
        } else {
            rc = fail(p, c < 0 ? "a variation not closed"
                               : "unexpected character in a variation");
        }
        last = c;
    }
    sbuf_free(&v);
    return rc;
}

/* Keeps the variations after a main line's ")" as the text of node k;
 * depth is the nesting of the parentheses around them. */
static int keep_variations(struct parser *p, struct game_record *r, int k,
                           int depth)
{
    while (peek(p) == '(') {
        size_t start = p->pos;
        if (skip_variation(p, depth) != 0)
            return -1;
        struct sbuf *to = record_variations(r, k);
        if (!to)
            return fail(p, "out of memory");
        sbuf_putc(to, '\n');
        sbuf_putn(to, p->t + start, p->pos - start);
    }
    return 0;
}

/* Reads the nodes of a sequence, the root first when root. */
static int read_nodes(struct parser *p, bool root, struct game_record *r,
                      struct root_info *ri)
{
    while (peek(p) == ';') {
        p->pos++;
        if (read_node(p, root, r, ri) != 0 ||
            (root && finish_root(p, r, ri) != 0))
            return -1;
        root = false;
    }
    return 0;
}

/* Reads the game tree after its '(': the main line (the first variation
 * at each branch) into the record, the other variations kept as text.
 * The main lines opened at branches are counted, not recursed into. */
static int read_tree(struct parser *p, struct game_record *r)
{
    if (peek(p) != ';')
        return fail(p, "empty game tree");
    struct root_info ri = { SBUF_INIT, SBUF_INIT, SBUF_INIT, SBUF_INIT, 0 };
    int branch_at[SGF_DEPTH_MAX];   /* the node where each one opened */
    int depth = 0;
    int rc = read_nodes(p, true, r, &ri);
    root_info_free(&ri);
    while (rc == 0 && peek(p) == '(') {
        if (depth + 1 >= SGF_DEPTH_MAX)
            return fail(p, "variations nested more than "
                           SGF_DEPTH_MAX_TEXT " deep");
        branch_at[depth++] = r->nmoves;
        p->pos++;
        if (peek(p) != ';')
            return fail(p, "a variation without a node");
        p->pos++;
        if (read_node(p, false, r, NULL) != 0)
            return -1;
        if (r->nmoves == branch_at[depth - 1])  /* its variations' place */
            return fail(p, "a main line that does not start with a move");
        rc = read_nodes(p, false, r, NULL);
    }
    while (rc == 0) {
        int c = peek(p);
        if (c != ')')
            return fail(p, c < 0 ? "the game tree is not closed"
                             : c == ';' ? "a node after variations"
                                        : "expected ')'");
        p->pos++;
        if (depth == 0)
            return record_oom(r) ? fail(p, "out of memory") : 1;
        depth--;
        rc = keep_variations(p, r, branch_at[depth], depth + 1);
    }
    return -1;
}

int sgf_read(const char *text, size_t len, size_t *pos,
             struct game_record *r, struct sbuf *err)
{
    struct parser p = { text, len, *pos, err };
    record_free(r);
    record_init(r);
    int c = peek(&p);
    int rc;
    if (c < 0)
        rc = 0;
    else if (c != '(')
        rc = fail(&p, "expected '('");
    else {
        p.pos++;
        rc = read_tree(&p, r);
    }
    *pos = p.pos;
    return rc;
}

/* ------------------------------------------------------------------ */
/* A node's extra text                                                 */

void sgf_prop_add(struct sbuf *node, const char *id, const char *v)
{
    prop(node, id, v);
}

/* Calls each(id, value, k, arg) for every value of the node text *node
 * (k the value's place in its property); stops at a nonzero return and
 * returns it, -1 when the text is malformed. */
static int each_value(const struct sbuf *node,
                      int (*each)(const char *id, const struct sbuf *v,
                                  int k, void *arg), void *arg)
{
    struct sbuf err = SBUF_INIT;
    struct sbuf v = SBUF_INIT;
    struct parser p = { sbuf_str(node), node->len, 0, &err };
    int rc = 0;
    while (rc == 0 && peek(&p) >= 0) {
        char id[IDENT_MAX];
        rc = read_ident(&p, id);
        if (rc == 0 && peek(&p) != '[')
            rc = -1;
        for (int k = 0; rc == 0 && peek(&p) == '['; k++)
            rc = read_value(&p, &v) != 0 ? -1 : each(id, &v, k, arg);
    }
    sbuf_free(&v);
    sbuf_free(&err);
    return rc;
}

struct prop_query {
    const char *id;
    struct sbuf *value;
};

static int find_value(const char *id, const struct sbuf *v, int k,
                      void *arg)
{
    struct prop_query *q = arg;
    if (k != 0 || strcmp(id, q->id) != 0)
        return 0;
    sbuf_reset(q->value);
    sbuf_putn(q->value, v->buf, v->len);
    return 1;
}

bool sgf_prop_get(const struct sbuf *node, const char *id,
                  struct sbuf *value)
{
    struct prop_query q = { id, value };
    return each_value(node, find_value, &q) == 1;
}

struct prop_filter {
    const char *const *drop;
    struct sbuf *out;
};

static int copy_value(const char *id, const struct sbuf *v, int k,
                      void *arg)
{
    struct prop_filter *f = arg;
    for (const char *const *d = f->drop; *d; d++)
        if (strcmp(id, *d) == 0)
            return 0;
    if (k == 0)
        sbuf_puts(f->out, id);
    value(f->out, sbuf_str(v));
    return 0;
}

int sgf_prop_remove(struct sbuf *node, const char *const *ids)
{
    struct sbuf kept = SBUF_INIT;
    struct prop_filter f = { ids, &kept };
    int rc = each_value(node, copy_value, &f);
    if (rc == 0 && !kept.oom) {
        sbuf_reset(node);
        sbuf_putn(node, kept.buf, kept.len);
    }
    sbuf_free(&kept);
    return rc == 0 && !node->oom ? 0 : -1;
}
