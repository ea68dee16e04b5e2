/* referee.c -- one game between two engine processes (see referee.h).
 *
 * The engine to move gets "genmove COLOR", its reply is parsed against
 * the referee's own position, and the canonical token is sent to the
 * other engine with "play COLOR MOVE".  Every exchange has a deadline;
 * the first fault ends the game against the engine that made it.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "match/opening.h"
#include "match/referee.h"
#include "match/schedule.h"
#include "match/table.h"
#include "record/sgf.h"

/* Seconds an engine gets to quit when the match is over. */
#define QUIT_WAIT 2.0

enum call_result { CALL_OK, CALL_REFUSED, CALL_FAULT, CALL_CANCEL };

struct game_ctx {
    struct referee *r;
    struct game_record *rec;
    const struct game_ops *g;
    void *st;
    struct scheduled game;      /* the engines, colours and opening     */
    int engine_of_side[2];      /* 0 (engine A of the game) or 1 (B)    */
    struct fischer_clock tc[2]; /* each side's clock (time odds allowed) */
    double clock[2];            /* Fischer clocks, seconds left         */
    int ply;
    bool over;                  /* rec holds the final result           */
    bool cancelled;
};

void referee_init(struct referee *r, const struct match_conf *c,
                  int stderr_fd, const atomic_bool *stop)
{
    r->conf = c;
    r->stderr_fd = stderr_fd;
    for (int i = 0; i < MATCH_ENGINES_MAX; i++) {
        engine_init(&r->eng[i], stop);
        engine_set_label(&r->eng[i], c->eng[i].name);
        if (c->resign_plies)
            engine_watch_scores(&r->eng[i]);
    }
    adjudicator_init(&r->adj, c);
    sbuf_init(&r->reply);
    sbuf_init(&r->line);
}

void referee_done(struct referee *r)
{
    for (int i = 0; i < MATCH_ENGINES_MAX; i++) {
        engine_stop(&r->eng[i], QUIT_WAIT);
        engine_done(&r->eng[i]);
    }
    adjudicator_done(&r->adj);
    sbuf_free(&r->reply);
    sbuf_free(&r->line);
}

/* Explains a failed exchange of engine e in *why. */
static void explain(struct engine *e, enum engine_status st,
                    const char *line, double timeout, const char *reply,
                    struct sbuf *why)
{
    switch (st) {
    case ENGINE_REFUSED:
        sbuf_printf(why, "refused '%s': %.100s", line, reply);
        break;
    case ENGINE_TIMEOUT:
        sbuf_printf(why, "sent no reply to '%s' within %.2f s", line,
                    timeout);
        break;
    case ENGINE_MALFORMED:
        sbuf_printf(why, "sent a malformed reply to '%s': \"%.100s\"",
                    line, reply);
        break;
    case ENGINE_UNSOLICITED:
        sbuf_printf(why, "sent an unsolicited reply before '%s': "
                    "\"%.100s\"", line, reply);
        break;
    case ENGINE_DEAD:
        engine_describe_end(e, why);
        sbuf_printf(why, " (at '%s')", line);
        break;
    default:
        sbuf_puts(why, "was stopped");
        break;
    }
}

/* Sends "set_option NAME VALUE" for an option given as NAME=VALUE. */
static enum engine_status send_option(struct referee *r, int i,
                                      const char *opt)
{
    sbuf_reset(&r->line);
    sbuf_puts(&r->line, "set_option ");
    size_t eq = strcspn(opt, "=");
    sbuf_putn(&r->line, opt, eq);
    sbuf_printf(&r->line, " %s", opt + eq + (opt[eq] != '\0'));
    return engine_call(&r->eng[i], sbuf_str(&r->line), REFEREE_CMD_TIMEOUT,
                       &r->reply, NULL);
}

int referee_init_engine(struct referee *r, int i, struct sbuf *why)
{
    const struct engine_conf *ec = &r->conf->eng[i];
    enum engine_status st = ENGINE_OK;
    if (r->conf->time_mode == TIME_MOVETIME) {
        char opt[64];
        snprintf(opt, sizeof opt, "movetime=%g", r->conf->movetime);
        st = send_option(r, i, opt);
        if (st == ENGINE_REFUSED)
            st = ENGINE_OK;     /* an engine without it: its own business */
    }
    /* The user's options come last: an engine's own movetime wins. */
    for (int k = 0; k < ec->nopts && st == ENGINE_OK; k++)
        st = send_option(r, i, ec->opts[k]);
    if (st == ENGINE_OK)
        return 0;
    explain(&r->eng[i], st, sbuf_str(&r->line), REFEREE_CMD_TIMEOUT,
            sbuf_str(&r->reply), why);
    engine_kill(&r->eng[i]);
    return -1;
}

