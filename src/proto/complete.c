/* complete.c -- what TAB offers at each point of a command line. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "games/games.h"
#include "proto/commands.h"
#include "proto/complete.h"

struct cands {
    char **list;
    size_t n, cap;
    const char *prefix;
    bool failed;
};

static void offer(struct cands *c, const char *word)
{
    if (c->failed || strncmp(word, c->prefix, strlen(c->prefix)) != 0)
        return;
    if (c->n + 2 > c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 32;
        char **list = realloc(c->list, cap * sizeof *list);
        if (!list) {
            c->failed = true;
            return;
        }
        c->list = list;
        c->cap = cap;
    }
    char *copy = strdup(word);
    if (!copy) {
        c->failed = true;
        return;
    }
    c->list[c->n++] = copy;
    c->list[c->n] = NULL;
}

static void offer_commands(struct cands *c)
{
    size_t n;
    const struct gtp_command *table = gtp_commands(&n);
    for (size_t i = 0; i < n; i++)
        offer(c, table[i].name);
}

static void offer_moves(struct cands *c, const struct session *s)
{
    move_t *moves = malloc(sizeof *moves * (size_t)s->game->max_moves);
    if (!moves)
        return;
    int n = session_legal_moves(s, moves);
    for (int i = 0; i < n; i++) {
        char text[MOVE_STR_MAX];
        s->game->format_move(session_position(s), moves[i], text);
        offer(c, text);
    }
    free(moves);
}

/* Splits the words before the cursor: returns how many there are and puts
 * the command word (after an optional id) in cmd. */
static int words_before(const char *line, int start, char *cmd, size_t size)
{
    int count = 0;
    bool seen_cmd = false;
    cmd[0] = '\0';
    for (int i = 0; i < start;) {
        while (i < start && isspace((unsigned char)line[i]))
            i++;
        int j = i;
        while (j < start && !isspace((unsigned char)line[j]))
            j++;
        if (j == i)
            break;
        bool is_id = !seen_cmd && count == 0 &&
                     strspn(line + i, "0123456789") >= (size_t)(j - i);
        if (!is_id) {
            if (!seen_cmd && (size_t)(j - i) < size) {
                memcpy(cmd, line + i, (size_t)(j - i));
                cmd[j - i] = '\0';
            }
            seen_cmd = true;
            count++;
        }
        i = j;
    }
    return count;
}

char **complete_words(void *ctx, const char *line, int start,
                      const char *word)
{
    const struct session *s = ctx;
    struct cands c = { NULL, 0, 0, word, false };
    char cmd[32];
    int nth = words_before(line, start, cmd, sizeof cmd);
    if (nth == 0) {
        offer_commands(&c);
    } else if (!strcmp(cmd, "help") || !strcmp(cmd, "known_command")) {
        offer_commands(&c);
    } else if (!strcmp(cmd, "setup") && nth == 1) {
        for (int i = 0; i < game_count(); i++)
            offer(&c, game_at(i)->name);
    } else if (!strcmp(cmd, "play") || !strcmp(cmd, "genmove") ||
               !strcmp(cmd, "reg_genmove") || !strcmp(cmd, "time_left")) {
        if (nth == 1)
            for (int side = 0; side < 2; side++)
                offer(&c, s->game->side_names[side]);
        if (!strcmp(cmd, "play") && nth <= 2)
            offer_moves(&c, s);
    } else if (!strcmp(cmd, "set_option") && nth == 1) {
        for (size_t i = 0; cmd_option_name(i); i++)
            offer(&c, cmd_option_name(i));
    }
    if (c.failed) {
        for (size_t i = 0; i < c.n; i++)
            free(c.list[i]);
        free(c.list);
        return NULL;
    }
    return c.list;
}

void complete_prompt(const struct session *s, struct sbuf *out)
{
    const void *pos = session_position(s);
    if (session_outcome(s, NULL) != GAME_ONGOING)
        sbuf_printf(out, "triad %s (over)> ", s->game->name);
    else
        sbuf_printf(out, "triad %s %s> ", s->game->name,
                    s->game->side_names[s->game->side_to_move(pos)]);
}
