/* request.c -- a request line read and checked (request.h). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/request.h"
#include "games/games.h"

/* Most setup words a request may give. */
#define MAX_SETUP_WORDS 16

#define TYPE(t) (1u << (t))

/* The fields a request may have, the JSON types each may take, and what
 * an error calls them. */
static const struct field {
    const char *name;
    unsigned types;
    const char *what;
} fields[] = {
    { "id", TYPE(JSON_STRING), "a string" },
    { "action", TYPE(JSON_STRING), "a string" },
    { "target", TYPE(JSON_STRING), "a string" },
    { "game", TYPE(JSON_STRING), "a string" },
    { "setup", TYPE(JSON_STRING), "a string" },
    { "position", TYPE(JSON_STRING), "a string" },
    { "moves", TYPE(JSON_ARRAY), "an array of strings" },
    { "turns", TYPE(JSON_ARRAY), "an array of integers" },
    { "seconds", TYPE(JSON_INTEGER) | TYPE(JSON_REAL), "a number" },
    { "nodes", TYPE(JSON_INTEGER), "an integer" },
};

/* Sets the error, formatted; returns -1 for the caller to return. */
__attribute__((format(printf, 2, 3)))
static int fail(struct request_line *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sbuf_vprintf(&l->error, fmt, ap);
    va_end(ap);
    l->kind = REQUEST_ERROR;
    return -1;
}

void request_free(struct request *r)
{
    if (!r)
        return;
    json_decref(r->id);
    free(r->start);
    free(r->moves);
    free(r->turns);
    free(r);
}

size_t request_size(const struct request *r)
{
    return sizeof *r + strlen(r->start) + 1 +
           sizeof *r->moves * (size_t)r->nmoves +
           sizeof *r->turns * (size_t)r->nturns;
}

void request_line_done(struct request_line *l)
{
    json_decref(l->id);
    json_decref(l->target);
    request_free(l->request);
    sbuf_free(&l->error);
    l->id = l->target = NULL;
    l->request = NULL;
}

/* Every field of obj known and of its type. */
static int check_fields(json_t *obj, struct request_line *l)
{
    const char *key;
    json_t *value;
    json_object_foreach(obj, key, value) {
        size_t i = 0;
        size_t n = sizeof fields / sizeof fields[0];
        while (i < n && strcmp(fields[i].name, key) != 0)
            i++;
        if (i == n)
            return fail(l, "unknown field \"%s\"", key);
        if (!(fields[i].types & TYPE(json_typeof(value))))
            return fail(l, "%s: not %s", key, fields[i].what);
    }
    return 0;
}

/* The game of the request and its start, checked on the scratch engine:
 * the position string, else the setup words, else the game's default. */
static int read_start(json_t *obj, struct engine *e, struct request *r,
                      struct request_line *l)
{
    json_t *game = json_object_get(obj, "game");
    json_t *setup = json_object_get(obj, "setup");
    json_t *position = json_object_get(obj, "position");
    const struct game_ops *g = NULL;
    if (game) {
        g = game_find(json_string_value(game));
        if (!g) {
            struct sbuf names = SBUF_INIT;
            game_list(&names, false, ", ", NULL);
            fail(l, "unknown game \"%s\" (games: %s)",
                 json_string_value(game), sbuf_str(&names));
            sbuf_free(&names);
            return -1;
        }
    } else if (!position) {
        return fail(l, "no game (give \"game\" or \"position\")");
    }
    if (setup && position)
        return fail(l, "both setup and position: give one");
    struct sbuf err = SBUF_INIT;
    int rc;
    if (position) {
        rc = engine_setposition(e, json_string_value(position), &err);
        if (rc == 0 && g && e->game != g) {
            sbuf_printf(&err, "not a %s position", g->name);
            rc = ENGINE_BAD_ARGUMENT;
        }
    } else {
        char *words = strdup(setup ? json_string_value(setup) : "");
        char *argv[MAX_SETUP_WORDS];
        int argc = 0;
        rc = words ? 0 : ENGINE_NO_MEMORY;
        for (char *w = words ? strtok(words, " \t") : NULL; w && rc == 0;
             w = strtok(NULL, " \t")) {
            if (argc == MAX_SETUP_WORDS) {
                sbuf_puts(&err, "too many words");
                rc = ENGINE_BAD_ARGUMENT;
            } else {
                argv[argc++] = w;
            }
        }
        if (rc == 0)
            rc = engine_setup(e, g, argc, argv, &err);
        free(words);
    }
    if (rc == ENGINE_NO_MEMORY)
        fail(l, "out of memory");
    else if (rc != 0)
        fail(l, "%s: %s", position ? "position" : "setup", sbuf_str(&err));
    sbuf_free(&err);
    if (rc != 0)
        return -1;
    r->game = e->game;
    struct sbuf text = SBUF_INIT;
    r->game->to_string(engine_position(e), &text);
    r->start = text.oom ? NULL : strdup(sbuf_str(&text));
    sbuf_free(&text);
    return r->start ? 0 : fail(l, "out of memory");
}

