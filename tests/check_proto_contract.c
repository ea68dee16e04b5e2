/* check_proto_contract.c -- promises of the protocol contract
 * (doc/protocol.md) that tests/check_proto.c does not check one by one:
 * the contract's command set, the framing and usage of every command's
 * reply, what clear_board keeps, legal_moves and history along whole games
 * of every game, turns, finished games, loadsgf's refusals, repeatable
 * genmove, clocks, the replies of analyze and solve, the result words,
 * perft's conventions, and the setup forms and example position strings.
 * doc/testing.md lists the promises and where each is tested. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/rng.h"
#include "games/games.h"
#include "testutil.h"
#include "tap_main.h"

TU_TRIAD_FIXTURE(sess, 7)

/* Runs line, which must succeed with exactly the result expected. */
static void expect(const char *line, const char *expected)
{
    ck_assert_msg(tu_replies(&sess, line, expected), "%s: not '%s'", line,
                  expected);
}

#define COUNT(a) (sizeof (a) / sizeof *(a))

/* Runs the lines, each of which must succeed. */
static void run_all(const char *const *lines, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *r = tu_ok(&sess, lines[i]);
        ck_assert_msg(r != NULL, "%s failed", lines[i]);
        free(r);
    }
}
#define RUN_ALL(...) do { \
        const char *const l_[] = { __VA_ARGS__ }; \
        run_all(l_, COUNT(l_)); \
    } while (0)

/* The commands of the contract's table "Commands every controller may
 * use", and the settings set_option must know at least. */
static const char *const contract_commands[] = {
    "protocol_version", "name", "version", "known_command", "list_commands",
    "quit", "setup", "clear_board", "play", "genmove", "reg_genmove", "undo",
    "showboard", "final_score", "legal_moves", "game_status", "history",
    "position", "setposition", "perft", "time_settings", "time_left",
    "set_option", "options",
};
static const char *const contract_options[] = {
    "seed", "threads", "movetime", "maxnodes", "hash",
};

START_TEST(test_contract_commands)
{
    char *list = tu_ok(&sess, "list_commands");
    ck_assert_ptr_nonnull(list);
    char *opts = tu_ok(&sess, "options");
    ck_assert_ptr_nonnull(opts);
    for (size_t i = 0; i < COUNT(contract_commands); i++) {
        const char *c = contract_commands[i];
        char line[64];
        snprintf(line, sizeof line, "known_command %s", c);
        expect(line, "true");
        size_t n = strlen(c);
        const char *p = list;
        while ((p = strstr(p, c)) &&
               !((p == list || p[-1] == '\n') && (p[n] == '\n' || !p[n])))
            p++;
        ck_assert_msg(p != NULL, "list_commands lacks %s", c);
    }
    /* options: one "name value" line per setting, the five of the
     * contract among them, each settable to the value it shows. */
    for (size_t i = 0; i < COUNT(contract_options); i++) {
        const char *o = contract_options[i];
        size_t n = strlen(o);
        const char *p = opts;
        while (p && !(strncmp(p, o, n) == 0 && p[n] == ' '))
            p = (p = strchr(p, '\n')) ? p + 1 : NULL;
        ck_assert_msg(p != NULL, "options lacks %s", o);
        char value[64];
        ck_assert_int_eq(sscanf(p + n + 1, "%63s", value), 1);
        char line[128];
        snprintf(line, sizeof line, "set_option %s %s", o, value);
        expect(line, "");
    }
    for (const char *p = opts; *p; p = strchr(p, '\n') + 1) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *sp = memchr(p, ' ', len);
        ck_assert_msg(sp && sp > p && sp < p + len - 1 &&
                      !memchr(sp + 1, ' ', len - (size_t)(sp + 1 - p)),
                      "options line '%.*s' is not 'name value'", (int)len, p);
        if (!end)
            break;
    }
    free(list);
    free(opts);
}
END_TEST

/* A reply to "ID ..." is "=ID " or "?ID " then the text, ends with one
 * empty line and has no other empty line and no CR. */
