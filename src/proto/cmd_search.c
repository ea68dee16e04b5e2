/* cmd_search.c -- commands that think: genmove, analyze, solve, bench,
 * and the clock commands that feed the time manager. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/args.h"
#include "core/clock.h"
#include "games/games.h"
#include "proto/commands.h"
#include "search/bench.h"
#include "search/search.h"

/* The least time an analysis is given (0 would mean no limit). */
#define MIN_SEARCH_SECONDS 0.001

/* The common part of genmove and reg_genmove: the colour, then the
 * engine's choice (engine_choose_move) in *m, with the side in *side and
 * the time it took in *spent. */
static enum gtp_status choose_move(struct engine *e, const char *color,
                                   move_t *m, int *side_out, double *spent,
                                   struct sbuf *out)
{
    int side = cmd_color_arg(e, color, out);
    if (side < 0)
        return GTP_FAIL;
    int rc = engine_choose_move(e, side, m, spent);
    if (rc != 0) {
        cmd_engine_error(e, rc, out);
        return GTP_FAIL;
    }
    *side_out = side;
    return GTP_OK;
}

static void append_move(const struct engine *e, move_t m, struct sbuf *out)
{
    char text[MOVE_STR_MAX];
    e->game->format_move(engine_position(e), m, text);
    sbuf_puts(out, text);
}

/* Arguments: COLOR.  Fails: invalid color, game over, not COLOR's turn.
 * Returns: the move played, canonical. */
enum gtp_status cmd_genmove(struct gtp_frontend *f, int argc, char **argv,
                            struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    move_t m;
    int side;
    double spent;
    if (choose_move(e, argv[0], &m, &side, &spent, out) != GTP_OK)
        return GTP_FAIL;
    /* Reply text first, then the move, then the clock: whatever fails
     * for lack of memory, nothing has changed (the dispatcher turns a
     * failed append into "out of memory"). */
    append_move(e, m, out);
    if (out->oom)
        return GTP_FAIL;
    if (engine_play(e, m) != 0) {
        sbuf_reset(out);
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    engine_charge(e, side, spent);
    return GTP_OK;
}

/* Arguments: COLOR.  As genmove, but nothing changes: the move is not
 * played and the clock not charged (GTP: "effects: none").  Returns: the
 * move, canonical. */
enum gtp_status cmd_reg_genmove(struct gtp_frontend *f, int argc,
                                char **argv, struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    move_t m;
    int side;
    double spent;
    if (choose_move(e, argv[0], &m, &side, &spent, out) != GTP_OK)
        return GTP_FAIL;
    append_move(e, m, out);
    return GTP_OK;
}

/* Appends the principal variation of r, replayed on copies. */
static void append_pv(const struct engine *e, const struct search_result *r,
                      struct sbuf *out)
{
    const struct game_ops *g = e->game;
    unsigned char *pos = malloc(g->state_size);
    if (!pos)
        return;
    memcpy(pos, engine_position(e), g->state_size);
    sbuf_puts(out, " pv");
    for (int i = 0; i < r->pv_len; i++) {
        char text[MOVE_STR_MAX];
        g->format_move(pos, r->pv[i], text);
        sbuf_printf(out, " %s", text);
        g->play(pos, r->pv[i]);
    }
    free(pos);
}

/* The analyze line (commands.h). */
void cmd_format_analysis(const struct engine *e,
                         const struct search_result *r, uint64_t nodes,
                         double seconds, struct sbuf *out)
{
    sbuf_puts(out, "best ");
    append_move(e, r->best, out);
    double secs = seconds > 1e-6 ? seconds : 1e-6;
    sbuf_printf(out, " score %d depth %d nodes %llu nps %.0f time %.0f",
                r->score, r->depth, (unsigned long long)nodes,
                (double)nodes / secs, seconds * 1000);
    append_pv(e, r, out);
}

/* The common part of analyze, analyze_stream and solve (commands.h). */
int cmd_analysis_limits(const struct engine *e, int argc, char **argv,
                        double fallback, struct search_limits *lim,
                        struct sbuf *out)
{
    double seconds = fallback;
    if (argc == 1 && args_double(argv[0], 0.001, 86400, &seconds) != 0) {
        sbuf_printf(out, "syntax error: bad number of seconds: %s", argv[0]);
        return -1;
    }
    if (seconds < MIN_SEARCH_SECONDS)     /* movetime 0: 0 means no limit */
        seconds = MIN_SEARCH_SECONDS;
    *lim = engine_search_limits(e, seconds);
    return 0;
}

/* Arguments: [SECONDS] (default: movetime).  Fails: game over.
 * Returns: "best MOVE score S depth D nodes N nps X time MS pv ...". */
enum gtp_status cmd_analyze(struct gtp_frontend *f, int argc, char **argv,
                            struct sbuf *out)
{
    struct engine *e = f->engine;
    struct search_limits lim;
    struct search_result r;
    if (cmd_analysis_limits(e, argc, argv, e->opt.movetime, &lim, out) != 0)
        return GTP_FAIL;
    int rc = engine_search(e, &lim, &r);
    if (rc != 0) {
        cmd_engine_error(e, rc, out);
        return GTP_FAIL;
    }
    cmd_format_analysis(e, &r, r.nodes, r.seconds, out);
    return GTP_OK;
}

/* Arguments: [SECONDS] (default 10).  Fails: game over.  Returns: the
 * game value as final_score prints it plus a best move, e.g. "W+1 b2", or
 * "unknown" when the limits did not allow a proof. */
enum gtp_status cmd_solve(struct gtp_frontend *f, int argc, char **argv,
                          struct sbuf *out)
{
    struct engine *e = f->engine;
    struct search_limits lim;
    struct search_result r;
    if (cmd_analysis_limits(e, argc, argv, 10.0, &lim, out) != 0)
        return GTP_FAIL;
    int rc = engine_solve(e, &lim, &r);
    if (rc != 0) {
        cmd_engine_error(e, rc, out);
        return GTP_FAIL;
    }
    if (!r.proven) {
        sbuf_printf(out, "unknown (nodes %llu, %.1f s)",
                    (unsigned long long)r.nodes, r.seconds);
        return GTP_OK;
    }
    int side = e->game->side_to_move(engine_position(e));
    int first_margin = side == 0 ? r.margin : -r.margin;
    enum game_status st = first_margin > 0 ? GAME_WIN_FIRST
                        : first_margin < 0 ? GAME_WIN_SECOND : GAME_DRAW;
    cmd_format_result(e, st, abs(first_margin), out);
    sbuf_putc(out, ' ');
    append_move(e, r.best, out);
    return GTP_OK;
}

static void bench_line(struct sbuf *out, const char *label, const char *unit,
                       uint64_t count, double secs)
{
    sbuf_printf(out, "\n%-11s %s %llu time %.3f %s/s %.0f", label, unit,
                (unsigned long long)count, secs, unit,
                (double)count / (secs > 1e-6 ? secs : 1e-6));
}

/* Arguments: [perft] [NODES].  Fails: bad node count, interrupted perft.
 * Returns: one line per game and a total line.  "bench [NODES]" searches
 * each game's fixed positions with NODES nodes (default 200000): the node
 * total is a signature of the search's behaviour.  "bench perft" counts
 * the same positions to fixed depths: leaves per second measure the move
 * generators. */
enum gtp_status cmd_bench(struct gtp_frontend *f, int argc, char **argv,
                          struct sbuf *out)
{
    struct engine *e = f->engine;
    bool perft = argc > 0 && strcmp(argv[0], "perft") == 0;
    uint64_t max_nodes = BENCH_DEFAULT_NODES;
    if (perft ? argc > 1 :
        argc > 1 || (argc == 1 && (args_u64(argv[0], &max_nodes) != 0 ||
                                   max_nodes == 0))) {
        sbuf_puts(out, "syntax error: usage: bench [NODES | perft]");
        return GTP_FAIL;
    }
    const char *unit = perft ? "leaves" : "nodes";
    uint64_t signature = 0;
    uint64_t total = 0;
    double total_time = 0;
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        uint64_t count = 0;
        double secs = 0;
        int rc = perft ? bench_perft(g, e->stop, &count, &secs)
                       : bench_search(g, max_nodes, e->stop, &count, &secs,
                                      &signature);
        if (rc != 0) {
            sbuf_reset(out);
            sbuf_printf(out, "bench stopped in %s (interrupted or out of "
                        "memory)", g->name);
            return GTP_FAIL;
        }
        bench_line(out, g->name, unit, count, secs);
        total += count;
        total_time += secs;
    }
    bench_line(out, "total", unit, total, total_time);
    if (!perft)
        sbuf_printf(out, "\nsignature %016llx",
                    (unsigned long long)signature);
    return GTP_OK;
}

