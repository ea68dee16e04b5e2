/* commands.h -- the protocol command handlers (internal to proto/).
 * Each handler's contract is the comment above its definition; the table
 * that binds names, arities and handlers is in commands.c. */
#ifndef TRIAD_PROTO_COMMANDS_H
#define TRIAD_PROTO_COMMANDS_H

#include "proto/gtp.h"

#define HANDLER(name) gtp_handler cmd_##name;
/* cmd_basic.c */
HANDLER(help) HANDLER(known_command) HANDLER(list_commands)
HANDLER(list_games) HANDLER(list_options) HANDLER(name)
HANDLER(options) HANDLER(protocol_version) HANDLER(quit)
HANDLER(set_option) HANDLER(version)
/* cmd_game.c */
HANDLER(clear_board) HANDLER(final_score) HANDLER(game_status)
HANDLER(history) HANDLER(legal_moves) HANDLER(perft) HANDLER(play)
HANDLER(position) HANDLER(setposition) HANDLER(setup) HANDLER(showboard)
HANDLER(undo)
/* cmd_analysis.c */
HANDLER(analyze_stream)
/* cmd_sgf.c */
HANDLER(loadsgf) HANDLER(printsgf)
/* cmd_search.c */
HANDLER(analyze) HANDLER(bench) HANDLER(genmove) HANDLER(reg_genmove)
HANDLER(solve) HANDLER(time_left) HANDLER(time_settings)
#undef HANDLER

/* Shared helpers of the handlers. */

/* Appends "W+n", "B+n", "W+", "B+" or "0" for a finished game. */
void cmd_format_result(const struct engine *e, enum game_status st,
                       int margin, struct sbuf *out);

/* The name of the i-th setting of set_option, or NULL past the last. */
const char *cmd_option_name(size_t i);

/* Parses a colour argument; on failure appends the error text and
 * returns -1. */
int cmd_color_arg(const struct engine *e, const char *word,
                  struct sbuf *out);

/* Appends the reply text of an engine error code rc (engine.h). */
void cmd_engine_error(const struct engine *e, int rc, struct sbuf *out);

struct search_limits;
struct search_result;

/* Appends "best MOVE score S depth D nodes N nps X time MS pv ..." for
 * result r, with the given node count and time. */
void cmd_format_analysis(const struct engine *e,
                         const struct search_result *r, uint64_t nodes,
                         double seconds, struct sbuf *out);

/* The limits of the analysing commands: the optional SECONDS argument
 * (argv[0] when argc is 1; fallback otherwise) and the engine's options.
 * Returns 0 with *lim filled, or -1 with the error text in out. */
int cmd_analysis_limits(const struct engine *e, int argc, char **argv,
                        double fallback, struct search_limits *lim,
                        struct sbuf *out);

#endif
