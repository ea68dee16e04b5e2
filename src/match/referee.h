/* referee.h -- plays one game between engine A and engine B.
 *
 * The referee keeps its own copy of the game through the game library,
 * sends setup, play, time_settings/time_left and genmove, validates every
 * reply with parse_move against its own position and keeps the clock.  A
 * fault (illegal move, crash, exit, malformed or '?' reply, time overrun)
 * loses the game for the engine at fault, which is killed so that it is
 * restarted for the next game.
 */
#ifndef TRIAD_MATCH_REFEREE_H
#define TRIAD_MATCH_REFEREE_H

#include <stdatomic.h>

#include "match/adjudicate.h"
#include "match/engine.h"
#include "match/options.h"
#include "record/record.h"

/* Seconds any command but genmove may take. */
#define REFEREE_CMD_TIMEOUT 10.0

struct referee {
    const struct match_conf *conf;
    struct engine eng[MATCH_ENGINES_MAX];   /* one process per engine,
                                               started when needed     */
    int stderr_fd;                  /* the engines' stderr, -1: none   */
    struct adjudicator adj;         /* resign and solve adjudication   */
    struct sbuf reply;              /* scratch: the last reply         */
    struct sbuf line;               /* scratch: the command sent       */
};

/* A referee whose engines are started on demand; stop (may be NULL)
 * aborts a game in progress when it becomes true. */
void referee_init(struct referee *r, const struct match_conf *c,
                  int stderr_fd, const atomic_bool *stop);

/* Ends the engines (quit, then kill) and frees everything. */
void referee_done(struct referee *r);

/* Plays game number (0-based) of the match into *rec (initialised by
 * the caller).  Returns 0 when the game finished, 1 when it was aborted
 * by stop (rec is then meaningless), -1 when memory was short. */
int referee_play(struct referee *r, long number, struct game_record *rec);

/* Sends the per-engine initialisation (options, movetime) to a freshly
 * started engine i (an index of conf->eng).  Returns 0, or -1 with the reason in *why (the
 * engine is then killed). */
int referee_init_engine(struct referee *r, int i, struct sbuf *why);

#endif
