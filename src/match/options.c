/* options.c -- the command line of triad-match (see options.h).
 *
 * --name, --option and --engine-tc belong to the most recent --engine;
 * --each-option goes to both engines (sent before their own options).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "core/args.h"
#include "games/games.h"
#include "match/options.h"

#define MAX_GAMES 1000000L          /* per run: one slot each in memory */
#define MAX_FIRST_GAME 1000000000L
#define MAX_CONCURRENCY 256
#define DEFAULT_MOVETIME 1.0
#define MOVETIME_SLACK 1.2          /* movetime: 20% over is tolerated   */
#define GRACE_MOVETIME 0.5
#define GRACE_FISCHER 0.2
#define DEFAULT_MAXPLIES_UNBOUNDED 1000
#define DEFAULT_BALANCE 50          /* --make-openings: |score| kept     */
#define DEFAULT_REVIEW_SECONDS 0.2  /* --review: per position            */

static bool unbounded(const struct game_ops *g)
{
    return g->max_game_plies == 0;
}

static bool random_by_rules(const struct game_ops *g)
{
    return g->random_start_prefix && g->random_start_always;
}

/* "dvonn random=SEED": how --random-start spells the start of each game
 * that has one only on request. */
static void optional_starts(struct sbuf *out)
{
    const char *sep = "";
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        if (!g->random_start_prefix || g->random_start_always)
            continue;
        sbuf_printf(out, "%s%s %sSEED", sep, g->name,
                    g->random_start_prefix);
        sep = ", ";
    }
}

struct fischer_clock options_clock(const struct match_conf *c, int i)
{
    return c->eng[i].tc.main > 0 ? c->eng[i].tc : c->tc;
}

static bool own_clocks(const struct match_conf *c)
{
    for (int i = 0; i < c->nengines; i++)
        if (c->eng[i].tc.main > 0)
            return true;
    return false;
}

static void clock_text(struct fischer_clock tc, struct sbuf *out)
{
    sbuf_printf(out, "%g+%g", tc.main, tc.inc);
}

void options_engine_time_text(const struct match_conf *c, int i,
                              struct sbuf *out)
{
    if (c->time_mode == TIME_MOVETIME) {
        sbuf_printf(out, "movetime %g", c->movetime);
        return;
    }
    sbuf_puts(out, "tc ");
    clock_text(options_clock(c, i), out);
}

void options_time_text(const struct match_conf *c, struct sbuf *out)
{
    if (c->time_mode == TIME_MOVETIME || !own_clocks(c)) {
        options_engine_time_text(c, 0, out);
        return;
    }
    sbuf_puts(out, "tc ");
    for (int i = 0; i < c->nengines; i++) {
        sbuf_printf(out, "%s%s ", i ? ", " : "", c->eng[i].name);
        clock_text(options_clock(c, i), out);
    }
}

double options_move_limit(const struct match_conf *c, double clock_left)
{
    if (c->time_mode == TIME_MOVETIME)
        return c->movetime * MOVETIME_SLACK + c->grace;
    return clock_left + c->grace;
}

/* True if s is non-empty printable text without control characters
 * (it ends up on a protocol line or in a record). */
static bool printable(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return false;
    return true;
}

/* MAIN[+INC] of --tc or --engine-tc (named by opt) into *tc. */
static int parse_clock(const char *opt, const char *s,
                       struct fischer_clock *tc, struct sbuf *err)
{
    char buf[64];
    if (strlen(s) >= sizeof buf)
        goto bad;
    strcpy(buf, s);
    char *plus = strchr(buf, '+');
    if (plus)
        *plus = '\0';
    tc->inc = 0;
    if (args_double(buf, 0.001, 1e7, &tc->main) != 0 ||
        (plus && args_double(plus + 1, 0, 1e6, &tc->inc) != 0))
        goto bad;
    return 0;
bad:
    tc->main = 0;
    sbuf_printf(err, "bad %s: %s (expected MAIN+INC in seconds)", opt, s);
    return -1;
}

/* --adjudicate-resign PLIES,SCORE */
static int parse_resign(struct match_conf *c, const char *s,
                        struct sbuf *err)
{
    char buf[64];
    char *comma = NULL;
    if (strlen(s) < sizeof buf) {
        strcpy(buf, s);
        comma = strchr(buf, ',');
    }
    if (comma)
        *comma = '\0';
    if (!comma || args_long(buf, 1, 100000, &c->resign_plies) != 0 ||
        args_double(comma + 1, 1e-9, 1e12, &c->resign_score) != 0) {
        sbuf_printf(err, "bad --adjudicate-resign: %s (expected PLIES,SCORE "
                    "with PLIES >= 1 and SCORE > 0)", s);
        c->resign_plies = 0;
        return -1;
    }
    return 0;
}

