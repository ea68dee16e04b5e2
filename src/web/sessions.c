/* sessions.c -- the session table: a fixed array of slots under one
 * mutex.  A session is freed by the last sessions_release after it was
 * deleted, so a request never sees its session vanish; each session also
 * has its own mutex so that its requests run one at a time. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "web/guard.h"
#include "web/sessions.h"

struct slot {
    struct web_session *s;
    pthread_mutex_t busy;           /* held during one request          */
};

struct session_table {
    pthread_mutex_t lock;
    struct session_limits limits;
    size_t max;
    bool closing;                   /* sessions_close ran               */
    struct slot *slots;
};

struct session_table *sessions_new(const struct session_limits *limits)
{
    struct session_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->limits = *limits;
    t->max = limits->max;
    t->slots = calloc(t->max, sizeof *t->slots);
    if (!t->slots) {
        free(t);
        return NULL;
    }
    pthread_mutex_init(&t->lock, NULL);
    for (size_t i = 0; i < t->max; i++)
        pthread_mutex_init(&t->slots[i].busy, NULL);
    return t;
}

/* An engine for held session s with the start lines sent, or NULL.
 * Meanwhile it is s->starting, so that sessions_close can kill it. */
static struct relay *start_engine(struct session_table *t,
                                  struct web_session *s)
{
    struct relay *r = relay_start(t->limits.engine);
    if (!r)
        return NULL;
    pthread_mutex_lock(&t->lock);
    s->starting = r;
    bool closing = t->closing;
    pthread_mutex_unlock(&t->lock);
    struct sbuf reply = SBUF_INIT;
    const char *const *line = t->limits.start_lines;
    for (; !closing && line && *line; line++)
        if (relay_command(r, *line, t->limits.timeout, &reply) != RELAY_OK)
            break;
    sbuf_free(&reply);
    pthread_mutex_lock(&t->lock);
    s->starting = NULL;
    closing = t->closing;
    pthread_mutex_unlock(&t->lock);
    if (closing || (line && *line)) {
        relay_stop(r);
        return NULL;
    }
    return r;
}

void sessions_close(struct session_table *t)
{
    pthread_mutex_lock(&t->lock);
    t->closing = true;
    for (size_t i = 0; i < t->max; i++) {
        struct web_session *s = t->slots[i].s;
        if (s && s->relay)
            relay_kill(s->relay);
        if (s && s->starting)
            relay_kill(s->starting);
        if (s && s->analysis)
            analysis_kill(s->analysis);
    }
    pthread_mutex_unlock(&t->lock);
}

