/* tourney.c -- the match scheduler (see tourney.h).
 *
 * Shared state lives in one struct tourney guarded by one mutex; workers
 * hold it only to take a game number and to hand in a result.  Signals
 * (SIGINT, SIGTERM, SIGHUP) are blocked in every thread and taken by a
 * sigwait() thread that raises the stop flag: games in progress are
 * abandoned, finished ones are reported.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/merge.h"
#include "match/opening.h"
#include "match/probe.h"
#include "match/progress.h"
#include "match/referee.h"
#include "match/schedule.h"
#include "record/sgf.h"
#include "match/table.h"
#include "match/tourney.h"

_Static_assert(MATCH_ENGINES_MAX <= RATING_MAX_PLAYERS,
               "every engine of a tournament has a row in the table");

struct slot {
    bool done;
    bool counted;           /* in the records and the final score      */
    int engines[2];         /* conf indices of the game's A and B      */
    int a_result;           /* +1 A won, -1 A lost, 0 draw             */
    int faulty;             /* engine that forfeited (0: A), -1        */
    enum end_kind end;
    struct end_clocks clocks;   /* A's and B's clock at the end         */
    char *sgf;              /* the record until it is written          */
};

struct tourney {
    const struct match_conf *c;
    const char *app;
    FILE *out;
    FILE *records;
    int stderr_fd;
    pthread_mutex_t lock;
    atomic_bool stop;           /* no new games; abandon running ones   */
    atomic_bool interrupted;    /* by a signal                          */
    long next;                  /* next game (index in this run)        */
    long prefix;                /* games 0..prefix-1 are accounted for  */
    struct slot *slots;
    struct score running;       /* in completion order, for progress    */
    struct score final;         /* the games accounted for              */
    struct xtable table;        /* the same, per pair of engines        */
    struct progress progress;
    long finished;              /* games finished, in any order         */
    long forfeits[2];
    long timeouts[2];
    bool decided;               /* the SPRT ended the match             */
    bool failed;                /* out of memory or a write error       */
};

static void tally(struct score *s, int a_result)
{
    if (a_result > 0)
        s->wins++;
    else if (a_result < 0)
        s->losses++;
    else
        s->draws++;
}

static double ratio(const struct score *s)
{
    long n = score_games(s);
    return n ? (s->wins + s->draws / 2.0) / (double)n : 0.5;
}

/* Marks the match failed; called with the lock held. */
static void fail_locked(struct tourney *t, const char *why)
{
    if (!t->failed)
        fprintf(stderr, "triad-match: %s\n", why);
    t->failed = true;
    atomic_store(&t->stop, true);
}

/* A pair whose games are both accounted for goes into the pair
 * statistics; one with a forfeit is left out (and counted as such). */
static void account_pair(struct tourney *t, const struct slot *first,
                         const struct slot *second)
{
    table_add_pair(&t->table, first->engines[0], first->engines[1],
                   first->a_result, second->a_result,
                   first->faulty >= 0 || second->faulty >= 0);
}

/* Pairs with one game accounted for: the other was not played. */
static void count_half_pairs(struct tourney *t)
{
    for (long g = 0; g < t->c->games; g += 2) {
        const struct slot *s = &t->slots[g];
        bool second = g + 1 < t->c->games && t->slots[g + 1].counted;
        if (s->counted != second) {
            const struct slot *played = second ? s + 1 : s;
            table_add_pair(&t->table, played->engines[0],
                           played->engines[1], 0, 0, true);
        }
    }
}

/* Accounts for finished game g (index in this run): record, score,
 * forfeits, and its pair once both games are in.  Called with the lock
 * held. */
static void account(struct tourney *t, long g)
{
    struct slot *s = &t->slots[g];
    if (t->records && s->sgf &&
        (fputs(s->sgf, t->records) < 0 || fflush(t->records) != 0))
        fail_locked(t, "cannot write the records file");
    free(s->sgf);
    s->sgf = NULL;
    s->counted = true;
    tally(&t->final, s->a_result);
    if (s->faulty >= 0)
        t->forfeits[s->faulty]++;
    if (s->faulty >= 0 && s->end == END_TIME)
        t->timeouts[s->faulty]++;
    table_add(&t->table, s->engines[0], s->engines[1], s->a_result,
              s->faulty >= 0 ? s->engines[s->faulty] : -1,
              s->end == END_TIME);
    table_add_clocks(&t->table, s->engines[0], s->engines[1], &s->clocks);
    if (g % 2 && t->slots[g - 1].counted)   /* first_game is even */
        account_pair(t, &t->slots[g - 1], s);
}

