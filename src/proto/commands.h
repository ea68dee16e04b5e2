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
void cmd_format_result(const struct session *s, enum game_status st,
                       int margin, struct sbuf *out);

/* The name of the i-th setting of set_option, or NULL past the last. */
const char *cmd_option_name(size_t i);

/* Parses a colour argument; on failure appends the error text and
 * returns -1. */
int cmd_color_arg(const struct session *s, const char *word,
                  struct sbuf *out);

struct search_limits;
struct search_result;

/* The search limits of the session's options for a search of seconds. */
struct search_limits cmd_search_limits(const struct session *s,
                                       double seconds);

/* Appends "best MOVE score S depth D nodes N nps X time MS pv ..." for
 * result r, with the given node count and time. */
void cmd_format_analysis(const struct session *s,
                         const struct search_result *r, uint64_t nodes,
                         double seconds, struct sbuf *out);

/* The common start of the analysing commands: the optional SECONDS
 * argument (argv[0] when argc is 1; fallback otherwise), a game still
 * going on, and the searcher.  Returns the searcher with *lim filled, or
 * NULL with the error text in out. */
struct search *cmd_prepare_search(struct session *s, int argc, char **argv,
                                  double fallback, struct search_limits *lim,
                                  struct sbuf *out);

#endif