static void assert_framed(const char *reply, const char *id,
                          const char *line)
{
    size_t n = strlen(reply), idn = strlen(id);
    ck_assert_msg((reply[0] == '=' || reply[0] == '?') &&
                  strncmp(reply + 1, id, idn) == 0 && reply[1 + idn] == ' ',
                  "%s: reply starts '%.20s'", line, reply);
    ck_assert_msg(n >= 2 && strstr(reply, "\n\n") == reply + n - 2,
                  "%s: an empty line inside the reply or none at its end",
                  line);
    ck_assert_msg(!strchr(reply, '\r'), "%s: CR in the reply", line);
}

/* Commands too slow to run with their default arguments (solve 10 s,
 * bench 200,000 nodes a game) or that end the session. */
static bool skip_without_arguments(const char *name)
{
    return !strcmp(name, "solve") || !strcmp(name, "bench") ||
           !strcmp(name, "quit");
}

/* Every command of the table, in the positions of every game: with
 * junk arguments the reply is framed and nothing changes (whether it
 * fails, as most do, or answers a query, as known_command does); without
 * arguments every reply is framed. */
static const char *const framing_positions[] = {
    "setup dvonn", "setup dvonn random=3", "setup truchet 2470377",
    "setup cephalopod 3x3",
    "setposition cephalopod:3x3:B:W1W1W1/W1B1B6/B1B6W1",  /* over */
    "setposition truchet:0110110110100010111011100111110000100111111000000"
    ":L:a1D1,a3D1,a8L1,b2D1,b7L1,c1D1,c3D1,c8D1,d2D1,d5L1,e6L1,e8D1,g1D1,"
    "g8D2,h6L2",                                            /* over */
};

START_TEST(test_every_command_framed)
{
    size_t n;
    const struct gtp_command *t = gtp_commands(&n);
    RUN_ALL("set_option movetime 0", "set_option maxnodes 300");
    for (size_t p = 0; p < COUNT(framing_positions); p++) {
        for (size_t i = 0; i < n; i++) {
            static const char *const junk[] = { "x", "x y z w" };
            for (int j = 0; j < 2; j++) {
                RUN_ALL("time_settings 30 5 3");
                char *pos = tu_ok(&sess, framing_positions[p]);
                ck_assert_ptr_nonnull(pos);
                free(pos);
                char line[128];
                snprintf(line, sizeof line, "17 %s %s", t[i].name, junk[j]);
                char *before = tu_snapshot(&sess);
                enum gtp_status st;
                char *r = tu_run_bytes(&sess, line, strlen(line), &st);
                assert_framed(r, "17", line);
                ck_assert_msg(st != GTP_QUIT, "%s quits", line);
                char *after = tu_snapshot(&sess);
                ck_assert_msg(strcmp(before, after) == 0,
                              "%s (%s) changed the state: %s", line,
                              framing_positions[p], r);
                free(r), free(before), free(after);
            }
            if (skip_without_arguments(t[i].name))
                continue;
            char line[64];
            snprintf(line, sizeof line, "0 %s", t[i].name);
            char *r = tu_run(&sess, line);
            assert_framed(r, "0", line);
            free(r);
        }
    }
}
END_TEST

/* If reply (to line) is a usage message, its usage is usage. */
static void assert_usage(const char *line, const char *reply,
                         const char *usage)
{
    static const char prefix[] = "? syntax error: usage: ";
    size_t skip = strlen(prefix), len = strlen(usage);
    if (strncmp(reply, prefix, skip) != 0)
        return;
    ck_assert_msg(strncmp(reply + skip, usage, len) == 0 &&
                  reply[skip + len] == '\n', "%s: '%s', help says '%s'",
                  line, reply, usage);
}

/* Whenever a command answers "syntax error: usage: ...", the usage is
 * the one help gives for it ("help NAME" is "NAME ARGS - summary"). */