/* The SPRT's verdict on the games accounted for (two engines). */
static enum sprt_verdict verdict(const struct tourney *t)
{
    return stats_sprt_verdict(&t->final, &t->table.pairs[0][1],
                              &t->c->sprt);
}

/* Accounts for the games that complete the in-order prefix, so that the
 * SPRT sees the games in number order.  Called with the lock held. */
static void advance_prefix(struct tourney *t)
{
    const struct match_conf *c = t->c;
    while (!t->decided && t->prefix < c->games &&
           t->slots[t->prefix].done) {
        account(t, t->prefix++);
        if (c->use_sprt && verdict(t) != SPRT_CONTINUE) {
            t->decided = true;
            atomic_store(&t->stop, true);
        }
    }
}

/* Once the workers are gone: every finished game that the prefix did not
 * reach because a signal left an earlier game unfinished is still a
 * played game; keep its record and count it.  After an SPRT verdict the
 * match is the games the verdict saw, the same at any concurrency. */
static void account_rest(struct tourney *t)
{
    for (long g = 0; !t->decided && g < t->c->games; g++)
        if (t->slots[g].done && !t->slots[g].counted)
            account(t, g);
    count_half_pairs(t);
}

static void print_progress(struct tourney *t, const struct game_record *r)
{
    const struct game_ops *g = r->game;
    const char *first = r->names[r->a_side];
    const char *second = r->names[1 - r->a_side];
    struct sbuf re = SBUF_INIT;
    record_result_text(r, &re);
    fprintf(t->out, "Finished game %ld (%s %s vs %s %s): %s {%s}",
            r->number + 1, first, g->side_names[0], second,
            g->side_names[1], sbuf_str(&re), sbuf_str(&r->reason));
    if (t->c->nengines == 2)
        fprintf(t->out, "; %s %ld - %ld - %ld [%.3f]", r->names[0],
                t->running.wins, t->running.losses, t->running.draws,
                ratio(&t->running));
    fputc('\n', t->out);
    fflush(t->out);
    sbuf_free(&re);
}

/* Hands in a finished game (index g of this run); takes the SGF text. */
static void finish_game(struct tourney *t, long g,
                        const struct game_record *r, struct sbuf *sgf)
{
    pthread_mutex_lock(&t->lock);
    struct slot *s = &t->slots[g];
    struct scheduled sch;
    schedule_game(t->c, t->c->first_game + g, &sch);
    s->engines[0] = sch.engines[0];
    s->engines[1] = sch.engines[1];
    s->done = true;
    s->a_result = record_a_result(r);
    s->faulty = r->faulty;
    s->end = r->end;
    merge_end_clocks(r, &s->clocks);
    s->sgf = sgf->buf;
    sbuf_init(sgf);
    tally(&t->running, s->a_result);
    t->finished++;
    if (!t->c->quiet) {
        progress_clear(&t->progress);
        print_progress(t, r);
        progress_update(&t->progress, t->finished, t->c->eng[0].name,
                        t->c->nengines == 2 ? &t->running : NULL);
    }
    advance_prefix(t);
    pthread_mutex_unlock(&t->lock);
}

/* The next game to play, or -1 when there is none (or the match stops). */
static long take_game(struct tourney *t)
{
    pthread_mutex_lock(&t->lock);
    long g = -1;
    while (t->next < t->c->games && t->slots[t->next].done)
        t->next++;                      /* in the records (--resume) */
    if (!atomic_load(&t->stop) && t->next < t->c->games)
        g = t->next++;
    pthread_mutex_unlock(&t->lock);
    return g;
}

/* Plays game g; false when the worker should end. */
static bool play_one(struct tourney *t, struct referee *ref, long g)
{
    struct game_record rec;
    record_init(&rec);
    int rc = referee_play(ref, t->c->first_game + g, &rec);
    struct sbuf sgf = SBUF_INIT;
    if (rc == 0 && t->records)
        sgf_write(&rec, t->app, &sgf);
    if (rc == 0 && !sgf.oom)
        finish_game(t, g, &rec, &sgf);
    if (rc < 0 || sgf.oom) {
        pthread_mutex_lock(&t->lock);
        fail_locked(t, "out of memory");
        pthread_mutex_unlock(&t->lock);
    }
    sbuf_free(&sgf);
    record_free(&rec);
    return rc == 0 && !sgf.oom;
}

static void *worker(void *arg)
{
    struct tourney *t = arg;
    struct referee ref;
    referee_init(&ref, t->c, t->stderr_fd, &t->stop);
    long g;
    while ((g = take_game(t)) >= 0 && play_one(t, &ref, g)) {
    }
    referee_done(&ref);
    return NULL;
}