static int parse_sprt(struct match_conf *c, const char *s, struct sbuf *err)
{
    double v[4] = { 0, 0, 0.05, 0.05 };
    char buf[128];
    int n = 0;
    if (strlen(s) < sizeof buf) {
        strcpy(buf, s);
        char *save = NULL;
        for (char *t = strtok_r(buf, ",", &save); t && n < 5;
             t = strtok_r(NULL, ",", &save), n++)
            if (n < 4 && args_double(t, -2000, 2000, &v[n]) != 0)
                n = 5;
    }
    if ((n != 2 && n != 4) || v[0] >= v[1] || v[2] <= 0 || v[2] >= 0.5 ||
        v[3] <= 0 || v[3] >= 0.5) {
        sbuf_printf(err, "bad --sprt: %s (expected ELO0,ELO1[,ALPHA,BETA] "
                    "with ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5)", s);
        return -1;
    }
    c->use_sprt = true;
    c->sprt.elo0 = v[0];
    c->sprt.elo1 = v[1];
    c->sprt.alpha = v[2];
    c->sprt.beta = v[3];
    return 0;
}

static int set_sprt_model(struct match_conf *c, const char *s,
                          struct sbuf *err)
{
    if (strcmp(s, "pentanomial") == 0)
        c->sprt.model = SPRT_PENTANOMIAL;
    else if (strcmp(s, "trinomial") == 0)
        c->sprt.model = SPRT_TRINOMIAL;
    else {
        sbuf_printf(err, "bad --sprt-model: %s (trinomial or pentanomial)",
                    s);
        return -1;
    }
    return 0;
}

/* Appends NAME=VALUE to e's set_option list. */
static int add_option(struct engine_conf *e, const char *s,
                      struct sbuf *err)
{
    const char *eq = strchr(s, '=');
    bool ok = eq && eq > s && eq[1] && printable(s);
    for (const char *p = s; ok && *p; p++)
        ok = !isspace((unsigned char)*p) && *p != '#';
    if (!ok) {
        sbuf_printf(err, "bad option: %s (expected NAME=VALUE, no spaces)",
                    s);
        return -1;
    }
    char **opts = realloc(e->opts, sizeof *opts * (size_t)(e->nopts + 1));
    char *line = strdup(s);
    if (!opts || !line) {
        free(line);
        if (opts)
            e->opts = opts;
        sbuf_puts(err, "out of memory");
        return -1;
    }
    e->opts = opts;
    e->opts[e->nopts++] = line;
    return 0;
}

static struct engine_conf *last_engine(struct match_conf *c,
                                       const char *opt, struct sbuf *err)
{
    if (c->nengines == 0) {
        sbuf_printf(err, "%s must follow the --engine it belongs to", opt);
        return NULL;
    }
    return &c->eng[c->nengines - 1];
}

static int set_engine(struct match_conf *c, const char *cmd,
                      struct sbuf *err)
{
    if (c->nengines == MATCH_ENGINES_MAX) {
        sbuf_printf(err, "more than %d --engine options", MATCH_ENGINES_MAX);
        return -1;
    }
    if (!printable(cmd) || strspn(cmd, " \t") == strlen(cmd)) {
        sbuf_puts(err, "bad --engine: an empty or unprintable command");
        return -1;
    }
    c->eng[c->nengines++].cmd = cmd;
    return 0;
}

static int set_name(struct match_conf *c, const char *name,
                    struct sbuf *err)
{
    struct engine_conf *e = last_engine(c, "--name", err);
    if (!e)
        return -1;
    if (e->named || !printable(name) || strlen(name) >= MATCH_NAME_MAX) {
        sbuf_printf(err, "bad or second --name for engine %d: %s",
                    c->nengines, name);
        return -1;
    }
    strcpy(e->name, name);
    e->named = true;
    return 0;
}

/* --engine-tc: the last --engine's own clock (and a Fischer match). */
static int set_engine_clock(struct match_conf *c, const char *s,
                            struct sbuf *err)
{
    struct engine_conf *e = last_engine(c, "--engine-tc", err);
    if (!e)
        return -1;
    if (e->tc.main > 0) {
        sbuf_printf(err, "second --engine-tc for engine %d: %s",
                    c->nengines, s);
        return -1;
    }
    if (parse_clock("--engine-tc", s, &e->tc, err) != 0)
        return -1;
    c->time_mode = TIME_FISCHER;
    return 0;
}