static void free_session(struct web_session *s)
{
    if (s->relay)
        relay_stop(s->relay);
    if (s->analysis)
        analysis_stop(s->analysis);
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

/* Drops one holder; the last one of a deleted session frees it. */
static void drop(struct session_table *t, struct web_session *s)
{
    pthread_mutex_lock(&t->lock);
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

/* A free slot for client, or NULL with *why set; table lock held. */
static struct slot *free_slot(struct session_table *t, const char *client,
                              int *why)
{
    struct slot *free_one = NULL;
    size_t theirs = 0;
    for (size_t i = 0; i < t->max; i++) {
        struct web_session *s = t->slots[i].s;
        if (!s && !free_one)
            free_one = &t->slots[i];
        theirs += s && !s->gone && strcmp(s->client, client) == 0;
    }
    *why = t->closing ? SESSIONS_CLOSING
         : !free_one ? SESSIONS_FULL
         : theirs >= t->limits.per_client ? SESSIONS_CLIENT_FULL : 0;
    return *why ? NULL : free_one;
}

struct web_session *sessions_create(struct session_table *t,
                                    const char *client, int *why)
{
    struct web_session *s = calloc(1, sizeof *s);
    if (!s || guard_random_hex(s->id, SESSION_ID_LEN) != 0) {
        free(s);
        *why = SESSIONS_NO_ENGINE;
        return NULL;
    }
    snprintf(s->client, sizeof s->client, "%s", client);
    pthread_mutex_lock(&t->lock);
    struct slot *sl = free_slot(t, s->client, why);
    if (!sl) {
        pthread_mutex_unlock(&t->lock);
        free(s);
        return NULL;
    }
    sl->s = s;                      /* reserve the slot, start outside */
    s->slot = (size_t)(sl - t->slots);
    s->last_used = clock_now();
    struct web_session *held = hold(t, sl);
    struct relay *r = start_engine(t, s);
    pthread_mutex_lock(&t->lock);
    s->relay = r;
    bool closing = t->closing;
    if (r && closing)               /* closed since start_engine looked */
        relay_kill(r);
    pthread_mutex_unlock(&t->lock);
    if (!r) {
        *why = closing ? SESSIONS_CLOSING : SESSIONS_NO_ENGINE;
        sessions_delete(t, s);
        sessions_release(t, s);
        return NULL;
    }
    return held;
}

/* Equal ids, in time that does not depend on where they differ. */
static bool same_id(const char *a, const char *b)
{
    unsigned char diff = 0;
    for (size_t i = 0; i < SESSION_ID_LEN; i++)
        diff |= (unsigned char)(a[i] ^ b[i]);
    return diff == 0;
}

/* Takes the table lock and returns the live session called id, or
 * NULL; the lock stays held either way. */
static struct web_session *find(struct session_table *t, const char *id)
{
    pthread_mutex_lock(&t->lock);
    struct web_session *found = NULL;
    if (strlen(id) != SESSION_ID_LEN)
        return NULL;                /* the lock stays held */
    for (size_t i = 0; i < t->max; i++) {
        struct web_session *s = t->slots[i].s;
        if (s && same_id(s->id, id) && !s->gone)
            found = s;
    }
    return found;
}

struct web_session *sessions_get(struct session_table *t, const char *id)
{
    struct web_session *s = find(t, id);
    if (s)
        return hold(t, &t->slots[s->slot]);
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

bool sessions_end(struct session_table *t, const char *id)
{
    struct web_session *s = find(t, id);   /* takes the table lock */
    if (s) {
        s->gone = true;
        if (s->relay)
            relay_kill(s->relay);
        if (s->starting)
            relay_kill(s->starting);
        if (s->analysis)
            analysis_kill(s->analysis);
    }
    bool free_now = s && s->holders == 0;
    if (free_now)
        t->slots[s->slot].s = NULL;
    pthread_mutex_unlock(&t->lock);
    if (free_now)
        free_session(s);
    return s != NULL;
}

void sessions_release(struct session_table *t, struct web_session *s)
{
    pthread_mutex_unlock(&t->slots[s->slot].busy);
    drop(t, s);
}

void sessions_touch(struct session_table *t, struct web_session *s)
{
    pthread_mutex_lock(&t->lock);
    s->last_used = clock_now();
    pthread_mutex_unlock(&t->lock);
}

struct relay *sessions_relay(struct session_table *t, struct web_session *s)
{
    pthread_mutex_lock(&t->lock);
    struct relay *r = s->relay;
    relay_ref(r);
    pthread_mutex_unlock(&t->lock);
    return r;
}

int sessions_restart(struct session_table *t, struct web_session *s)
{
    struct relay *fresh = start_engine(t, s);
    if (!fresh)
        return -1;
    pthread_mutex_lock(&t->lock);
    struct relay *old = s->relay;
    s->relay = fresh;
    if (t->closing)                 /* closed since start_engine looked */
        relay_kill(fresh);
    pthread_mutex_unlock(&t->lock);
    relay_stop(old);
    return 0;
}

struct analysis *sessions_analyse(struct session_table *t,
                                  struct web_session *s,
                                  const char *request, size_t answers)
{
    pthread_mutex_lock(&t->lock);
    struct analysis *old = s->analysis;
    s->analysis = NULL;
    pthread_mutex_unlock(&t->lock);
    if (old)
        analysis_stop(old);         /* one process a session at most */
    struct analysis *a = t->limits.analysis
                       ? analysis_start(t->limits.analysis, request, answers)
                       : NULL;
    if (!a)
        return NULL;
    pthread_mutex_lock(&t->lock);
    s->analysis = a;
    analysis_ref(a);
    if (s->gone || t->closing)      /* ended since: it goes too */
        analysis_kill(a);
    pthread_mutex_unlock(&t->lock);
    return a;
}

void sessions_delete(struct session_table *t, struct web_session *s)
{
    pthread_mutex_lock(&t->lock);
    s->gone = true;
    pthread_mutex_unlock(&t->lock);
}

int sessions_reap(struct session_table *t, double idle)
{
    double now = clock_now();
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
