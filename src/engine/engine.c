/* engine.c -- game, history, options, clocks and searcher of one engine
 * (see engine.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/clock.h"
#include "engine/engine.h"
#include "games/games.h"
#include "search/perft.h"
#include "search/search.h"

#define DEFAULT_HASH_MB 64

static unsigned char *state_at(const struct engine *e, int k)
{
    return e->states + e->game->state_size * (size_t)k;
}

const void *engine_position(const struct engine *e)
{
    return state_at(e, e->nply);
}

const void *engine_position_at(const struct engine *e, int k)
{
    return state_at(e, k);
}

/* Makes room for k + 1 positions; false when memory is short. */
static bool reserve_plies(struct engine *e, int k)
{
    if (k < e->cap)
        return true;
    int cap = e->cap ? e->cap * 2 : 64;
    while (cap <= k)
        cap *= 2;
    unsigned char *states = realloc(e->states,
                                    e->game->state_size * (size_t)cap);
    if (!states)
        return false;
    e->states = states;
    move_t *moves = realloc(e->moves, sizeof *moves * (size_t)cap);
    if (!moves)
        return false;
    e->moves = moves;
    e->cap = cap;
    return true;
}

/* Installs the start position *start of game g.  Returns -1 (nothing
 * changed) when memory is short. */
static int install(struct engine *e, const struct game_ops *g,
                   const void *start)
{
    /* The history'e buffers are kept when they hold as many positions
     * of g (a new game then allocates nothing). */
    bool keep = e->states && g->state_size <= e->game->state_size;
    unsigned char *states = keep ? e->states : malloc(g->state_size * 64);
    move_t *moves = keep ? e->moves : malloc(sizeof *moves * 64);
    /* The legal-move buffer only grows: switching games allocates none. */
    bool grow = g->max_moves > e->legal_cap;
    move_t *legal = grow ? malloc(sizeof *legal * (size_t)g->max_moves)
                         : NULL;
    /* The searcher, and its table, already touched, carry over. */
    bool ready = states && moves && (legal || !grow) &&
                 (!e->search || g == e->game ||
                  search_set_game(e->search, g) == 0);
    if (!ready) {
        if (!keep) {
            free(states);
            free(moves);
        }
        free(legal);
        return -1;
    }
    if (grow) {
        free(e->legal);
        e->legal = legal;
        e->legal_cap = g->max_moves;
    }
    memcpy(states, start, g->state_size);
    if (e->search && g == e->game)
        search_clear(e->search);
    if (!keep) {
        free(e->states);
        free(e->moves);
        e->cap = 64;
    }
    e->game = g;
    e->resigned = false;
    e->states = states;
    e->moves = moves;
    e->nply = 0;
    return 0;
}

int engine_setup(struct engine *e, const struct game_ops *g, int argc,
                  char *const argv[], struct sbuf *err)
{
    void *start = malloc(g->state_size);
    int rc = -1;
    /* The draw is taken from a copy and kept only if the setup succeeds:
     * a refused setup must not change later random setups. */
    struct rng next = e->rng;
    if (!start) {
        rc = ENGINE_NO_MEMORY;
    } else if (g->setup(start, argc, argv, rng_next(&next), err) == 0) {
        rc = install(e, g, start) == 0 ? 0 : ENGINE_NO_MEMORY;
        if (rc == 0)
            e->rng = next;
    }
    free(start);
    return rc;
}

int engine_setposition(struct engine *e, const char *pos,
                        struct sbuf *err)
{
    const struct game_ops *g = game_of_position(pos);
    if (!g) {
        sbuf_puts(err, "unknown game in position string");
        return -1;
    }
    void *start = malloc(g->state_size);
    if (!start)
        return ENGINE_NO_MEMORY;
    int rc = -1;
    if (g->from_string(start, pos, err) == 0)
        rc = install(e, g, start) == 0 ? 0 : ENGINE_NO_MEMORY;
    free(start);
    return rc;
}

void engine_restart(struct engine *e)
{
    e->nply = 0;
    e->resigned = false;
    if (e->search)
        search_clear(e->search);
}

int engine_play(struct engine *e, move_t m)
{
    if (!reserve_plies(e, e->nply + 1))
        return ENGINE_NO_MEMORY;
    size_t size = e->game->state_size;
    memcpy(state_at(e, e->nply + 1), state_at(e, e->nply), size);
    e->game->play(state_at(e, e->nply + 1), m);
    e->moves[e->nply] = m;
    e->nply++;
    return 0;
}

