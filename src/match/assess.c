/* assess.c -- marks, the decisive move, SGF properties and the summary of
 * a reviewed game (see assess.h). */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/assess.h"
#include "record/sgf.h"

int assess_init(struct assess_game *g)
{
    g->nturns = g->rec.nmoves + 1;
    g->turn = calloc((size_t)g->nturns, sizeof *g->turn);
    g->alt = calloc((size_t)g->nturns, sizeof *g->alt);
    if (!g->turn || !g->alt) {
        free(g->turn);
        free(g->alt);
        g->turn = g->alt = NULL;
        return -1;
    }
    for (int t = 0; t < g->nturns; t++) {
        sbuf_init(&g->turn[t].pv);
        sbuf_init(&g->alt[t].pv);
    }
    g->decisive = 0;
    memset(g->marks, 0, sizeof g->marks);
    return 0;
}

void assess_free(struct assess_game *g)
{
    for (int t = 0; g->turn && t < g->nturns; t++) {
        sbuf_free(&g->turn[t].pv);
        sbuf_free(&g->alt[t].pv);
    }
    free(g->turn);
    free(g->alt);
    g->turn = g->alt = NULL;
    record_free(&g->rec);
}

/* A value of side 0's view (a win chance when chance, else a score) seen
 * by side. */
static double seen_by(int side, double v, bool chance)
{
    if (side == 0)
        return v;
    return chance ? 1 - v : -v;
}

/* The winner of a proven result text: 0, 1, 2 for a draw, -1 none. */
static int proven_winner(const char *proven)
{
    if (!proven[0])
        return -1;
    if (proven[0] == 'W' || proven[0] == 'B')
        return proven[0] == 'W' ? 0 : 1;
    return 2;
}

/* The k-th move token (1-based) of r into buf. */
static void move_token(const struct game_record *r, int k,
                       char buf[MOVE_STR_MAX])
{
    const char *m = sbuf_str(&r->moves);
    for (int i = 1; i < k && *m; i++) {
        m += strcspn(m, " ");
        m += *m == ' ';
    }
    size_t n = strcspn(m, " ");
    if (n >= MOVE_STR_MAX)
        n = MOVE_STR_MAX - 1;
    memcpy(buf, m, n);
    buf[n] = '\0';
}

/* Whether move k played the best move of the position before it. */
static bool played_best(const struct assess_game *g, int k)
{
    char played[MOVE_STR_MAX];
    move_token(&g->rec, k, played);
    const char *best = g->turn[k - 1].best;
    return best[0] && strcmp(best, played) == 0;
}

bool assess_needs_best(const struct assess_game *g, int k)
{
    const struct assess_turn *b = &g->turn[k - 1];
    return k > g->rec.opening_plies && b->known && !b->over &&
           b->best[0] && !played_best(g, k);
}

/* What move k's loss is measured from: the position after it when it was
 * the best move (a loss of 0), the best move's position when analysed,
 * else the position before it.  Both sides of the first two have the same
 * side to move, so a bias of the side to move's score cancels. */
static const struct assess_turn *reference(const struct assess_game *g,
                                           int k)
{
    if (played_best(g, k))
        return &g->turn[k];
    return g->alt[k].known ? &g->alt[k] : &g->turn[k - 1];
}

/* The loss and mark of move k (from turn k - 1 to turn k). */
static void assess_move(struct assess_game *g, int k)
{
    const struct assess_turn *before = &g->turn[k - 1];
    struct assess_turn *after = &g->turn[k];
    const struct assess_turn *ref = reference(g, k);
    after->has_loss = false;
    after->mark = MARK_NONE;
    if (!before->known || !after->known)
        return;
    int m = before->side;
    if (ref->has_win && after->has_win) {
        after->loss = seen_by(m, ref->win, true) -
                      seen_by(m, after->win, true);
        after->has_loss = true;
        double loss = after->loss + 1e-9;   /* 0.59 - 0.49 is 0.1 */
        after->mark = loss >= ASSESS_BLUNDER ? MARK_BLUNDER
                    : loss >= ASSESS_MISTAKE ? MARK_MISTAKE
                    : loss >= ASSESS_INACCURACY ? MARK_INACCURACY
                                                : MARK_NONE;
    } else if (ref->has_score && after->has_score) {
        after->loss = seen_by(m, ref->score, false) -
                      seen_by(m, after->score, false);
        after->has_loss = true;
    }
    /* a proven win thrown away is a blunder, whatever the numbers say
     * (but the best move is never one) */
    if (ref != after && proven_winner(before->proven) == m &&
        after->proven[0] &&
        proven_winner(after->proven) != m)
        after->mark = MARK_BLUNDER;
    if (k <= g->rec.opening_plies)      /* not the players' choice */
        after->mark = MARK_NONE;
    g->marks[m][after->mark]++;
}