START_TEST(test_usage_as_help_says)
{
    size_t n;
    const struct gtp_command *t = gtp_commands(&n);
    for (size_t i = 0; i < n; i++) {
        char line[128];
        snprintf(line, sizeof line, "help %s", t[i].name);
        char *help = tu_ok(&sess, line);
        ck_assert_ptr_nonnull(help);
        char *dash = strstr(help, " - ");
        ck_assert_ptr_nonnull(dash);
        *dash = '\0';
        static const char *const junk[] = { "x", "x y z w", "0 x y" };
        for (size_t j = 0; j < COUNT(junk); j++) {
            snprintf(line, sizeof line, "%s %s", t[i].name, junk[j]);
            char *r = tu_run(&sess, line);
            assert_usage(line, r, help + 1);
            free(r);
        }
        free(help);
    }
}
END_TEST

/* clear_board goes back to the start the last setup or setposition
 * made (the same random DVONN board and Truchet layout, not a new
 * draw), empties the history and keeps options and clocks. */
START_TEST(test_clear_board_keeps_the_setup)
{
    static const char *const starts[] = {
        "setup dvonn random", "setup truchet",
        "setposition cephalopod:3x3:B:W1..B2/....../B1....",
    };
    RUN_ALL("set_option maxnodes 200");
    for (size_t i = 0; i < COUNT(starts); i++) {
        RUN_ALL(starts[i], "time_settings 30 5 3", "set_option maxplies 77");
        char *start = tu_ok(&sess, "position");
        char *opts = tu_ok(&sess, "options");
        for (int k = 0; k < 2; k++) {
            char *st = tu_ok(&sess, "game_status");
            char line[64];
            snprintf(line, sizeof line, "genmove %s", st + strlen("playing "));
            free(st);
            char *m = tu_ok(&sess, line);
            ck_assert_ptr_nonnull(m);
            free(m);
        }
        /* The clocks after the two moves, as clear_board must keep them
         * (the snapshot's part from "|clock" on: clocks and generator). */
        char *played = tu_snapshot(&sess);
        RUN_ALL("clear_board");
        expect("position", start);
        expect("history", "");
        expect("options", opts);
        char *cleared = tu_snapshot(&sess);
        ck_assert_str_eq(strstr(cleared, "|clock"), strstr(played, "|clock"));
        ck_assert(tu_fails_with(&sess, "undo", "cannot undo"));
        free(played), free(cleared), free(start), free(opts);
    }
}
END_TEST

/* Swaps the case of every letter: a spelling the parsers must accept. */
static void swap_case(char *s)
{
    for (; *s; s++)
        if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
            *s ^= 0x20;
}

/* Splits a legal_moves result on single spaces, checking the spelling
 * of the line: no leading, trailing or double space, tokens strictly
 * ascending in byte order.  Returns the number of tokens; *tokens points
 * into text. */
static int split_sorted(char *text, char ***tokens)
{
    int n = 0;
    *tokens = NULL;
    if (!*text)
        return 0;
    ck_assert_msg(text[0] != ' ' && text[strlen(text) - 1] != ' ' &&
                  !strstr(text, "  ") && !strchr(text, '\n'),
                  "legal_moves spacing: '%s'", text);
    for (char *p = text; p; p = strchr(p, ' ')) {
        if (*p == ' ')
            *p++ = '\0';
        char **more = realloc(*tokens, sizeof **tokens * (size_t)(n + 1));
        ck_assert_ptr_nonnull(more);
        *tokens = more;
        (*tokens)[n++] = p;
    }
    for (int i = 1; i < n; i++)
        ck_assert_msg(strcmp((*tokens)[i - 1], (*tokens)[i]) < 0,
                      "legal_moves not in byte order: %s before %s",
                      (*tokens)[i - 1], (*tokens)[i]);
    return n;
}

/* The last word of the history (the move just played). */
static char *last_move(void)
{
    char *h = tu_ok(&sess, "history");
    ck_assert_ptr_nonnull(h);
    char *sp = strrchr(h, ' ');
    char *m = strdup(sp ? sp + 1 : h);
    free(h);
    return m;
}