void engine_resign(struct engine *e, int side)
{
    e->resigned = true;
    e->resigner = side;
}

int engine_undo(struct engine *e)
{
    if (e->resigned) {
        e->resigned = false;
        return 0;
    }
    if (e->nply == 0)
        return -1;
    e->nply--;
    return 0;
}

enum game_status engine_outcome(const struct engine *e, int *margin)
{
    if (e->resigned) {
        if (margin)
            *margin = 0;
        return e->resigner == 0 ? GAME_WIN_SECOND : GAME_WIN_FIRST;
    }
    enum game_status st = e->game->outcome(engine_position(e), margin);
    if (st == GAME_ONGOING && e->opt.maxplies > 0 &&
        e->nply >= e->opt.maxplies) {
        if (margin)
            *margin = 0;
        return GAME_DRAW;
    }
    return st;
}

int engine_legal_moves(const struct engine *e, move_t *out)
{
    if (engine_outcome(e, NULL) != GAME_ONGOING)
        return 0;
    return e->game->gen_moves(engine_position(e), out);
}

const move_t *engine_legal_list(struct engine *e, int *n)
{
    *n = engine_legal_moves(e, e->legal);
    return e->legal;
}

bool engine_is_legal(struct engine *e, move_t m)
{
    int n;
    const move_t *moves = engine_legal_list(e, &n);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* True if word is name or its first letter (any case). */
static bool names(const char *word, const char *name)
{
    return name && (strcasecmp(word, name) == 0 ||
                    (word[0] && !word[1] &&
                     (word[0] | 0x20) == (name[0] | 0x20)));
}

int engine_parse_color(const struct engine *e, const char *word)
{
    for (int side = 0; side < 2; side++)
        if (names(word, e->game->side_names[side]) ||
            names(word, e->game->side_synonyms[side]))
            return side;
    return -1;
}

struct search *engine_searcher(struct engine *e)
{
    if (!e->search)
        e->search = search_new(e->game, (size_t)e->opt.hash_mb);
    return e->search;
}

int engine_set_hash(struct engine *e, int hash_mb)
{
    if (e->search) {
        if (search_set_hash(e->search, (size_t)hash_mb) != 0)
            return ENGINE_NO_MEMORY;
    } else {
        e->search = search_new(e->game, (size_t)hash_mb);
        if (!e->search)
            return ENGINE_NO_MEMORY;
    }
    e->opt.hash_mb = hash_mb;
    return 0;
}

int engine_set_options(struct engine *e, const struct engine_options *o)
{
    if (o->hash_mb != e->opt.hash_mb && engine_set_hash(e, o->hash_mb) != 0)
        return ENGINE_NO_MEMORY;
    e->opt = *o;
    return 0;
}

void engine_set_seed(struct engine *e, uint64_t seed)
{
    e->opt.seed = seed;
    rng_seed(&e->rng, seed);
}

struct engine_options engine_default_options(uint64_t seed)
{
    return (struct engine_options){
        .seed = seed, .threads = 1, .movetime = 1.0, .maxnodes = 0,
        .hash_mb = DEFAULT_HASH_MB, .maxplies = 0, .method = 0
    };
}

int engine_init(struct engine *e, uint64_t seed)
{
    memset(e, 0, sizeof *e);
    e->opt = engine_default_options(seed);
    rng_seed(&e->rng, seed);
    time_control_reset(&e->time_control);
    struct sbuf err = SBUF_INIT;
    int rc = engine_setup(e, game_at(0), 0, NULL, &err);
    sbuf_free(&err);
    /* The default game is there before any command: its draw does not
     * count, so the first setup draws what it draws after "set_option
     * seed N" (same seed, same games). */
    rng_seed(&e->rng, seed);
    return rc == 0 ? 0 : -1;
}

void engine_done(struct engine *e)
{
    search_free(e->search);
    perft_free(e->perft);
    free(e->states);
    free(e->moves);
    free(e->legal);
    memset(e, 0, sizeof *e);
}

/* The least time a search under a clock is given (0 would mean none). */
#define MIN_SEARCH_SECONDS 0.001

struct search_limits engine_search_limits(const struct engine *e,
                                          double seconds)
{
    return (struct search_limits){
        .seconds = seconds,
        .max_nodes = e->opt.maxnodes,
        .threads = e->opt.threads,
        .seed = e->opt.seed ^ (uint64_t)e->nply,
        .plies_left = e->opt.maxplies ? e->opt.maxplies - e->nply : 0,
        .history = e->states,
        .history_len = e->nply,
        .method = (enum search_method)e->opt.method,
        .stop = e->stop,
        .progress = e->quiet ? NULL : e->log,
    };
}

struct search_limits engine_move_limits(const struct engine *e, int side,
                                        double start)
{
    int moves_left = time_control_moves_left(e->game, engine_position(e));
    struct move_time t = time_control_move_time(&e->time_control, side,
                                                e->opt.movetime, moves_left);
    double used = clock_now() - start;
    struct search_limits lim = engine_search_limits(e, t.hard - used);
    lim.soft_seconds = t.soft - used;
    lim.solve_first = true;
    if (lim.seconds < MIN_SEARCH_SECONDS)
        lim.seconds = MIN_SEARCH_SECONDS;
    if (lim.soft_seconds < MIN_SEARCH_SECONDS)
        lim.soft_seconds = MIN_SEARCH_SECONDS;
    return lim;
}

/* The searcher of a search of the current position, or NULL with the
 * reason in *rc. */
static struct search *ready_searcher(struct engine *e, int *rc)
{
    *rc = ENGINE_GAME_OVER;
    if (engine_outcome(e, NULL) != GAME_ONGOING)
        return NULL;
    *rc = ENGINE_NO_MEMORY;
    return engine_searcher(e);
}

/* search_run or search_solve. */
typedef int search_entry(struct search *s, const void *st,
                         const struct search_limits *lim,
                         struct search_result *out);

static int run(struct engine *e, search_entry *entry,
               const struct search_limits *lim, struct search_result *out)
{
    int rc;
    struct search *sr = ready_searcher(e, &rc);
    if (!sr)
        return rc;
    return entry(sr, engine_position(e), lim, out) == 0
        ? 0 : ENGINE_GAME_OVER;
}

int engine_search(struct engine *e, const struct search_limits *lim,
                  struct search_result *out)
{
    return run(e, search_run, lim, out);
}

int engine_solve(struct engine *e, const struct search_limits *lim,
                 struct search_result *out)
{
    return run(e, search_solve, lim, out);
}

int engine_search_slices(struct engine *e, const struct search_limits *slice,
                         engine_progress_fn *progress, void *ctx)
{
    int rc;
    struct search *sr = ready_searcher(e, &rc);
    if (!sr)
        return rc;
    uint64_t nodes = 0;
    double seconds = 0;
    for (;;) {
        struct search_result r;
        if (search_run(sr, engine_position(e), slice, &r) != 0)
            return 0;               /* cannot happen: the game goes on */
        nodes += r.nodes;
        seconds += r.seconds;
        if (!progress(ctx, &r, nodes, seconds) || r.proven ||
            stop_requested(e->stop))
            return 0;
    }
}

int engine_choose_move(struct engine *e, int side, move_t *m,
                       double *spent)
{
    if (engine_outcome(e, NULL) != GAME_ONGOING)
        return ENGINE_GAME_OVER;
    if (side != e->game->side_to_move(engine_position(e)))
        return ENGINE_NOT_TURN;
    /* The clock runs from here: creating the searcher counts too. */
    double start = clock_now();
    struct search *sr = engine_searcher(e);
    if (!sr)
        return ENGINE_NO_MEMORY;
    struct search_limits lim = engine_move_limits(e, side, start);
    struct search_result r;
    if (search_run(sr, engine_position(e), &lim, &r) != 0 ||
        !engine_is_legal(e, r.best))
        return ENGINE_NO_MOVE;
    *spent = clock_now() - start;
    *m = r.best;
    return 0;
}

void engine_charge(struct engine *e, int side, double seconds)
{
    time_control_spend(&e->time_control, side, seconds);
}

int engine_perft(struct engine *e, int depth, int64_t *count)
{
    /* perft counts by the rules alone: the maxplies adjudication, an
     * engine option, does not cut it short.  Its buffers (max_moves per
     * ply: 620 KiB a ply in Truchet) are kept for the next count. */
    if (!perft_fits(e->perft, e->game, depth, e->stop)) {
        struct perft_ctx *p = perft_new(e->game, depth, e->stop);
        if (!p)
            return ENGINE_NO_MEMORY;
        perft_free(e->perft);
        e->perft = p;
    }
    *count = perft_run(e->perft, engine_position(e), depth);
    return *count < 0 ? ENGINE_STOPPED : 0;
}