struct sig_ctx {
    struct tourney *t;
    sigset_t set;
};

/* Turns the first signal into a graceful stop, a second into an exit
 * (the engines then see their input close and quit). */
static void *signal_thread(void *arg)
{
    struct sig_ctx *sc = arg;
    for (;;) {
        int sig;
        if (sigwait(&sc->set, &sig) != 0)
            continue;
        if (atomic_load(&sc->t->interrupted))
            _exit(MATCH_EXIT_INTERRUPTED);
        atomic_store(&sc->t->interrupted, true);
        atomic_store(&sc->t->stop, true);
        static const char msg[] =
            "triad-match: interrupted; abandoning the games in progress\n";
        if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0) {
            /* nothing to do: stderr is gone */
        }
    }
    return NULL;
}

/* Starts the workers and waits for them, signals blocked meanwhile. */
static int run_workers(struct tourney *t)
{
    long n = t->c->concurrency < t->c->games ? t->c->concurrency
                                             : t->c->games;
    pthread_t *tid = malloc(sizeof *tid * (size_t)n);
    struct sig_ctx sc = { .t = t };
    sigemptyset(&sc.set);
    sigaddset(&sc.set, SIGINT);
    sigaddset(&sc.set, SIGTERM);
    sigaddset(&sc.set, SIGHUP);
    sigset_t old;
    pthread_t sig_tid;
    if (!tid || pthread_sigmask(SIG_BLOCK, &sc.set, &old) != 0) {
        free(tid);
        return -1;
    }
    bool have_sig = pthread_create(&sig_tid, NULL, signal_thread, &sc) == 0;
    long started = 0;
    while (started < n &&
           pthread_create(&tid[started], NULL, worker, t) == 0)
        started++;
    for (long i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (have_sig) {
        pthread_cancel(sig_tid);
        pthread_join(sig_tid, NULL);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    free(tid);
    return started > 0 ? 0 : -1;
}

/* The games of *done enter as finished games whose records are already
 * written; those of the in-order prefix are accounted for at once (and
 * may decide the SPRT before any game is played). */
static void preload(struct tourney *t, const struct resumed *done)
{
    for (long i = 0; i < done->n; i++) {
        const struct resumed_game *d = &done->games[i];
        struct slot *s = &t->slots[d->index];
        struct scheduled sch;
        schedule_game(t->c, t->c->first_game + d->index, &sch);
        s->engines[0] = sch.engines[0];
        s->engines[1] = sch.engines[1];
        s->done = true;
        s->a_result = d->a_result;
        s->faulty = d->faulty;
        s->end = d->end;
        s->clocks = d->clocks;
        tally(&t->running, s->a_result);
        t->finished++;
    }
    t->progress.resumed = done->n;
    advance_prefix(t);
}

static void print_header(const struct tourney *t)
{
    const struct match_conf *c = t->c;
    struct sbuf s = SBUF_INIT;
    struct setup_words w;
    struct sbuf err = SBUF_INIT;
    if (c->nengines == 2) {
        sbuf_printf(&s, "Match %s vs %s: %s", c->eng[0].name,
                    c->eng[1].name, c->game->name);
    } else {
        sbuf_printf(&s, "%s of %d engines (",
                    c->format == FORMAT_GAUNTLET ? "Gauntlet"
                                                 : "Round-robin",
                    c->nengines);
        for (int i = 0; i < c->nengines; i++)
            sbuf_printf(&s, "%s%s", i ? ", " : "", c->eng[i].name);
        sbuf_printf(&s, "): %s", c->game->name);
    }
    if (c->setup_given)
        sbuf_printf(&s, " %s", c->setup_text);
    else if (!c->suite.n && opening_setup_words(c, 0, &w, &err) == 0 && w.argc > 0)
        sbuf_puts(&s, " (random start per pair)");
    sbuf_printf(&s, ", games %ld to %ld, ", c->first_game + 1,
                c->first_game + c->games);
    options_time_text(c, &s);
    sbuf_printf(&s, ", seed %llu, run %s, concurrency %d",
                (unsigned long long)c->seed, c->run_id, c->concurrency);
    if (c->random_plies)
        sbuf_printf(&s, ", %d random plies", c->random_plies);
    if (c->suite.n)
        sbuf_printf(&s, ", openings %s (%d)", c->openings, c->suite.n);
    if (c->maxplies)
        sbuf_printf(&s, ", draw after %ld plies", c->maxplies);
    fprintf(t->out, "%s\n", sbuf_str(&s));
    fflush(t->out);
    sbuf_free(&s);
    sbuf_free(&err);
}

/* Games played at once share the cores; more games than cores starve
 * the engines of the time they were told they have. */
static void warn_concurrency(const struct match_conf *c)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long games = c->concurrency < c->games ? c->concurrency : c->games;
    if (cores > 0 && games > cores)
        fprintf(stderr, "triad-match: warning: %ld games at once on %ld "
                "cores: engines get less time than they are told and may "
                "lose on time (lower --concurrency)\n", games, cores);
}

static void print_summary(struct tourney *t)
{
    const struct match_conf *c = t->c;
    long n = score_games(&t->final);
    progress_clear(&t->progress);
    if (t->decided)
        fprintf(t->out, "SPRT decided after %ld games\n", n);
    else if (n < c->games)
        fprintf(t->out, "Match stopped after %ld of %ld games\n", n,
                c->games);
    if (c->nengines > 2) {
        table_print(&t->table, t->out);
    } else {
        stats_print(t->out, c->eng[0].name, c->eng[1].name, &t->final,
                    &t->table.pairs[0][1], c->use_sprt ? &c->sprt : NULL);
        fprintf(t->out, "Forfeits: %s %ld (%ld on time), %s %ld (%ld on "
                "time)\n", c->eng[0].name, t->forfeits[0], t->timeouts[0],
                c->eng[1].name, t->forfeits[1], t->timeouts[1]);
    }
    table_print_clocks(&t->table, t->out);
    fflush(t->out);
}

/* Opens the records file and the engines' stderr file. */
static int open_files(struct tourney *t)
{
    const struct match_conf *c = t->c;
    if (c->records) {
        t->records = fopen(c->records, "ae");
        if (!t->records) {
            fprintf(stderr, "triad-match: cannot open %s: %s\n",
                    c->records, strerror(errno));
            return -1;
        }
    }
    if (c->engine_stderr) {
        t->stderr_fd = open(c->engine_stderr,
                            O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        if (t->stderr_fd < 0) {
            fprintf(stderr, "triad-match: cannot open %s: %s\n",
                    c->engine_stderr, strerror(errno));
            return -1;
        }
    }
    return 0;
}

static void close_files(struct tourney *t)
{
    if (t->records && fclose(t->records) != 0 && !t->failed) {
        fprintf(stderr, "triad-match: cannot write the records file\n");
        t->failed = true;
    }
    if (t->stderr_fd >= 0)
        close(t->stderr_fd);
}

int tourney_run(const struct match_conf *c, const char *app, FILE *out,
                const struct resumed *done)
{
    struct tourney t = { .c = c, .app = app, .out = out, .stderr_fd = -1 };
    atomic_init(&t.stop, false);
    table_init(&t.table);
    for (int i = 0; i < c->nengines; i++)
        table_engine(&t.table, c->eng[i].name);
    atomic_init(&t.interrupted, false);
    int status = MATCH_EXIT_FAILURE;
    int probe = open_files(&t) == 0 ? probe_engines(c, t.stderr_fd) : -1;
    if (probe != 0) {
        close_files(&t);
        return probe == -2 ? MATCH_EXIT_USAGE : MATCH_EXIT_FAILURE;
    }
    t.slots = calloc((size_t)c->games, sizeof *t.slots);
    progress_init(&t.progress, out, c->games);
    if (t.slots && pthread_mutex_init(&t.lock, NULL) == 0) {
        warn_concurrency(c);
        if (!c->quiet)
            print_header(&t);
        if (done && done->n && !c->quiet)
            fprintf(out, "Resumed: %ld games of run %s found in %s\n",
                    done->n, c->run_id, c->records);
        if (done)
            preload(&t, done);
        if (run_workers(&t) == 0) {
            account_rest(&t);
            print_summary(&t);
            status = MATCH_EXIT_OK;
        } else {
            fprintf(stderr, "triad-match: cannot start the games\n");
        }
        pthread_mutex_destroy(&t.lock);
    } else {
        fprintf(stderr, "triad-match: out of memory\n");
    }
    for (long i = 0; t.slots && i < c->games; i++)
        free(t.slots[i].sgf);
    free(t.slots);
    close_files(&t);
    if (status == MATCH_EXIT_OK && t.failed)
        status = MATCH_EXIT_FAILURE;
    if (status == MATCH_EXIT_OK && atomic_load(&t.interrupted))
        status = MATCH_EXIT_INTERRUPTED;
    return status;
}