static int side_of_engine(const struct game_ctx *x, int i)
{
    return x->engine_of_side[0] == i ? 0 : 1;
}

/* The process of engine i (0: A, 1: B) of this game. */
static struct engine *proc(const struct game_ctx *x, int i)
{
    return &x->r->eng[x->game.engines[i]];
}

/* Ends the game: engine i forfeits (kind END_TIME or END_FORFEIT) for
 * the reason printed by fmt; it is killed, to be restarted later. */
static void forfeit(struct game_ctx *x, int i, enum end_kind kind,
                    const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void forfeit(struct game_ctx *x, int i, enum end_kind kind,
                    const char *fmt, ...)
{
    int side = side_of_engine(x, i);
    struct game_record *rec = x->rec;
    rec->result = side == 0 ? GAME_WIN_SECOND : GAME_WIN_FIRST;
    rec->margin = 0;
    rec->end = kind;
    rec->faulty = i;
    sbuf_reset(&rec->reason);
    sbuf_printf(&rec->reason, "%s (%s) ", rec->names[i],
                x->g->side_names[side]);
    va_list ap;
    va_start(ap, fmt);
    sbuf_vprintf(&rec->reason, fmt, ap);
    va_end(ap);
    for (size_t k = 0; k < rec->reason.len; k++)   /* one line, always */
        if ((unsigned char)rec->reason.buf[k] < 0x20)
            rec->reason.buf[k] = ' ';
    if (kind == END_TIME)
        x->clock[side] = 0;             /* it ran out */
    engine_kill(proc(x, i));
    x->over = true;
}

/* One exchange with engine i within timeout.  A timeout counts as
 * timeout_kind; every fault ends the game. */
static enum call_result call(struct game_ctx *x, int i, const char *line,
                             double timeout, enum end_kind timeout_kind,
                             double *elapsed)
{
    struct referee *r = x->r;
    enum engine_status st = engine_call(proc(x, i), line, timeout,
                                        &r->reply, elapsed);
    if (st == ENGINE_OK)
        return CALL_OK;
    if (st == ENGINE_REFUSED)
        return CALL_REFUSED;
    if (st == ENGINE_CANCELLED) {
        x->cancelled = true;
        return CALL_CANCEL;
    }
    struct sbuf why = SBUF_INIT;
    explain(proc(x, i), st, line, timeout, sbuf_str(&r->reply), &why);
    enum end_kind kind = st == ENGINE_TIMEOUT ? timeout_kind : END_FORFEIT;
    if (kind == END_TIME)
        forfeit(x, i, kind, "lost on time: no move within %.2f s",
                timeout);
    else
        forfeit(x, i, kind, "%s", sbuf_str(&why));
    sbuf_free(&why);
    return CALL_FAULT;
}

/* A command that must succeed; a '?' reply is a forfeit. */
static bool call_ok(struct game_ctx *x, int i, const char *line)
{
    enum call_result c = call(x, i, line, REFEREE_CMD_TIMEOUT, END_FORFEIT,
                              NULL);
    if (c == CALL_REFUSED)
        forfeit(x, i, END_FORFEIT, "refused '%s': %.100s", line,
                sbuf_str(&x->r->reply));
    return c == CALL_OK;
}

/* Starts engine i if needed; false if the game is over (or cancelled). */
static bool ensure_engine(struct game_ctx *x, int i)
{
    struct referee *r = x->r;
    struct engine *e = proc(x, i);
    int conf_index = x->game.engines[i];
    if (engine_running(e))
        return true;
    struct sbuf why = SBUF_INIT;
    if (engine_start(e, r->conf->eng[conf_index].cmd, r->stderr_fd,
                     &why) != 0 ||
        referee_init_engine(r, conf_index, &why) != 0) {
        if (e->cancel && atomic_load(e->cancel))
            x->cancelled = true;
        else
            forfeit(x, i, END_FORFEIT, "failed to start: %s",
                    sbuf_str(&why));
    }
    sbuf_free(&why);
    return !x->over && !x->cancelled;
}

static void today(char date[16])
{
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm) == NULL ||
        strftime(date, 16, "%Y-%m-%d", &tm) == 0)
        strcpy(date, "?");
}

