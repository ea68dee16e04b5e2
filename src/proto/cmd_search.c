/* cmd_search.c -- commands that think: genmove, analyze, solve, bench,
 * and the clock commands that feed the time manager. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/rng.h"
#include "games/games.h"
#include "proto/args.h"
#include "proto/commands.h"
#include "search/search.h"

/* bench: positions per game, plies between them, node budget, table. */
#define BENCH_POSITIONS 4
#define BENCH_PLY_STEP 12
#define BENCH_DEFAULT_NODES 200000
#define BENCH_HASH_MB 16
#define BENCH_SEED 20261122

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Moves the side to move can still expect to play, for the clock. */
static int expected_moves_left(const struct session *s)
{
    int total = s->game->max_game_plies;
    int left = total ? (total * 2 / 3 - s->nply) / 2 : 40;
    return left < 10 ? 10 : left;
}

static struct search_limits session_limits(const struct session *s,
                                           double seconds)
{
    return (struct search_limits){
        .seconds = seconds,
        .max_nodes = s->opt.maxnodes,
        .threads = s->opt.threads,
        .seed = s->opt.seed ^ (uint64_t)s->nply,
        .plies_left = s->opt.maxplies ? s->opt.maxplies - s->nply : 0,
        .method = (enum search_method)s->opt.method,
        .stop = s->stop,
        .progress = s->quiet ? NULL : s->log,
    };
}

/* True if m is among the legal moves of the current position. */
static bool is_legal(const struct session *s, move_t m)
{
    move_t *moves = malloc(sizeof *moves * (size_t)s->game->max_moves);
    if (!moves)
        return false;
    int n = session_legal_moves(s, moves);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = moves[i] == m;
    free(moves);
    return found;
}

/* The common part of genmove and reg_genmove: checks, searches within the
 * clock, and puts the chosen (verified legal) move in *m. */