/* Whether the mover of move k stood at least even before it: a win
 * chance of 0.5 or more, or without win chances a score of 0 or more. */
static bool even_before(const struct assess_game *g, int k)
{
    const struct assess_turn *b = &g->turn[k - 1];
    return b->has_win ? seen_by(b->side, b->win, true) >= 0.5
                      : seen_by(b->side, b->score, false) >= 0;
}

/* The loser's move with the largest loss among those it made from an even
 * or better position, else among all its moves; the later of equals (a
 * win thrown to a draw, then the draw to a loss: the second lost it); 0
 * when there is no winner or the loser has no assessed move.  The
 * opening plies (random, or a suite's) are nobody's choice. */
static int decisive_move(const struct assess_game *g)
{
    const struct game_record *r = &g->rec;
    if (r->result != GAME_WIN_FIRST && r->result != GAME_WIN_SECOND)
        return 0;
    int loser = r->result == GAME_WIN_FIRST ? 1 : 0;
    for (int pass = 0; pass < 2; pass++) {
        int best = 0;
        for (int k = 1; k < g->nturns; k++) {
            const struct assess_turn *t = &g->turn[k];
            if (!t->has_loss || g->turn[k - 1].side != loser ||
                k <= r->opening_plies ||
                (pass == 0 && !even_before(g, k)))
                continue;
            if (!best || t->loss >= g->turn[best].loss - 1e-9)
                best = k;
        }
        if (best)
            return best;
    }
    return 0;
}

void assess_game(struct assess_game *g)
{
    memset(g->marks, 0, sizeof g->marks);
    for (int k = 1; k < g->nturns; k++)
        assess_move(g, k);
    g->decisive = decisive_move(g);
}

/* ------------------------------------------------------------------ */
/* Properties                                                          */

/* v with `digits` decimals, never "-0.00". */
static void fixed(double v, int digits, char *buf, size_t size)
{
    snprintf(buf, size, "%.*f", digits, v);
    if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
        memmove(buf, buf + 1, strlen(buf));
}

static void add_number(struct sbuf *node, const char *id, double v,
                       int digits)
{
    char buf[48];
    fixed(v, digits, buf, sizeof buf);
    sgf_prop_add(node, id, buf);
}

static const char *const mark_words[MARK_KINDS] = {
    "", "Inaccuracy", "Mistake", "Blunder"
};

/* The standard SGF marks: doubtful move, bad move, very bad move. */
static const struct { const char *id, *value; } mark_props[MARK_KINDS] = {
    { "", "" }, { "DO", "" }, { "BM", "1" }, { "BM", "2" }
};

/* Removes an earlier review's comment from the comment *c: the whole
 * text when it is one, or the paragraph where one begins to the end. */
static void strip_own_comment(struct sbuf *c)
{
    const char *text = sbuf_str(c);
    size_t cut = c->len;
    for (int m = MARK_INACCURACY; m < MARK_KINDS; m++) {
        size_t n = strlen(mark_words[m]);
        if (strncmp(text, mark_words[m], n) == 0 && text[n] == ':')
            cut = 0;
        for (const char *p = strstr(text, "\n\n"); p;
             p = strstr(p + 1, "\n\n"))
            if (strncmp(p + 2, mark_words[m], n) == 0 && p[2 + n] == ':' &&
                (size_t)(p - text) < cut)
                cut = (size_t)(p - text);
    }
    c->len = cut;
    if (c->buf)
        c->buf[cut] = '\0';
}

/* The comment of the marked move k for people, after what the node's C
 * held already (not an earlier review's). */
static void add_comment(struct assess_game *g, struct sbuf *node, int k,
                        const struct sbuf *old)
{
    const struct assess_turn *b = &g->turn[k - 1];
    const struct assess_turn *a = &g->turn[k];
    const struct assess_turn *ref = reference(g, k);
    struct sbuf c = SBUF_INIT;
    sbuf_putn(&c, sbuf_str(old), old->len);
    strip_own_comment(&c);
    if (c.len)
        sbuf_puts(&c, "\n\n");
    const char *side = g->rec.game->side_names[b->side];
    sbuf_printf(&c, "%s: %c%s's ", mark_words[a->mark],
                toupper((unsigned char)side[0]), side + 1);
    if (ref->has_win && a->has_win)
        sbuf_printf(&c, "win chance %.2f -> %.2f.",
                    seen_by(b->side, ref->win, true),
                    seen_by(b->side, a->win, true));
    else
        sbuf_printf(&c, "result %s -> %s.", b->proven, a->proven);
    char played[MOVE_STR_MAX];
    move_token(&g->rec, k, played);
    if (b->best[0] && strcmp(b->best, played) != 0)
        sbuf_printf(&c, " Better: %s.", b->best);
    sgf_prop_add(node, "C", sbuf_str(&c));
    sbuf_free(&c);
}