/* Sets up the referee's position and the record's start. */
static int start_position(struct game_ctx *x, struct setup_words *w)
{
    const struct match_conf *c = x->r->conf;
    long pair = x->game.opening;
    struct sbuf err = SBUF_INIT;
    int rc = opening_setup_words(c, pair, w, &err);
    if (rc == 0)
        rc = opening_set_start(x->g, w, opening_pair_seed(c->seed, pair),
                               x->st, &err);
    sbuf_free(&err);
    if (rc != 0)
        return -1;
    opening_words_text(w, &x->rec->setup);
    x->rec->from_position = w->position != NULL;
    x->g->to_string(x->st, &x->rec->start);
    return 0;
}

/* Records token, played by side. */
static void add_move(struct game_ctx *x, int side, const char *token)
{
    struct game_record *rec = x->rec;
    if (rec->nmoves++)
        sbuf_putc(&rec->moves, ' ');
    sbuf_puts(&rec->moves, token);
    sbuf_putc(&rec->sides, "WB"[side]);
    x->ply++;
}

/* Sends the start ("setup ..." or "setposition ..."), the clock and the
 * opening moves to both engines. */
static int prepare_engines(struct game_ctx *x, const struct setup_words *w,
                           const move_t *opening, int nopening)
{
    struct referee *r = x->r;
    const struct match_conf *c = r->conf;
    for (int s = 0; s < 2; s++)
        if (!ensure_engine(x, x->engine_of_side[s]))
            return -1;
    struct sbuf line = SBUF_INIT;
    opening_start_command(x->g, w, &line);
    for (int s = 0; s < 2 && !x->over && !x->cancelled; s++)
        call_ok(x, x->engine_of_side[s], sbuf_str(&line));
    for (int s = 0; s < 2 && c->time_mode == TIME_FISCHER && !x->over &&
                    !x->cancelled; s++) {
        sbuf_reset(&line);
        sbuf_printf(&line, "time_settings %g 0 0", x->tc[s].main);
        /* A '?' is tolerated: the referee's clock is what counts. */
        call(x, x->engine_of_side[s], sbuf_str(&line), REFEREE_CMD_TIMEOUT,
             END_FORFEIT, NULL);
    }
    for (int k = 0; k < nopening && !x->over && !x->cancelled; k++) {
        char token[MOVE_STR_MAX];
        int side = x->g->side_to_move(x->st);
        x->g->format_move(x->st, opening[k], token);
        sbuf_reset(&line);
        sbuf_printf(&line, "play %s %s", x->g->side_names[side], token);
        for (int s = 0; s < 2 && !x->over && !x->cancelled; s++)
            call_ok(x, x->engine_of_side[s], sbuf_str(&line));
        x->g->play(x->st, opening[k]);
        add_move(x, side, token);
    }
    sbuf_free(&line);
    return x->over || x->cancelled ? -1 : 0;
}

/* The random opening plies of the game's pair, played on a copy. */
static int opening_moves(struct game_ctx *x, move_t **out)
{
    const struct opening_suite *suite = &x->r->conf->suite;
    const struct suite_line *line =
        suite->n ? suite_line_of(suite, x->game.opening) : NULL;
    int plies = line ? line->nmoves : x->r->conf->random_plies;
    *out = malloc(sizeof **out * (size_t)(plies + 1));
    void *copy = malloc(x->g->state_size);
    int n = -1;
    if (*out && copy) {
        memcpy(copy, x->st, x->g->state_size);
        if (line)
            n = suite_moves(line, x->g, copy, *out, NULL);
        else
            n = opening_random_moves(x->g, copy,
                                     opening_pair_seed(x->r->conf->seed,
                                                       x->game.opening),
                                     plies, *out);
    }
    free(copy);
    return n;
}

