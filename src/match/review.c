/* review.c -- triad-match --review (see review.h).
 *
 * Every record of every file is read first (a malformed file stops the
 * run before any engine starts).  One engine in analysis mode gets one
 * request per game, all of them written while its answers are read (one
 * poll loop, so that neither side's pipe can fill up and block the other),
 * then its input is closed and it exits once every turn is answered.
 * A second run of the engine the same way analyses the positions after
 * the best moves that the games did not play (a move's loss is measured
 * from there: assess.h).
 * SIGINT, SIGTERM and SIGHUP are read through a signalfd in the same loop:
 * they kill the engine and end the run without writing anything.
 */
#include "config.h"

#include <stdio.h>

#include "match/review.h"
#include "match/tourney.h"

#ifndef HAVE_JANSSON

int review_run(const struct match_conf *c, FILE *out)
{
    (void)c;
    (void)out;
    fprintf(stderr, "triad-match: --review: this triad-match was built "
            "without jansson, the JSON library it needs to read the "
            "engine's analysis\n");
    return MATCH_EXIT_FAILURE;
}

#else

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/gtpclient.h"
#include "match/assess.h"
#include "match/merge.h"
#include "match/progress.h"
#include "record/sgf.h"

#define UNIT_MAX 32
#define ANSWER_MAX (1 << 20)        /* longest answer line read */

/* A game under review. */
struct reviewed {
    struct assess_game a;
    int file;                       /* index in the files               */
    int expected;                   /* positions asked for              */
    int answered;                   /* of them, answered                */
    char unit[UNIT_MAX];            /* what the scores count            */
    struct sbuf error;              /* the engine's refusal, if any     */
};

struct review {
    const struct match_conf *c;
    struct reviewed *g;
    int n, cap;
    long positions, done;           /* turns to analyse, answered       */
    struct progress progress;
};

/* ------------------------------------------------------------------ */
/* Reading the records                                                 */

static struct reviewed *new_game(struct review *rv)
{
    if (rv->n == rv->cap) {
        int cap = rv->cap ? rv->cap * 2 : 64;
        struct reviewed *g = realloc(rv->g, sizeof *g * (size_t)cap);
        if (!g)
            return NULL;
        rv->g = g;
        rv->cap = cap;
    }
    struct reviewed *g = &rv->g[rv->n];
    memset(g, 0, sizeof *g);
    record_init(&g->a.rec);
    sbuf_init(&g->error);
    return g;
}

