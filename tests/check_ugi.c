/* check_ugi.c -- the UGI front end driven through a pipe, as a controller
 * drives src/triad (of this build): the handshake, every command, each
 * game played out with the engine as referee (checked against an engine
 * of our own in memory), and hostile input: unknown commands, bad
 * positions and moves, commands during a search, stop without one, a
 * very long line, quit and the end of input during a search. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/spawn.h"
#include "engine/engine.h"
#include "games/games.h"
#include "tap_main.h"

/* Longer than any answer may take: a line not there by then is a hang. */
#define HANG_SECONDS 30.0

struct client {
    struct spawned child;
    char buf[1 << 16];
    size_t len;
};

static void start(struct client *c)
{
    char path[] = "src/triad", quiet[] = "--quiet";
    char *argv[] = { path, quiet, NULL };
    const char *failed = NULL;
    ck_assert_int_eq(spawn_piped(&c->child, path, argv, -1, NULL, &failed),
                     0);
    c->len = 0;
}

static void send_line(struct client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void send_line(struct client *c, const char *fmt, ...)
{
    char *line = NULL;
    va_list ap;
    va_start(ap, fmt);
    ck_assert_int_ge(vasprintf(&line, fmt, ap), 0);
    va_end(ap);
    size_t n = strlen(line);
    ck_assert_int_eq(write(c->child.to_child, line, n), (ssize_t)n);
    ck_assert_int_eq(write(c->child.to_child, "\n", 1), 1);
    free(line);
}

/* The next line (without '\n', caller frees), or NULL at the end of the
 * output; fails after HANG_SECONDS without one. */
static char *next_line(struct client *c)
{
    double deadline = clock_now() + HANG_SECONDS;
    for (;;) {
        char *nl = memchr(c->buf, '\n', c->len);
        if (nl) {
            size_t n = (size_t)(nl - c->buf);
            char *line = strndup(c->buf, n);
            memmove(c->buf, nl + 1, c->len - n - 1);
            c->len -= n + 1;
            return line;
        }
        ck_assert_msg(c->len < sizeof c->buf, "line too long from triad");
        double left = deadline - clock_now();
        ck_assert_msg(left > 0, "triad did not answer (hang?)");
        struct pollfd p = { c->child.from_child, POLLIN, 0 };
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0)
            continue;
        ssize_t got = read(c->child.from_child, c->buf + c->len,
                           sizeof c->buf - c->len);
        if (got <= 0)
            return NULL;
        c->len += (size_t)got;
    }
}

/* Reads lines up to the first that starts with prefix and returns it;
 * every line before it must start with "info " (or before, if given). */
static char *expect(struct client *c, const char *prefix)
{
    for (;;) {
        char *line = next_line(c);
        ck_assert_msg(line != NULL, "end of output before '%s'", prefix);
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return line;
        ck_assert_msg(strncmp(line, "info ", 5) == 0,
                      "unexpected line before '%s': %s", prefix, line);
        free(line);
    }
}

static void expect_free(struct client *c, const char *prefix)
{
    free(expect(c, prefix));
}

/* The next line must be exactly want. */
static void expect_exact(struct client *c, const char *want)
{
    char *line = next_line(c);
    ck_assert_msg(line != NULL, "end of output before '%s'", want);
    ck_assert_str_eq(line, want);
    free(line);
}

/* The answer to query what. */
static char *query(struct client *c, const char *what)
{
    send_line(c, "query %s", what);
    char *line = expect(c, "response ");
    char *answer = strdup(line + 9);
    free(line);
    return answer;
}

static void query_is(struct client *c, const char *what, const char *want)
{
    char *got = query(c, what);
    ck_assert_msg(strcmp(got, want) == 0, "query %s: %s, not %s", what, got,
                  want);
    free(got);
}

/* Sends line, then isready, and expects exactly an info string that
 * starts with want (NULL: nothing) and readyok. */
static void answered(struct client *c, const char *line, const char *want)
{
    send_line(c, "%s", line);
    send_line(c, "isready");
    if (want) {
        char *got = next_line(c);
        ck_assert_msg(got && strncmp(got, want, strlen(want)) == 0,
                      "%s: %s, not %s...", line, got ? got : "(end)", want);
        free(got);
    }
    expect_exact(c, "readyok");
}

