/* cmd_sgf.c -- loadsgf and printsgf: the game as an SGF record in the
 * format triad-match writes (src/record/sgf.c, doc/triad-match.md), so
 * that GUIs can save and load games and replay tournament records. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record/record.h"
#include "record/sgf.h"
#include "proto/commands.h"

/* Largest SGF file loadsgf reads. */
#define SGF_MAX_BYTES (4 << 20)

static int read_file(const char *path, struct sbuf *out, struct sbuf *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        sbuf_printf(err, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0 && out->len <= SGF_MAX_BYTES)
        sbuf_putn(out, buf, n);
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad || out->len > SGF_MAX_BYTES) {
        sbuf_printf(err, "cannot read %s: %s", path,
                    bad ? "read error" : "larger than 4 MiB");
        return -1;
    }
    return 0;
}

/* Replays the record's moves from its start on a scratch position, so
 * that a bad record is refused before the engine changes. */
static int check_record(const struct game_record *r, struct sbuf *err)
{
    const struct game_ops *g = r->game;
    unsigned char *pos = malloc(g->state_size);
    if (!pos) {
        sbuf_puts(err, "out of memory");
        return -1;
    }
    int rc = 0;
    if (g->from_string(pos, sbuf_str(&r->start), err) != 0) {
        rc = -1;
    } else {
        char *moves = strdup(sbuf_str(&r->moves));
        char *save = NULL;
        for (char *tok = moves ? strtok_r(moves, " ", &save) : NULL;
             tok && rc == 0; tok = strtok_r(NULL, " ", &save)) {
            move_t m;
            struct sbuf why = SBUF_INIT;
            if (g->outcome(pos, NULL) != GAME_ONGOING ||
                g->parse_move(pos, tok, &m, &why) != MOVE_PARSE_OK) {
                sbuf_printf(err, "illegal move in the record: %s %s", tok,
                            sbuf_str(&why));
                rc = -1;
            } else {
                g->play(pos, m);
            }
            sbuf_free(&why);
        }
        if (!moves)
            rc = -1;
        free(moves);
    }
    free(pos);
    return rc;
}

/* Arguments: FILE.  Fails: unreadable file, malformed record, a move that
 * is not legal (nothing changes then).  Returns: nothing; the game of the
 * record is set up from its start (XSTART) with its moves played (the
 * main line of a tree with variations), and a resignation (XEND[resign])
 * is repeated. */
enum gtp_status cmd_loadsgf(struct gtp_frontend *f, int argc, char **argv,
                            struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    struct sbuf text = SBUF_INIT;
    struct sbuf err = SBUF_INIT;
    struct game_record r;
    record_init(&r);
    size_t at = 0;
    enum gtp_status st = GTP_FAIL;
    if (read_file(argv[0], &text, &err) != 0) {
        sbuf_puts(out, sbuf_str(&err));
    } else if (sgf_read(sbuf_str(&text), text.len, &at, &r, &err) != 1) {
        sbuf_printf(out, "syntax error: %s: %s", argv[0],
                    err.len ? sbuf_str(&err) : "no game in the file");
    } else if (check_record(&r, &err) != 0 ||
               engine_setposition(e, sbuf_str(&r.start), &err) != 0) {
        sbuf_printf(out, "syntax error: %s: %s", argv[0], sbuf_str(&err));
    } else {
        st = GTP_OK;
        char *moves = strdup(sbuf_str(&r.moves));
        char *save = NULL;
        for (char *tok = moves ? strtok_r(moves, " ", &save) : NULL;
             tok && st == GTP_OK; tok = strtok_r(NULL, " ", &save)) {
            move_t m;
            sbuf_reset(&err);
            if (e->game->parse_move(engine_position(e), tok, &m, &err) !=
                    MOVE_PARSE_OK || engine_play(e, m) != 0)
                st = GTP_FAIL;      /* checked above: only memory */
        }
        if (!moves || st != GTP_OK) {
            sbuf_puts(out, "out of memory");
            st = GTP_FAIL;
        } else if (r.end == END_RESIGN && r.result != GAME_DRAW &&
                   r.result != GAME_ONGOING &&
                   engine_outcome(e, NULL) == GAME_ONGOING) {
            engine_resign(e, r.result == GAME_WIN_FIRST ? 1 : 0);
        }
        free(moves);
    }
    record_free(&r);
    sbuf_free(&err);
    sbuf_free(&text);
    return st;
}

/* Fills r from the engine: the start position, the moves, who made
 * them and the result so far. */
static void record_of_game(const struct engine *e, struct game_record *r)
{
    const struct game_ops *g = e->game;
    r->game = g;
    for (int i = 0; i < 2; i++)
        snprintf(r->names[i], sizeof r->names[i], "%s", g->side_names[i]);
    r->seed = e->opt.seed;
    int margin = 0;
    r->result = engine_outcome(e, &margin);
    r->margin = margin;
    bool rules_ended = e->game->outcome(engine_position(e), NULL) !=
                       GAME_ONGOING;
    r->end = e->resigned ? END_RESIGN
           : r->result != GAME_ONGOING && !rules_ended ? END_ADJUDICATED
           : END_NORMAL;
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(r->date, sizeof r->date, "%Y-%m-%d", &tm);
    /* The engine keeps the start as a position, not as setup words: the
     * record says so, and triad-match --merge replays it from XSTART. */
    g->to_string(engine_position_at(e, 0), &r->start);
    r->from_position = true;
    for (int k = 0; k < e->nply; k++) {
        const void *pos = engine_position_at(e, k);
        char text[MOVE_STR_MAX];
        g->format_move(pos, e->moves[k], text);
        sbuf_printf(&r->moves, "%s%s", k ? " " : "", text);
        sbuf_putc(&r->sides, "WB"[g->side_to_move(pos)]);
    }
    r->nmoves = e->nply;
    for (int i = 0; i < 2; i++)        /* the engine played both sides */
        sbuf_printf(&r->timectl[i], "movetime %g", e->opt.movetime);
    if (r->result == GAME_ONGOING)
        sbuf_puts(&r->reason, "game in progress");
    else
        cmd_format_result(e, r->result, margin, &r->reason);
}

/* Arguments: none.  Returns: the game so far as an SGF record (multi-line,
 * starting on the line after "= "); RE is "?" while the game goes on. */
enum gtp_status cmd_printsgf(struct gtp_frontend *f, int argc, char **argv,
                             struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    (void)argv;
    struct game_record r;
    record_init(&r);
    record_of_game(e, &r);
    sbuf_putc(out, '\n');
    sgf_write(&r, PACKAGE_NAME " " PACKAGE_VERSION, out);
    bool oom = record_oom(&r);
    record_free(&r);
    if (oom) {
        sbuf_reset(out);
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    return GTP_OK;
}