/* The review's properties of one node, by SGF identifier. */
static const char *const review_ids[] = {
    "XUNIT", "XREVIEW", "XREVIEWER", "XE", "XW", "XBEST", "XPV",
    "XPROVEN", "XDEPTH", "DO", "BM", "XLOSS", NULL
};

/* Node t's properties (the analysis of turn t, the mark of move t),
 * after root_props (ID, value, ... NULL) on the root. */
static int annotate_node(struct assess_game *g, int t,
                         const char *const *root_props)
{
    struct sbuf *node = record_node(&g->rec, t);
    if (!node)
        return -1;
    struct sbuf old = SBUF_INIT;
    bool had_comment = t > 0 && sgf_prop_get(node, "C", &old);
    static const char *const comment[] = { "C", NULL };
    if (sgf_prop_remove(node, review_ids) != 0 ||
        (had_comment && sgf_prop_remove(node, comment) != 0)) {
        sbuf_free(&old);
        return -1;
    }
    for (int i = 0; t == 0 && root_props[i]; i += 2)
        sgf_prop_add(node, root_props[i], root_props[i + 1]);
    const struct assess_turn *a = &g->turn[t];
    if (a->known) {
        if (a->has_score)
            add_number(node, "XE", a->score, 2);
        if (a->has_win)
            add_number(node, "XW", a->win, 3);
        if (a->best[0])
            sgf_prop_add(node, "XBEST", a->best);
        if (a->pv.len)
            sgf_prop_add(node, "XPV", sbuf_str(&a->pv));
        if (a->proven[0])
            sgf_prop_add(node, "XPROVEN", a->proven);
        if (!a->over)
            sbuf_printf(node, "XDEPTH[%d]", a->depth);
    }
    if (t > 0 && a->mark != MARK_NONE) {
        sgf_prop_add(node, mark_props[a->mark].id, mark_props[a->mark].value);
        if (a->has_loss)
            add_number(node, "XLOSS", a->loss, 3);
        add_comment(g, node, t, &old);
    } else if (had_comment) {
        strip_own_comment(&old);
        if (old.len)
            sgf_prop_add(node, "C", sbuf_str(&old));
    }
    sbuf_free(&old);
    return node->oom ? -1 : 0;
}

int assess_annotate(struct assess_game *g, const char *unit,
                    const char *budget, const char *reviewer)
{
    const char *const root_props[] = {
        "XUNIT", unit, "XREVIEW", budget, "XREVIEWER", reviewer, NULL
    };
    for (int t = 0; t < g->nturns; t++)
        if (annotate_node(g, t, root_props) != 0)
            return -1;
    return record_oom(&g->rec) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Summary                                                             */

void assess_summary(const struct assess_game *g, const char *unit,
                    struct sbuf *out)
{
    const struct game_record *r = &g->rec;
    sbuf_printf(out, "game %ld: ", r->number + 1);
    if (r->result == GAME_ONGOING)
        sbuf_puts(out, "no result");
    else
        record_result_text(r, out);
    int k = g->decisive;
    if (k) {
        const struct assess_turn *b = &g->turn[k - 1];
        const struct assess_turn *a = &g->turn[k];
        const struct assess_turn *ref = reference(g, k);
        char played[MOVE_STR_MAX];
        move_token(r, k, played);
        sbuf_printf(out, ", lost by %c's move %d %s", "WB"[b->side], k,
                    played);
        if (ref->has_win && a->has_win)
            sbuf_printf(out, ", win chance %.2f -> %.2f",
                        seen_by(b->side, ref->win, true),
                        seen_by(b->side, a->win, true));
        if (ref->has_score && a->has_score) {
            char d[48];
            fixed(seen_by(b->side, a->score - ref->score, false), 2, d,
                  sizeof d);
            sbuf_printf(out, " (%s%s %s)", d[0] == '-' ? "" : "+", d, unit);
        }
    } else {
        sbuf_puts(out, ", no decisive move");
    }
    static const char *const plural[MARK_KINDS] = {
        "", "inaccuracies", "mistakes", "blunders"
    };
    for (int m = MARK_BLUNDER; m > MARK_NONE; m--)
        sbuf_printf(out, "%s %s W %d B %d", m == MARK_BLUNDER ? ";" : ",",
                    plural[m], g->marks[0][m], g->marks[1][m]);
}
