/* cmd_game.c -- commands that set up, change and describe the game. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/args.h"
#include "games/games.h"
#include "proto/commands.h"

/* Deepest perft the engine accepts (each level multiplies the work). */
#define PERFT_MAX_DEPTH 32

void cmd_format_result(const struct engine *e, enum game_status st,
                       int margin, struct sbuf *out)
{
    if (st == GAME_DRAW || st == GAME_ONGOING) {
        sbuf_puts(out, "0");
        return;
    }
    sbuf_putc(out, st == GAME_WIN_FIRST ? 'W' : 'B');
    sbuf_putc(out, '+');
    if (e->resigned)
        sbuf_putc(out, 'R');
    else if (e->game->score_has_margin)
        sbuf_printf(out, "%d", margin);
}

int cmd_color_arg(const struct engine *e, const char *word,
                  struct sbuf *out)
{
    int side = engine_parse_color(e, word);
    if (side < 0)
        sbuf_printf(out, "syntax error: invalid color: %s", word);
    return side;
}

void cmd_engine_error(const struct engine *e, int rc, struct sbuf *out)
{
    const struct game_ops *g = e->game;
    switch (rc) {
    case ENGINE_GAME_OVER:
        sbuf_puts(out, "the game is over");
        break;
    case ENGINE_NOT_TURN:
        sbuf_printf(out, "illegal move: it is %s's turn",
                    g->side_names[g->side_to_move(engine_position(e))]);
        break;
    case ENGINE_NO_MEMORY:
        sbuf_puts(out, "out of memory");
        break;
    case ENGINE_STOPPED:
        sbuf_puts(out, "interrupted");
        break;
    default:
        sbuf_puts(out, "internal error: the search found no legal move");
        break;
    }
}

/* Arguments: GAME [ARG...].  Fails: unknown game, bad setup arguments.
 * Returns: nothing; a new game of GAME has started. */
enum gtp_status cmd_setup(struct gtp_frontend *f, int argc, char **argv,
                          struct sbuf *out)
{
    struct engine *e = f->engine;
    const struct game_ops *g = game_find(argv[0]);
    if (!g) {
        sbuf_printf(out, "syntax error: unknown game: %s", argv[0]);
        return GTP_FAIL;
    }
    struct sbuf why = SBUF_INIT;
    int rc = engine_setup(e, g, argc - 1, argv + 1, &why);
    if (rc == ENGINE_NO_MEMORY)
        sbuf_puts(out, "out of memory");
    else if (rc != 0)
        sbuf_printf(out, "syntax error: %s", sbuf_str(&why));
    sbuf_free(&why);
    return rc == 0 ? GTP_OK : GTP_FAIL;
}

/* Returns: nothing; back to the position of the last setup/setposition. */
enum gtp_status cmd_clear_board(struct gtp_frontend *f, int argc, char **argv,
                                struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv, (void)out;
    engine_restart(e);
    return GTP_OK;
}

/* play [COLOR] resign: COLOR (default: the side to move) gives up; either
 * side may, whoever is to move. */
static enum gtp_status play_resign(struct engine *e, const char *color,
                                   struct sbuf *out)
{
    int side = color ? cmd_color_arg(e, color, out)
                     : e->game->side_to_move(engine_position(e));
    if (side < 0)
        return GTP_FAIL;
    if (engine_outcome(e, NULL) != GAME_ONGOING) {
        sbuf_puts(out, "illegal move: the game is over");
        return GTP_FAIL;
    }
    engine_resign(e, side);
    return GTP_OK;
}

/* Arguments: [COLOR] MOVE.  Fails: invalid color, game over, not COLOR's
 * turn, malformed or illegal move.  Returns: nothing. */
