/* games.h -- the registry of games, built from games.def. */
#ifndef TRIAD_GAMES_GAMES_H
#define TRIAD_GAMES_GAMES_H

#include "core/game.h"

#define GAME(name) extern const struct game_ops name##_ops;
#include "games/games.def"
#undef GAME

/* Number of registered games. */
int game_count(void);
/* The i-th game, 0 <= i < game_count(); NULL outside that range. */
const struct game_ops *game_at(int i);
/* The game with this protocol name, or NULL. */
const struct game_ops *game_find(const char *name);
/* The game a position string belongs to (by its "name:" prefix), or NULL. */
const struct game_ops *game_of_position(const char *pos);

/* Appends the protocol names (titles: the human names) of the registered
 * games for which pick is true (every game when pick is NULL), in the
 * registry's order, separated by ", " except last_sep before the last
 * one: "dvonn, truchet or cephalopod".  For help texts, which so name no
 * game themselves.  Returns how many games it listed. */
int game_list(struct sbuf *out, bool titles, const char *last_sep,
              bool (*pick)(const struct game_ops *g));

#endif
