/* assess.h -- what a review makes of the analysis of a game's positions
 * (triad-match --review, doc/triad-match.md "Reviewing records"): the loss
 * of every move, its mark (inaccuracy, mistake, blunder), the decisive
 * move, the review's SGF properties on every node and a summary line.
 * No engine and no JSON here: the analyses come filled in.
 */
#ifndef TRIAD_MATCH_ASSESS_H
#define TRIAD_MATCH_ASSESS_H

#include <stdbool.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "record/record.h"

/* A move's drop of its mover's win chance from which it is marked. */
#define ASSESS_INACCURACY 0.10
#define ASSESS_MISTAKE 0.20
#define ASSESS_BLUNDER 0.30

enum assess_mark { MARK_NONE = 0, MARK_INACCURACY, MARK_MISTAKE,
                   MARK_BLUNDER, MARK_KINDS };

/* The analysis of the position after `turn` moves (one analysis-mode
 * answer), and what the review makes of the move that led there. */
struct assess_turn {
    bool known;                 /* analysed                              */
    int side;                   /* the side to move there, 0 or 1        */
    bool over;                  /* the game is over there                */
    bool has_score;
    double score;               /* side 0's view, in the game's unit     */
    bool has_win;
    double win;                 /* side 0's win chance                   */
    char best[MOVE_STR_MAX];    /* "" when none                          */
    struct sbuf pv;             /* moves separated by one space          */
    int depth;
    char proven[24];            /* "W+1", "B+", "0"; "" when not proven  */
    /* Of the move that led here (turn >= 1), from assess_game: */
    bool has_loss;
    double loss;                /* the mover's drop: of its win chance,
                                   or of its score without win chances   */
    enum assess_mark mark;
};

struct assess_game {
    struct game_record rec;
    int nturns;                 /* rec.nmoves + 1                        */
    struct assess_turn *turn;   /* turn[k]: after the first k moves      */
    struct assess_turn *alt;    /* alt[k]: after the first k - 1 moves and
                                   turn[k - 1].best instead of move k
                                   (analysed when assess_needs_best)     */
    int decisive;               /* the decisive move, 1..nmoves; 0 none  */
    int marks[2][MARK_KINDS];   /* marked moves per side and mark        */
};

/* Makes g->turn for g->rec (nmoves + 1 empty turns); 0, or -1 when
 * memory is short. */
int assess_init(struct assess_game *g);

void assess_free(struct assess_game *g);

/* Whether move k's loss needs the analysis of alt[k]: turn k - 1 is
 * analysed and has a best move that move k did not play (a move played
 * by the record's opening plies needs none). */
bool assess_needs_best(const struct assess_game *g, int k);

/* From the analysed turns: every move's loss and mark, the marks per
 * side and the decisive move (doc/triad-match.md gives the rules); the
 * record's opening plies get no mark and are never decisive.  A move
 * that played turn[k - 1].best loses 0; another loses its mover's win
 * chance (or score) in alt[k] minus that in turn[k], or when alt[k] is
 * not analysed that in turn[k - 1] minus that in turn[k]. */
void assess_game(struct assess_game *g);

/* Writes the review into g->rec's nodes as SGF properties (replacing an
 * earlier review's): budget is what XREVIEW says ("seconds 0.2"),
 * reviewer what XREVIEWER says, unit the score's unit.  0, or -1 when
 * memory is short. */
int assess_annotate(struct assess_game *g, const char *unit,
                    const char *budget, const char *reviewer);

/* The summary of g (no newline): its result, the decisive move and the
 * marks of each side; unit the score's unit. */
void assess_summary(const struct assess_game *g, const char *unit,
                    struct sbuf *out);

#endif
