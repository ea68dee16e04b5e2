/* session.c -- game, history, options and clocks of one controller. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/games.h"
#include "proto/session.h"
#include "search/perft.h"
#include "search/search.h"

#define DEFAULT_HASH_MB 64

static unsigned char *state_at(const struct session *s, int k)
{
    return s->states + s->game->state_size * (size_t)k;
}

const void *session_position(const struct session *s)
{
    return state_at(s, s->nply);
}

/* Makes room for k + 1 positions; false when memory is short. */
static bool reserve_plies(struct session *s, int k)
{
    if (k < s->cap)
        return true;
    int cap = s->cap ? s->cap * 2 : 64;
    while (cap <= k)
        cap *= 2;
    unsigned char *states = realloc(s->states,
                                    s->game->state_size * (size_t)cap);
    if (!states)
        return false;
    s->states = states;
    move_t *moves = realloc(s->moves, sizeof *moves * (size_t)cap);
    if (!moves)
        return false;
    s->moves = moves;
    s->cap = cap;
    return true;
}

/* Installs the start position *start of game g.  Returns -1 (nothing
 * changed) when memory is short. */
static int install(struct session *s, const struct game_ops *g,
                   const void *start)
{
    /* The history's buffers are kept when they hold as many positions
     * of g (a new game then allocates nothing). */
    bool keep = s->states && g->state_size <= s->game->state_size;
    unsigned char *states = keep ? s->states : malloc(g->state_size * 64);
    move_t *moves = keep ? s->moves : malloc(sizeof *moves * 64);
    /* The legal-move buffer only grows: switching games allocates none. */
    bool grow = g->max_moves > s->legal_cap;
    move_t *legal = grow ? malloc(sizeof *legal * (size_t)g->max_moves)
                         : NULL;
    /* The searcher, and its table, already touched, carry over. */
    bool ready = states && moves && (legal || !grow) &&
                 (!s->search || g == s->game ||
                  search_set_game(s->search, g) == 0);
    if (!ready) {
        if (!keep) {
            free(states);
            free(moves);
        }
        free(legal);
        return -1;
    }
    if (grow) {
        free(s->legal);
        s->legal = legal;
        s->legal_cap = g->max_moves;
    }
    memcpy(states, start, g->state_size);
    if (s->search && g == s->game)
        search_clear(s->search);
    if (!keep) {
        free(s->states);
        free(s->moves);
        s->cap = 64;
    }
    s->game = g;
    s->resigned = false;
    s->states = states;
    s->moves = moves;
    s->nply = 0;
    return 0;
}

int session_setup(struct session *s, const struct game_ops *g, int argc,
                  char *const argv[], struct sbuf *err)
{
    void *start = malloc(g->state_size);
    int rc = -1;
    /* The draw is taken from a copy and kept only if the setup succeeds:
     * a refused setup must not change later random setups. */
    struct rng next = s->rng;
    if (!start) {
        rc = SESSION_NO_MEMORY;
    } else if (g->setup(start, argc, argv, rng_next(&next), err) == 0) {
        rc = install(s, g, start) == 0 ? 0 : SESSION_NO_MEMORY;
        if (rc == 0)
            s->rng = next;
    }
    free(start);
    return rc;
}

int session_setposition(struct session *s, const char *pos,
                        struct sbuf *err)
{
    const struct game_ops *g = game_of_position(pos);
    if (!g) {
        sbuf_puts(err, "unknown game in position string");
        return -1;
    }
    void *start = malloc(g->state_size);
    if (!start)
        return SESSION_NO_MEMORY;
    int rc = -1;
    if (g->from_string(start, pos, err) == 0)
        rc = install(s, g, start) == 0 ? 0 : SESSION_NO_MEMORY;
    free(start);
    return rc;
}

void session_restart(struct session *s)
{
    s->nply = 0;
    s->resigned = false;
    if (s->search)
        search_clear(s->search);
}

int session_play(struct session *s, move_t m)
{
    if (!reserve_plies(s, s->nply + 1))
        return -1;
    size_t size = s->game->state_size;
    memcpy(state_at(s, s->nply + 1), state_at(s, s->nply), size);
    s->game->play(state_at(s, s->nply + 1), m);
    s->moves[s->nply] = m;
    s->nply++;
    return 0;
}

void session_resign(struct session *s, int side)
{
    s->resigned = true;
    s->resigner = side;
}

int session_undo(struct session *s)
{
    if (s->resigned) {
        s->resigned = false;
        return 0;
    }
    if (s->nply == 0)
        return -1;
    s->nply--;
    return 0;
}

enum game_status session_outcome(const struct session *s, int *margin)
{
    if (s->resigned) {
        if (margin)
            *margin = 0;
        return s->resigner == 0 ? GAME_WIN_SECOND : GAME_WIN_FIRST;
    }
    enum game_status st = s->game->outcome(session_position(s), margin);
    if (st == GAME_ONGOING && s->opt.maxplies > 0 &&
        s->nply >= s->opt.maxplies) {
        if (margin)
            *margin = 0;
        return GAME_DRAW;
    }
    return st;
}

int session_legal_moves(const struct session *s, move_t *out)
{
    if (session_outcome(s, NULL) != GAME_ONGOING)
        return 0;
    return s->game->gen_moves(session_position(s), out);
}

const move_t *session_legal_list(struct session *s, int *n)
{
    *n = session_legal_moves(s, s->legal);
    return s->legal;
}

int session_parse_color(const struct session *s, const char *word)
{
    static const char *const synonyms[2][2] = {
        { "white", "w" }, { "black", "b" }
    };
    for (int side = 0; side < 2; side++) {
        const char *name = s->game->side_names[side];
        if (strcasecmp(word, name) == 0 ||
            (word[0] && !word[1] &&
             (word[0] | 0x20) == (name[0] | 0x20)) ||
            strcasecmp(word, synonyms[side][0]) == 0 ||
            strcasecmp(word, synonyms[side][1]) == 0)
            return side;
    }
    return -1;
}

struct search *session_searcher(struct session *s)
{
    if (!s->search)
        s->search = search_new(s->game, (size_t)s->opt.hash_mb);
    return s->search;
}

int session_set_hash(struct session *s, int hash_mb)
{
    if (s->search) {
        if (search_set_hash(s->search, (size_t)hash_mb) != 0)
            return -1;
    } else {
        s->search = search_new(s->game, (size_t)hash_mb);
        if (!s->search)
            return -1;
    }
    s->opt.hash_mb = hash_mb;
    return 0;
}

struct options session_default_options(uint64_t seed)
{
    return (struct options){
        .seed = seed, .threads = 1, .movetime = 1.0, .maxnodes = 0,
        .hash_mb = DEFAULT_HASH_MB, .maxplies = 0, .method = 0
    };
}

int session_init(struct session *s, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->opt = session_default_options(seed);
    rng_seed(&s->rng, seed);
    clock_reset(&s->clock);
    struct sbuf err = SBUF_INIT;
    int rc = session_setup(s, game_at(0), 0, NULL, &err);
    sbuf_free(&err);
    /* The default game is there before any command: its draw does not
     * count, so the first setup draws what it draws after "set_option
     * seed N" (same seed, same games). */
    rng_seed(&s->rng, seed);
    return rc == 0 ? 0 : -1;
}

void session_done(struct session *s)
{
    search_free(s->search);
    perft_free(s->perft);
    sbuf_free(&s->reply_text);
    free(s->states);
    free(s->moves);
    free(s->legal);
    memset(s, 0, sizeof *s);
}