static enum gtp_status choose_move(struct session *s, const char *color,
                                   move_t *m, struct sbuf *out)
{
    int side = cmd_color_arg(s, color, out);
    if (side < 0)
        return GTP_FAIL;
    if (session_outcome(s, NULL) != GAME_ONGOING) {
        sbuf_puts(out, "the game is over");
        return GTP_FAIL;
    }
    const struct game_ops *g = s->game;
    if (side != g->side_to_move(session_position(s))) {
        sbuf_printf(out, "illegal move: it is %s's turn",
                    g->side_names[g->side_to_move(session_position(s))]);
        return GTP_FAIL;
    }
    struct search *sr = session_searcher(s);
    if (!sr) {
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    double start = now_seconds();
    double budget = clock_budget(&s->clock, side, s->opt.movetime,
                                 expected_moves_left(s));
    struct search_limits lim = session_limits(s, budget);
    struct search_result r;
    if (search_run(sr, session_position(s), &lim, &r) != 0 ||
        !is_legal(s, r.best)) {
        sbuf_puts(out, "internal error: the search found no legal move");
        return GTP_FAIL;
    }
    clock_spend(&s->clock, side, now_seconds() - start);
    *m = r.best;
    return GTP_OK;
}

static void append_move(const struct session *s, move_t m, struct sbuf *out)
{
    char text[MOVE_STR_MAX];
    s->game->format_move(session_position(s), m, text);
    sbuf_puts(out, text);
}

/* Arguments: COLOR.  Fails: invalid color, game over, not COLOR's turn.
 * Returns: the move played, canonical. */
enum gtp_status cmd_genmove(struct session *s, int argc, char **argv,
                            struct sbuf *out)
{
    (void)argc;
    move_t m;
    if (choose_move(s, argv[0], &m, out) != GTP_OK)
        return GTP_FAIL;
    append_move(s, m, out);
    if (session_play(s, m) != 0) {
        sbuf_reset(out);
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    return GTP_OK;
}

/* Arguments: COLOR.  As genmove, but the move is not played. */
enum gtp_status cmd_reg_genmove(struct session *s, int argc, char **argv,
                                struct sbuf *out)
{
    (void)argc;
    move_t m;
    if (choose_move(s, argv[0], &m, out) != GTP_OK)
        return GTP_FAIL;
    append_move(s, m, out);
    return GTP_OK;
}

/* Appends the principal variation of r, replayed on copies. */
static void append_pv(const struct session *s, const struct search_result *r,
                      struct sbuf *out)
{
    const struct game_ops *g = s->game;
    unsigned char *pos = malloc(g->state_size);
    if (!pos)
        return;
    memcpy(pos, session_position(s), g->state_size);
    sbuf_puts(out, " pv");
    for (int i = 0; i < r->pv_len; i++) {
        char text[MOVE_STR_MAX];
        g->format_move(pos, r->pv[i], text);
        sbuf_printf(out, " %s", text);
        g->play(pos, r->pv[i]);
    }
    free(pos);
}

/* Parses the optional SECONDS argument of analyze and solve. */
static int seconds_arg(int argc, char **argv, double fallback, double *t,
                       struct sbuf *out)
{
    *t = fallback;
    if (argc == 1 && args_double(argv[0], 0.001, 86400, t) != 0) {
        sbuf_printf(out, "syntax error: bad number of seconds: %s", argv[0]);
        return -1;
    }
    return 0;
}

/* Arguments: [SECONDS] (default: movetime).  Fails: game over.
 * Returns: "best MOVE score S depth D nodes N nps X time MS pv ...". */
enum gtp_status cmd_analyze(struct session *s, int argc, char **argv,
                            struct sbuf *out)
{
    double seconds;
    if (seconds_arg(argc, argv, s->opt.movetime, &seconds, out) != 0)
        return GTP_FAIL;
    if (session_outcome(s, NULL) != GAME_ONGOING) {
        sbuf_puts(out, "the game is over");
        return GTP_FAIL;
    }
    struct search *sr = session_searcher(s);
    struct search_result r;
    struct search_limits lim = session_limits(s, seconds);
    if (!sr || search_run(sr, session_position(s), &lim, &r) != 0) {
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    sbuf_puts(out, "best ");
    append_move(s, r.best, out);
    double secs = r.seconds > 1e-6 ? r.seconds : 1e-6;
    sbuf_printf(out, " score %d depth %d nodes %llu nps %.0f time %.0f",
                r.score, r.depth, (unsigned long long)r.nodes,
                (double)r.nodes / secs, r.seconds * 1000);
    append_pv(s, &r, out);
    return GTP_OK;
}

/* Arguments: [SECONDS] (default 10).  Fails: game over.  Returns: the
 * game value as final_score prints it plus a best move, e.g. "W+1 b2", or
 * "unknown" when the limits did not allow a proof. */
enum gtp_status cmd_solve(struct session *s, int argc, char **argv,
                          struct sbuf *out)
{
    double seconds;
    if (seconds_arg(argc, argv, 10.0, &seconds, out) != 0)
        return GTP_FAIL;
    if (session_outcome(s, NULL) != GAME_ONGOING) {
        sbuf_puts(out, "the game is over");
        return GTP_FAIL;
    }
    struct search *sr = session_searcher(s);
    struct search_result r;
    struct search_limits lim = session_limits(s, seconds);
    if (!sr || search_solve(sr, session_position(s), &lim, &r) != 0) {
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    if (!r.proven) {
        sbuf_printf(out, "unknown (nodes %llu, %.1f s)",
                    (unsigned long long)r.nodes, r.seconds);
        return GTP_OK;
    }
    int side = s->game->side_to_move(session_position(s));
    int first_margin = side == 0 ? r.margin : -r.margin;
    enum game_status st = first_margin > 0 ? GAME_WIN_FIRST
                        : first_margin < 0 ? GAME_WIN_SECOND : GAME_DRAW;
    cmd_format_result(s, st, abs(first_margin), out);
    sbuf_putc(out, ' ');
    append_move(s, r.best, out);
    return GTP_OK;
}

/* Benchmarks one game: BENCH_POSITIONS positions BENCH_PLY_STEP plies
 * apart along a seeded random game.  Adds to *nodes and *seconds. */
static int bench_game(const struct game_ops *g, uint64_t max_nodes,
                      uint64_t *nodes, double *seconds)
{
    unsigned char *pos = malloc(g->state_size);
    move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    struct search *sr = search_new(g, BENCH_HASH_MB);
    struct sbuf err = SBUF_INIT;
    int rc = -1;
    if (!pos || !moves || !sr || g->setup(pos, 0, NULL, BENCH_SEED, &err))
        goto done;
    struct rng rng;
    rng_seed(&rng, BENCH_SEED);
    for (int k = 0; k < BENCH_POSITIONS; k++) {
        struct search_limits lim = {
            .max_nodes = max_nodes, .threads = 1, .seed = BENCH_SEED,
        };
        struct search_result r;
        search_clear(sr);
        if (search_run(sr, pos, &lim, &r) != 0)
            break;
        *nodes += r.nodes;
        *seconds += r.seconds;
        for (int i = 0; i < BENCH_PLY_STEP; i++) {
            int n = g->gen_moves(pos, moves);
            if (n == 0)
                break;
            g->play(pos, moves[rng_below(&rng, (uint64_t)n)]);
        }
    }
    rc = 0;
done:
    sbuf_free(&err);
    search_free(sr);
    free(moves);
    free(pos);
    return rc;
}

/* Arguments: [NODES] per position (default 200000).  Returns: one line
 * per game and a total line "total nodes N time S nps X"; the node total
 * is a signature of the search's behaviour. */
enum gtp_status cmd_bench(struct session *s, int argc, char **argv,
                          struct sbuf *out)
{
    (void)s;
    uint64_t max_nodes = BENCH_DEFAULT_NODES;
    if (argc == 1 && (args_u64(argv[0], &max_nodes) != 0 || max_nodes == 0)) {
        sbuf_printf(out, "syntax error: bad node count: %s", argv[0]);
        return GTP_FAIL;
    }
    uint64_t total_nodes = 0;
    double total_time = 0;
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        uint64_t nodes = 0;
        double secs = 0;
        if (bench_game(g, max_nodes, &nodes, &secs) != 0) {
            sbuf_reset(out);
            sbuf_printf(out, "out of memory in %s", g->name);
            return GTP_FAIL;
        }
        sbuf_printf(out, "\n%-11s nodes %llu time %.3f nps %.0f", g->name,
                    (unsigned long long)nodes, secs,
                    (double)nodes / (secs > 1e-6 ? secs : 1e-6));
        total_nodes += nodes;
        total_time += secs;
    }
    sbuf_printf(out, "\ntotal nodes %llu time %.3f nps %.0f",
                (unsigned long long)total_nodes, total_time,
                (double)total_nodes / (total_time > 1e-6 ? total_time : 1e-6));
    return GTP_OK;
}

/* Arguments: MAIN BYO STONES (seconds, seconds, count).  Fails: negative
 * or malformed numbers.  Returns: nothing. */
enum gtp_status cmd_time_settings(struct session *s, int argc, char **argv,
                                  struct sbuf *out)
{
    (void)argc;
    double main_time, byo;
    long stones;
    if (args_double(argv[0], 0, 1e9, &main_time) != 0 ||
        args_double(argv[1], 0, 1e9, &byo) != 0 ||
        args_long(argv[2], 0, 1000000, &stones) != 0) {
        sbuf_puts(out, "syntax error: usage: time_settings MAIN BYO STONES");
        return GTP_FAIL;
    }
    clock_settings(&s->clock, main_time, byo, (int)stones);
    return GTP_OK;
}

/* Arguments: COLOR SECONDS STONES.  Fails: invalid color or numbers.
 * Returns: nothing. */
enum gtp_status cmd_time_left(struct session *s, int argc, char **argv,
                              struct sbuf *out)
{
    (void)argc;
    int side = cmd_color_arg(s, argv[0], out);
    if (side < 0)
        return GTP_FAIL;
    double seconds;
    long stones;
    if (args_double(argv[1], 0, 1e9, &seconds) != 0 ||
        args_long(argv[2], 0, 1000000, &stones) != 0) {
        sbuf_puts(out, "syntax error: usage: time_left COLOR SECONDS STONES");
        return GTP_FAIL;
    }
    clock_left(&s->clock, side, seconds, (int)stones);
    return GTP_OK;
}