/* Arguments: MAIN BYO STONES (seconds, seconds, count).  Fails: negative
 * or malformed numbers.  Returns: nothing. */
enum gtp_status cmd_time_settings(struct gtp_frontend *f, int argc, char **argv,
                                  struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    double main_time, byo;
    long stones;
    if (args_double(argv[0], 0, 1e9, &main_time) != 0 ||
        args_double(argv[1], 0, 1e9, &byo) != 0 ||
        args_long(argv[2], 0, 1000000, &stones) != 0) {
        sbuf_puts(out, "syntax error: usage: time_settings MAIN BYO STONES");
        return GTP_FAIL;
    }
    time_control_set(&e->time_control, main_time, byo, (int)stones);
    return GTP_OK;
}

/* Arguments: COLOR SECONDS STONES.  Fails: invalid color or numbers.
 * Returns: nothing. */
enum gtp_status cmd_time_left(struct gtp_frontend *f, int argc, char **argv,
                              struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    int side = cmd_color_arg(e, argv[0], out);
    if (side < 0)
        return GTP_FAIL;
    double seconds;
    long stones;
    if (args_double(argv[1], 0, 1e9, &seconds) != 0 ||
        args_long(argv[2], 0, 1000000, &stones) != 0) {
        sbuf_puts(out, "syntax error: usage: time_left COLOR SECONDS STONES");
        return GTP_FAIL;
    }
    time_control_left(&e->time_control, side, seconds, (int)stones);
    return GTP_OK;
}