enum gtp_status cmd_play(struct gtp_frontend *f, int argc, char **argv,
                         struct sbuf *out)
{
    struct engine *e = f->engine;
    const void *pos = engine_position(e);
    const struct game_ops *g = e->game;
    if (strcasecmp(argv[argc - 1], "resign") == 0)
        return play_resign(e, argc == 2 ? argv[0] : NULL, out);
    if (argc == 2) {
        int side = cmd_color_arg(e, argv[0], out);
        if (side < 0)
            return GTP_FAIL;
        if (engine_outcome(e, NULL) == GAME_ONGOING &&
            side != g->side_to_move(pos)) {
            sbuf_printf(out, "illegal move: it is %s's turn",
                        g->side_names[g->side_to_move(pos)]);
            return GTP_FAIL;
        }
    }
    if (engine_outcome(e, NULL) != GAME_ONGOING) {
        sbuf_puts(out, "illegal move: the game is over");
        return GTP_FAIL;
    }
    move_t m;
    struct sbuf why = SBUF_INIT;
    enum move_parse rc = g->parse_move(pos, argv[argc - 1], &m, &why);
    if (rc != MOVE_PARSE_OK) {
        sbuf_printf(out, "illegal move: %s", argv[argc - 1]);
        if (why.len)
            sbuf_printf(out, ": %s", sbuf_str(&why));
        sbuf_free(&why);
        return GTP_FAIL;
    }
    sbuf_free(&why);
    if (engine_play(e, m) != 0) {
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    return GTP_OK;
}

/* Fails: at the start of the game ("cannot undo").  Takes back a
 * resignation first.  Returns: nothing. */
enum gtp_status cmd_undo(struct gtp_frontend *f, int argc, char **argv,
                         struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    if (engine_undo(e) != 0) {
        sbuf_puts(out, "cannot undo");
        return GTP_FAIL;
    }
    return GTP_OK;
}

/* Returns: a multi-line diagram, starting on the line after "= ". */
enum gtp_status cmd_showboard(struct gtp_frontend *f, int argc, char **argv,
                              struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    char last[MOVE_STR_MAX];
    struct show_info info = { NULL, e->nply, f->color };
    if (e->nply > 0) {
        e->game->format_move(engine_position_at(e, e->nply - 1),
                             e->moves[e->nply - 1], last);
        info.last_move = last;
    }
    sbuf_putc(out, '\n');
    e->game->show(engine_position(e), &info, out);
    return GTP_OK;
}

/* Fails: game not over ("cannot score").  Returns: W+n, B+n, W+, B+, 0. */
enum gtp_status cmd_final_score(struct gtp_frontend *f, int argc, char **argv,
                                struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    int margin = 0;
    enum game_status st = engine_outcome(e, &margin);
    if (st == GAME_ONGOING) {
        sbuf_puts(out, "cannot score: the game is not over");
        return GTP_FAIL;
    }
    cmd_format_result(e, st, margin, out);
    return GTP_OK;
}

/* Returns: "playing COLOR" or "over RESULT". */
enum gtp_status cmd_game_status(struct gtp_frontend *f, int argc, char **argv,
                                struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    int margin = 0;
    enum game_status st = engine_outcome(e, &margin);
    if (st == GAME_ONGOING) {
        int side = e->game->side_to_move(engine_position(e));
        sbuf_printf(out, "playing %s", e->game->side_names[side]);
    } else {
        sbuf_puts(out, "over ");
        cmd_format_result(e, st, margin, out);
    }
    return GTP_OK;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Returns: the legal moves, canonical, sorted in byte order, one line. */
enum gtp_status cmd_legal_moves(struct gtp_frontend *f, int argc, char **argv,
                                struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    const struct game_ops *g = e->game;
    int n;
    const move_t *moves = engine_legal_list(e, &n);
    char (*text)[MOVE_STR_MAX] = NULL;
    char **order = NULL;
    if (n > 0) {
        text = malloc(sizeof *text * (size_t)n);
        order = malloc(sizeof *order * (size_t)n);
    }
    if (n > 0 && (!text || !order)) {
        free(text), free(order);
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    for (int i = 0; i < n; i++) {
        g->format_move(engine_position(e), moves[i], text[i]);
        order[i] = text[i];
    }
    if (n > 1)      /* order is NULL when there is no move: no qsort */
        qsort(order, (size_t)n, sizeof *order, compare_strings);
    for (int i = 0; i < n; i++) {
        if (i)
            sbuf_putc(out, ' ');
        sbuf_puts(out, order[i]);
    }
    free(text), free(order);
    return GTP_OK;
}

/* Returns: the moves since setup/setposition, canonical, space separated. */
enum gtp_status cmd_history(struct gtp_frontend *f, int argc, char **argv,
                            struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    for (int k = 0; k < e->nply; k++) {
        char text[MOVE_STR_MAX];
        e->game->format_move(engine_position_at(e, k), e->moves[k], text);
        sbuf_printf(out, "%s%s", k ? " " : "", text);
    }
    return GTP_OK;
}

/* Returns: the position string (doc/protocol.md, position). */
enum gtp_status cmd_position(struct gtp_frontend *f, int argc, char **argv,
                             struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    e->game->to_string(engine_position(e), out);
    return GTP_OK;
}

/* Arguments: POSITION.  Fails: malformed or impossible position (syntax
 * error).  Returns: nothing; the game restarts from POSITION. */
enum gtp_status cmd_setposition(struct gtp_frontend *f, int argc, char **argv,
                                struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    struct sbuf why = SBUF_INIT;
    int rc = engine_setposition(e, argv[0], &why);
    if (rc == ENGINE_NO_MEMORY)
        sbuf_puts(out, "out of memory");
    else if (rc != 0)
        sbuf_printf(out, "syntax error: %s", sbuf_str(&why));
    sbuf_free(&why);
    return rc == 0 ? GTP_OK : GTP_FAIL;
}

/* Arguments: DEPTH (0..32); SIGINT interrupts a long count.  Fails: bad depth, interrupted, no memory.
 * Returns: the number of move sequences of exactly DEPTH moves. */
enum gtp_status cmd_perft(struct gtp_frontend *f, int argc, char **argv,
                          struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    long depth;
    if (args_long(argv[0], 0, PERFT_MAX_DEPTH, &depth) != 0) {
        sbuf_printf(out, "syntax error: depth must be 0 to %d",
                    PERFT_MAX_DEPTH);
        return GTP_FAIL;
    }
    int64_t n;
    int rc = engine_perft(e, (int)depth, &n);
    if (rc != 0) {
        sbuf_puts(out, rc == ENGINE_NO_MEMORY ? "out of memory"
                                              : "perft interrupted");
        return GTP_FAIL;
    }
    sbuf_printf(out, "%lld", (long long)n);
    return GTP_OK;
}
