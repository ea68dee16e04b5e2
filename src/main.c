/* main.c -- command-line options, signals and the read-execute loop. */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/games.h"
#include "io/lineio.h"
#include "proto/args.h"
#include "proto/complete.h"
#include "proto/gtp.h"
#include "proto/session.h"

/* Set by SIGINT and polled by a running search or perft; the one flag a
 * signal handler may touch.  Idle, SIGINT ends the process as usual. */
static volatile bool interrupted;
static volatile sig_atomic_t busy;

static void on_sigint(int sig)
{
    if (!busy) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    interrupted = true;
}

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: triad [OPTION]...\n"
        "Game engine for DVONN, Truchet and Cephalopod, driven by a GTP-style\n"
        "protocol on standard input and output (see triad(6)).\n\n"
        "  --game GAME      start with GAME (dvonn, truchet, cephalopod)\n"
        "  --seed N         seed for random setups and the search\n"
        "  --threads N      search threads\n"
        "  --movetime S     seconds per move when no clock is set\n"
        "  --quiet          no search progress on standard error\n"
        "  --help           show this help and exit\n"
        "  --version        show the version and exit\n");
}

struct settings {
    const char *game;
    const char *seed;
    const char *threads;
    const char *movetime;
    bool quiet;
};

/* Parses argv; returns -1 to exit with failure, 1 to exit with success. */
static int parse_args(int argc, char **argv, struct settings *set)
{
    static const struct option longopts[] = {
        { "game", required_argument, NULL, 'g' },
        { "seed", required_argument, NULL, 's' },
        { "threads", required_argument, NULL, 't' },
        { "movetime", required_argument, NULL, 'm' },
        { "quiet", no_argument, NULL, 'q' },
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
        case 'q': set->quiet = true; break;
        case 'h': usage(stdout); return 1;
        case 'V': printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION); return 1;
        default: usage(stderr); return -1;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "triad: unexpected argument: %s\n", argv[optind]);
        return -1;
    }
    return 0;
}

/* Applies the command-line settings through the protocol itself, so they
 * are checked exactly like set_option and setup. */
static int apply_settings(struct session *s, const struct settings *set)
{
    const char *lines[4][2] = {
        { "set_option seed ", set->seed },
        { "set_option threads ", set->threads },
        { "set_option movetime ", set->movetime },
        { "setup ", set->game },
    };
    for (int i = 0; i < 4; i++) {
        if (!lines[i][1])
            continue;
        char line[256];
        snprintf(line, sizeof line, "%s%s", lines[i][0], lines[i][1]);
        char *reply = NULL;
        size_t size = 0;
        FILE *mem = open_memstream(&reply, &size);
        if (!mem)
            return -1;
        gtp_execute(s, line, strlen(line), mem);
        fclose(mem);
        bool ok = reply && reply[0] == '=';
        if (!ok)
            fprintf(stderr, "triad: %s: %s", line, reply ? reply + 2 : "\n");
        free(reply);
        if (!ok)
            return -1;
    }
    return 0;
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

/* For streaming commands: is the next command line there? */
static bool input_pending(void *io, double seconds)
{
    return lineio_pending(io, seconds);
}

static int run(struct session *s, bool interactive)
{
    char *hist = interactive ? history_path() : NULL;
    struct lineio *io = lineio_new(stdin, interactive, hist);
    free(hist);
    if (!io)
        return EXIT_FAILURE;
    lineio_set_completer(io, complete_words, s);
    s->input_pending = input_pending;
    s->input_ctx = io;
    if (interactive)
        printf("%s %s: DVONN, Truchet, Cephalopod. Type 'help' for the "
               "commands.\n", PACKAGE_NAME, PACKAGE_VERSION);
    struct sbuf prompt = SBUF_INIT;
    for (;;) {
        sbuf_reset(&prompt);
        if (interactive)
            complete_prompt(s, &prompt);
        size_t len;
        char *line = lineio_read(io, sbuf_str(&prompt), &len);
        if (!line)
            break;
        interrupted = false;
        busy = 1;
        enum gtp_status st = gtp_execute(s, line, len, stdout);
        busy = 0;
        free(line);
        if (st == GTP_QUIT)
            break;
    }
    sbuf_free(&prompt);
    lineio_free(io);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    struct settings set = { NULL, NULL, NULL, NULL, false };
    int rc = parse_args(argc, argv, &set);
    if (rc != 0)
        return rc > 0 ? EXIT_SUCCESS : EXIT_FAILURE;

    signal(SIGPIPE, SIG_IGN);    /* a vanished controller: write errors */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, NULL);

    struct session s;
    if (session_init(&s, 1) != 0) {
        fprintf(stderr, "triad: out of memory\n");
        return EXIT_FAILURE;
    }
    s.interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    s.quiet = set.quiet;
    s.log = stderr;
    s.stop = &interrupted;
    if (apply_settings(&s, &set) != 0) {
        session_done(&s);
        return EXIT_FAILURE;
    }
    rc = run(&s, s.interactive);
    session_done(&s);
    return rc;
}
