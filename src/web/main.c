/* main.c -- triad-web: serves the triad page and one engine per game
 * session.  Options, paths, signals and the idle reaper; the rest is in
 * server.c, sessions.c and relay.c.  Manual: doc/triad-web.md. */
#include "config.h"

#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <limits.h>
#include <stdbool.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/sbuf.h"
#include "core/version.h"
#include "web/guard.h"
#include "web/server.h"
#include "web/sessions.h"

struct settings {
    const char *bind;
    unsigned port;
    const char *engine;         /* --engine 'CMD ARGS', or NULL */
    const char *root;           /* --root DIR, or NULL          */
    size_t max_sessions;
    double idle;                /* seconds before a session is reaped */
    double timeout;             /* seconds an engine may think        */
    size_t client_sessions;     /* sessions of one client address     */
    unsigned hash;              /* MiB of each engine's table         */
    unsigned threads;           /* search threads of each engine      */
    bool token;                 /* --token: a token even on loopback  */
};

/* Limits without options (doc/triad-web.md, "Security"). */
#define MAX_CONNECTIONS 512
#define CLIENT_CONNECTIONS 32
#define CLIENT_STREAMS 4
#define REQUEST_SECONDS 10.0

static void usage(FILE *f)
{
    fprintf(f,
        "usage: triad-web [--port N] [--bind ADDR] [--engine 'CMD ARGS']\n"
        "                 [--root DIR] [--max-sessions N] [--client-sessions N]\n"
        "                 [--idle SECONDS] [--timeout SECONDS] [--hash MIB]\n"
        "                 [--threads N] [--token] [--help] [--version]\n"
        "Serves the triad page on http://ADDR:N/ (default 127.0.0.1:8080;\n"
        "port 0 picks a free one) with one engine process per game session.\n"
        "An address beyond loopback (or --token) needs the access token\n"
        "printed at start.\n");
}

static int number(const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

/* 0: go on; 1: done (help, version); -1: bad arguments. */
static int parse_args(int argc, char **argv, struct settings *set)
{
    static const struct option longopts[] = {
        { "port", required_argument, NULL, 'p' },
        { "bind", required_argument, NULL, 'b' },
        { "engine", required_argument, NULL, 'e' },
        { "root", required_argument, NULL, 'r' },
        { "max-sessions", required_argument, NULL, 'm' },
        { "idle", required_argument, NULL, 'i' },
        { "timeout", required_argument, NULL, 't' },
        { "client-sessions", required_argument, NULL, 'c' },
        { "hash", required_argument, NULL, 'H' },
        { "threads", required_argument, NULL, 'T' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { "token", no_argument, NULL, 'k' },
        { NULL, 0, NULL, 0 }
    };
    int c;
    double v;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        int bad = 0;
        switch (c) {
        case 'p': bad = number(optarg, 0, 65535, &v); set->port = (unsigned)v;
                  break;
        case 'b': set->bind = optarg; break;
        case 'e': set->engine = optarg; break;
        case 'r': set->root = optarg; break;
        case 'm': bad = number(optarg, 1, 1000, &v);
                  set->max_sessions = (size_t)v; break;
        case 'i': bad = number(optarg, 1, 1e7, &set->idle); break;
        case 't': bad = number(optarg, 1, 1e7, &set->timeout); break;
        case 'c': bad = number(optarg, 1, 1000, &v);
                  set->client_sessions = (size_t)v; break;
        case 'H': bad = number(optarg, 1, 16384, &v);
                  set->hash = (unsigned)v; break;
        case 'T': bad = number(optarg, 1, 64, &v);
                  set->threads = (unsigned)v; break;
        case 'h': usage(stdout); return 1;
        case 'V': version_print(stdout, "triad-web"); return 1;
        case 'k': set->token = true; break;
        default: usage(stderr); return -1;
        }
        if (bad) {
            fprintf(stderr, "triad-web: bad option value: %s\n", optarg);
            return -1;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "triad-web: unexpected argument: %s\n", argv[optind]);
        return -1;
    }
    return 0;
}

/* The directory of this program, from /proc/self/exe. */
static int own_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    return 0;
}

/* The engine command line: --engine, else "DIR/triad" next to this
 * program, quoted for the shell when it is not a plain word
 * (core/gtpclient.h: a plain word is run directly).  0 or -1. */
static int engine_command(const char *engine, struct sbuf *cmd)
{
    static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,:+@%";
    char dir[PATH_MAX];
    if (engine) {
        sbuf_puts(cmd, engine);
        return engine[strspn(engine, " \t")] ? 0 : -1;
    }
    if (own_dir(dir, sizeof dir) != 0)
        return -1;
    if (dir[strspn(dir, plain)] == '\0') {
        sbuf_printf(cmd, "%s/triad", dir);
        return 0;
    }
    sbuf_putc(cmd, '\'');
    for (const char *p = dir; *p; p++) {
        if (*p == '\'')
            sbuf_puts(cmd, "'\\''");      /* ' ends, \' is one, ' again */
        else
            sbuf_putc(cmd, *p);
    }
    sbuf_puts(cmd, "/triad'");
    return 0;
}

/* The page's files: --root, else the source tree when this program runs
 * from the build tree, else the installed copy. */