/* The moves, each parsed and played on the scratch engine. */
static int read_moves(json_t *obj, struct engine *e, struct request *r,
                      struct request_line *l)
{
    json_t *moves = json_object_get(obj, "moves");
    size_t n = moves ? json_array_size(moves) : 0;
    if (n > REQUEST_MAX_MOVES)
        return fail(l, "moves: more than %d", REQUEST_MAX_MOVES);
    r->moves = malloc(sizeof *r->moves * (n ? n : 1));
    if (!r->moves)
        return fail(l, "out of memory");
    struct sbuf why = SBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        json_t *token = json_array_get(moves, i);
        l->index = (long)i;
        if (!json_is_string(token)) {
            sbuf_free(&why);
            return fail(l, "moves[%zu]: not a string", i);
        }
        const char *s = json_string_value(token);
        move_t m;
        sbuf_reset(&why);
        enum move_parse p = e->game->parse_move(engine_position(e), s, &m,
                                                &why);
        if (p != MOVE_PARSE_OK) {
            fail(l, "moves[%zu]: %s \"%s\"%s%s", i,
                 engine_outcome(e, NULL) != GAME_ONGOING
                     ? "the game is over before"
                     : p == MOVE_PARSE_SYNTAX ? "not a move" : "illegal move",
                 s, why.len ? ": " : "", sbuf_str(&why));
            sbuf_free(&why);
            return -1;
        }
        if (engine_play(e, m) != 0) {
            sbuf_free(&why);
            return fail(l, "out of memory");
        }
        r->moves[i] = m;
    }
    sbuf_free(&why);
    l->index = -1;
    r->nmoves = (int)n;
    return 0;
}

/* The turns: the given ones, or every one from 0 to the number of moves. */
static int read_turns(json_t *obj, struct request *r, struct request_line *l)
{
    json_t *turns = json_object_get(obj, "turns");
    size_t n = turns ? json_array_size(turns) : (size_t)r->nmoves + 1;
    if (n == 0)
        return fail(l, "turns: empty");
    if (n > REQUEST_MAX_MOVES + 1)
        return fail(l, "turns: more than %d", REQUEST_MAX_MOVES + 1);
    r->turns = malloc(sizeof *r->turns * n);
    if (!r->turns)
        return fail(l, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_t *t = turns ? json_array_get(turns, i) : NULL;
        if (t && !json_is_integer(t))
            return fail(l, "turns[%zu]: not an integer", i);
        json_int_t k = t ? json_integer_value(t) : (json_int_t)i;
        if (k < 0 || k > r->nmoves)
            return fail(l, "turns[%zu]: %lld is not in 0..%d (the number "
                        "of moves)", i, (long long)k, r->nmoves);
        r->turns[i] = (int)k;
    }
    r->nturns = (int)n;
    return 0;
}

/* The budget per turn: seconds or nodes, at most one of them. */
static int read_budget(json_t *obj, struct request *r, struct request_line *l)
{
    json_t *seconds = json_object_get(obj, "seconds");
    json_t *nodes = json_object_get(obj, "nodes");
    if (seconds && nodes)
        return fail(l, "both seconds and nodes: give one");
    if (nodes) {
        json_int_t n = json_integer_value(nodes);
        if (n < 1 || (unsigned long long)n > REQUEST_MAX_NODES)
            return fail(l, "nodes: %lld is not in 1..%llu", (long long)n,
                        REQUEST_MAX_NODES);
        r->nodes = (uint64_t)n;
        return 0;
    }
    r->seconds = seconds ? json_number_value(seconds)
                         : REQUEST_DEFAULT_SECONDS;
    if (!(r->seconds >= 0.001 && r->seconds <= REQUEST_MAX_SECONDS))
        return fail(l, "seconds: %g is not in 0.001..%g", r->seconds,
                    REQUEST_MAX_SECONDS);
    return 0;
}

static void read_analysis(json_t *obj, struct engine *e,
                          struct request_line *l)
{
    struct request *r = calloc(1, sizeof *r);
    if (!r) {
        fail(l, "out of memory");
        return;
    }
    r->id = json_deep_copy(l->id);     /* its own: freed on another thread */
    if (!r->id) {
        free(r);
        fail(l, "out of memory");
        return;
    }
    if (read_start(obj, e, r, l) != 0 || read_moves(obj, e, r, l) != 0 ||
        read_turns(obj, r, l) != 0 || read_budget(obj, r, l) != 0) {
        request_free(r);
        return;
    }
    l->kind = REQUEST_ANALYSE;
    l->request = r;
}

static void read_object(json_t *obj, struct engine *e, struct request_line *l)
{
    json_t *id = json_object_get(obj, "id");
    l->id = json_incref(id);
    if (check_fields(obj, l) != 0)
        return;
    if (!id) {
        fail(l, "no id");
        return;
    }
    json_t *action = json_object_get(obj, "action");
    json_t *target = json_object_get(obj, "target");
    if (!action) {
        if (target)
            fail(l, "target without \"action\": \"cancel\"");
        else
            read_analysis(obj, e, l);
        return;
    }
    if (strcmp(json_string_value(action), "cancel") != 0) {
        fail(l, "unknown action \"%s\" (actions: cancel)",
             json_string_value(action));
        return;
    }
    if (!target) {
        fail(l, "cancel: no target");
        return;
    }
    if (json_object_size(obj) != 3) {
        fail(l, "cancel: fields other than id, action and target");
        return;
    }
    l->kind = REQUEST_CANCEL;
    l->target = json_incref(target);
}

void request_read(const char *line, size_t len, struct engine *scratch,
                  struct request_line *out)
{
    memset(out, 0, sizeof *out);
    out->index = -1;
    json_error_t jerr;
    json_t *obj = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!obj)
        fail(out, "malformed JSON at column %d: %s", jerr.column, jerr.text);
    else if (!json_is_object(obj))
        fail(out, "a request is a JSON object");
    else
        read_object(obj, scratch, out);
    json_decref(obj);
}