/* Seeded random games of every registered game through the protocol:
 * at every ply legal_moves is sorted and single-spaced, perft 1 counts
 * its tokens (contract section 5: in Truchet too, one token a complete
 * turn), reg_genmove's move is one of them, a token played in the other
 * case is accepted and history prints it canonical; at the end
 * legal_moves is empty, perft 1 is 0, perft 0 is 1, and game_status
 * says "over" with final_score's result. */
START_TEST(test_random_games_through_the_protocol)
{
    const struct game_ops *g = game_at(_i);
    struct rng rng;
    rng_seed(&rng, 11);
    RUN_ALL("set_option maxnodes 100", "set_option method random");
    char line[256];
    snprintf(line, sizeof line, "setup %s", g->name);
    RUN_ALL(line);
    /* Games of unbounded length (Truchet can cycle) stop at 120 plies. */
    int cap = g->max_game_plies > 0 ? g->max_game_plies + 1 : 120;
    int ply = 0;
    for (; ply < cap; ply++) {
        char *st = tu_ok(&sess, "game_status");
        ck_assert_ptr_nonnull(st);
        if (!strncmp(st, "over ", 5)) {
            expect("final_score", st + 5);
            free(st);
            break;
        }
        ck_assert_int_eq(strncmp(st, "playing ", 8), 0);
        char *text = tu_ok(&sess, "legal_moves");
        char **tok;
        int n = split_sorted(text, &tok);
        ck_assert_int_gt(n, 0);
        char count[32];
        snprintf(count, sizeof count, "%d", n);
        expect("perft 1", count);
        if (ply % 5 == 0) {
            snprintf(line, sizeof line, "reg_genmove %s", st + 8);
            char *m = tu_ok(&sess, line);
            ck_assert_ptr_nonnull(m);
            bool listed = false;
            for (int i = 0; i < n && !listed; i++)
                listed = !strcmp(tok[i], m);
            ck_assert_msg(listed, "reg_genmove's %s is not listed", m);
            free(m);
        }
        const char *pick = tok[rng_below(&rng, (uint64_t)n)];
        char other[200];
        snprintf(other, sizeof other, "%s", pick);
        swap_case(other);
        snprintf(line, sizeof line, "play %s %s", st + 8, other);
        expect(line, "");
        char *played = last_move();
        ck_assert_str_eq(played, pick);
        free(played), free(tok), free(text), free(st);
    }
    ck_assert_msg(ply < cap || g->max_game_plies == 0,
                  "%s: no end in %d plies", g->name, cap);
    if (ply < cap) {
        expect("legal_moves", "");
        expect("perft 1", "0");
        expect("perft 0", "1");
    }
}
END_TEST

/* The result words: DVONN's margin is the difference of the sums of
 * the owned stacks' heights, Truchet has none, Cephalopod's is the
 * difference in dice, an equal count is 0; game_status names the side
 * to move by the game's words. */
START_TEST(test_result_words)
{
    /* White owns W7 (D3), W3 (E3), W6 (B2), W4* (C2), W5* (F4): 25;
     * Black owns nothing; nobody can move. */
    RUN_ALL("setposition dvonn:S:B:.,.,.,.,.,.,.,.,.,.,WBBWBW,BBRW,.,.,.,"
            ".,.,.,.,.,.,.,WBBWBWW,WBW,.,.,.,.,.,.,.,.,.,.,.,WWBRW,.,.,.,"
            ".,.,.,.,.,R,.,.,.,.");
    expect("final_score", "W+25");
    expect("game_status", "over W+25");
    /* Dark holds c8, e8 and g8, three of its four target bases: Dark,
     * who moved last, has won. */
    RUN_ALL("setposition truchet:0110110110100010111011100111110000100111"
            "111000000:L:a1D1,a3D1,a8L1,b2D1,b7L1,c1D1,c3D1,c8D1,d2D1,d5L1,"
            "e6L1,e8D1,g1D1,g8D2,h6L2");
    expect("final_score", "B+");
    expect("game_status", "over B+");
    RUN_ALL("setup truchet 2470377");
    expect("game_status", "playing light");
    RUN_ALL("play g6-f5");
    expect("game_status", "playing dark");
    /* 5x5: white 11 dice, black 14. */
    RUN_ALL("setposition cephalopod:5x5:W:W1W2B6B1B2/W6B1B6B5W1/W1B6W1B6W6/"
            "B1W1B6W6B1/W1W6B1B1B1");
    expect("final_score", "B+3");
    RUN_ALL("setposition cephalopod:2x2:W:W1B1/B1W1");
    expect("final_score", "0");
    expect("game_status", "over 0");
    RUN_ALL("setup dvonn");
    expect("game_status", "playing white");
    ck_assert(tu_fails_with(&sess, "final_score", "cannot score"));
}
END_TEST