static const char *page_root(const char *root)
{
    char dir[PATH_MAX];
    if (root)
        return root;
    if (own_dir(dir, sizeof dir) == 0 &&
        strcmp(dir, WEB_BUILD_PROGDIR) == 0)
        return WEB_SOURCE_ROOT;
    return WEB_INSTALL_ROOT;
}

struct reaper {
    struct session_table *sessions;
    double idle;
};

/* Cancelled (by main, at the end) only while it sleeps: reaping waits
 * for processes and threads (waitpid, pthread_join are cancellation
 * points), and a reaper cancelled there would leave a session half
 * freed. */
static void *reaper_main(void *arg)
{
    const struct reaper *r = arg;
    for (;;) {
        pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
        sleep(5);
        pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
        sessions_reap(r->sessions, r->idle);
    }
    return NULL;
}

/* Every request runs on a job thread, and glibc would give the threads
 * malloc arenas of their own (up to eight a core): under steady load their
 * fragmentation grows the resident set by about a megabyte every 20 s with
 * no leak at all (doc/triad-web.md, "Tests").  The server's allocations are
 * small and brief, so one arena costs nothing measurable and keeps the
 * resident set flat.  MALLOC_ARENA_MAX in the environment still wins. */
static void one_malloc_arena(void)
{
#ifdef M_ARENA_MAX
    if (!getenv("MALLOC_ARENA_MAX"))
        mallopt(M_ARENA_MAX, 1);
#endif
}

int main(int argc, char **argv)
{
    struct settings set = { "127.0.0.1", 8080, NULL, NULL, 8, 900, 600, 3,
                            64, 1, false };
    int rc = parse_args(argc, argv, &set);
    if (rc != 0)
        return rc > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
    struct sbuf engine = SBUF_INIT;
    if (engine_command(set.engine, &engine) != 0) {
        fprintf(stderr, "triad-web: bad --engine command\n");
        sbuf_free(&engine);
        return EXIT_FAILURE;
    }
    /* Signals: a vanished engine gives write errors, not death; SIGINT
     * and SIGTERM are taken by sigwait below, so every thread blocks
     * them. */
    signal(SIGPIPE, SIG_IGN);
    one_malloc_arena();
    sigset_t quit;
    sigemptyset(&quit);
    sigaddset(&quit, SIGINT);
    sigaddset(&quit, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &quit, NULL);

    /* Beyond loopback, anybody who can reach the port could drive the
     * engines: an access token is required. */
    char token[GUARD_TOKEN_LEN + 1];
    bool need_token = set.token || !guard_loopback(set.bind);
    if (need_token && guard_random_hex(token, GUARD_TOKEN_LEN) != 0) {
        fprintf(stderr, "triad-web: no random numbers for a token\n");
        sbuf_free(&engine);
        return EXIT_FAILURE;
    }
    char hash_line[64], threads_line[64];
    snprintf(hash_line, sizeof hash_line, "set_option hash %u", set.hash);
    snprintf(threads_line, sizeof threads_line, "set_option threads %u",
             set.threads);
    const char *start_lines[] = { hash_line, threads_line, NULL };
    /* An analysis process: the engine in its analysis mode, with the
     * server's threads and table. */
    struct sbuf analysis = SBUF_INIT;
    sbuf_printf(&analysis, "%s --analysis --threads %u --hash %u",
                sbuf_str(&engine), set.threads, set.hash);
    struct session_limits limits = {
        .max = set.max_sessions, .per_client = set.client_sessions,
        .engine = sbuf_str(&engine), .start_lines = start_lines,
        .timeout = set.timeout, .analysis = sbuf_str(&analysis),
    };
    struct session_table *sessions = analysis.oom ? NULL
                                   : sessions_new(&limits);
    if (!sessions) {
        fprintf(stderr, "triad-web: out of memory\n");
        sbuf_free(&analysis);
        sbuf_free(&engine);
        return EXIT_FAILURE;
    }
    struct server_config cfg = {
        .bind = set.bind, .port = set.port, .root = page_root(set.root),
        .command_timeout = set.timeout, .token = need_token ? token : NULL,
        .max_connections = MAX_CONNECTIONS,
        .client_connections = CLIENT_CONNECTIONS,
        .client_streams = CLIENT_STREAMS, .request_seconds = REQUEST_SECONDS,
        .sessions = sessions,
    };
    struct server *srv = server_start(&cfg);
    if (!srv) {
        sessions_free(sessions);
        sbuf_free(&analysis);
        sbuf_free(&engine);
        return EXIT_FAILURE;
    }
    struct reaper reaper = { sessions, set.idle };
    pthread_t reaper_thread;
    bool reaping = pthread_create(&reaper_thread, NULL, reaper_main,
                                  &reaper) == 0;
    printf("triad-web: serving %s on http://%s:%u/%s%s\n", cfg.root, set.bind,
           server_port(srv), need_token ? "?token=" : "",
           need_token ? token : "");
    fflush(stdout);
    int sig;
    sigwait(&quit, &sig);
    if (reaping) {
        pthread_cancel(reaper_thread);      /* it waits in sleep() */
        pthread_join(reaper_thread, NULL);
    }
    server_stop(srv);
    sessions_free(sessions);
    sbuf_free(&analysis);
    sbuf_free(&engine);
    return EXIT_SUCCESS;
}