static int set_format(struct match_conf *c, const char *s, struct sbuf *err)
{
    if (strcmp(s, "round-robin") == 0)
        c->format = FORMAT_ROUND_ROBIN;
    else if (strcmp(s, "gauntlet") == 0)
        c->format = FORMAT_GAUNTLET;
    else {
        sbuf_printf(err, "bad --format: %s (round-robin or gauntlet)", s);
        return -1;
    }
    return 0;
}

/* A run id: letters, digits and ._:- (it names files and records). */
static int set_run_id(struct match_conf *c, const char *id,
                      struct sbuf *err)
{
    size_t n = strlen(id);
    if (n == 0 || n >= MATCH_RUN_MAX ||
        strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                   "0123456789._:-") != n) {
        sbuf_printf(err, "bad --run-id: %s (1 to %d letters, digits or "
                    "._:-)", id, MATCH_RUN_MAX - 1);
        return -1;
    }
    memcpy(c->run_id, id, n + 1);
    return 0;
}

/* A fresh run id: 64 random bits (the clock and the process id if the
 * kernel has no randomness to give). */
void options_new_run_id(struct match_conf *c)
{
    char *id = c->run_id;
    uint64_t bits;
    if (getrandom(&bits, sizeof bits, GRND_NONBLOCK) != (ssize_t)sizeof bits) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        bits = ((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec ^
               ((uint64_t)getpid() << 40);
    }
    snprintf(id, MATCH_RUN_MAX, "%016llx", (unsigned long long)bits);
}

static int set_setup(struct match_conf *c, const char *s, struct sbuf *err)
{
    int words = 0;
    bool in_word = false;
    for (const char *p = s; *p; p++) {
        bool space = *p == ' ' || *p == '\t';
        words += !space && !in_word;
        in_word = !space;
    }
    if ((*s && !printable(s)) || strlen(s) >= MATCH_SETUP_MAX ||
        words > MATCH_SETUP_WORDS || strchr(s, '#')) {
        sbuf_puts(err, "bad --setup: too long or unprintable");
        return -1;
    }
    strcpy(c->setup_text, s);
    c->setup_given = true;
    return 0;
}

enum {
    OPT_GAME = 256, OPT_ENGINE, OPT_NAME, OPT_OPTION, OPT_EACH, OPT_GAMES,
    OPT_FIRST, OPT_CONC, OPT_MOVETIME, OPT_TC, OPT_GRACE, OPT_SEED,
    OPT_RECORDS, OPT_MAXPLIES, OPT_SPRT, OPT_SETUP, OPT_RANDOM_START,
    OPT_RANDOM_PLIES, OPT_RESTART, OPT_STDERR, OPT_MERGE, OPT_QUIET,
    OPT_HELP, OPT_VERSION, OPT_RUN_ID, OPT_FORMAT, OPT_OPENINGS,
    OPT_MAKE_OPENINGS, OPT_BALANCE, OPT_ADJ_RESIGN, OPT_ADJ_SOLVE,
    OPT_ENGINE_TC, OPT_SPRT_MODEL, OPT_RESUME, OPT_REVIEW, OPT_SECONDS,
    OPT_NODES, OPT_THREADS, OPT_OUTPUT
};

/* Every option, once: the getopt table and the --help text are made
 * from it (tests/match/options.sh holds the man page to --help).  help
 * is the text after the option, lines split by '\n'; {games}, {starts},
 * {always}, {maxplies} and {long} stand for what the game registry says
 * (see help_word). */
struct option_spec {
    const char *name;
    const char *arg;            /* the argument's name, NULL: none       */
    int id;
    const char *help;
};

static const struct option_spec option_table[] = {
    { "game", "GAME", OPT_GAME, "{games}" },
    { "engine", "CMD", OPT_ENGINE, "an engine command line (give two: A, "
      "then B;\nor more with --format)" },
    { "format", "FORMAT", OPT_FORMAT, "round-robin (every pair of engines, "
      "both colours)\nor gauntlet (the first engine against each other)" },
    { "name", "NAME", OPT_NAME, "name of the last --engine (default: its "
      "program)" },
    { "option", "NAME=VALUE", OPT_OPTION, "'set_option NAME VALUE' for the "
      "last --engine" },
    { "each-option", "NAME=VALUE", OPT_EACH, "the same for both engines" },
    { "games", "N", OPT_GAMES, "games to play (default 2); colours "
      "alternate\npair by pair, both games of a pair share the start" },
    { "first-game", "K", OPT_FIRST, "number of the first game, even "
      "(default 0): split\na match across hosts, then --merge the "
      "records" },
    { "concurrency", "N", OPT_CONC, "games played at once (default 1)" },
    { "movetime", "S", OPT_MOVETIME, "seconds per move (default 1)" },
    { "tc", "MAIN[+INC]", OPT_TC, "Fischer clock kept by the referee" },
    { "engine-tc", "MAIN[+INC]", OPT_ENGINE_TC, "the last --engine's own "
      "clock instead of --tc\n(time odds: --tc 5 against --tc 20)" },
    { "grace", "S", OPT_GRACE, "extra seconds before a time loss "
      "(default:\n0.5 plus 20% with --movetime, 0.2 with --tc)" },
    { "seed", "N", OPT_SEED, "seed of the openings (default 1)" },
    { "setup", "'ARGS'", OPT_SETUP, "setup arguments: the setup command's "
      "words\nafter the game name (triad(6))" },
    { "random-start", NULL, OPT_RANDOM_START, "a new random start per pair "
      "({starts};\nalways on for {always} unless --setup is given)" },
    { "dvonn-random", NULL, OPT_RANDOM_START, "the same as "
      "--random-start" },
    { "random-plies", "K", OPT_RANDOM_PLIES, "K random opening plies per "
      "pair" },
    { "openings", "FILE", OPT_OPENINGS, "starts from FILE, one per line: "
      "'SETUP | MOVES'\nor 'POSITION | MOVES' (a position string)\n(each "
      "played by every pairing with both colours)" },
    { "make-openings", "N", OPT_MAKE_OPENINGS, "no match: print a suite of "
      "N openings, each\n--random-plies random plies from the match's\n"
      "starts that the one --engine's 'analyze\n--movetime' scores within "
      "--balance of even" },
    { "balance", "S", OPT_BALANCE, "with --make-openings: the largest "
      "|score| kept\n(default 50)" },
    { "adjudicate-resign", "N,S", OPT_ADJ_RESIGN, "a side wins once both "
      "engines' scores (their\n'info ... score' lines) put it S ahead for "
      "N plies" },
    { "adjudicate-solve", "NODES", OPT_ADJ_SOLVE, "end a game once the "
      "exact solver proves its\nresult within NODES nodes (tried after "
      "every ply)" },
    { "maxplies", "N", OPT_MAXPLIES, "adjudicate a draw after N plies (0 = "
      "never;\ndefault 0, or {maxplies} for {long})" },
    { "records", "FILE", OPT_RECORDS, "append an SGF record of every game "
      "to FILE" },
    { "resume", NULL, OPT_RESUME, "continue the match whose games are in "
      "--records\n(same options; the run id is the records')" },
    { "sprt", "E0,E1[,A,B]", OPT_SPRT, "stop early once the SPRT accepts "
      "H0 or H1" },
    { "sprt-model", "MODEL", OPT_SPRT_MODEL, "pentanomial (game pairs, "
      "default) or trinomial" },
    { "restart", NULL, OPT_RESTART, "new engine processes for every "
      "game" },
    { "run-id", "ID", OPT_RUN_ID, "the run's identity in the records "
      "(default:\nrandom); give the shards of one match the same" },
    { "engine-stderr", "FILE", OPT_STDERR, "append the engines' standard "
      "error to FILE" },
    { "merge", "FILE...", OPT_MERGE, "combine record files and print the "
      "statistics" },
    { "review", "FILE...", OPT_REVIEW, "no match: review the games of "
      "record files with\nthe analysis mode of the one --engine (default:"
      "\nthe triad beside this program): the moves'\nmarks and each game's "
      "decisive move, into\nthe records and a summary" },
    { "seconds", "S", OPT_SECONDS, "with --review: seconds per position "
      "(default 0.2)" },
    { "nodes", "N", OPT_NODES, "with --review: nodes per position instead" },
    { "threads", "N", OPT_THREADS, "with --review: positions analysed at "
      "once\n(default 1)" },
    { "output", "FILE", OPT_OUTPUT, "with --review: write the reviewed "
      "records to FILE\n(default: each FILE.sgf to FILE.review.sgf)" },
    { "quiet", NULL, OPT_QUIET, "only the final statistics" },
    { "help", NULL, OPT_HELP, "this text" },
    { "version", NULL, OPT_VERSION, "the version" },
};

#define OPTION_COUNT (sizeof option_table / sizeof option_table[0])
#define HELP_COLUMN 25          /* the help texts' column, from 0       */

/* The text a {word} of a help text stands for. */
static void help_word(const char *word, size_t n, struct sbuf *out)
{
    if (n == 5 && memcmp(word, "games", 5) == 0)
        game_list(out, false, " or ", NULL);
    else if (n == 6 && memcmp(word, "starts", 6) == 0)
        optional_starts(out);
    else if (n == 6 && memcmp(word, "always", 6) == 0)
        game_list(out, false, " and ", random_by_rules);
    else if (n == 8 && memcmp(word, "maxplies", 8) == 0)
        sbuf_printf(out, "%d", DEFAULT_MAXPLIES_UNBOUNDED);
    else if (n == 4 && memcmp(word, "long", 4) == 0)
        game_list(out, false, " and ", unbounded);
}

/* One option's lines of --help. */
static void usage_option(const struct option_spec *o, struct sbuf *out)
{
    size_t start = out->len;
    sbuf_printf(out, "  --%s%s%s", o->name, o->arg ? " " : "",
                o->arg ? o->arg : "");
    size_t width = out->len - start;
    if (width + 1 > HELP_COLUMN)            /* the help on the next line */
        sbuf_printf(out, "\n%*s", HELP_COLUMN, "");
    else
        sbuf_printf(out, "%*s", (int)(HELP_COLUMN - width), "");
    for (const char *h = o->help; *h; h++) {
        const char *close = *h == '{' ? strchr(h, '}') : NULL;
        if (close) {
            help_word(h + 1, (size_t)(close - h - 1), out);
            h = close;
        } else if (*h == '\n') {
            sbuf_printf(out, "\n%*s", HELP_COLUMN, "");
        } else {
            sbuf_putc(out, *h);
        }
    }
    sbuf_putc(out, '\n');
}

/* The help text names the games through the registry (game_list), so
 * that a new game needs no change here. */
void options_usage(FILE *out)
{
    struct sbuf text = SBUF_INIT;
    sbuf_puts(&text,
"Usage: triad-match --game GAME --engine CMD --engine CMD [OPTION]...\n"
"       triad-match --merge FILE... [--sprt ELO0,ELO1,ALPHA,BETA]\n"
"       triad-match --review FILE... [--engine CMD] [--seconds S | --nodes N]\n"
"                   [--threads N] [--output FILE]\n"
"Plays a match between two engines speaking the triad protocol and\n"
"prints the score, the Elo difference and (with --sprt) an SPRT verdict;\n"
"or reviews the games of records with an engine's analysis.\n"
"\n");
    for (size_t i = 0; i < OPTION_COUNT; i++)
        usage_option(&option_table[i], &text);
    fputs(sbuf_str(&text), out);
    sbuf_free(&text);
}

/* The getopt_long table of option_table, into longopts (OPTION_COUNT + 1
 * entries). */
static void getopt_table(struct option *longopts)
{
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const struct option_spec *o = &option_table[i];
        bool takes = o->arg && o->id != OPT_MERGE &&   /* files follow */
                     o->id != OPT_REVIEW;
        longopts[i] = (struct option){
            o->name, takes ? required_argument : no_argument, NULL, o->id
        };
    }
    longopts[OPTION_COUNT] = (struct option){ NULL, 0, NULL, 0 };
}