/* Reads every record of file number f; 0, or -1 after saying why. */
static int load_file(struct review *rv, int f)
{
    const char *path = rv->c->merge_files[f];
    size_t len = 0;
    char *text = merge_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "triad-match: cannot read %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    struct sbuf err = SBUF_INIT;
    size_t pos = 0;
    int rc = 0, got = 1;
    for (long k = 1; rc == 0 && got > 0; k++) {
        struct reviewed *g = new_game(rv);
        if (!g) {
            sbuf_puts(&err, "out of memory");
            rc = -1;
        } else if ((got = sgf_read(text, len, &pos, &g->a.rec, &err)) <= 0) {
            record_free(&g->a.rec);
            rc = got;
        } else if (assess_init(&g->a) != 0) {
            record_free(&g->a.rec);
            sbuf_puts(&err, "out of memory");
            rc = -1;
        } else {
            g->file = f;
            g->expected = g->a.nturns;
            rv->positions += g->a.nturns;
            rv->n++;
        }
        if (rc < 0)
            fprintf(stderr, "triad-match: %s: record %ld: %s\n", path, k,
                    sbuf_str(&err));
    }
    free(text);
    sbuf_free(&err);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Talking to the engine                                               */

/* One line of analysis request for game i: with k = 0 every turn of the
 * game (id "gI"); with k >= 1 only the position after the first k - 1
 * moves and the best move there instead of move k (id "gI.K"). */
static int add_request(const struct review *rv, int i, int k,
                       struct sbuf *out)
{
    const struct assess_game *a = &rv->g[i].a;
    const struct game_record *r = &a->rec;
    char id[48];
    snprintf(id, sizeof id, k ? "g%d.%d" : "g%d", i, k);
    json_t *moves = json_array();
    json_t *req = json_object();
    const char *m = sbuf_str(&r->moves);
    for (int played = 0; moves && *m && (!k || played < k - 1); played++) {
        size_t n = strcspn(m, " ");
        json_array_append_new(moves, json_stringn(m, n));
        m += n + (m[n] == ' ');
    }
    if (moves && k)
        json_array_append_new(moves, json_string(a->turn[k - 1].best));
    if (!moves || !req) {
        json_decref(moves);
        json_decref(req);
        return -1;
    }
    json_object_set_new(req, "id", json_string(id));
    json_object_set_new(req, "position", json_string(sbuf_str(&r->start)));
    json_object_set_new(req, "moves", moves);
    if (k)
        json_object_set_new(req, "turns", json_pack("[i]", k));
    if (rv->c->review_nodes > 0)
        json_object_set_new(req, "nodes", json_integer(rv->c->review_nodes));
    else
        json_object_set_new(req, "seconds",
                            json_real(rv->c->review_seconds));
    char *text = json_dumps(req, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(req);
    if (!text)
        return -1;
    sbuf_puts(out, text);
    sbuf_putc(out, '\n');
    free(text);
    return out->oom ? -1 : 0;
}

static const char *string_of(json_t *a, const char *key)
{
    return json_string_value(json_object_get(a, key));
}

/* The side named word in game g, or -1. */
static int side_of(const struct game_ops *g, const char *word)
{
    for (int s = 0; word && s < 2; s++)
        if (strcmp(word, g->side_names[s]) == 0)
            return s;
    return -1;
}

/* Fills turn t of g from the answer a to a request for game g (alt 0) or
 * for the position of the best move instead of move alt; 0, or -1 when
 * the answer does not fit (a side or a turn that is not the request's). */
static int take_turn(struct reviewed *g, int alt, json_t *a)
{
    json_t *turn = json_object_get(a, "turn");
    json_int_t k = json_is_integer(turn) ? json_integer_value(turn) : -1;
    int side = side_of(g->a.rec.game, string_of(a, "side"));
    if (k < 0 || k >= g->a.nturns || side < 0 ||
        (alt && (k != alt || !assess_needs_best(&g->a, alt))))
        return -1;
    struct assess_turn *t = alt ? &g->a.alt[k] : &g->a.turn[k];
    if (t->known)
        return -1;
    t->known = true;
    t->side = side;
    t->over = json_is_true(json_object_get(a, "over"));
    json_t *score = json_object_get(a, "score");
    json_t *win = json_object_get(a, "win");
    t->has_score = json_is_number(score);
    t->score = t->has_score ? json_number_value(score) : 0;
    if (side == 1)
        t->score = -t->score;
    t->has_win = json_is_number(win);
    t->win = t->has_win ? json_number_value(win) : 0.5;
    if (side == 1)
        t->win = 1 - t->win;
    const char *best = string_of(a, "best");
    snprintf(t->best, sizeof t->best, "%s", best ? best : "");
    size_t i;
    json_t *move;
    json_array_foreach(json_object_get(a, "pv"), i, move) {
        if (i)
            sbuf_putc(&t->pv, ' ');
        sbuf_puts(&t->pv, json_string_value(move) ? json_string_value(move)
                                                  : "?");
    }
    t->depth = (int)json_integer_value(json_object_get(a, "depth"));
    const char *proven = string_of(a, "proven");
    snprintf(t->proven, sizeof t->proven, "%s", proven ? proven : "");
    const char *unit = string_of(a, "unit");
    if (unit && !g->unit[0])
        snprintf(g->unit, sizeof g->unit, "%s", unit);
    g->answered++;
    return 0;
}

/* One line of the engine's output; 0, or -1 with the reason in *err
 * when it is not an answer to our requests. */
static int take_line(struct review *rv, const char *line, struct sbuf *err)
{
    json_error_t jerr;
    json_t *a = json_loads(line, 0, &jerr);
    const char *id = a ? string_of(a, "id") : NULL;
    char *end = NULL;
    long i = id && id[0] == 'g' ? strtol(id + 1, &end, 10) : -1;
    long alt = 0;                   /* "gI.K": the best move's position */
    if (end && *end == '.')
        alt = isdigit((unsigned char)end[1]) ? strtol(end + 1, &end, 10) : -1;
    int rc = 0;
    if (!json_is_object(a) || !end || *end || i < 0 || i >= rv->n ||
        alt < 0 || alt >= rv->g[i].a.nturns) {
        sbuf_printf(err, "the engine's analysis mode answered \"%.200s\"",
                    line);
        rc = -1;
    } else if (string_of(a, "error")) {
        struct reviewed *g = &rv->g[i];
        if (g->error.len == 0)
            sbuf_puts(&g->error, string_of(a, "error"));
        rv->done += g->expected - g->answered;
        g->answered = g->expected;
    } else if (rv->g[i].error.len) {
        /* another answer of a refused game: counted with the refusal */
    } else if (take_turn(&rv->g[i], (int)alt, a) != 0) {
        sbuf_printf(err, "the engine's answer does not fit game %ld: "
                    "\"%.200s\"", i + 1, line);
        rc = -1;
    } else {
        rv->done++;
        if (!rv->c->quiet)
            progress_count(&rv->progress, rv->done, "positions");
    }
    json_decref(a);
    return rc;
}

/* Takes every complete line of *in and keeps the rest there. */
static int take_lines(struct review *rv, struct sbuf *in, struct sbuf *err)
{
    size_t start = 0;
    char *nl;
    while ((nl = memchr(in->buf + start, '\n', in->len - start))) {
        *nl = '\0';
        if (take_line(rv, in->buf + start, err) != 0)
            return -1;
        start = (size_t)(nl - in->buf) + 1;
    }
    memmove(in->buf, in->buf + start, in->len - start);
    in->len -= start;
    in->buf[in->len] = '\0';
    if (in->len > ANSWER_MAX) {
        sbuf_puts(err, "the engine wrote a line longer than 1 MiB");
        return -1;
    }
    return 0;
}

/* The signals that end a review, blocked and readable from a signalfd
 * (old: the mask before); -1 when that fails. */
static int signal_fd(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &set, old) != 0)
        return -1;
    return signalfd(-1, &set, SFD_CLOEXEC);
}

