/* cmd_game.c -- commands that set up, change and describe the game. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/args.h"
#include "games/games.h"
#include "proto/commands.h"
#include "search/perft.h"

/* Deepest perft the engine accepts (each level multiplies the work). */
#define PERFT_MAX_DEPTH 32

void cmd_format_result(const struct session *s, enum game_status st,
                       int margin, struct sbuf *out)
{
    if (st == GAME_DRAW || st == GAME_ONGOING) {
        sbuf_puts(out, "0");
        return;
    }
    sbuf_putc(out, st == GAME_WIN_FIRST ? 'W' : 'B');
    sbuf_putc(out, '+');
    if (s->resigned)
        sbuf_putc(out, 'R');
    else if (s->game->score_has_margin)
        sbuf_printf(out, "%d", margin);
}

int cmd_color_arg(const struct session *s, const char *word,
                  struct sbuf *out)
{
    int side = session_parse_color(s, word);
    if (side < 0)
        sbuf_printf(out, "syntax error: invalid color: %s", word);
    return side;
}

/* Arguments: GAME [ARG...].  Fails: unknown game, bad setup arguments.
 * Returns: nothing; a new game of GAME has started. */
enum gtp_status cmd_setup(struct session *s, int argc, char **argv,
                          struct sbuf *out)
{
    const struct game_ops *g = game_find(argv[0]);
    if (!g) {
        sbuf_printf(out, "syntax error: unknown game: %s", argv[0]);
        return GTP_FAIL;
    }
    struct sbuf why = SBUF_INIT;
    int rc = session_setup(s, g, argc - 1, argv + 1, &why);
    if (rc == SESSION_NO_MEMORY)
        sbuf_puts(out, "out of memory");
    else if (rc != 0)
        sbuf_printf(out, "syntax error: %s", sbuf_str(&why));
    sbuf_free(&why);
    return rc == 0 ? GTP_OK : GTP_FAIL;
}

/* Returns: nothing; back to the position of the last setup/setposition. */
enum gtp_status cmd_clear_board(struct session *s, int argc, char **argv,
                                struct sbuf *out)
{
    (void)argc, (void)argv, (void)out;
    session_restart(s);
    return GTP_OK;
}

/* play [COLOR] resign: COLOR (default: the side to move) gives up; either
 * side may, whoever is to move. */
static enum gtp_status play_resign(struct session *s, const char *color,
                                   struct sbuf *out)
{
    int side = color ? cmd_color_arg(s, color, out)
                     : s->game->side_to_move(session_position(s));
    if (side < 0)
        return GTP_FAIL;
    if (session_outcome(s, NULL) != GAME_ONGOING) {
        sbuf_puts(out, "illegal move: the game is over");
        return GTP_FAIL;
    }
    session_resign(s, side);
    return GTP_OK;
}

/* Arguments: [COLOR] MOVE.  Fails: invalid color, game over, not COLOR's
 * turn, malformed or illegal move.  Returns: nothing. */