/* Options given to both engines, remembered until the end of parsing. */
struct each_list {
    int n;
    const char *opt[32];
};

static int bad_number(const char *opt, const char *arg, struct sbuf *err)
{
    sbuf_printf(err, "bad %s: %s", opt, arg);
    return -1;
}

/* Options taking a number. */
static int number_option(struct match_conf *c, int id, const char *arg,
                         struct sbuf *err)
{
    long v;
    double d;
    switch (id) {
    case OPT_GAMES:
        if (args_long(arg, 1, MAX_GAMES, &c->games) != 0)
            return bad_number("--games", arg, err);
        return 0;
    case OPT_FIRST:
        if (args_long(arg, 0, MAX_FIRST_GAME, &c->first_game) != 0 ||
            c->first_game % 2)
            return bad_number("--first-game (an even number)", arg, err);
        return 0;
    case OPT_CONC:
        if (args_long(arg, 1, MAX_CONCURRENCY, &v) != 0)
            return bad_number("--concurrency", arg, err);
        c->concurrency = (int)v;
        return 0;
    case OPT_MOVETIME:
        if (args_double(arg, 0.001, 86400, &d) != 0)
            return bad_number("--movetime", arg, err);
        c->movetime = d;
        return 0;
    case OPT_GRACE:
        if (args_double(arg, 0, 3600, &c->grace) != 0)
            return bad_number("--grace", arg, err);
        return 0;
    case OPT_SEED:
        if (args_u64(arg, &c->seed) != 0)
            return bad_number("--seed", arg, err);
        return 0;
    case OPT_MAXPLIES:
        if (args_long(arg, 0, 100000000L, &c->maxplies) != 0)
            return bad_number("--maxplies", arg, err);
        return 0;
    case OPT_MAKE_OPENINGS:
        if (args_long(arg, 1, 100000, &c->make_openings) != 0)
            return bad_number("--make-openings", arg, err);
        return 0;
    case OPT_BALANCE:
        if (args_double(arg, 0, 1e9, &c->balance) != 0)
            return bad_number("--balance", arg, err);
        return 0;
    case OPT_ADJ_SOLVE:
        if (args_long(arg, 1, 1000000000000L, &c->solve_nodes) != 0)
            return bad_number("--adjudicate-solve (nodes)", arg, err);
        return 0;
    case OPT_SECONDS:
        if (args_double(arg, 0.001, 3600, &c->review_seconds) != 0)
            return bad_number("--seconds (0.001 to 3600)", arg, err);
        return 0;
    case OPT_NODES:
        if (args_long(arg, 1, 10000000000L, &c->review_nodes) != 0)
            return bad_number("--nodes (1 to 10^10)", arg, err);
        return 0;
    case OPT_THREADS:
        if (args_long(arg, 1, MAX_CONCURRENCY, &v) != 0)
            return bad_number("--threads (1 to 256)", arg, err);
        c->review_threads = (int)v;
        return 0;
    default:   /* OPT_RANDOM_PLIES */
        if (args_long(arg, 0, 1000, &v) != 0)
            return bad_number("--random-plies", arg, err);
        c->random_plies = (int)v;
        return 0;
    }
}

