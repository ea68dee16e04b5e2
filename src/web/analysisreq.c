/* analysisreq.c -- the analysis request of a client checked (see
 * analysisreq.h). */
#include "config.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/analysisreq.h"

#define TYPE(t) (1u << (t))

/* The fields a body may have and the JSON types each may take. */
static const struct field {
    const char *name;
    unsigned types;
    const char *what;
} fields[] = {
    { "game", TYPE(JSON_STRING), "a string" },
    { "setup", TYPE(JSON_STRING), "a string" },
    { "position", TYPE(JSON_STRING), "a string" },
    { "moves", TYPE(JSON_ARRAY), "an array of strings" },
    { "turns", TYPE(JSON_ARRAY), "an array of integers" },
    { "seconds", TYPE(JSON_INTEGER) | TYPE(JSON_REAL), "a number" },
    { "nodes", TYPE(JSON_INTEGER), "an integer" },
};

#define NFIELDS (sizeof fields / sizeof fields[0])

__attribute__((format(printf, 3, 4)))
static int fail(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return -1;
}

/* Every field known and of its type. */
static int check_fields(json_t *body, char *why, size_t size)
{
    const char *key;
    json_t *value;
    json_object_foreach(body, key, value) {
        size_t i = 0;
        while (i < NFIELDS && strcmp(fields[i].name, key) != 0)
            i++;
        if (i == NFIELDS)
            return fail(why, size, "unknown field \"%.40s\" (the fields: "
                        "game, setup, position, moves, turns, seconds, "
                        "nodes)", key);
        if (!(fields[i].types & TYPE(json_typeof(value))))
            return fail(why, size, "%s: not %s", key, fields[i].what);
    }
    return 0;
}

static int check_moves(json_t *moves, char *why, size_t size)
{
    size_t n = json_array_size(moves);
    if (n > ANALYSISREQ_MAX_MOVES)
        return fail(why, size, "moves: more than %d", ANALYSISREQ_MAX_MOVES);
    for (size_t i = 0; i < n; i++)
        if (!json_is_string(json_array_get(moves, i)))
            return fail(why, size, "moves[%zu]: not a string", i);
    return 0;
}

static int check_turns(json_t *turns, size_t nmoves, char *why, size_t size)
{
    size_t n = json_array_size(turns);
    if (n == 0)
        return fail(why, size, "turns: empty");
    if (n > ANALYSISREQ_MAX_MOVES + 1)
        return fail(why, size, "turns: more than %d",
                    ANALYSISREQ_MAX_MOVES + 1);
    for (size_t i = 0; i < n; i++) {
        json_t *t = json_array_get(turns, i);
        if (!json_is_integer(t))
            return fail(why, size, "turns[%zu]: not an integer", i);
        json_int_t k = json_integer_value(t);
        if (k < 0 || (size_t)k > nmoves)
            return fail(why, size, "turns[%zu]: %lld is not in 0..%zu (the "
                        "number of moves)", i, (long long)k, nmoves);
    }
    return 0;
}

static int check_budget(json_t *seconds, json_t *nodes, char *why,
                        size_t size)
{
    if (seconds && nodes)
        return fail(why, size, "both seconds and nodes: give one");
    double s = seconds ? json_number_value(seconds) : 1.0;
    if (seconds && !(s >= 0.001 && s <= ANALYSISREQ_MAX_SECONDS))
        return fail(why, size, "seconds: %g is not in 0.001..%g", s,
                    ANALYSISREQ_MAX_SECONDS);
    json_int_t k = nodes ? json_integer_value(nodes) : 1;
    if (k < 1 || k > ANALYSISREQ_MAX_NODES)
        return fail(why, size, "nodes: %lld is not in 1..%d", (long long)k,
                    ANALYSISREQ_MAX_NODES);
    return 0;
}

/* The checks of a body that is an object. */
static int check_body(json_t *body, char *why, size_t size)
{
    json_t *moves = json_object_get(body, "moves");
    json_t *turns = json_object_get(body, "turns");
    if (check_fields(body, why, size) != 0 ||
        check_moves(moves, why, size) != 0 ||
        (turns && check_turns(turns, json_array_size(moves), why, size)) ||
        check_budget(json_object_get(body, "seconds"),
                     json_object_get(body, "nodes"), why, size) != 0)
        return -1;
    if (json_object_get(body, "setup") && json_object_get(body, "position"))
        return fail(why, size, "both setup and position: give one");
    if (!json_object_get(body, "game") && !json_object_get(body, "position"))
        return fail(why, size, "no game (give \"game\" or \"position\")");
    return 0;
}

int analysisreq_read(const char *body, size_t len, struct analysisreq *out,
                     char *why, size_t why_size)
{
    json_error_t err;
    json_t *j = json_loadb(body, len,
                         JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &err);
    if (!j)
        return fail(why, why_size, "malformed JSON at column %d: %s",
                    err.column, err.text);
    int rc = json_is_object(j) ? check_body(j, why, why_size)
                               : fail(why, why_size,
                                      "the body must be a JSON object");
    if (rc == 0) {
        json_t *turns = json_object_get(j, "turns");
        out->answers = turns ? json_array_size(turns)
                             : json_array_size(json_object_get(j, "moves"))
                               + 1;
        json_object_set_new(j, "id", json_string(ANALYSISREQ_ID));
        out->line = json_dumps(j, JSON_COMPACT);
        if (!out->line)
            rc = fail(why, why_size, "out of memory");
    }
    json_decref(j);
    return rc;
}
