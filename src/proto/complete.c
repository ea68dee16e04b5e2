/* complete.c -- what TAB offers at each point of a command line. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/games.h"
#include "proto/commands.h"
#include "proto/complete.h"

struct cands {
    char **list;
    size_t n, cap;
    const char *prefix;
    bool any_case;      /* moves and colours: input ignores case */
    bool failed;
};

static void offer(struct cands *c, const char *word)
{
    size_t n = strlen(c->prefix);
    if (c->failed || (c->any_case ? strncasecmp(word, c->prefix, n)
                                  : strncmp(word, c->prefix, n)) != 0)
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

static void offer_moves(struct cands *c, const struct engine *e)
{
    move_t *moves = malloc(sizeof *moves * (size_t)e->game->max_moves);
    if (!moves)
        return;
    int n = engine_legal_moves(e, moves);
    for (int i = 0; i < n; i++) {
        char text[MOVE_STR_MAX];
        e->game->format_move(engine_position(e), moves[i], text);
        offer(c, text);
    }
    free(moves);
}

#define WORD_MAX 32

/* Splits the words before the cursor: returns how many there are (after
 * an optional id) and puts the first two, cut to WORD_MAX - 1 bytes, in
 * first[0] (the command) and first[1]. */
static int words_before(const char *line, int start, char first[2][WORD_MAX])
{
    int count = 0;
    first[0][0] = first[1][0] = '\0';
    for (int i = 0; i < start;) {
        while (i < start && isspace((unsigned char)line[i]))
            i++;
        int j = i;
        while (j < start && !isspace((unsigned char)line[j]))
            j++;
        if (j == i)
            break;
        bool is_id = count == 0 &&
                     strspn(line + i, "0123456789") >= (size_t)(j - i);
        if (!is_id) {
            if (count < 2) {
                size_t n = (size_t)(j - i) < WORD_MAX ? (size_t)(j - i)
                                                      : WORD_MAX - 1;
                memcpy(first[count], line + i, n);
                first[count][n] = '\0';
            }
            count++;
        }
        i = j;
    }
    return count;
}

char **complete_words(void *ctx, const char *line, int start,
                      const char *word)
{
    const struct engine *e = ctx;
    struct cands c = { NULL, 0, 0, word, false, false };
    char first[2][WORD_MAX];
    int nth = words_before(line, start, first);
    const char *cmd = first[0];
    if (nth == 0) {
        offer_commands(&c);
    } else if (!strcmp(cmd, "help") || !strcmp(cmd, "known_command")) {
        offer_commands(&c);
    } else if (!strcmp(cmd, "setup") && nth == 1) {
        for (int i = 0; i < game_count(); i++)
            offer(&c, game_at(i)->name);
    } else if (!strcmp(cmd, "play") || !strcmp(cmd, "genmove") ||
               !strcmp(cmd, "reg_genmove") || !strcmp(cmd, "time_left")) {
        c.any_case = true;
        if (nth == 1)
            for (int side = 0; side < 2; side++)
                offer(&c, e->game->side_names[side]);
        /* After a colour, only that side's moves: none when it is the
         * other side's turn. */
        bool colour_ok = nth == 1 ||
            engine_parse_color(e, first[1]) ==
                e->game->side_to_move(engine_position(e));
        if (!strcmp(cmd, "play") && nth <= 2 && colour_ok)
            offer_moves(&c, e);
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

void complete_prompt(const struct engine *e, struct sbuf *out)
{
    const void *pos = engine_position(e);
    if (engine_outcome(e, NULL) != GAME_ONGOING)
        sbuf_printf(out, "triad %s (over)> ", e->game->name);
    else
        sbuf_printf(out, "triad %s %s> ", e->game->name,
                    e->game->side_names[e->game->side_to_move(pos)]);
}
