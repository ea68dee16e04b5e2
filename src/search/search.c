/* search.c -- the searcher object: memory, limits, the proofs before a
 * search, and the dispatch to the methods of methods.def through their
 * interface (method.h), with no switch over them.  The workers they run
 * on are runtime.c's.
 *
 * Determinism: with one thread and a node budget a search starts from an
 * empty table and empty ordering tables, so its result depends only on the
 * position and the limits (not on earlier searches or on timing).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/clock.h"
#include "search/search_int.h"

/* Keeps solve-mode entries (scores without the ply tie-break) apart. */
#define SOLVE_SALT 0x6A09E667F3BCC909ULL
/* A proof before a search (proof_attempt) takes 1 / PROOF_SLICE of its
 * budget (time and nodes); the search keeps at least PROOF_REST_MIN
 * seconds. */
#define PROOF_SLICE 4
#define PROOF_REST_MIN 0.001
/* The win/loss attempt borrows this part of the table (clearing it before
 * and after must cost little next to the attempt), and after attempts
 * that failed the next SOLVE_WAIT_MAX genmove searches at most skip it. */
#define SOLVE_FIRST_TABLE_BYTES ((size_t)4 << 20)
#define SOLVE_WAIT_MAX 4

/* Every method at its slot (method.h). */
static const struct method_ops *const methods[METHOD_SLOTS] = {
#define SEARCH_METHOD(id, ops) [id] = &ops,
#include "search/methods.def"
#undef SEARCH_METHOD
    [METHOD_SOLVE] = &solve_method,
};

const char *search_method_name(enum search_method m)
{
    return (unsigned)m < SEARCH_METHOD_COUNT ? methods[m]->name : "?";
}

int search_method_find(const char *name)
{
    for (int m = 0; m < SEARCH_METHOD_COUNT; m++)
        if (strcasecmp(name, methods[m]->name) == 0)
            return m;
    return -1;
}

/* The method that searches st when the limits name method m (a number
 * that names none: alpha-beta); a method that picks hands over. */
static int searching_method(const struct game_ops *g, const void *st,
                            enum search_method m)
{
    int i = (unsigned)m < SEARCH_METHOD_COUNT ? (int)m : SEARCH_ALPHABETA;
    while (methods[i]->pick)
        i = (int)methods[i]->pick(g, st);
    return i;
}

static int run_method(struct search *s, int i, struct search_result *out)
{
    return methods[i]->search(s, s->scratch[i], out);
}

struct search *search_new(const struct game_ops *g, size_t hash_mb)
{
    struct search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = g;
    s->hash_mb = hash_mb;
    if (tt_init(&s->tt, hash_mb) != 0) {
        free(s);
        return NULL;
    }
    if (!search_worker(s, 0)) {
        search_free(s);
        return NULL;
    }
    for (int i = 0; i < METHOD_SLOTS; i++)
        if (methods[i]->create && !(s->scratch[i] = methods[i]->create())) {
            search_free(s);
            return NULL;
        }
    return s;
}

void search_free(struct search *s)
{
    if (!s)
        return;
    workers_free(s);
    for (int i = 0; i < METHOD_SLOTS; i++)
        if (methods[i]->destroy)
            methods[i]->destroy(s->scratch[i]);
    tt_free(&s->tt);
    free(s);
}

/* The workers keep what they can (workers_fit), the methods their
 * scratch (every MCTS search builds its tree afresh, the solvers fit
 * their rows to the game). */
int search_set_game(struct search *s, const struct game_ops *g)
{
    if (workers_fit(s, g) != 0)
        return -1;
    s->g = g;
    tt_clear(&s->tt);
    return 0;
}

int search_set_hash(struct search *s, size_t hash_mb)
{
    struct tt t;
    if (tt_init(&t, hash_mb) != 0)
        return -1;
    tt_free(&s->tt);
    s->tt = t;
    s->hash_mb = hash_mb;
    for (int i = 0; i < METHOD_SLOTS; i++)
        if (methods[i]->resize)
            methods[i]->resize(s->scratch[i]);
    return 0;
}

void search_clear(struct search *s)
{
    tt_clear(&s->tt);
    s->solve_wait = 0;
    workers_clear_ordering(s);
    for (int i = 0; i < METHOD_SLOTS; i++)
        if (methods[i]->forget)
            methods[i]->forget(s->scratch[i]);
}