/* perft: 0 is 1 even where the game is over; a DVONN PASS is a move;
 * the maxplies adjudication, which ends the game for legal_moves, does
 * not cut perft. */
START_TEST(test_perft_conventions)
{
    /* White's only stack, E3, is surrounded: PASS is its one move, then
     * Black has 15. */
    RUN_ALL("setposition dvonn:S:W:.,.,.,.,.,.,.,.,R,.,.,.,B,B,.,.,.,.,.,.,"
            ".,.,R,W,B,.,.,.,.,.,.,.,.,B,B,.,.,.,.,.,.,.,.,.,.,.,.,.,R");
    expect("legal_moves", "PASS");
    expect("perft 1", "1");
    expect("perft 2", "15");
    RUN_ALL("setposition cephalopod:3x3:B:W1W1W1/W1B1B6/B1B6W1");
    expect("perft 0", "1");
    expect("perft 1", "0");
    RUN_ALL("setup cephalopod", "set_option maxplies 1", "play a1");
    expect("game_status", "over 0");
    expect("legal_moves", "");
    expect("perft 1", "24");
}
END_TEST

/* The setup forms of the contract, and its example position strings:
 * accepted, printed canonical. */
START_TEST(test_setup_forms_and_examples)
{
    struct tu_triad fresh;            /* the game an engine starts with */
    ck_assert_int_eq(tu_open(&fresh, 1), 0);
    char *pos = tu_ok(&fresh, "position");
    tu_close(&fresh);
    ck_assert_str_eq(pos, "dvonn:P:W:.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,"
                     ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,"
                     ".,.,.");
    free(pos);
    RUN_ALL("setup dvonn random=5");
    char *a = tu_ok(&sess, "position");
    RUN_ALL("setup dvonn random=5");
    expect("position", a);
    ck_assert_int_eq(strncmp(a, "dvonn:S:W:", 10), 0);
    free(a);
    static const char *const sizes[][2] = {
        { "", "5x5" }, { " 3x3", "3x3" }, { " 3x5", "3x5" },
        { " 5x3", "5x3" }, { " 5x5", "5x5" }, { " 8x8", "8x8" },
    };
    for (size_t i = 0; i < COUNT(sizes); i++) {
        char line[64], want[32];
        snprintf(line, sizeof line, "setup cephalopod%s", sizes[i][0]);
        RUN_ALL(line);
        char *p = tu_ok(&sess, "position");
        snprintf(want, sizeof want, "cephalopod:%s:W:", sizes[i][1]);
        ck_assert_msg(!strncmp(p, want, strlen(want)), "%s: %s", line, p);
        free(p);
    }
    /* 3x5 is 3 columns by 5 rows: c5 exists, e3 does not. */
    RUN_ALL("setup cephalopod 3x5", "play c5");
    ck_assert(tu_fails_with(&sess, "play e3", "illegal move"));
    /* The layout of key 2470377 (the rules' test vector), by key and by
     * layout=BITS. */
    static const char bits[] =
        "1000100100011000000000100010010100110010101111000";
    static const char *const truchet_setups[] = {
        "setup truchet 2470377",
        "setup truchet layout="
        "1000100100011000000000100010010100110010101111000",
    };
    for (int i = 0; i < 2; i++) {
        RUN_ALL(truchet_setups[i]);
        char *p = tu_ok(&sess, "position");
        ck_assert_msg(!strncmp(p + strlen("truchet:"), bits, 49) &&
                      !strncmp(p + strlen("truchet:") + 49, ":L:", 3),
                      "%s: %s", truchet_setups[i], p);
        free(p);
    }
    /* The contract's examples; Truchet stacks in any order on input. */
    RUN_ALL("setposition cephalopod:3x3:B:W1..B2/....../B1....");
    expect("position", "cephalopod:3x3:B:W1..B2/....../B1....");
    RUN_ALL("setposition truchet:1000100100011000000000100010010100110010101"
            "111000:L:g6L1,d3D2");
    expect("position", "truchet:1000100100011000000000100010010100110010101"
           "111000:L:d3D2,g6L1");
    expect("history", "");
    ck_assert(tu_fails_with(&sess, "undo", "cannot undo"));
}
END_TEST