/* Closes our end and waits for the exit; its status must be 0. */
static void finish(struct client *c)
{
    close(c->child.to_child);
    char *line;
    while ((line = next_line(c)) != NULL) {
        ck_assert_msg(strncmp(line, "info ", 5) == 0 ||
                      strncmp(line, "bestmove ", 9) == 0,
                      "unexpected line at the end: %s", line);
        free(line);
    }
    int status;
    ck_assert_int_eq(waitpid(c->child.pid, &status, 0), c->child.pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(c->child.from_child);
}

/* quit: the engine says nothing more and exits with status 0. */
static void quit(struct client *c)
{
    send_line(c, "quit");
    finish(c);
}

static void handshake(struct client *c)
{
    start(c);
    send_line(c, "ugi");
    char *line;
    while ((line = next_line(c)) && strcmp(line, "ugiok") != 0)
        free(line);
    ck_assert_msg(line != NULL, "no ugiok");
    free(line);
}

START_TEST(test_handshake)
{
    struct client c;
    start(&c);
    send_line(&c, "ugi");
    char *line = next_line(&c);
    ck_assert_str_eq(line, "id name " PACKAGE_NAME " " PACKAGE_VERSION);
    free(line);
    line = next_line(&c);
    ck_assert(strncmp(line, "id author ", 10) == 0);
    free(line);
    bool game = false, setup = false, hash = false;
    while ((line = next_line(&c)) && strcmp(line, "ugiok") != 0) {
        ck_assert_msg(strncmp(line, "option name ", 12) == 0, "%s", line);
        ck_assert_msg(strstr(line, " type ") && strstr(line, " default"),
                      "%s", line);
        if (strncmp(line, "option name game type combo ", 28) == 0) {
            game = true;
            for (int i = 0; i < game_count(); i++) {
                char var[64];
                snprintf(var, sizeof var, " var %s", game_at(i)->name);
                ck_assert_msg(strstr(line, var), "%s lacks %s", line, var);
            }
        }
        setup |= strncmp(line, "option name setup type string", 29) == 0;
        hash |= strncmp(line, "option name hash type spin", 26) == 0;
        free(line);
    }
    ck_assert_msg(line != NULL, "no ugiok");
    free(line);
    ck_assert(game && setup && hash);
    answered(&c, "uginewgame", NULL);
    send_line(&c, "quit");
    ck_assert_ptr_null(next_line(&c));
    finish(&c);
}
END_TEST

/* GTP stays GTP when the first command is another. */
START_TEST(test_gtp_unchanged)
{
    struct client c;
    start(&c);
    send_line(&c, "name");
    expect_exact(&c, "= triad");
    expect_exact(&c, "");
    send_line(&c, "ugi");
    char *line = next_line(&c);
    ck_assert(strncmp(line, "? unknown command", 17) == 0);
    free(line);
    expect_exact(&c, "");
    finish(&c);
}
END_TEST

/* Move text checked against our own engine *e (its position is the one
 * the UGI engine is in): the move, legal. */
static move_t legal_move(const struct engine *e, const char *text)
{
    move_t m;
    struct sbuf why = SBUF_INIT;
    ck_assert_msg(e->game->parse_move(engine_position(e), text, &m, &why) ==
                  MOVE_PARSE_OK, "bestmove %s illegal: %s", text,
                  sbuf_str(&why));
    sbuf_free(&why);
    return m;
}

/* Each game played out through UGI with small searches: every bestmove
 * legal, the queries as our own referee answers them at every ply. */
START_TEST(test_games_refereed)
{
    const struct game_ops *g = game_at(_i);
    struct engine ref;
    ck_assert_int_eq(engine_init(&ref, 1), 0);
    struct sbuf err = SBUF_INIT;
    engine_set_seed(&ref, 1);          /* as startpos is drawn */
    ck_assert_int_eq(engine_setup(&ref, g, 0, NULL, &err), 0);
    ref.opt.maxplies = 300;            /* no endless game in a test */

    struct client c;
    handshake(&c);
    answered(&c, "setoption name maxplies value 300", NULL);
    send_line(&c, "setoption name game value %s", g->name);
    answered(&c, "uginewgame", NULL);
    struct sbuf moves = SBUF_INIT;
    sbuf_puts(&moves, "position startpos moves");
    for (;;) {
        answered(&c, sbuf_str(&moves), NULL);
        enum game_status st = engine_outcome(&ref, NULL);
        int side = g->side_to_move(engine_position(&ref));
        query_is(&c, "gameover", st != GAME_ONGOING ? "true" : "false");
        query_is(&c, "p1turn", side == 0 ? "true" : "false");
        query_is(&c, "result", st == GAME_WIN_FIRST ? "p1win"
                             : st == GAME_WIN_SECOND ? "p2win"
                             : st == GAME_DRAW ? "draw" : "none");
        send_line(&c, "go nodes 300");
        if (st != GAME_ONGOING)
            break;
        char *best = expect(&c, "bestmove ");
        ck_assert_int_eq(engine_play(&ref, legal_move(&ref, best + 9)), 0);
        sbuf_printf(&moves, " %s", best + 9);
        free(best);
    }
    /* A go where the game is over: said, and the null move. */
    expect_free(&c, "info string");
    expect_exact(&c, "bestmove 0000");
    quit(&c);
    sbuf_free(&moves);
    sbuf_free(&err);
    engine_done(&ref);
}
END_TEST

/* go's forms: info lines in UCI's shape, then a legal bestmove. */
START_TEST(test_go_forms)
{
    static const char *const forms[] = {
        "go depth 2", "go nodes 500", "go movetime 50",
        "go p1time 2000 p2time 2000 p1inc 10 p2inc 10",
        "go p1time 1 p2time 1", "go",
    };
    struct client c;
    handshake(&c);
    struct engine ref;
    ck_assert_int_eq(engine_init(&ref, 1), 0);
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        /* go before any position: the start position. */
        send_line(&c, "%s", forms[i]);
        bool shaped = false;
        char *line;
        while ((line = next_line(&c)) && strncmp(line, "bestmove ", 9)) {
            ck_assert_msg(strncmp(line, "info ", 5) == 0, "%s", line);
            shaped |= strstr(line, " score cp ") && strstr(line, " nodes ") &&
                      strstr(line, " nps ") && strstr(line, " time ") &&
                      strstr(line, " pv ");
            free(line);
        }
        ck_assert_msg(line != NULL, "%s: no bestmove", forms[i]);
        ck_assert_msg(shaped, "%s: no info line in UCI's shape", forms[i]);
        legal_move(&ref, line + 9);
        free(line);
    }
    engine_done(&ref);
    quit(&c);
}
END_TEST

