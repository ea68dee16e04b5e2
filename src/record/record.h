/* record.h -- the record of one finished game: who played which side,
 * how it started, every move and how it ended.  triad-match's referee
 * fills it and its merge mode parses it back, the engine's printsgf and
 * loadsgf fill and read it, and sgf.h writes and reads it as SGF.
 *
 * "W" in results is always the first player (side 0: DVONN and Cephalopod
 * White, Truchet Light) and "B" the second, as in final_score.
 */
#ifndef TRIAD_RECORD_RECORD_H
#define TRIAD_RECORD_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/sbuf.h"

#define RECORD_NAME_MAX 64      /* engine names, NUL included           */
#define RECORD_RUN_MAX 64       /* run ids, NUL included                */

enum end_kind {
    END_NORMAL = 0,     /* the rules ended the game                     */
    END_RESIGN,         /* the loser resigned                           */
    END_TIME,           /* the loser overran its time                   */
    END_FORFEIT,        /* illegal move, crash, exit, malformed reply... */
    END_ADJUDICATED,    /* a draw after --maxplies plies                */
    END_SOLVED,         /* the exact solver proved the rest            */
    END_AGREED          /* both engines' scores agreed (resign rule)    */
};

struct game_record {
    long number;                    /* 0-based game number in the match */
    const struct game_ops *game;
    char names[2][RECORD_NAME_MAX]; /* engine A, engine B                */
    int a_side;                     /* the side engine A played, 0 or 1  */
    enum game_status result;        /* never GAME_ONGOING once finished  */
    int margin;                     /* winner's margin (END_NORMAL)      */
    enum end_kind end;
    int faulty;                     /* engine (0 = A) that forfeited, -1 */
    uint64_t seed;                  /* the match seed                    */
    char run_id[RECORD_RUN_MAX];    /* the run that played it, "" if the
                                       record predates run ids           */
    int opening_plies;              /* random plies at the start         */
    int nmoves;
    char date[16];                  /* YYYY-MM-DD                        */
    struct sbuf reason;             /* human-readable end of the game    */
    struct sbuf setup;              /* setup words                       */
    bool from_position;             /* started by "setposition START",
                                       not by the setup words            */
    struct sbuf start;              /* start position string             */
    struct sbuf moves;              /* canonical tokens, space separated */
    struct sbuf sides;              /* 'W' or 'B' per move: who made it  */
    struct sbuf timectl[2];         /* engine A's and B's time control,
                                       e.g. "movetime 0.5", "tc 10+0.1"  */
    /* Properties of the nodes that the fields above do not hold (a
     * review's, a viewer's comments), as SGF text: "ID[value][value]ID[
     * value]", values escaped.  extra[0] is the root's, extra[k] the node
     * of move k; nextra entries (0: none).  They are no part of the game
     * (record_digest leaves them out). */
    struct sbuf *extra;
    int nextra;
    /* The variations (SGF's other children) branching after node k,
     * kept as their SGF text, each "\n(;...)" verbatim inside the
     * parentheses: variations[k] holds the alternatives to move k+1 (the
     * main line).  nvariations entries (0: none); no part of the game
     * either. */
    struct sbuf *variations;
    int nvariations;
};

void record_init(struct game_record *r);
void record_free(struct game_record *r);

/* The extra properties of node k (0 the root, k >= 1 after move k),
 * made empty when new; NULL when memory is short. */
struct sbuf *record_node(struct game_record *r, int k);

/* The variations branching after node k (see game_record.variations),
 * made empty when new; NULL when memory is short. */
struct sbuf *record_variations(struct game_record *r, int k);

/* +1 if engine A won, -1 if it lost, 0 for a draw. */
int record_a_result(const struct game_record *r);

/* The result as SGF RE: "W+3", "B+", "0", "W+R", "B+T", "W+F". */
void record_result_text(const struct game_record *r, struct sbuf *out);

/* A 64-bit hash of what was played (engines, colours, start, moves, end),
 * to tell a second copy of a game from a different game under the same
 * identity. */
uint64_t record_digest(const struct game_record *r);

/* True if any text of the record could not be stored (out of memory). */
bool record_oom(const struct game_record *r);

#endif
