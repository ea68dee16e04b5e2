/* cmd_basic.c -- administrative commands: identity, the command list,
 * help and engine options. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/args.h"
#include "games/games.h"
#include "proto/commands.h"
#include "search/search.h"

/* Function:  The GTP version.  Returns: "2". */
enum gtp_status cmd_protocol_version(struct gtp_frontend *f, int argc,
                                     char **argv, struct sbuf *out)
{
    (void)f, (void)argc, (void)argv;
    sbuf_puts(out, "2");
    return GTP_OK;
}

/* Function:  The engine's name.  Returns: "triad". */
enum gtp_status cmd_name(struct gtp_frontend *f, int argc, char **argv,
                         struct sbuf *out)
{
    (void)f, (void)argc, (void)argv;
    sbuf_puts(out, PACKAGE_NAME);
    return GTP_OK;
}

/* Function:  The package version.  Returns: e.g. "0.1.0". */
enum gtp_status cmd_version(struct gtp_frontend *f, int argc, char **argv,
                            struct sbuf *out)
{
    (void)f, (void)argc, (void)argv;
    sbuf_puts(out, PACKAGE_VERSION);
    return GTP_OK;
}

/* Function:  Ends the connection.  Returns: nothing; the process exits 0. */
enum gtp_status cmd_quit(struct gtp_frontend *f, int argc, char **argv,
                         struct sbuf *out)
{
    (void)f, (void)argc, (void)argv, (void)out;
    return GTP_QUIT;
}

/* Arguments: NAME.  Returns: "true" or "false". */
enum gtp_status cmd_known_command(struct gtp_frontend *f, int argc, char **argv,
                                  struct sbuf *out)
{
    (void)f, (void)argc;
    sbuf_puts(out, gtp_find(argv[0]) ? "true" : "false");
    return GTP_OK;
}

/* Returns: every command name, one per line, sorted. */
enum gtp_status cmd_list_commands(struct gtp_frontend *f, int argc, char **argv,
                                  struct sbuf *out)
{
    (void)f, (void)argc, (void)argv;
    size_t n;
    const struct gtp_command *table = gtp_commands(&n);
    for (size_t i = 0; i < n; i++)
        sbuf_printf(out, "%s%s", i ? "\n" : "", table[i].name);
    return GTP_OK;
}

/* Arguments: [COMMAND].  Fails: unknown command.  Returns: one line per
 * command "name args - summary", or that line for COMMAND alone. */
enum gtp_status cmd_help(struct gtp_frontend *f, int argc, char **argv,
                         struct sbuf *out)
{
    (void)f;
    size_t n;
    const struct gtp_command *table = gtp_commands(&n);
    if (argc == 1) {
        const struct gtp_command *c = gtp_find(argv[0]);
        if (!c) {
            sbuf_printf(out, "unknown command: %s", argv[0]);
            return GTP_FAIL;
        }
        table = c;
        n = 1;
    }
    for (size_t i = 0; i < n; i++)
        sbuf_printf(out, "\n%s%s%s - %s", table[i].name,
                    table[i].args[0] ? " " : "", table[i].args,
                    table[i].summary);
    return GTP_OK;
}

/* The settings set_option knows, with their ranges. */
enum option_kind { OPT_U64, OPT_INT, OPT_SECONDS, OPT_METHOD };

struct option_def {
    const char *name;
    enum option_kind kind;
    long lo, hi;
    size_t offset;            /* into struct engine_options */
};

#define FIELD(name) offsetof(struct engine_options, name)
static const struct option_def option_defs[] = {
    { "seed", OPT_U64, 0, 0, FIELD(seed) },
    { "threads", OPT_INT, 1, 64, FIELD(threads) },
    { "movetime", OPT_SECONDS, 0, 86400, FIELD(movetime) },
    { "maxnodes", OPT_U64, 0, 0, FIELD(maxnodes) },
    { "hash", OPT_INT, 1, 16384, FIELD(hash_mb) },
    { "maxplies", OPT_INT, 0, 1000000, FIELD(maxplies) },
    { "method", OPT_METHOD, 0, 0, FIELD(method) },
};
#undef FIELD

const char *cmd_option_name(size_t i)
{
    return i < sizeof option_defs / sizeof option_defs[0]
           ? option_defs[i].name : NULL;
}

static void print_option(const struct engine_options *o,
                         const struct option_def *d, struct sbuf *out)
{
    const char *field = (const char *)o + d->offset;
    switch (d->kind) {
    case OPT_U64:
        sbuf_printf(out, "%s %llu", d->name,
                    (unsigned long long)*(const uint64_t *)field);
        break;
    case OPT_INT:
        sbuf_printf(out, "%s %d", d->name, *(const int *)field);
        break;
    case OPT_SECONDS:
        sbuf_printf(out, "%s %g", d->name, *(const double *)field);
        break;
    case OPT_METHOD:
        sbuf_printf(out, "%s %s", d->name,
                    search_method_name(*(const int *)field));
        break;
    }
}

