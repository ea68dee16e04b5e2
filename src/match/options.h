/* options.h -- the command line of triad-match, parsed and checked into
 * one read-only configuration shared by every game of the match.
 */
#ifndef TRIAD_MATCH_OPTIONS_H
#define TRIAD_MATCH_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/sbuf.h"
#include "match/stats.h"
#include "match/suite.h"
#include "record/record.h"

#define MATCH_NAME_MAX RECORD_NAME_MAX  /* engine names, NUL included   */
#define MATCH_SETUP_MAX 512     /* --setup text, NUL included           */
#define MATCH_SETUP_WORDS 16    /* words of --setup                     */
#define MATCH_RUN_MAX RECORD_RUN_MAX    /* run ids, NUL included        */
#define MATCH_ENGINES_MAX 32    /* --engine options                     */

/* A Fischer clock: MAIN seconds to start with, INC added after every
 * move.  main == 0 means none given. */
struct fischer_clock {
    double main;
    double inc;
};

struct engine_conf {
    const char *cmd;            /* run through /bin/sh -c or split       */
    char name[MATCH_NAME_MAX];
    bool named;                 /* --name given                          */
    int nopts;
    char **opts;                /* "NAME=VALUE" for set_option, malloc'd */
    struct fischer_clock tc;    /* --engine-tc: its own clock, or none  */
};

enum time_mode { TIME_MOVETIME, TIME_FISCHER };

/* Who plays whom (see schedule.h): two engines need no format. */
enum match_format { FORMAT_MATCH, FORMAT_ROUND_ROBIN, FORMAT_GAUNTLET };

struct match_conf {
    const struct game_ops *game;
    struct engine_conf eng[MATCH_ENGINES_MAX];  /* eng[0] is engine A    */
    int nengines;
    enum match_format format;
    long games;                 /* games to play in this run             */
    long first_game;            /* 0-based number of the first, even     */
    int concurrency;
    enum time_mode time_mode;
    double movetime;            /* TIME_MOVETIME: seconds per move       */
    struct fischer_clock tc;    /* TIME_FISCHER: --tc, every engine's
                                   clock unless it has its own         */
    double grace;               /* extra seconds before a time loss      */
    uint64_t seed;
    char run_id[MATCH_RUN_MAX]; /* --run-id, or drawn at random: names
                                   this run's games in the records     */
    const char *records;        /* SGF file to append to, or NULL        */
    bool resume;                /* --resume: continue the run of records */
    long maxplies;              /* draw after this many plies, 0 = off   */
    bool use_sprt;
    struct sprt_params sprt;
    char setup_text[MATCH_SETUP_MAX];   /* --setup words, space separated */
    bool setup_given;
    bool random_start;          /* per-pair random start (--random-start) */
    int random_plies;
    const char *openings;       /* --openings FILE, or NULL              */
    long make_openings;         /* --make-openings N: build a suite      */
    long resign_plies;          /* --adjudicate-resign N,S: 0 = off      */
    double resign_score;
    long solve_nodes;           /* --adjudicate-solve NODES: 0 = off     */
    double balance;             /* its largest |score| kept              */
    struct opening_suite suite; /* its lines                             */
    bool restart;               /* new engine processes for every game   */
    const char *engine_stderr;  /* file for the engines' stderr, or NULL */
    bool quiet;
    bool merge;                 /* --merge: files are merge_files        */
    bool review;                /* --review: files are merge_files       */
    double review_seconds;      /* --seconds per position, or 0          */
    long review_nodes;          /* --nodes per position, or 0            */
    int review_threads;         /* --threads, 0: not given               */
    const char *output;         /* --output FILE, or NULL                */
    int nmerge;
    char **merge_files;         /* the files of --merge or --review,
                                   points into argv                     */
};

enum options_result {
    OPTIONS_RUN = 0,
    OPTIONS_HELP,               /* --help given                          */
    OPTIONS_VERSION,            /* --version given                       */
    OPTIONS_ERROR               /* reason in *err                        */
};

/* Parses argv into *c (which options_free() must release in every
 * case).  Checks everything that can be checked without an engine. */
enum options_result options_parse(struct match_conf *c, int argc,
                                  char **argv, struct sbuf *err);

void options_free(struct match_conf *c);

/* Draws a fresh run id for c (64 random bits in hex). */
void options_new_run_id(struct match_conf *c);

/* The usage text for --help. */
void options_usage(FILE *out);

/* A human description of the time control, e.g. "movetime 0.5",
 * "tc 10+0.1", or "tc old 20+0, new 5+0" when engines have their own. */
void options_time_text(const struct match_conf *c, struct sbuf *out);

/* The clock of engine i (TIME_FISCHER): its --engine-tc or --tc. */
struct fischer_clock options_clock(const struct match_conf *c, int i);

/* The time control of engine i alone, e.g. "movetime 0.5" or
 * "tc 10+0.1" (what a record keeps for it). */
void options_engine_time_text(const struct match_conf *c, int i,
                              struct sbuf *out);

/* Seconds a genmove may take before the mover loses on time, given its
 * clock (TIME_FISCHER) or the movetime. */
double options_move_limit(const struct match_conf *c, double clock_left);

#endif