/* Handles one option; -1 on error, 0 otherwise. */
static int one_option(struct match_conf *c, int id, const char *arg,
                      struct each_list *each, struct sbuf *err)
{
    struct engine_conf *e;
    switch (id) {
    case OPT_GAME:
        c->game = game_find(arg);
        if (!c->game)
            sbuf_printf(err, "unknown game: %s", arg);
        return c->game ? 0 : -1;
    case OPT_ENGINE: return set_engine(c, arg, err);
    case OPT_NAME: return set_name(c, arg, err);
    case OPT_OPTION:
        e = last_engine(c, "--option", err);
        return e ? add_option(e, arg, err) : -1;
    case OPT_EACH:
        if (each->n == (int)(sizeof each->opt / sizeof each->opt[0])) {
            sbuf_puts(err, "too many --each-option");
            return -1;
        }
        each->opt[each->n++] = arg;
        return 0;
    case OPT_TC:
        c->time_mode = TIME_FISCHER;
        return parse_clock("--tc", arg, &c->tc, err);
    case OPT_ENGINE_TC: return set_engine_clock(c, arg, err);
    case OPT_RECORDS: c->records = arg; return 0;
    case OPT_SPRT: return parse_sprt(c, arg, err);
    case OPT_SPRT_MODEL: return set_sprt_model(c, arg, err);
    case OPT_SETUP: return set_setup(c, arg, err);
    case OPT_RANDOM_START: c->random_start = true; return 0;
    case OPT_RESTART: c->restart = true; return 0;
    case OPT_RESUME: c->resume = true; return 0;
    case OPT_RUN_ID: return set_run_id(c, arg, err);
    case OPT_FORMAT: return set_format(c, arg, err);
    case OPT_OPENINGS: c->openings = arg; return 0;
    case OPT_ADJ_RESIGN: return parse_resign(c, arg, err);
    case OPT_STDERR: c->engine_stderr = arg; return 0;
    case OPT_MERGE: c->merge = true; return 0;
    case OPT_REVIEW: c->review = true; return 0;
    case OPT_OUTPUT: c->output = arg; return 0;
    case OPT_QUIET: c->quiet = true; return 0;
    default: return number_option(c, id, arg, err);
    }
}