/* Takes the limits and prepares every worker for a new search.  With
 * solver_only (a proof before a search) the table and the move ordering
 * are left alone: the solver uses neither (it clears the part of the
 * table it borrows), and the search after it prepares them. */
static void search_begin(struct search *s, const void *st,
                         const struct search_limits *lim, bool exact,
                         bool solver_only)
{
    s->lim = *lim;
    s->root = st;
    s->exact = exact;
    s->win_loss = false;
    s->key_salt = exact ? SOLVE_SALT : 0;
    workers_begin(s);
    if (solver_only)
        return;
    bool fresh = search_reproducible(s);
    if (fresh) {
        tt_clear(&s->tt);
        s->tt.gen = 0;
    } else {
        tt_new_search(&s->tt);
    }
    workers_new_ordering(s, fresh);
}

static void result_init(struct search_result *out)
{
    memset(out, 0, sizeof *out);
    out->best = MOVE_NONE;
}

/* Fills *out for a finished game; returns -1 as search_run must. */
static int game_over_result(struct search *s, struct search_result *out)
{
    int margin = 0;
    const struct game_ops *g = s->g;
    enum game_status o = g->outcome(s->root, &margin);
    out->score = score_terminal(s, o, margin, g->side_to_move(s->root), 0);
    out->proven = true;
    return -1;
}

/* Finishes *out: time, and the margin of a proven result. */
static void result_done(const struct search *s, struct search_result *out)
{
    out->seconds = clock_now() - s->t_start;
    out->margin = 0;
    if (out->proven && out->score != 0) {
        int m = search_score_margin(out->score);
        if (m < 1)
            m = 1;              /* a win in a game without margin */
        out->margin = out->score > 0 ? m : -m;
    }
}

static int dispatch(struct search *s, struct search_result *out)
{
    int i = searching_method(s->g, s->root, s->lim.method);
    if (!methods[i]->deepens && s->soft_deadline > 0)  /* no iterations */
        s->deadline = s->soft_deadline;
    return run_method(s, i, out);
}

/* The proof a search may begin with, at most one per search. */
enum proof_mode {
    PROOF_NONE,
    PROOF_EXACT,        /* the margin, where the game's worth_proving hook
                           says it is in reach (the method auto asks) */
    PROOF_WIN_LOSS      /* a win, a draw or a loss: genmove's solve_first */
};

/* Which proof the search of *st (root_moves legal moves) begins with.
 * Both need a game of bounded length and no depth limit.  The win/loss
 * attempt also needs a choice to make (a lone move is played at once) and
 * a method that asks for it (alpha-beta).  Where the game says whether a
 * proof is in reach, every move in reach gets one (the board only gets
 * simpler, and one proof turns the rest of the game into perfect play);
 * elsewhere failed attempts put off the next ones, except with a node
 * budget on one thread (such searches stay reproducible). */
static enum proof_mode proof_mode(struct search *s, const void *st,
                                  const struct search_limits *lim,
                                  int root_moves)
{
    const struct game_ops *g = s->g;
    if (root_moves == 0 || g->max_game_plies <= 0 || lim->plies_left > 0)
        return PROOF_NONE;
    bool named = (unsigned)lim->method < SEARCH_METHOD_COUNT;
    if (named && methods[lim->method]->exact_proof_first &&
        g->worth_proving && g->worth_proving(st))
        return PROOF_EXACT;
    if (!lim->solve_first || root_moves < 2 ||
        !methods[searching_method(g, st, lim->method)]->win_loss_proof_first)
        return PROOF_NONE;
    if (g->win_loss_in_reach)
        return g->win_loss_in_reach(st) ? PROOF_WIN_LOSS : PROOF_NONE;
    if ((lim->max_nodes > 0 && lim->threads <= 1) || s->solve_wait == 0)
        return PROOF_WIN_LOSS;
    s->solve_wait--;
    return PROOF_NONE;
}

/* After a win/loss attempt in a game without win_loss_in_reach: the next
 * one at once after a success (a proven loss included: the next proves it
 * again, quickly); after failures skip 1, 3, then SOLVE_WAIT_MAX genmove
 * searches. */
static void note_win_loss_attempt(struct search *s, bool proven)
{
    s->solve_wait = proven ? 0 : s->solve_wait * 2 + 1;
    if (s->solve_wait > SOLVE_WAIT_MAX)
        s->solve_wait = SOLVE_WAIT_MAX;
}