/* go infinite: isready answered during it, other commands refused,
 * bestmove only after stop, and a legal one. */
START_TEST(test_infinite_stop)
{
    struct client c;
    handshake(&c);
    send_line(&c, "position startpos");
    send_line(&c, "go infinite");
    send_line(&c, "isready");
    expect_free(&c, "readyok");
    send_line(&c, "position startpos moves nonsense");
    expect_free(&c, "info string position ignored");
    send_line(&c, "go depth 1");
    expect_free(&c, "info string go ignored");
    usleep(200 * 1000);
    send_line(&c, "isready");
    expect_free(&c, "readyok");      /* still no bestmove before it */
    send_line(&c, "stop");
    char *best = expect(&c, "bestmove ");
    ck_assert_str_ne(best, "bestmove 0000");
    free(best);
    /* stop without a search: nothing to say. */
    send_line(&c, "stop");
    send_line(&c, "isready");
    expect_exact(&c, "readyok");
    quit(&c);
}
END_TEST

START_TEST(test_hostile)
{
    struct client c;
    handshake(&c);
    answered(&c, "frobnicate now", "info string unknown command: frobnicate");
    answered(&c, "UGI", "info string unknown command");
    answered(&c, "position", "info string usage: position");
    answered(&c, "position banana", "info string usage: position");
    answered(&c, "position fen", "info string usage: position");
    answered(&c, "position fen a b moves", "info string usage: position");
    answered(&c, "position fen nonsense", "info string position:");
    /* a position string of the game, broken */
    struct sbuf pos = SBUF_INIT;
    struct engine ref;
    ck_assert_int_eq(engine_init(&ref, 1), 0);
    ref.game->to_string(engine_position(&ref), &pos);
    sbuf_putn(&pos, "zz", 2);
    send_line(&c, "position fen %s", sbuf_str(&pos));
    answered(&c, "", "info string position: bad position");
    /* one legal move, then the p1turn query says the second side */
    int n;
    const move_t *legal = engine_legal_list(&ref, &n);
    char first[MOVE_STR_MAX];
    ref.game->format_move(engine_position(&ref), legal[0], first);
    answered(&c, "position startpos moves", NULL);
    send_line(&c, "position startpos moves %s", first);
    query_is(&c, "p1turn", "false");
    /* bad moves change nothing */
    send_line(&c, "position startpos moves %s %s", first, first);
    expect_free(&c, "info string position: move 2: illegal move");
    answered(&c, "position startpos moves zz", "info string position: move 1");
    query_is(&c, "p1turn", "false");
    answered(&c, "query", "info string usage: query");
    answered(&c, "query what", "info string unknown query: what");
    answered(&c, "setoption", "info string usage: setoption");
    answered(&c, "setoption name", "info string usage: setoption");
    answered(&c, "setoption name nosuch value 1", "info string");
    answered(&c, "setoption name hash value -5", "info string");
    answered(&c, "setoption name hash", "info string setoption hash: no");
    answered(&c, "setoption name game value nosuch",
             "info string unknown game: nosuch");
    answered(&c, "setoption name setup value no such words",
             "info string setup");
    query_is(&c, "p1turn", "false");    /* none of it moved the position */
    answered(&c, "setoption name Threads value 2", NULL);
    answered(&c, "setoption name setup value <empty>", NULL);
    /* controls and broken UTF-8 are never echoed */
    send_line(&c, "bad\x01\x7f\xff");
    char *line = next_line(&c);
    ck_assert_str_eq(line, "info string unknown command: bad\xEF\xBF\xBD");
    free(line);
    /* a line over 1 MiB: refused, and the next one read */
    size_t big = (1u << 20) + 100;
    char *huge = malloc(big + 1);
    memset(huge, 'x', big);
    huge[big] = '\0';
    send_line(&c, "position fen %s", huge);
    free(huge);
    answered(&c, "", "info string line too long");
    send_line(&c, "go depth 1 depth x sideways");
    expect_free(&c, "info string go: bad value for depth");
    expect_free(&c, "info string go: unknown word sideways");
    expect_free(&c, "bestmove ");
    quit(&c);
    sbuf_free(&pos);
    engine_done(&ref);
}
END_TEST