/* The program name of an engine command: the base name of its first
 * word, shortened to fit. */
static void default_name(const char *cmd, char name[MATCH_NAME_MAX])
{
    cmd += strspn(cmd, " \t");
    size_t n = strcspn(cmd, " \t");
    const char *slash = memrchr(cmd, '/', n);
    if (slash && slash + 1 < cmd + n) {
        n -= (size_t)(slash + 1 - cmd);
        cmd = slash + 1;
    }
    if (n > MATCH_NAME_MAX - 3)
        n = MATCH_NAME_MAX - 3;
    memcpy(name, cmd, n);
    name[n] = '\0';
}

/* Engines with equal default names get "#N" (N = their 1-based place);
 * -1 if names still collide. */
static int distinct_names(struct match_conf *c, struct sbuf *err)
{
    bool clash[MATCH_ENGINES_MAX] = { false };
    for (int i = 0; i < c->nengines; i++)
        for (int j = 0; j < c->nengines; j++)
            if (i != j && strcmp(c->eng[i].name, c->eng[j].name) == 0)
                clash[i] = true;
    for (int i = 0; i < c->nengines; i++)
        if (clash[i] && !c->eng[i].named) {
            size_t n = strlen(c->eng[i].name);
            snprintf(c->eng[i].name + n, MATCH_NAME_MAX - n, "#%d", i + 1);
        }
    for (int i = 0; i < c->nengines; i++)
        for (int j = i + 1; j < c->nengines; j++)
            if (strcmp(c->eng[i].name, c->eng[j].name) == 0) {
                sbuf_printf(err, "engines %d and %d need different names",
                            i + 1, j + 1);
                return -1;
            }
    return 0;
}