/* Checks a genmove reply and plays it; false if the game ended. */
static bool accept_move(struct game_ctx *x, int i, int side, char *token)
{
    struct sbuf *rb = &x->r->reply;
    while (rb->len > 0 && strchr(" \t\n", rb->buf[rb->len - 1]))
        rb->buf[--rb->len] = '\0';
    const char *reply = sbuf_str(rb);
    size_t len = strlen(reply);
    if (len == 0 || len != rb->len || strcspn(reply, " \t\n") != len) {
        forfeit(x, i, END_FORFEIT, "sent a malformed reply to genmove: "
                "\"%.100s\"", reply);
        return false;
    }
    if (strcasecmp(reply, "resign") == 0) {
        x->rec->result = side == 0 ? GAME_WIN_SECOND : GAME_WIN_FIRST;
        x->rec->end = END_RESIGN;
        sbuf_printf(&x->rec->reason, "%s (%s) resigned", x->rec->names[i],
                    x->g->side_names[side]);
        x->over = true;
        return false;
    }
    move_t m;
    struct sbuf why = SBUF_INIT;
    if (x->g->parse_move(x->st, reply, &m, &why) != MOVE_PARSE_OK) {
        forfeit(x, i, END_FORFEIT, "played an illegal move: %.60s (%s)",
                reply,
                why.len ? sbuf_str(&why) : "not a move");
        sbuf_free(&why);
        return false;
    }
    sbuf_free(&why);
    x->g->format_move(x->st, m, token);
    x->g->play(x->st, m);
    add_move(x, side, token);
    return true;
}

/* Ends the game early when an adjudication rule applies to the position
 * after the move engine i (playing side) just made; true if it did. */
static bool adjudicate(struct game_ctx *x, int i, int side)
{
    struct referee *r = x->r;
    const struct match_conf *c = r->conf;
    struct adjudication adj;
    struct sbuf why = SBUF_INIT;
    long score = 0;
    bool have = c->resign_plies && engine_take_score(proc(x, i), &score);
    enum end_kind kind = END_AGREED;
    bool done = adjudicate_scores(&r->adj, side, have, score, x->g, &adj,
                                  &why);
    if (!done && c->solve_nodes) {
        int plies_left = c->maxplies ? (int)(c->maxplies - x->ply) : 0;
        done = adjudicate_solve(&r->adj, x->g, x->st,
                                (uint64_t)c->solve_nodes, plies_left, &adj,
                                &why) == 1;
        kind = END_SOLVED;
    }
    if (done) {
        x->rec->result = adj.result;
        x->rec->margin = adj.margin;
        x->rec->end = kind;
        sbuf_reset(&x->rec->reason);
        sbuf_putn(&x->rec->reason, sbuf_str(&why), why.len);
        x->over = true;
    }
    sbuf_free(&why);
    return done;
}

/* One ply: time_left, genmove, validation, play to the opponent. */
static void one_ply(struct game_ctx *x)
{
    const struct match_conf *c = x->r->conf;
    int side = x->g->side_to_move(x->st);
    int i = x->engine_of_side[side];
    const char *color = x->g->side_names[side];
    char line[MOVE_STR_MAX + 64];
    if (c->time_mode == TIME_FISCHER) {
        snprintf(line, sizeof line, "time_left %s %.3f 0", color,
                 x->clock[side]);
        if (call(x, i, line, REFEREE_CMD_TIMEOUT, END_FORFEIT, NULL) >=
            CALL_FAULT)
            return;
    }
    double limit = options_move_limit(c, x->clock[side]);
    double used;
    long stale;
    engine_take_score(proc(x, i), &stale);   /* from before this move */
    snprintf(line, sizeof line, "genmove %s", color);
    enum call_result cr = call(x, i, line, limit, END_TIME, &used);
    if (cr == CALL_REFUSED)
        forfeit(x, i, END_FORFEIT, "refused genmove: %.100s",
                sbuf_str(&x->r->reply));
    if (cr != CALL_OK)
        return;
    if (c->time_mode == TIME_FISCHER) {
        double left = x->clock[side] - used;
        x->clock[side] = (left > 0 ? left : 0) + x->tc[side].inc;
    }
    char token[MOVE_STR_MAX];
    if (!accept_move(x, i, side, token))
        return;
    if (x->g->outcome(x->st, NULL) != GAME_ONGOING ||
        (c->maxplies && x->ply >= c->maxplies) || adjudicate(x, i, side))
        return;                  /* no need to tell the opponent */
    snprintf(line, sizeof line, "play %s %s", color, token);
    call_ok(x, x->engine_of_side[1 - side], line);
}

