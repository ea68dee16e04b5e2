/* main.c -- command-line options, signals and the read-execute loop. */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "core/args.h"
#include "core/version.h"
#include "engine/engine.h"
#include "games/games.h"
#include "io/hangup.h"
#include "io/lineio.h"
#include "proto/complete.h"
#include "proto/gtp.h"
#include "ugi/ugi.h"

/* Set by SIGINT; the one object a signal handler may touch.  A running
 * command polls it through the stop source (always on this thread: the
 * search's helper threads block signals and hear of it through the
 * search's atomic flag); at the terminal's prompt it clears the line.
 * SIGINT never ends the program: quit, end of input or SIGTERM do. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* The stop source of every long command: SIGINT, or a controller that
 * went away. */
static bool should_stop(void *ctx)
{
    return interrupted || hangup_seen(ctx);
}

static void usage(FILE *out)
{
    struct sbuf titles = SBUF_INIT;
    struct sbuf names = SBUF_INIT;
    game_list(&titles, true, " and ", NULL);
    game_list(&names, false, ", ", NULL);
    fprintf(out,
        "Usage: triad [OPTION]...\n"
        "Game engine for %s, driven by a GTP-style\n"
        "protocol on standard input and output (see triad(6)).\n\n"
        "  --game GAME      start with GAME (%s)\n"
        "  --seed N         seed for random setups and the search\n"
        "  --threads N      search threads (--analysis: positions at once)\n"
        "  --hash MB        transposition table size (--analysis: each)\n"
        "  --movetime S     seconds per move when no clock is set\n"
        "  --color WHEN     colours in showboard: auto (default: at a\n"
        "                   terminal, unless NO_COLOR is set or TERM=dumb),\n"
        "                   always or never\n"
        "  --quiet          no search progress on standard error\n"
        "  --analysis       the JSON analysis mode, one request a line\n"
        "  --help           show this help and exit\n"
        "  --version        show the version and exit\n",
        sbuf_str(&titles), sbuf_str(&names));
    sbuf_free(&titles);
    sbuf_free(&names);
}

struct settings {
    const char *game;
    const char *seed;
    const char *threads;
    const char *movetime;
    const char *color;
    const char *hash;
    bool quiet;
    bool analysis;
};

/* Parses argv; returns -1 to exit with failure, 1 to exit with success. */
static int parse_args(int argc, char **argv, struct settings *set)
{
    static const struct option longopts[] = {
        { "game", required_argument, NULL, 'g' },
        { "seed", required_argument, NULL, 's' },
        { "threads", required_argument, NULL, 't' },
        { "movetime", required_argument, NULL, 'm' },
        { "color", required_argument, NULL, 'c' },
        { "quiet", no_argument, NULL, 'q' },
        { "hash", required_argument, NULL, 'H' },
        { "analysis", no_argument, NULL, 'A' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 }
    };
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'g': set->game = optarg; break;
        case 's': set->seed = optarg; break;
        case 't': set->threads = optarg; break;
        case 'm': set->movetime = optarg; break;
        case 'c': set->color = optarg; break;
        case 'q': set->quiet = true; break;
        case 'H': set->hash = optarg; break;
        case 'A': set->analysis = true; break;
        case 'h': usage(stdout); return 1;
        case 'V': version_print(stdout, "triad"); return 1;
        default: usage(stderr); return -1;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "triad: unexpected argument: %s\n", argv[optind]);
        return -1;
    }
    if (set->color && strcmp(set->color, "auto") != 0 &&
        strcmp(set->color, "always") != 0 && strcmp(set->color, "never") != 0) {
        fprintf(stderr, "triad: --color: auto, always or never, not %s\n",
                set->color);
        return -1;
    }
    return 0;
}

/* --color=auto (the default): colours for a person at a terminal that
 * can show them, unless NO_COLOR (https://no-color.org) is set. */
static bool use_color(const char *when, bool interactive)
{
    if (when && strcmp(when, "auto") != 0)
        return strcmp(when, "always") == 0;
    const char *no_color = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    return interactive && !(no_color && *no_color) &&
           !(term && strcmp(term, "dumb") == 0);
}

/* Applies the command-line settings through the protocol itself, so they
 * are checked exactly like set_option and setup. */
static int apply_settings(struct gtp_frontend *f, const struct settings *set)
{
    const char *lines[][2] = {
        { "set_option seed ", set->seed },
        { "set_option threads ", set->threads },
        { "set_option hash ", set->hash },
        { "set_option movetime ", set->movetime },
        { "setup ", set->game },
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        if (!lines[i][1])
            continue;
        struct sbuf line = SBUF_INIT;      /* no length limit on values */
        sbuf_printf(&line, "%s%s", lines[i][0], lines[i][1]);
        char *reply = NULL;
        size_t size = 0;
        FILE *mem = line.oom ? NULL : open_memstream(&reply, &size);
        if (!mem) {
            sbuf_free(&line);
            fprintf(stderr, "triad: out of memory\n");
            return -1;
        }
        gtp_execute(f, sbuf_str(&line), line.len, mem);
        fclose(mem);
        bool ok = reply && reply[0] == '=';
        if (!ok)
            fprintf(stderr, "triad: %s: %s", sbuf_str(&line),
                    reply ? reply + 2 : "\n");
        free(reply);
        sbuf_free(&line);
        if (!ok)
            return -1;
    }
    return 0;
}