/* Playing or generating for the side that is not to move fails with
 * "illegal move" (play, genmove) or at least fails (reg_genmove), and
 * changes nothing, in every game. */
START_TEST(test_not_your_turn)
{
    const struct game_ops *g = game_at(_i);
    char line[128];
    snprintf(line, sizeof line, "setup %s", g->name);
    RUN_ALL(line, "set_option maxnodes 200", "time_settings 30 5 3");
    char *moves = tu_ok(&sess, "legal_moves");
    ck_assert_ptr_nonnull(moves);
    char *sp = strchr(moves, ' ');
    if (sp)
        *sp = '\0';
    const char *other = g->side_names[1];
    char *before = tu_snapshot(&sess);
    snprintf(line, sizeof line, "play %s %s", other, moves);
    ck_assert(tu_fails_with(&sess, line, "illegal move"));
    snprintf(line, sizeof line, "genmove %s", other);
    ck_assert(tu_fails_with(&sess, line, "illegal move"));
    snprintf(line, sizeof line, "reg_genmove %s", other);
    char *r = tu_run(&sess, line);
    ck_assert_msg(r[0] == '?', "%s: %s", line, r);
    char *after = tu_snapshot(&sess);
    ck_assert_str_eq(before, after);
    /* The first side may play that move. */
    snprintf(line, sizeof line, "play %s %s", g->side_names[0], moves);
    expect(line, "");
    free(r), free(before), free(after), free(moves);
}
END_TEST

/* With a fixed seed, threads 1 and maxnodes, genmove plays the same
 * move every time: in a fresh engine, and in one that searched other
 * games and this one before (its tables warm, its generator moved on)
 * and was given the same seed again. */
START_TEST(test_genmove_repeatable)
{
    const struct game_ops *g = game_at(_i);
    char start[128];
    snprintf(start, sizeof start, "setup %s", g->name);
    struct tu_triad other;
    ck_assert_int_eq(tu_open(&other, 99), 0);
    other.engine.quiet = true;
    static const char *const warm_up[] = {
        "set_option maxnodes 5000", "setup truchet 9", "genmove light",
        "setup cephalopod 4x4", "genmove white", "genmove black",
    };
    for (size_t i = 0; i < COUNT(warm_up); i++)
        free(tu_ok(&other, warm_up[i]));
    struct tu_triad *const engines[2] = { &sess, &other };
    char *moves[2];
    for (int k = 0; k < 2; k++) {
        /* The same start (a random one draws from the seed)... */
        free(tu_ok(engines[k], "set_option seed 5"));
        free(tu_ok(engines[k], start));
        if (k == 1) {
            free(tu_ok(engines[k], "genmove white"));
            free(tu_ok(engines[k], "undo"));
        }
        /* ... and the same settings. */
        static const char *const fix[] = {
            "set_option threads 1", "set_option maxnodes 5000",
            "set_option seed 5",
        };
        for (size_t i = 0; i < COUNT(fix); i++)
            free(tu_ok(engines[k], fix[i]));
        for (int ply = 0; ply < 3; ply++) {
            char *st = tu_ok(engines[k], "game_status");
            char line[64];
            snprintf(line, sizeof line, "genmove %s", st + strlen("playing "));
            free(st);
            free(tu_ok(engines[k], line));
        }
        moves[k] = tu_ok(engines[k], "history");
    }
    tu_close(&other);
    ck_assert_str_eq(moves[0], moves[1]);
    free(moves[0]), free(moves[1]);
}
END_TEST