/* The number of engines fits the format. */
static int check_format(const struct match_conf *c, struct sbuf *err)
{
    if (c->nengines < 2) {
        sbuf_puts(err, "give at least two --engine options");
        return -1;
    }
    if (c->nengines > 2 && c->format == FORMAT_MATCH) {
        sbuf_puts(err, "more than two engines need --format round-robin or "
                  "--format gauntlet");
        return -1;
    }
    if (c->nengines > 2 && c->use_sprt) {
        sbuf_puts(err, "--sprt needs exactly two engines");
        return -1;
    }
    return 0;
}

static int finish_engines(struct match_conf *c, const struct each_list *ea,
                          struct sbuf *err)
{
    if (c->make_openings && c->nengines != 1) {
        sbuf_puts(err, "--make-openings takes one --engine (the judge)");
        return -1;
    }
    if (!c->make_openings && check_format(c, err) != 0)
        return -1;
    for (int i = 0; i < c->nengines; i++) {
        struct engine_conf *e = &c->eng[i];
        if (!e->named)
            default_name(e->cmd, e->name);
        /* --each-option first, so that an engine's own option wins. */
        struct engine_conf own = *e;
        e->opts = NULL;
        e->nopts = 0;
        int rc = 0;
        for (int k = 0; k < ea->n && rc == 0; k++)
            rc = add_option(e, ea->opt[k], err);
        for (int k = 0; k < own.nopts; k++) {
            if (rc == 0)
                rc = add_option(e, own.opts[k], err);
            free(own.opts[k]);
        }
        free(own.opts);
        if (rc != 0)
            return -1;
    }
    return distinct_names(c, err);
}

/* A review's options: one engine at most, as given (the records name
 * their games), one budget. */
static int finish_review(struct match_conf *c, bool review_only_given,
                         const struct each_list *each, struct sbuf *err)
{
    if (!c->review) {
        if (!review_only_given)
            return 0;
        sbuf_puts(err, "--seconds, --nodes, --threads and --output belong "
                  "to --review");
        return -1;
    }
    if (c->merge || c->make_openings || c->resume || c->nengines > 1) {
        sbuf_puts(err, "--review takes record files and at most one "
                  "--engine, and no --merge, --make-openings or --resume");
        return -1;
    }
    if (c->game || each->n > 0 ||
        (c->nengines == 1 && (c->eng[0].nopts > 0 || c->eng[0].named))) {
        sbuf_puts(err, "--review takes no --game, --option, --each-option "
                  "or --name (the records name their games; give the "
                  "engine's options in its command line)");
        return -1;
    }
    if (c->review_seconds > 0 && c->review_nodes > 0) {
        sbuf_puts(err, "--seconds and --nodes exclude each other");
        return -1;
    }
    if (c->review_nodes == 0 && c->review_seconds == 0)
        c->review_seconds = DEFAULT_REVIEW_SECONDS;
    return 0;
}