/* Tries to prove *st in mode with a slice of *lim: of the move's aim
 * (genmove's soft limit), not of the hard limit that only an unfinished
 * iteration may reach.  True with *out filled when it did; false with
 * *rest set to what is left of the budget (a win/loss attempt may end
 * early, unproven: a loss shows no move that reaches a value).  The
 * exact proof borrows the whole table and keeps quiet (the move's search
 * reports); the win/loss attempt borrows a part of it and reports. */
static bool proof_attempt(struct search *s, const void *st,
                          enum proof_mode mode,
                          const struct search_limits *lim,
                          struct search_limits *rest,
                          struct search_result *out)
{
    bool win_loss = mode == PROOF_WIN_LOSS;
    bool soft = lim->soft_seconds > 0 && lim->soft_seconds < lim->seconds;
    struct search_limits slice = *lim;
    slice.method = SEARCH_ALPHABETA;
    slice.seconds = (soft ? lim->soft_seconds : lim->seconds) / PROOF_SLICE;
    slice.soft_seconds = 0;
    slice.max_nodes = lim->max_nodes / PROOF_SLICE;
    if (lim->max_nodes > 0 && slice.max_nodes == 0)
        slice.max_nodes = 1;
    if (!win_loss)
        slice.progress = NULL;
    result_init(out);
    search_begin(s, st, &slice, true, true);
    s->win_loss = win_loss;
    s->solve_table_bytes = win_loss ? SOLVE_FIRST_TABLE_BYTES : 0;
    run_method(s, METHOD_SOLVE, out);
    s->solve_table_bytes = 0;
    result_done(s, out);
    /* A loss is proven when the attempt bounds the value below a loss;
     * it has no move to play. */
    bool lost = win_loss && !out->proven && out->score <= -EVAL_WIN_MIN;
    if (win_loss)
        note_win_loss_attempt(s, out->proven || lost);
    *rest = *lim;
    if (out->proven)
        return true;
    /* The move's budget, counted from its start.  After a proven loss no
     * move helps against best play: the search gets one more slice, not
     * the rest of the aim, which in a lost ending would halve the clock
     * move after move. */
    double aim = lim->soft_seconds, hard = lim->seconds;
    uint64_t nodes = lim->max_nodes;
    if (lost) {
        if (soft) {
            aim = out->seconds + slice.seconds;
            hard = fmin(hard, out->seconds + 3 * slice.seconds);
        }
        if (nodes > 0)
            nodes = out->nodes + slice.max_nodes;
    }
    if (lim->seconds > 0) {
        rest->seconds = hard - out->seconds;
        if (rest->seconds < PROOF_REST_MIN)  /* 0: no limit */
            rest->seconds = PROOF_REST_MIN;
        if (soft)
            rest->soft_seconds = aim - out->seconds;
        if (soft && rest->soft_seconds < PROOF_REST_MIN)
            rest->soft_seconds = PROOF_REST_MIN;
    }
    if (nodes > 0)              /* 0: no limit */
        rest->max_nodes = nodes > out->nodes ? nodes - out->nodes : 1;
    return false;
}

int search_run(struct search *s, const void *st,
               const struct search_limits *lim, struct search_result *out)
{
    int n = s->g->gen_moves(st, s->w[0]->moves[0]);
    enum proof_mode mode = proof_mode(s, st, lim, n);
    struct search_limits rest = *lim;
    if (mode != PROOF_NONE && proof_attempt(s, st, mode, lim, &rest, out))
        return 0;
    result_init(out);
    search_begin(s, st, &rest, false, false);
    int rc = n == 0 ? game_over_result(s, out) : dispatch(s, out);
    result_done(s, out);
    return rc;
}

int search_solve(struct search *s, const void *st,
                 const struct search_limits *lim, struct search_result *out)
{
    result_init(out);
    struct search_limits l = *lim;
    l.method = SEARCH_ALPHABETA;
    search_begin(s, st, &l, true, false);
    int rc;
    if (s->g->gen_moves(st, s->w[0]->moves[0]) == 0)
        rc = game_over_result(s, out);
    else if (s->g->max_game_plies > 0 && lim->plies_left == 0)
        rc = run_method(s, METHOD_SOLVE, out);
    else                        /* in exact mode: no ply tie-break */
        rc = run_method(s, SEARCH_ALPHABETA, out);
    result_done(s, out);
    return rc;
}