/* Returns: one "name value" line per setting. */
enum gtp_status cmd_options(struct gtp_frontend *f, int argc, char **argv,
                            struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc, (void)argv;
    for (size_t i = 0; i < sizeof option_defs / sizeof option_defs[0]; i++) {
        if (i)
            sbuf_putc(out, '\n');
        print_option(&e->opt, &option_defs[i], out);
    }
    return GTP_OK;
}

/* The engine's seed when neither --seed nor set_option gave one. */
#define DEFAULT_SEED 1

/* Appends the UCI-style type, default and range of option d. */
static void describe_option(const struct option_def *d, struct sbuf *out)
{
    struct engine_options def = engine_default_options(DEFAULT_SEED);
    struct sbuf pair = SBUF_INIT;           /* "name value" */
    print_option(&def, d, &pair);
    const char *value = sbuf_str(&pair) + strlen(d->name) + 1;
    sbuf_printf(out, "option name %s type ", d->name);
    switch (d->kind) {
    case OPT_U64:
        sbuf_printf(out, "spin default %s min 0 max %llu", value,
                    (unsigned long long)UINT64_MAX);
        break;
    case OPT_INT:
        sbuf_printf(out, "spin default %s min %ld max %ld", value,
                    d->lo, d->hi);
        break;
    case OPT_SECONDS:
        sbuf_printf(out, "real default %s min %ld max %ld", value,
                    d->lo, d->hi);
        break;
    case OPT_METHOD:
        sbuf_printf(out, "combo default %s", value);
        for (int m = 0; m < SEARCH_METHOD_COUNT; m++)
            sbuf_printf(out, " var %s", search_method_name(m));
        break;
    }
    sbuf_free(&pair);
}

/* Returns: one "option name NAME type TYPE default D ..." line per
 * setting (UCI's format; TYPE spin, real or combo). */
enum gtp_status cmd_list_options(struct gtp_frontend *f, int argc, char **argv,
                                 struct sbuf *out)
{
    (void)f, (void)argc, (void)argv;
    for (size_t i = 0; i < sizeof option_defs / sizeof option_defs[0]; i++) {
        if (i)
            sbuf_putc(out, '\n');
        describe_option(&option_defs[i], out);
    }
    return GTP_OK;
}

/* Returns: one "NAME TITLE SETUP-ARGUMENTS" line per game. */
enum gtp_status cmd_list_games(struct gtp_frontend *f, int argc, char **argv,
                               struct sbuf *out)
{
    (void)f, (void)argc, (void)argv;
    for (int i = 0; i < game_count(); i++) {
        const struct game_ops *g = game_at(i);
        sbuf_printf(out, "%s%s %s", i ? "\n" : "", g->name, g->title);
        if (g->setup_usage)
            sbuf_printf(out, " %s", g->setup_usage);
    }
    return GTP_OK;
}

/* Parses value for d into *o; 0, or -1. */
static int parse_option(struct engine_options *o, const struct option_def *d,
                        const char *value)
{
    char *field = (char *)o + d->offset;
    long l;
    switch (d->kind) {
    case OPT_U64:
        return args_u64(value, (uint64_t *)field);
    case OPT_INT:
        if (args_long(value, d->lo, d->hi, &l) != 0)
            return -1;
        *(int *)field = (int)l;
        return 0;
    case OPT_SECONDS:
        return args_double(value, (double)d->lo, (double)d->hi,
                           (double *)field);
    case OPT_METHOD:
        l = search_method_find(value);
        if (l < 0)
            return -1;
        *(int *)field = (int)l;
        return 0;
    }
    return -1;
}

/* Arguments: NAME VALUE.  Fails: unknown option, value out of range, no
 * memory for the hash table.  Returns: nothing. */
enum gtp_status cmd_set_option(struct gtp_frontend *f, int argc, char **argv,
                               struct sbuf *out)
{
    struct engine *e = f->engine;
    (void)argc;
    const struct option_def *d = NULL;
    for (size_t i = 0; i < sizeof option_defs / sizeof option_defs[0]; i++)
        if (strcmp(argv[0], option_defs[i].name) == 0)
            d = &option_defs[i];
    if (!d) {
        sbuf_printf(out, "syntax error: unknown option: %s", argv[0]);
        return GTP_FAIL;
    }
    struct engine_options o = e->opt;
    if (parse_option(&o, d, argv[1]) != 0) {
        sbuf_printf(out, "syntax error: bad value for %s: %s", d->name,
                    argv[1]);
        return GTP_FAIL;
    }
    if (engine_set_options(e, &o) != 0) {
        sbuf_puts(out, "out of memory");
        return GTP_FAIL;
    }
    if (d->offset == offsetof(struct engine_options, seed))
        engine_set_seed(e, o.seed);    /* same seed, same games again */
    return GTP_OK;
}
