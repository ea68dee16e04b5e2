/* probe.c -- the engine check before a match (see probe.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/opening.h"
#include "match/probe.h"
#include "match/referee.h"
#include "match/schedule.h"

/* The referee's start position of the first pair into *pos, and the
 * command that sets it up (setup or setposition) into *line. */
static int reference_start(const struct match_conf *c, struct sbuf *line,
                           struct sbuf *pos, struct sbuf *err)
{
    struct scheduled first;
    schedule_game(c, c->first_game, &first);
    long pair = first.opening;
    struct setup_words w;
    if (opening_setup_words(c, pair, &w, err) != 0)
        return -1;
    void *st = malloc(c->game->state_size);
    if (!st) {
        sbuf_puts(err, "out of memory");
        return -1;
    }
    int rc = opening_set_start(c->game, &w,
                               opening_pair_seed(c->seed, pair), st, err);
    if (rc == 0)
        c->game->to_string(st, pos);
    free(st);
    opening_start_command(c->game, &w, line);
    return rc;
}

/* Starts engine i of r and checks it; -1 with the reason in *why. */
static int probe_one(struct referee *r, int i, const char *setup,
                     const char *start, struct sbuf *why)
{
    const struct match_conf *c = r->conf;
    if (engine_start(&r->eng[i], c->eng[i].cmd, r->stderr_fd, why) != 0 ||
        referee_init_engine(r, i, why) != 0)
        return -1;
    struct engine *e = &r->eng[i];
    enum engine_status st = engine_call(e, setup, REFEREE_CMD_TIMEOUT,
                                        &r->reply, NULL);
    if (st == ENGINE_REFUSED) {
        sbuf_printf(why, "refused '%s': %.100s", setup, sbuf_str(&r->reply));
        return -1;
    }
    if (st == ENGINE_OK)
        st = engine_call(e, "position", REFEREE_CMD_TIMEOUT, &r->reply,
                         NULL);
    if (st == ENGINE_OK && strcmp(sbuf_str(&r->reply), start) != 0) {
        sbuf_printf(why, "its start position %.200s differs from the "
                    "referee's %s", sbuf_str(&r->reply), start);
        return -1;
    }
    if (st == ENGINE_OK || st == ENGINE_REFUSED)   /* no 'position': ok */
        return 0;
    if (st == ENGINE_DEAD)
        engine_describe_end(e, why);
    else if (st == ENGINE_TIMEOUT)
        sbuf_printf(why, "sent no reply within %.0f s", REFEREE_CMD_TIMEOUT);
    else if (st == ENGINE_UNSOLICITED)
        sbuf_printf(why, "sent an unsolicited reply: \"%s\"",
                    sbuf_str(&r->reply));
    else
        sbuf_printf(why, "sent a malformed reply: \"%s\"",
                    sbuf_str(&r->reply));
    return -1;
}

int probe_engines(const struct match_conf *c, int stderr_fd)
{
    struct sbuf line = SBUF_INIT;
    struct sbuf start = SBUF_INIT;
    struct sbuf why = SBUF_INIT;
    if (reference_start(c, &line, &start, &why) != 0) {
        fprintf(stderr, "triad-match: bad setup: %s\n", sbuf_str(&why));
        sbuf_free(&line);
        sbuf_free(&start);
        sbuf_free(&why);
        return -2;
    }
    int rc = 0;
    struct referee r;
    referee_init(&r, c, stderr_fd, NULL);
    for (int i = 0; i < c->nengines && rc == 0; i++) {
        rc = probe_one(&r, i, sbuf_str(&line), sbuf_str(&start), &why);
        if (rc != 0 && c->nengines == 2)
            fprintf(stderr, "triad-match: engine %c (%s, '%s'): %s\n",
                    'A' + i, c->eng[i].name, c->eng[i].cmd, sbuf_str(&why));
        else if (rc != 0)
            fprintf(stderr, "triad-match: engine %d (%s, '%s'): %s\n",
                    i + 1, c->eng[i].name, c->eng[i].cmd, sbuf_str(&why));
    }
    referee_done(&r);
    sbuf_free(&line);
    sbuf_free(&start);
    sbuf_free(&why);
    return rc;
}