/* In a finished game (by the rules, by resignation, by the maxplies
 * adjudication) every command that would move or think fails and
 * changes nothing, clocks included. */
START_TEST(test_finished_game_refuses)
{
    static const char *const ends[][3] = {
        { "setposition dvonn:S:B:.,.,.,.,.,.,.,.,.,.,WBBWBW,BBRW,.,.,.,.,"
          ".,.,.,.,.,.,WBBWBWW,WBW,.,.,.,.,.,.,.,.,.,.,.,WWBRW,.,.,.,.,.,.,"
          ".,.,R,.,.,.,.", "", "" },
        { "setposition truchet:011011011010001011101110011111000010011111"
          "1000000:L:a1D1,a3D1,a8L1,b2D1,b7L1,c1D1,c3D1,c8D1,d2D1,d5L1,e6L1,"
          "e8D1,g1D1,g8D2,h6L2", "", "" },
        { "setup cephalopod 3x3", "play b2", "play white resign" },
        { "setup cephalopod 3x3", "set_option maxplies 1", "play b2" },
    };
    static const char *const refused[] = {
        "genmove white", "genmove black", "reg_genmove white",
        "reg_genmove black", "play a1", "play white a1", "play black a1",
        "play A3B3", "play resign", "play black resign", "analyze 0.01",
        "analyze_stream 0.01", "solve 0.01",
    };
    for (size_t i = 0; i < COUNT(ends); i++) {
        RUN_ALL("set_option maxplies 0", "time_settings 30 5 3");
        for (int k = 0; k < 3 && ends[i][k][0]; k++)
            RUN_ALL(ends[i][k]);
        char *st = tu_ok(&sess, "game_status");
        ck_assert_msg(!strncmp(st, "over ", 5), "%s: %s", ends[i][0], st);
        free(st);
        char *before = tu_snapshot(&sess);
        for (size_t j = 0; j < COUNT(refused); j++) {
            char *r = tu_run(&sess, refused[j]);
            ck_assert_msg(r[0] == '?', "%s (%s): %s", refused[j], ends[i][0],
                          r);
            char *after = tu_snapshot(&sess);
            ck_assert_msg(!strcmp(before, after), "%s (%s) changed the state",
                          refused[j], ends[i][0]);
            free(r), free(after);
        }
        free(before);
    }
}
END_TEST

/* loadsgf refuses, changing nothing, a file it cannot read (missing, a
 * directory, over 4 MiB) and one without a game: "cannot read FILE:
 * REASON" or "syntax error: FILE: REASON". */
#define RECORD "(;FF[4]GM[1002]XGAME[cephalopod]RE[?]PW[white]PB[black]" \
    "XMATCH[white][black]" \
    "XSTART[cephalopod:3x3:W:....../....../......];W[a1])"

START_TEST(test_loadsgf_refusals)
{
    RUN_ALL("setup cephalopod 3x3", "play b2", "time_settings 30 5 3");
    char big[] = "/tmp/check_proto_contract_XXXXXX";
    int fd = mkstemp(big);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(RECORD, f);
    for (int i = 0; i < 4 * 1024 + 1; i++)
        fprintf(f, "%1024s", "");
    fclose(f);
    static const struct { const char *file, *phrase; } cases[] = {
        { "/nonexistent/x.sgf", "cannot read" }, { "/tmp", "cannot read" },
        { "/dev/null", "syntax error" }, { NULL, "cannot read" },
    };
    char *before = tu_snapshot(&sess);
    for (size_t i = 0; i < COUNT(cases); i++) {
        char line[128];
        snprintf(line, sizeof line, "loadsgf %s",
                 cases[i].file ? cases[i].file : big);
        ck_assert(tu_fails_with(&sess, line, cases[i].phrase));
        char *after = tu_snapshot(&sess);
        ck_assert_str_eq(before, after);
        free(after);
    }
    /* The same record without the padding loads. */
    f = fopen(big, "w");
    fputs(RECORD, f);
    fclose(f);
    char line[128];
    snprintf(line, sizeof line, "loadsgf %s", big);
    expect(line, "");
    expect("history", "a1");
    unlink(big);
    free(before);
}
END_TEST

