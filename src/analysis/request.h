/* request.h -- one line of the analysis mode read into a request: an
 * analysis (a game and the turns to analyse in it) or a cancel, checked
 * field by field so that the workers get only games they can replay. */
#ifndef TRIAD_ANALYSIS_REQUEST_H
#define TRIAD_ANALYSIS_REQUEST_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "engine/engine.h"

/* Limits of one request (doc/protocol.md, "The analysis mode"). */
#define REQUEST_MAX_MOVES 10000
#define REQUEST_MAX_SECONDS 3600.0
#define REQUEST_MAX_NODES 10000000000ull
#define REQUEST_DEFAULT_SECONDS 1.0

/* An analysis to do: the game from its start, and the turns (the
 * positions after that many moves) to analyse, in the order given. */
struct request {
    json_t *id;                   /* a JSON string, the request's own  */
    const struct game_ops *game;
    char *start;                  /* the start as a position string   */
    move_t *moves;                /* legal, each after the ones before */
    int nmoves;
    int *turns;                   /* 0 <= turns[i] <= nmoves          */
    int nturns;
    double seconds;               /* budget per turn: 0 = none...     */
    uint64_t nodes;               /* ...(never both)                  */
};

enum request_kind {
    REQUEST_ANALYSE,              /* *request is filled               */
    REQUEST_CANCEL,               /* target is the id to cancel       */
    REQUEST_ERROR                 /* error says why; index >= 0: the
                                     move it is about                 */
};

struct request_line {
    enum request_kind kind;
    json_t *id;                   /* the line's id, or NULL           */
    json_t *target;               /* cancel: the id to cancel         */
    struct request *request;      /* analyse: the request             */
    struct sbuf error;
    long index;                   /* error: the move's index, or -1   */
};

/* Reads line[0..len) (without its newline).  The scratch engine replays
 * the moves to check them (its game and history change; its random
 * sequence draws random starts).  Fills *out, which request_line_done
 * frees; its request may be taken first (set to NULL). */
void request_read(const char *line, size_t len, struct engine *scratch,
                  struct request_line *out);
void request_line_done(struct request_line *l);

void request_free(struct request *r);

/* About how much memory *r holds, in bytes. */
size_t request_size(const struct request *r);

#endif
