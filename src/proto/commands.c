/* commands.c -- the command table: name, arity, handler, usage, summary.
 * Sorted by name (gtp_find bisects it); a test checks the order and that
 * doc/protocol.md has a section for every row. */
#include "config.h"

#include "proto/commands.h"

static const struct gtp_command table[] = {
    { "analyze", 0, 1, cmd_analyze, "[SECONDS]",
      "search the position without playing; print score, depth, nodes, pv" },
    { "analyze_stream", 0, 1, cmd_analyze_stream, "[INTERVAL]",
      "analyse until the next command, one info line per INTERVAL" },
    { "bench", 0, 1, cmd_bench, "[NODES | perft]",
      "search (or perft-count) the fixed benchmark positions; print speed" },
    { "clear_board", 0, 0, cmd_clear_board, "",
      "restart the current game from its setup or set position" },
    { "final_score", 0, 0, cmd_final_score, "",
      "result of a finished game: W+n, B+n or 0" },
    { "game_status", 0, 0, cmd_game_status, "",
      "'playing COLOR' or 'over RESULT'" },
    { "genmove", 1, 1, cmd_genmove, "COLOR",
      "choose a move for COLOR, play it and print it" },
    { "help", 0, 1, cmd_help, "[COMMAND]",
      "list the commands, or show the usage of one" },
    { "history", 0, 0, cmd_history, "",
      "the moves played since setup or setposition" },
    { "known_command", 1, 1, cmd_known_command, "NAME",
      "true if NAME is a command" },
    { "legal_moves", 0, 0, cmd_legal_moves, "",
      "every legal move, canonical, sorted, space separated" },
    { "list_commands", 0, 0, cmd_list_commands, "",
      "one command name per line" },
    { "list_games", 0, 0, cmd_list_games, "",
      "the games, one 'name title setup-arguments' line each" },
    { "list_options", 0, 0, cmd_list_options, "",
      "type, default and range of each setting (UCI style)" },
    { "loadsgf", 1, 1, cmd_loadsgf, "FILE",
      "set up the game of an SGF record and play its moves" },
    { "name", 0, 0, cmd_name, "", "the engine's name" },
    { "options", 0, 0, cmd_options, "", "one 'name value' line per setting" },
    { "perft", 1, 1, cmd_perft, "DEPTH",
      "number of move sequences of exactly DEPTH moves" },
    { "play", 1, 2, cmd_play, "[COLOR] MOVE", "play MOVE" },
    { "position", 0, 0, cmd_position, "",
      "the current position as one token" },
    { "printsgf", 0, 0, cmd_printsgf, "",
      "the game so far as an SGF record" },
    { "protocol_version", 0, 0, cmd_protocol_version, "",
      "the GTP version: 2" },
    { "quit", 0, 0, cmd_quit, "", "end the session" },
    { "reg_genmove", 1, 1, cmd_reg_genmove, "COLOR",
      "as genmove, without playing the move" },
    { "set_option", 2, 2, cmd_set_option, "NAME VALUE",
      "change an engine setting (see options)" },
    { "setposition", 1, 1, cmd_setposition, "POSITION",
      "replace the game with a position string" },
    { "setup", 1, -1, cmd_setup, "GAME [ARG...]", "start a new game" },
    { "showboard", 0, 0, cmd_showboard, "", "draw the position" },
    { "solve", 0, 1, cmd_solve, "[SECONDS]",
      "prove the game value of the position and give a best move" },
    { "time_left", 3, 3, cmd_time_left, "COLOR SECONDS STONES",
      "clock update from the controller" },
    { "time_settings", 3, 3, cmd_time_settings, "MAIN BYO STONES",
      "main time and Canadian byo-yomi in seconds" },
    { "undo", 0, 0, cmd_undo, "", "take back the last move" },
    { "version", 0, 0, cmd_version, "", "the engine's version" },
};

const struct gtp_command *gtp_commands(size_t *n)
{
    *n = sizeof table / sizeof table[0];
    return table;
}