/* Fills the result of a game the rules or the ply limit ended. */
static void natural_end(struct game_ctx *x)
{
    struct game_record *rec = x->rec;
    int margin = 0;
    enum game_status gs = x->g->outcome(x->st, &margin);
    if (gs == GAME_ONGOING) {
        rec->result = GAME_DRAW;
        rec->end = END_ADJUDICATED;
        sbuf_printf(&rec->reason, "draw by adjudication after %d plies",
                    x->ply);
        return;
    }
    rec->result = gs;
    rec->margin = margin;
    rec->end = END_NORMAL;
    if (gs == GAME_DRAW) {
        sbuf_puts(&rec->reason, "draw");
        return;
    }
    int winner = gs == GAME_WIN_FIRST ? 0 : 1;
    sbuf_printf(&rec->reason, "%s (%s) wins",
                rec->names[x->engine_of_side[winner]],
                x->g->side_names[winner]);
    if (x->g->score_has_margin)
        sbuf_printf(&rec->reason, " by %d", margin);
}

static void fill_header(struct game_ctx *x, long number)
{
    struct game_record *rec = x->rec;
    const struct match_conf *c = x->r->conf;
    rec->number = number;
    rec->game = x->g;
    schedule_game(c, number, &x->game);
    for (int i = 0; i < 2; i++)
        memcpy(rec->names[i], c->eng[x->game.engines[i]].name,
               MATCH_NAME_MAX);
    rec->a_side = x->game.a_side;
    rec->seed = c->seed;
    memcpy(rec->run_id, c->run_id, MATCH_RUN_MAX);
    today(rec->date);
    for (int i = 0; i < 2; i++)
        options_engine_time_text(c, x->game.engines[i], &rec->timectl[i]);
    x->engine_of_side[rec->a_side] = 0;
    x->engine_of_side[1 - rec->a_side] = 1;
    for (int s = 0; s < 2; s++) {
        int conf_index = x->game.engines[x->engine_of_side[s]];
        if (c->time_mode == TIME_FISCHER)
            x->tc[s] = options_clock(c, conf_index);
        x->clock[s] = x->tc[s].main;
    }
}

static void play_out(struct game_ctx *x)
{
    const struct match_conf *c = x->r->conf;
    struct setup_words w;
    move_t *opening = NULL;
    adjudicator_new_game(&x->r->adj);
    if (start_position(x, &w) != 0)
        return;
    int n = opening_moves(x, &opening);
    if (n >= 0) {
        x->rec->opening_plies = n;
        if (prepare_engines(x, &w, opening, n) == 0)
            while (!x->over && !x->cancelled &&
                   x->g->outcome(x->st, NULL) == GAME_ONGOING &&
                   !(c->maxplies && x->ply >= c->maxplies))
                one_ply(x);
        if (!x->over && !x->cancelled)
            natural_end(x);
        x->over = !x->cancelled;
    }
    free(opening);
}

/* Each side's clock at the end of the game, as SGF's WL and BL (time
 * left, W the first player) on the last node. */
static int record_clocks(const struct game_ctx *x)
{
    struct sbuf *node = record_node(x->rec, x->rec->nmoves);
    if (!node)
        return -1;
    static const char *const ids[2] = END_CLOCK_PROPS;
    for (int s = 0; s < 2; s++) {
        char text[32];
        snprintf(text, sizeof text, "%.3f", x->clock[s]);
        sgf_prop_add(node, ids[s], text);
    }
    return 0;
}

int referee_play(struct referee *r, long number, struct game_record *rec)
{
    struct game_ctx x = { .r = r, .rec = rec, .g = r->conf->game };
    x.st = malloc(r->conf->game->state_size);
    if (!x.st)
        return -1;
    fill_header(&x, number);
    play_out(&x);
    bool oom = x.over && r->conf->time_mode == TIME_FISCHER &&
               record_clocks(&x) != 0;
    free(x.st);
    if (x.cancelled) {
        engine_kill(proc(&x, 0));
        engine_kill(proc(&x, 1));
        return 1;
    }
    if (r->conf->restart)
        for (int i = 0; i < 2; i++)
            engine_stop(proc(&x, i), QUIT_WAIT);
    return !x.over || oom || record_oom(rec) ? -1 : 0;
}