/* Consistency checks once every option is known. */
static int finish(struct match_conf *c, bool movetime_given,
                  const struct each_list *each, struct sbuf *err)
{
    if (c->review)
        return 0;
    if (c->resume && (c->merge || c->make_openings)) {
        sbuf_puts(err, "--resume continues a match: not with --merge or "
                  "--make-openings");
        return -1;
    }
    if (c->merge)
        return 0;
    if (!c->game) {
        sbuf_puts(err, "--game is required");
        return -1;
    }
    if (movetime_given && c->time_mode == TIME_FISCHER) {
        sbuf_puts(err, "--movetime excludes --tc and --engine-tc");
        return -1;
    }
    for (int i = 0; i < c->nengines && c->time_mode == TIME_FISCHER; i++)
        if (options_clock(c, i).main <= 0) {
            sbuf_printf(err, "engine %d has no clock: give --tc or its own "
                        "--engine-tc", i + 1);
            return -1;
        }
    if (c->grace < 0)
        c->grace = c->time_mode == TIME_FISCHER ? GRACE_FISCHER
                                                : GRACE_MOVETIME;
    if (c->maxplies < 0)
        c->maxplies = c->game->max_game_plies ? 0
                                              : DEFAULT_MAXPLIES_UNBOUNDED;
    if (c->resume && !c->records) {
        sbuf_puts(err, "--resume needs --records (the games played so far)");
        return -1;
    }
    if (!c->run_id[0] && !c->resume)   /* --resume: the records' run */
        options_new_run_id(c);
    if (c->openings &&
        (c->setup_given || c->random_start || c->random_plies)) {
        sbuf_puts(err, "--openings excludes --setup, --random-start and "
                  "--random-plies (the suite gives the starts)");
        return -1;
    }
    if (c->openings && suite_load(&c->suite, c->game, c->openings, err) != 0)
        return -1;
    return finish_engines(c, each, err);
}

enum options_result options_parse(struct match_conf *c, int argc,
                                  char **argv, struct sbuf *err)
{
    *c = (struct match_conf){
        .games = 2, .concurrency = 1, .time_mode = TIME_MOVETIME,
        .movetime = DEFAULT_MOVETIME, .grace = -1, .seed = 1,
        .maxplies = -1, .balance = DEFAULT_BALANCE,
        .sprt.model = SPRT_PENTANOMIAL,
    };
    struct each_list each = { 0, { NULL } };
    bool movetime_given = false;
    bool review_only_given = false;
    struct option longopts[OPTION_COUNT + 1];
    getopt_table(longopts);
    opterr = 0;
    optind = 0;         /* glibc: a full restart of getopt's scanning */
    int id;
    while ((id = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (id == OPT_HELP)
            return OPTIONS_HELP;
        if (id == OPT_VERSION)
            return OPTIONS_VERSION;
        if (id == '?' || id == ':') {
            sbuf_printf(err, "unknown option or missing argument: %s",
                        argv[optind - 1]);
            return OPTIONS_ERROR;
        }
        movetime_given = movetime_given || id == OPT_MOVETIME;
        review_only_given = review_only_given || id == OPT_SECONDS ||
                            id == OPT_NODES || id == OPT_THREADS ||
                            id == OPT_OUTPUT;
        if (one_option(c, id, optarg, &each, err) != 0)
            return OPTIONS_ERROR;
    }
    c->merge_files = argv + optind;
    c->nmerge = argc - optind;
    if (c->merge && (c->nmerge == 0 || c->nengines > 0)) {
        sbuf_puts(err, "--merge takes record files and no --engine");
        return OPTIONS_ERROR;
    }
    if (c->review && c->nmerge == 0) {
        sbuf_puts(err, "--review takes record files");
        return OPTIONS_ERROR;
    }
    if (finish_review(c, review_only_given, &each, err) != 0)
        return OPTIONS_ERROR;
    if (!c->merge && !c->review && c->nmerge > 0) {
        sbuf_printf(err, "unexpected argument: %s", argv[optind]);
        return OPTIONS_ERROR;
    }
    return finish(c, movetime_given, &each, err) == 0 ? OPTIONS_RUN
                                                      : OPTIONS_ERROR;
}

void options_free(struct match_conf *c)
{
    suite_free(&c->suite);
    for (int i = 0; i < MATCH_ENGINES_MAX; i++) {
        for (int k = 0; k < c->eng[i].nopts; k++)
            free(c->eng[i].opts[k]);
        free(c->eng[i].opts);
        c->eng[i].opts = NULL;
        c->eng[i].nopts = 0;
    }
}
