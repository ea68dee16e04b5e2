/* adjudicate.h -- ending games early with a result the rules would give:
 *
 * - resign adjudication (--adjudicate-resign N,S): both engines' own
 *   scores say the same side is ahead by at least S for N plies in a row;
 *   that side wins.  The scores are the last "info ... score S" line each
 *   engine wrote to standard error during its genmove (as triad does).
 * - end adjudication (--adjudicate-solve NODES): after every ply the
 *   referee tries to prove the game's value with the exact solver of the
 *   game library within NODES nodes; once it can, the game ends with the
 *   result of perfect play from there (the margin included).
 */
#ifndef TRIAD_MATCH_ADJUDICATE_H
#define TRIAD_MATCH_ADJUDICATE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "match/options.h"

struct search;

struct adjudicator {
    const struct match_conf *conf;
    struct search *solver;      /* made on first use                     */
    bool have[2];               /* a score from side 0 / side 1's engine */
    long score[2];              /* in the first player's view            */
    int lead;                   /* +1 first player, -1 second, 0 none    */
    long streak;                /* plies the lead has held               */
};

struct adjudication {
    enum game_status result;
    int margin;                 /* winner's margin when the game has one */
};

void adjudicator_init(struct adjudicator *a, const struct match_conf *c);
void adjudicator_done(struct adjudicator *a);

/* Forgets the previous game (scores, streak, the solver's table). */
void adjudicator_new_game(struct adjudicator *a);

/* The engine playing side reported score (its own view) for its move, or
 * none (have false).  True when the resign rule ends the game: *out and
 * a reason in *why. */
bool adjudicate_scores(struct adjudicator *a, int side, bool have,
                       long score, const struct game_ops *g,
                       struct adjudication *out, struct sbuf *why);

/* True when the solver proves *st within nodes (plies_left as the
 * search's: 0 = no ply limit): *out and a reason in *why.  -1 (as false)
 * when memory is short. */
int adjudicate_solve(struct adjudicator *a, const struct game_ops *g,
                     const void *st, uint64_t nodes, int plies_left,
                     struct adjudication *out, struct sbuf *why);

/* Describes a result as the reasons do: "white wins by 3", "draw". */
void adjudication_text(const struct game_ops *g,
                       const struct adjudication *adj, struct sbuf *out);

#endif
