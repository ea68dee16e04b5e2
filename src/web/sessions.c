/* sessions.c -- the session table: a fixed array of slots under one
 * mutex.  A session is freed by the last sessions_release after it was
 * deleted, so a request never sees its session vanish; each session also
 * has its own mutex so that its requests run one at a time. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "web/sessions.h"

struct slot {
    struct web_session *s;
    pthread_mutex_t busy;           /* held during one request          */
};

struct session_table {
    pthread_mutex_t lock;
    size_t max;
    char *const *engine_argv;
    struct slot *slots;
};

double sessions_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct session_table *sessions_new(size_t max, char *const engine_argv[])
{
    struct session_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->slots = calloc(max, sizeof *t->slots);
    if (!t->slots) {
        free(t);
        return NULL;
    }
    pthread_mutex_init(&t->lock, NULL);
    for (size_t i = 0; i < max; i++)
        pthread_mutex_init(&t->slots[i].busy, NULL);
    t->max = max;
    t->engine_argv = engine_argv;
    return t;
}

static void free_session(struct web_session *s)
{
    if (s->relay)
        relay_stop(s->relay);
    free(s);
}

void sessions_free(struct session_table *t)
{
    for (size_t i = 0; i < t->max; i++) {
        if (t->slots[i].s)
            free_session(t->slots[i].s);
        pthread_mutex_destroy(&t->slots[i].busy);
    }
    pthread_mutex_destroy(&t->lock);
    free(t->slots);
    free(t);
}

static int new_id(char id[SESSION_ID_LEN + 1])
{
    unsigned char raw[SESSION_ID_LEN / 2];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return -1;
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(id + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

/* Drops one holder; the last one of a deleted session frees it. */
static void drop(struct session_table *t, struct web_session *s)
{
    pthread_mutex_lock(&t->lock);
    s->last_used = sessions_now();
    bool last = --s->holders == 0 && s->gone;
    if (last)
        t->slots[s->slot].s = NULL;
    pthread_mutex_unlock(&t->lock);
    if (last)
        free_session(s);
}

/* Takes the slot's request lock; the table lock is not held meanwhile. */
static struct web_session *hold(struct session_table *t, struct slot *sl)
{
    struct web_session *s = sl->s;
    s->holders++;
    pthread_mutex_unlock(&t->lock);
    pthread_mutex_lock(&sl->busy);
    if (s->gone) {
        pthread_mutex_unlock(&sl->busy);
        drop(t, s);
        return NULL;
    }
    return s;
}

struct web_session *sessions_create(struct session_table *t, bool *full)
{
    *full = false;
    struct web_session *s = calloc(1, sizeof *s);
    if (!s || new_id(s->id) != 0) {
        free(s);
        return NULL;
    }
    pthread_mutex_lock(&t->lock);
    struct slot *sl = NULL;
    for (size_t i = 0; i < t->max && !sl; i++)
        if (!t->slots[i].s)
            sl = &t->slots[i];
    if (!sl) {
        pthread_mutex_unlock(&t->lock);
        *full = true;
        free(s);
        return NULL;
    }
    sl->s = s;                      /* reserve the slot, start outside */
    s->slot = (size_t)(sl - t->slots);
    s->last_used = sessions_now();
    struct web_session *held = hold(t, sl);
    s->relay = relay_start(t->engine_argv);
    if (!s->relay) {
        sessions_delete(t, s);
        sessions_release(t, s);
        return NULL;
    }
    return held;
}

struct web_session *sessions_get(struct session_table *t, const char *id)
{
    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < t->max; i++) {
        struct web_session *s = t->slots[i].s;
        if (s && !s->gone && strcmp(s->id, id) == 0)
            return hold(t, &t->slots[i]);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

void sessions_release(struct session_table *t, struct web_session *s)
{
    pthread_mutex_unlock(&t->slots[s->slot].busy);
    drop(t, s);
}

int sessions_restart(struct session_table *t, struct web_session *s)
{
    struct relay *fresh = relay_start(t->engine_argv);
    if (!fresh)
        return -1;
    relay_stop(s->relay);
    s->relay = fresh;
    return 0;
}

void sessions_delete(struct session_table *t, struct web_session *s)
{
    pthread_mutex_lock(&t->lock);
    s->gone = true;
    pthread_mutex_unlock(&t->lock);
}

int sessions_reap(struct session_table *t, double idle)
{
    double now = sessions_now();
    int n = 0;
    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < t->max; i++) {
        struct web_session *s = t->slots[i].s;
        if (s && s->holders == 0 && (s->gone || now - s->last_used >= idle)) {
            t->slots[i].s = NULL;
            pthread_mutex_unlock(&t->lock);
            free_session(s);
            n++;
            pthread_mutex_lock(&t->lock);
        }
    }
    pthread_mutex_unlock(&t->lock);
    return n;
}

size_t sessions_count(struct session_table *t)
{
    size_t n = 0;
    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < t->max; i++)
        n += t->slots[i].s && !t->slots[i].s->gone;
    pthread_mutex_unlock(&t->lock);
    return n;
}