/* time_left without an earlier time_settings turns the clock on;
 * time_settings resets both clocks; BYO > 0 with STONES = 0 turns it
 * off. */
START_TEST(test_time_left_alone)
{
    const struct time_control *c = &sess.engine.time_control;
    ck_assert(!c->limited);
    RUN_ALL("time_left black 5 0");
    ck_assert(c->limited);
    ck_assert(c->left[1] == 5 && c->stones_left[1] == 0);
    RUN_ALL("time_settings 60 10 5");
    ck_assert(c->limited);
    ck_assert(c->left[0] == 60 && c->left[1] == 60);
    RUN_ALL("time_settings 60 10 0");
    ck_assert(!c->limited);
}
END_TEST

/* The replies of analyze ("best MOVE score S depth D nodes N nps X time
 * MS pv MOVE...", the pv starting with the best move, a legal one) and of
 * a solve that runs out of time ("unknown (nodes N, S s)"). */
START_TEST(test_analysis_reply_shapes)
{
    RUN_ALL("set_option hash 1", "setup dvonn random=3");
    char *legal = tu_ok(&sess, "legal_moves");
    char *r = tu_ok(&sess, "analyze 0.02");
    ck_assert_ptr_nonnull(r);
    char best[64], pv[64];
    int score, depth;
    unsigned long long nodes, nps, ms;
    ck_assert_msg(sscanf(r, "best %63s score %d depth %d nodes %llu nps %llu "
                         "time %llu pv %63s", best, &score, &depth, &nodes,
                         &nps, &ms, pv) == 7 && nodes > 0,
                  "analyze: %s", r);
    ck_assert_str_eq(pv, best);
    char *hit = strstr(legal, best);
    ck_assert_msg(hit && (hit == legal || hit[-1] == ' ') &&
                  (hit[strlen(best)] == ' ' || !hit[strlen(best)]),
                  "%s is not legal", best);
    free(r), free(legal);
    r = tu_ok(&sess, "solve 0.05");
    ck_assert_ptr_nonnull(r);
    double seconds;
    char close = 0;
    ck_assert_msg(sscanf(r, "unknown (nodes %llu, %lf s%c", &nodes, &seconds,
                         &close) == 3 && close == ')' && nodes > 0,
                  "solve: %s", r);
    free(r);
}
END_TEST

static Suite *contract_suite(void)
{
    Suite *s = suite_create("proto_contract");
    TCase *tc = tap_tcase(s, "contract", 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_contract_commands);
    tcase_add_test(tc, test_every_command_framed);
    tcase_add_test(tc, test_usage_as_help_says);
    tcase_add_test(tc, test_clear_board_keeps_the_setup);
    tcase_add_loop_test(tc, test_random_games_through_the_protocol, 0,
                        game_count());
    tcase_add_loop_test(tc, test_not_your_turn, 0, game_count());
    tcase_add_loop_test(tc, test_genmove_repeatable, 0, game_count());
    tcase_add_test(tc, test_finished_game_refuses);
    tcase_add_test(tc, test_loadsgf_refusals);
    tcase_add_test(tc, test_time_left_alone);
    tcase_add_test(tc, test_analysis_reply_shapes);
    tcase_add_test(tc, test_result_words);
    tcase_add_test(tc, test_perft_conventions);
    tcase_add_test(tc, test_setup_forms_and_examples);
    return s;
}

int main(void)
{
    return tap_main(contract_suite());
}