enum gtp_status cmd_play(struct session *s, int argc, char **argv,
                         struct sbuf *out)
{
    const void *pos = session_position(s);
    const struct game_ops *g = s->game;
    if (strcasecmp(argv[argc - 1], "resign") == 0)
        return play_resign(s, argc == 2 ? argv[0] : NULL, out);
    if (argc == 2) {
        int side = cmd_color_arg(s, argv[0], out);
        if (side < 0)
            return GTP_FAIL;
        if (session_outcome(s, NULL) == GAME_ONGOING &&
            side != g->side_to_move(pos)) {
            sbuf_printf(out, "illegal move: it is %s's turn",
                        g->side_names[g->side_to_move(pos)]);
            return GTP_FAIL;
        }
    }
    if (session_outcome(s, NULL) != GAME_ONGOING) {
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
    if (session_play(s, m) != 0) {
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    return GTP_OK;
}

/* Fails: at the start of the game ("cannot undo").  Takes back a
 * resignation first.  Returns: nothing. */
enum gtp_status cmd_undo(struct session *s, int argc, char **argv,
                         struct sbuf *out)
{
    (void)argc, (void)argv;
    if (session_undo(s) != 0) {
        sbuf_puts(out, "cannot undo");
        return GTP_FAIL;
    }
    return GTP_OK;
}

/* Returns: a multi-line diagram, starting on the line after "= ". */
enum gtp_status cmd_showboard(struct session *s, int argc, char **argv,
                              struct sbuf *out)
{
    (void)argc, (void)argv;
    char last[MOVE_STR_MAX];
    struct show_info info = { NULL, s->nply, s->color };
    if (s->nply > 0) {
        const unsigned char *before = (const unsigned char *)
            session_position(s) - s->game->state_size;
        s->game->format_move(before, s->moves[s->nply - 1], last);
        info.last_move = last;
    }
    sbuf_putc(out, '\n');
    s->game->show(session_position(s), &info, out);
    return GTP_OK;
}

/* Fails: game not over ("cannot score").  Returns: W+n, B+n, W+, B+, 0. */
enum gtp_status cmd_final_score(struct session *s, int argc, char **argv,
                                struct sbuf *out)
{
    (void)argc, (void)argv;
    int margin = 0;
    enum game_status st = session_outcome(s, &margin);
    if (st == GAME_ONGOING) {
        sbuf_puts(out, "cannot score: the game is not over");
        return GTP_FAIL;
    }
    cmd_format_result(s, st, margin, out);
    return GTP_OK;
}

/* Returns: "playing COLOR" or "over RESULT". */
enum gtp_status cmd_game_status(struct session *s, int argc, char **argv,
                                struct sbuf *out)
{
    (void)argc, (void)argv;
    int margin = 0;
    enum game_status st = session_outcome(s, &margin);
    if (st == GAME_ONGOING) {
        int side = s->game->side_to_move(session_position(s));
        sbuf_printf(out, "playing %s", s->game->side_names[side]);
    } else {
        sbuf_puts(out, "over ");
        cmd_format_result(s, st, margin, out);
    }
    return GTP_OK;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Returns: the legal moves, canonical, sorted in byte order, one line. */
enum gtp_status cmd_legal_moves(struct session *s, int argc, char **argv,
                                struct sbuf *out)
{
    (void)argc, (void)argv;
    const struct game_ops *g = s->game;
    int n;
    const move_t *moves = session_legal_list(s, &n);
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
        g->format_move(session_position(s), moves[i], text[i]);
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
enum gtp_status cmd_history(struct session *s, int argc, char **argv,
                            struct sbuf *out)
{
    (void)argc, (void)argv;
    size_t size = s->game->state_size;
    for (int k = 0; k < s->nply; k++) {
        char text[MOVE_STR_MAX];
        s->game->format_move(s->states + size * (size_t)k, s->moves[k], text);
        sbuf_printf(out, "%s%s", k ? " " : "", text);
    }
    return GTP_OK;
}

/* Returns: the position string (doc/protocol.md, position). */
enum gtp_status cmd_position(struct session *s, int argc, char **argv,
                             struct sbuf *out)
{
    (void)argc, (void)argv;
    s->game->to_string(session_position(s), out);
    return GTP_OK;
}

/* Arguments: POSITION.  Fails: malformed or impossible position (syntax
 * error).  Returns: nothing; the game restarts from POSITION. */
enum gtp_status cmd_setposition(struct session *s, int argc, char **argv,
                                struct sbuf *out)
{
    (void)argc;
    struct sbuf why = SBUF_INIT;
    int rc = session_setposition(s, argv[0], &why);
    if (rc == SESSION_NO_MEMORY)
        sbuf_puts(out, "out of memory");
    else if (rc != 0)
        sbuf_printf(out, "syntax error: %s", sbuf_str(&why));
    sbuf_free(&why);
    return rc == 0 ? GTP_OK : GTP_FAIL;
}

/* Arguments: DEPTH (0..32); SIGINT interrupts a long count.  Fails: bad depth, interrupted, no memory.
 * Returns: the number of move sequences of exactly DEPTH moves. */
enum gtp_status cmd_perft(struct session *s, int argc, char **argv,
                          struct sbuf *out)
{
    (void)argc;
    long depth;
    if (args_long(argv[0], 0, PERFT_MAX_DEPTH, &depth) != 0) {
        sbuf_printf(out, "syntax error: depth must be 0 to %d",
                    PERFT_MAX_DEPTH);
        return GTP_FAIL;
    }
    /* perft counts by the rules alone: the maxplies adjudication, an
     * engine option, does not cut it short.  Its buffers (max_moves per
     * ply: 620 KiB a ply in Truchet) are kept for the next count. */
    if (!perft_fits(s->perft, s->game, (int)depth, s->stop)) {
        struct perft_ctx *p = perft_new(s->game, (int)depth, s->stop);
        if (!p) {
            sbuf_puts(out, "out of memory");
            return GTP_FAIL;
        }
        perft_free(s->perft);
        s->perft = p;
    }
    int64_t n = perft_run(s->perft, session_position(s), (int)depth);
    if (n < 0) {
        sbuf_puts(out, "perft interrupted");
        return GTP_FAIL;
    }
    sbuf_printf(out, "%lld", (long long)n);
    return GTP_OK;
}
