/* games.c -- the registry of games, expanded from games.def. */
#include "config.h"

#include <string.h>

#include "games/games.h"

static const struct game_ops *const registry[] = {
#define GAME(name) &name##_ops,
#include "games/games.def"
#undef GAME
};

int game_count(void)
{
    return (int)(sizeof registry / sizeof registry[0]);
}

const struct game_ops *game_at(int i)
{
    return i >= 0 && i < game_count() ? registry[i] : NULL;
}

const struct game_ops *game_find(const char *name)
{
    for (int i = 0; i < game_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

int game_list(struct sbuf *out, bool titles, const char *last_sep,
              bool (*pick)(const struct game_ops *g))
{
    int total = 0;
    for (int i = 0; i < game_count(); i++)
        total += !pick || pick(registry[i]);
    int listed = 0;
    for (int i = 0; i < game_count(); i++) {
        if (pick && !pick(registry[i]))
            continue;
        if (listed)
            sbuf_puts(out, listed == total - 1 ? last_sep : ", ");
        sbuf_puts(out, titles ? registry[i]->title : registry[i]->name);
        listed++;
    }
    return listed;
}

const struct game_ops *game_of_position(const char *pos)
{
    const char *colon = strchr(pos, ':');
    if (!colon)
        return NULL;
    size_t n = (size_t)(colon - pos);
    for (int i = 0; i < game_count(); i++)
        if (strlen(registry[i]->name) == n &&
            strncmp(registry[i]->name, pos, n) == 0)
            return registry[i];
    return NULL;
}