/* triad --analysis (doc/protocol.md, "The analysis mode"). */
static int run_analysis(const struct settings *set)
{
    if (set->game || set->movetime || set->color) {
        fprintf(stderr, "triad: --analysis takes no --game, --movetime or "
                "--color (each request names its game and budget)\n");
        return EXIT_FAILURE;
    }
#ifdef HAVE_JANSSON
    struct analysis_config c = analysis_default_config();
    struct sbuf err = SBUF_INIT;
    int rc = analysis_configure(&c, set->threads, set->hash, set->seed, &err);
    if (rc != 0)
        fprintf(stderr, "triad: %s\n", sbuf_str(&err));
    sbuf_free(&err);
    if (rc == 0)
        rc = analysis_serve(stdin, stdout, &c);
    return rc == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
#else
    fprintf(stderr, "triad: --analysis: this triad was built without "
            "jansson, the JSON library it needs\n");
    return EXIT_FAILURE;
#endif
}

static char *history_path(void)
{
    const char *home = getenv("HOME");
    if (!home || !*home)
        return NULL;
    size_t n = strlen(home) + sizeof "/.triad_history";
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s/.triad_history", home);
    return path;
}

/* The first line a person at a terminal sees. */
static void greet(void)
{
    struct sbuf titles = SBUF_INIT;
    game_list(&titles, true, ", ", NULL);
    printf("%s %s: %s. Type 'help' for the commands.\n", PACKAGE_NAME,
           PACKAGE_VERSION, sbuf_str(&titles));
    sbuf_free(&titles);
}

/* For streaming commands: is the next command line there? */
static bool input_pending(void *io, double seconds)
{
    return lineio_pending(io, seconds);
}

static int run(struct gtp_frontend *f, bool interactive)
{
    char *hist = interactive ? history_path() : NULL;
    struct lineio *io = lineio_new(stdin, interactive, hist, &interrupted);
    free(hist);
    if (!io)
        return EXIT_FAILURE;
    lineio_set_completer(io, complete_words, f->engine);
    f->input_pending = input_pending;
    f->input_ctx = io;
    if (interactive)
        greet();
    struct sbuf prompt = SBUF_INIT;
    struct ugi_frontend *ugi = NULL;     /* the first command was ugi */
    bool first = true;
    for (;;) {
        sbuf_reset(&prompt);
        if (interactive && !ugi)
            complete_prompt(f->engine, &prompt);
        size_t len;
        char *line;
        enum lineio_status got = lineio_read(io, sbuf_str(&prompt), &line,
                                             &len);
        if (got == LINEIO_END)
            break;
        interrupted = 0;
        if (first && got == LINEIO_LINE) {
            int word = ugi_first_word(line, len);
            first = word < 0;
            if (word == 1)
                ugi = ugi_new(f->engine, stdout);
        }
        enum gtp_status st = GTP_OK;
        if (ugi && got == LINEIO_LINE)
            st = ugi_execute(ugi, line, len) ? GTP_OK : GTP_QUIT;
        else if (ugi)
            ugi_refuse(ugi, got == LINEIO_TOO_LONG ? "line too long"
                                                  : "out of memory");
        else if (got == LINEIO_LINE)
            st = gtp_execute(f, line, len, stdout);
        else
            st = gtp_refuse(line, len, got == LINEIO_TOO_LONG ?
                            "line too long" : "out of memory", stdout);
        free(line);
        if (st == GTP_QUIT)
            break;
    }
    ugi_free(ugi);
    sbuf_free(&prompt);
    lineio_free(io);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    struct settings set = { .game = NULL };
    int rc = parse_args(argc, argv, &set);
    if (rc != 0)
        return rc > 0 ? EXIT_SUCCESS : EXIT_FAILURE;

    signal(SIGPIPE, SIG_IGN);    /* a vanished controller: write errors */
    if (set.analysis)
        return run_analysis(&set);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sa.sa_flags = SA_RESTART;    /* reads and writes go on after SIGINT */
    sigaction(SIGINT, &sa, NULL);

    struct engine e;
    if (engine_init(&e, 1) != 0) {
        fprintf(stderr, "triad: out of memory\n");
        return EXIT_FAILURE;
    }
    bool interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    e.quiet = set.quiet;
    e.log = stderr;
    struct hangup_watch watch;
    hangup_watch_init(&watch, STDIN_FILENO, STDOUT_FILENO);
    struct stop_source stop = { should_stop, &watch };
    e.stop = &stop;
    struct gtp_frontend f;
    gtp_frontend_init(&f, &e);
    f.color = use_color(set.color, interactive);
    rc = apply_settings(&f, &set) == 0 ? run(&f, interactive) : EXIT_FAILURE;
    gtp_frontend_done(&f);
    engine_done(&e);
    return rc;
}