/* setup before game (a controller's options come in any order): said
 * while the words do not fit, in force once the game comes.  Cephalopod's
 * board size shows: d4 is a cell of 5x5, not of 3x3. */
START_TEST(test_setup_order)
{
    const struct game_ops *g = game_find("cephalopod");
    if (!g)
        return;
    struct client c;
    handshake(&c);
    answered(&c, "setoption name setup value 3x3", "info string setup");
    send_line(&c, "setoption name game value %s", g->name);
    answered(&c, "position startpos moves c3", NULL);
    answered(&c, "position startpos moves d4", "info string position:");
    answered(&c, "setoption name setup value <empty>", NULL);
    answered(&c, "position startpos moves d4", NULL);
    /* go changes no option: the position is still there after it */
    send_line(&c, "go depth 1");
    expect_free(&c, "bestmove ");
    query_is(&c, "p1turn", "false");
    quit(&c);
}
END_TEST

/* quit during a search ends the engine; the end of input stops an
 * infinite search (with its bestmove) and lets a finite one finish. */
START_TEST(test_end_during_search)
{
    struct client c;
    handshake(&c);
    send_line(&c, "go infinite");
    quit(&c);

    handshake(&c);
    send_line(&c, "go infinite");
    close(c.child.to_child);
    expect_free(&c, "bestmove ");
    c.child.to_child = open("/dev/null", O_WRONLY);
    finish(&c);

    handshake(&c);
    send_line(&c, "go depth 3");
    close(c.child.to_child);
    char *best = expect(&c, "bestmove ");
    ck_assert_str_ne(best, "bestmove 0000");
    free(best);
    c.child.to_child = open("/dev/null", O_WRONLY);
    finish(&c);
}
END_TEST

static Suite *ugi_suite(void)
{
    Suite *s = suite_create("ugi");
    TCase *tc = tap_tcase(s, "protocol", 120);
    tcase_add_test(tc, test_handshake);
    tcase_add_test(tc, test_gtp_unchanged);
    tcase_add_test(tc, test_go_forms);
    tcase_add_test(tc, test_infinite_stop);
    tcase_add_test(tc, test_hostile);
    tcase_add_test(tc, test_end_during_search);
    tcase_add_test(tc, test_setup_order);
    TCase *games = tap_tcase(s, "games", 300);
    tcase_add_loop_test(games, test_games_refereed, 0, game_count());
    return s;
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    return tap_main(ugi_suite());
}