/* Writes the requests to the engine and reads its answers until it ends
 * its output.  Returns 0, 1 when a signal came, or -1 with *err. */
static int converse(struct review *rv, struct spawned *eng,
                    const struct sbuf *requests, int sig, struct sbuf *err)
{
    size_t sent = 0;
    struct sbuf in = SBUF_INIT;
    int to = eng->to_child;
    int rc = 0;
    fcntl(to, F_SETFL, fcntl(to, F_GETFL) | O_NONBLOCK);
    for (;;) {
        struct pollfd p[3] = {
            { eng->from_child, POLLIN, 0 }, { sig, POLLIN, 0 },
            { to, POLLOUT, 0 },
        };
        if (poll(p, to >= 0 ? 3 : 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            sbuf_printf(err, "poll: %s", strerror(errno));
            rc = -1;
            break;
        }
        if (p[1].revents) {
            rc = 1;
            break;
        }
        if (to >= 0 && p[2].revents) {
            ssize_t w = write(to, requests->buf + sent, requests->len - sent);
            if (w > 0)
                sent += (size_t)w;
            if (sent == requests->len || (w < 0 && errno != EAGAIN &&
                                          errno != EINTR)) {
                close(to);          /* the end of input: finish and exit */
                eng->to_child = to = -1;
            }
        }
        if (p[0].revents) {
            char buf[65536];
            ssize_t r = read(eng->from_child, buf, sizeof buf);
            if (r < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (r <= 0)
                break;
            sbuf_putn(&in, buf, (size_t)r);
            if (in.oom) {
                sbuf_puts(err, "out of memory");
                rc = -1;
                break;
            }
            if (take_lines(rv, &in, err) != 0) {
                rc = -1;
                break;
            }
        }
    }
    sbuf_free(&in);
    return rc;
}

/* The engine's command line: the --engine, or the triad beside us, with
 * the analysis mode's options. */
static int engine_command(const struct match_conf *c, struct sbuf *cmd)
{
    if (c->nengines == 1)
        sbuf_puts(cmd, c->eng[0].cmd);
    else if (gtpc_sibling_command("triad", cmd) != 0)
        return -1;
    sbuf_printf(cmd, " --analysis --threads %d",
                c->review_threads > 0 ? c->review_threads : 1);
    return cmd->oom ? -1 : 0;
}

/* Runs the engine cmd on the requests; the exit status of that part. */
static int run_engine(struct review *rv, const struct sbuf *cmd,
                      const struct sbuf *requests)
{
    sigset_t old;
    int sig = signal_fd(&old);
    struct spawned eng;
    const char *failed = NULL;
    int e = sig < 0 ? errno : gtpc_spawn(&eng, sbuf_str(cmd), 2, &failed);
    if (e != 0) {
        fprintf(stderr, "triad-match: cannot start %s: %s%s%s\n",
                sbuf_str(cmd), failed ? failed : "", failed ? ": " : "",
                strerror(e));
        if (sig >= 0)
            close(sig);
        sigprocmask(SIG_SETMASK, &old, NULL);
        return MATCH_EXIT_FAILURE;
    }
    struct sbuf err = SBUF_INIT;
    int rc = converse(rv, &eng, requests, sig, &err);
    if (rc != 0)
        gtpc_kill(eng.pid);
    if (eng.to_child >= 0)
        close(eng.to_child);
    close(eng.from_child);
    int ws = 0;
    waitpid(eng.pid, &ws, 0);
    close(sig);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (!rv->c->quiet)
        progress_clear(&rv->progress);
    int status = MATCH_EXIT_FAILURE;
    if (rc == 1) {
        fprintf(stderr, "triad-match: interrupted: nothing written\n");
        status = MATCH_EXIT_INTERRUPTED;
    } else if (rc < 0) {
        fprintf(stderr, "triad-match: %s\n", sbuf_str(&err));
    } else if (rv->done < rv->positions) {
        fprintf(stderr, "triad-match: %s ended (status %d) with %ld of %ld "
                "positions unanswered\n", sbuf_str(cmd),
                WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws),
                rv->positions - rv->done, rv->positions);
    } else {
        status = MATCH_EXIT_OK;
    }
    sbuf_free(&err);
    return status;
}

/* The requests for the positions of the parents' best moves that a move
 * of the games' did not play (a move's loss is measured from there);
 * they are counted in rv->positions. */
static int add_best_requests(struct review *rv, struct sbuf *requests)
{
    int rc = 0;
    for (int i = 0; i < rv->n && rc == 0; i++) {
        struct reviewed *g = &rv->g[i];
        for (int k = 1; !g->error.len && k < g->a.nturns && rc == 0; k++)
            if (assess_needs_best(&g->a, k)) {
                rc = add_request(rv, i, k, requests);
                g->expected++;
                rv->positions++;
            }
    }
    return rc;
}

/* Analyses every game, then the positions of the best moves not played;
 * the exit status of that part. */
static int analyse(struct review *rv)
{
    struct sbuf cmd = SBUF_INIT, requests = SBUF_INIT;
    int status = MATCH_EXIT_FAILURE;
    int rc = 0;
    for (int i = 0; i < rv->n && rc == 0; i++)
        rc = add_request(rv, i, 0, &requests);
    if (rc != 0)
        fprintf(stderr, "triad-match: out of memory\n");
    else if (engine_command(rv->c, &cmd) != 0)
        fprintf(stderr, "triad-match: no engine: give --engine\n");
    else
        status = run_engine(rv, &cmd, &requests);
    sbuf_reset(&requests);
    if (status == MATCH_EXIT_OK && add_best_requests(rv, &requests) != 0) {
        fprintf(stderr, "triad-match: out of memory\n");
        status = MATCH_EXIT_FAILURE;
    }
    rv->progress.total = rv->positions;
    if (status == MATCH_EXIT_OK && requests.len)
        status = run_engine(rv, &cmd, &requests);
    sbuf_free(&cmd);
    sbuf_free(&requests);
    return status;
}

/* ------------------------------------------------------------------ */
/* Writing the records                                                 */

/* Where the records of file f go: --output, or FILE.review.sgf. */
static void output_path(const struct match_conf *c, int f, struct sbuf *out)
{
    if (c->output) {
        sbuf_puts(out, c->output);
        return;
    }
    const char *in = c->merge_files[f];
    size_t n = strlen(in);
    if (n > 4 && strcmp(in + n - 4, ".sgf") == 0)
        n -= 4;
    sbuf_putn(out, in, n);
    sbuf_puts(out, ".review.sgf");
}

/* Writes text to path through a temporary file renamed over it. */
static int write_file(const char *path, const struct sbuf *text)
{
    struct sbuf tmp = SBUF_INIT;
    sbuf_printf(&tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = tmp.oom ? NULL : fopen(sbuf_str(&tmp), "w");
    bool ok = f && fwrite(text->buf, 1, text->len, f) == text->len;
    ok = f && fclose(f) == 0 && ok;
    ok = ok && rename(sbuf_str(&tmp), path) == 0;
    if (!ok) {
        fprintf(stderr, "triad-match: cannot write %s: %s\n", path,
                strerror(errno));
        if (f)
            remove(sbuf_str(&tmp));
    }
    sbuf_free(&tmp);
    return ok ? 0 : -1;
}

/* Writes the records of file f (every file with --output: f < 0). */
static int write_records(const struct review *rv, int f)
{
    struct sbuf text = SBUF_INIT, path = SBUF_INIT;
    for (int i = 0; i < rv->n; i++)
        if (f < 0 || rv->g[i].file == f)
            sgf_write(&rv->g[i].a.rec, "triad-match:" PACKAGE_VERSION,
                      &text);
    output_path(rv->c, f < 0 ? 0 : f, &path);
    int rc = text.oom || path.oom ? -1 : write_file(sbuf_str(&path), &text);
    sbuf_free(&text);
    sbuf_free(&path);
    return rc;
}

/* ------------------------------------------------------------------ */

/* Assesses and annotates every game and prints its summary; returns the
 * number of games that could not be reviewed. */
static int conclude(struct review *rv, FILE *out)
{
    const struct match_conf *c = rv->c;
    char budget[64];
    if (c->review_nodes > 0)
        snprintf(budget, sizeof budget, "nodes %ld", c->review_nodes);
    else
        snprintf(budget, sizeof budget, "seconds %g", c->review_seconds);
    int problems = 0;
    struct sbuf line = SBUF_INIT;
    for (int i = 0; i < rv->n; i++) {
        struct reviewed *g = &rv->g[i];
        sbuf_reset(&line);
        if (c->nmerge > 1)
            sbuf_printf(&line, "%s: ", c->merge_files[g->file]);
        if (g->error.len) {
            sbuf_printf(&line, "game %ld: not reviewed: %s",
                        g->a.rec.number + 1, sbuf_str(&g->error));
            problems++;
        } else {
            const char *unit = g->unit[0] ? g->unit
                                          : g->a.rec.game->eval_unit;
            assess_game(&g->a);
            if (assess_annotate(&g->a, unit, budget,
                                "triad " PACKAGE_VERSION) != 0) {
                fprintf(stderr, "triad-match: out of memory\n");
                problems++;
            }
            assess_summary(&g->a, unit, &line);
        }
        fprintf(out, "%s\n", sbuf_str(&line));
    }
    sbuf_free(&line);
    return problems;
}

int review_run(const struct match_conf *c, FILE *out)
{
    struct review rv = { .c = c };
    int status = MATCH_EXIT_OK;
    for (int f = 0; f < c->nmerge && status == MATCH_EXIT_OK; f++)
        if (load_file(&rv, f) != 0)
            status = MATCH_EXIT_FAILURE;
    if (status == MATCH_EXIT_OK && rv.n == 0) {
        fprintf(stderr, "triad-match: no games to review\n");
        status = MATCH_EXIT_FAILURE;
    }
    if (status == MATCH_EXIT_OK) {
        progress_init(&rv.progress, stderr, rv.positions);
        status = analyse(&rv);
    }
    if (status == MATCH_EXIT_OK) {
        if (conclude(&rv, out) > 0)
            status = MATCH_EXIT_FAILURE;
        for (int f = 0; f < (c->output ? 1 : c->nmerge); f++)
            if (write_records(&rv, c->output ? -1 : f) != 0)
                status = MATCH_EXIT_FAILURE;
    }
    for (int i = 0; i < rv.n; i++) {
        assess_free(&rv.g[i].a);
        sbuf_free(&rv.g[i].error);
    }
    free(rv.g);
    return status;
}

#endif
