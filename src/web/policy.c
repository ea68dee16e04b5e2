/* policy.c -- the allowlist of relayed commands and their arguments. */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "web/policy.h"

#define MAX_WORDS 8

/* The line cut at spaces (a copy: words point into it). */
struct words {
    char text[POLICY_MAX_LINE + 1];
    const char *w[MAX_WORDS];
    int n;                          /* MAX_WORDS + 1: too many */
};

static void split(const char *line, struct words *ws)
{
    strcpy(ws->text, line);
    ws->n = 0;
    for (char *p = ws->text; *p;) {
        while (*p == ' ')
            *p++ = '\0';
        if (!*p)
            break;
        if (ws->n == MAX_WORDS) {
            ws->n = MAX_WORDS + 1;
            return;
        }
        ws->w[ws->n++] = p;
        while (*p && *p != ' ')
            p++;
    }
}

/* A number in [lo, hi]. */
static bool within(const char *s, double lo, double hi)
{
    char *end;
    double v = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(v) && v >= lo && v <= hi;
}

enum args { NONE, ANY, ONE, SECONDS, OPTION, CLOCK };

struct rule {
    const char *name;
    enum args args;
};

/* The commands the page uses, and those that only tell about the engine.
 * Everything else is refused: loadsgf (names a host file), analyze_stream
 * (the analyze route runs it), solve, perft and bench (unbounded work the
 * page never asks for), quit, set_option of anything but the two below. */
static const struct rule rules[] = {
    { "protocol_version", NONE }, { "name", NONE }, { "version", NONE },
    { "known_command", ONE }, { "list_games", NONE },
    { "list_options", NONE }, { "list_commands", NONE },
    { "options", NONE }, { "setup", ANY }, { "clear_board", NONE },
    { "play", ANY }, { "genmove", ANY }, { "undo", NONE },
    { "showboard", NONE }, { "final_score", NONE },
    { "legal_moves", NONE }, { "game_status", NONE }, { "history", NONE },
    { "position", NONE }, { "setposition", ANY }, { "printsgf", NONE },
    { "time_settings", CLOCK }, { "time_left", ANY },
    { "analyze", SECONDS }, { "set_option", OPTION },
};

static const char *check_args(const struct rule *r, const struct words *ws,
                              double timeout)
{
    int nargs = ws->n - 1;
    switch (r->args) {
    case NONE:
        return nargs == 0 ? NULL : "this command takes no arguments here";
    case ONE:
        return nargs == 1 ? NULL : "this command takes one argument";
    case ANY:
        return NULL;
    case SECONDS:
        return nargs == 0 || (nargs == 1 && within(ws->w[1], 0, timeout))
             ? NULL : "analyze takes at most the server's --timeout seconds";
    case CLOCK:
        /* The engine's own limits; a move that still takes longer than
         * the timeout gets its engine restarted. */
        return nargs == 3 && within(ws->w[1], 0, 86400) &&
               within(ws->w[2], 0, 86400) && within(ws->w[3], 0, 1000)
             ? NULL : "time_settings MAIN BYO STONES, each at most a day";
    case OPTION:
        if (nargs == 2 && strcmp(ws->w[1], "movetime") == 0)
            return within(ws->w[2], 0, timeout)
                 ? NULL : "movetime is at most the server's --timeout";
        if (nargs == 2 && strcmp(ws->w[1], "maxplies") == 0)
            return NULL;
        return "only movetime and maxplies may be set here (hash and "
               "threads are the server's)";
    }
    return "refused";
}

const char *policy_refusal(const char *line, double timeout)
{
    size_t len = strlen(line);
    if (len > POLICY_MAX_LINE)
        return "a command is at most 4096 bytes";
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)line[i];
        if (ch < 0x20 || ch == 0x7f)
            return "a command is one line of printable text";
        if (ch == '#')
            return "comments are not relayed";
    }
    struct words ws;
    split(line, &ws);
    if (ws.n == 0)
        return "empty command";
    if (ws.n > MAX_WORDS)
        return "too many arguments";
    if (strspn(ws.w[0], "0123456789") > 0)
        return "no command id: the server numbers the commands itself";
    if (strcmp(ws.w[0], "loadsgf") == 0)
        return "loadsgf reads files of the server: send the moves instead";
    if (strcmp(ws.w[0], "analyze_stream") == 0)
        return "use POST /api/sessions/ID/analyze for a streamed analysis";
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(ws.w[0], rules[i].name) == 0)
            return check_args(&rules[i], &ws, timeout);
    return "this command is not relayed by triad-web";
}
