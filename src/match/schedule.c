/* schedule.c -- pairings, colours and openings per game number (see
 * schedule.h). */
#include "config.h"

#include "match/schedule.h"

long schedule_pairings(const struct match_conf *c)
{
    long e = c->nengines;
    if (c->format == FORMAT_GAUNTLET)
        return e - 1;
    return e * (e - 1) / 2;
}

/* Pairing k of a round-robin: (0,1), (0,2), ..., (0,E-1), (1,2), ... */
static void round_robin_pairing(int e, long k, int engines[2])
{
    int i = 0;
    while (k >= e - 1 - i) {
        k -= e - 1 - i;
        i++;
    }
    engines[0] = i;
    engines[1] = i + 1 + (int)k;
}

void schedule_game(const struct match_conf *c, long g, struct scheduled *s)
{
    long pair = g / 2;
    long pairings = schedule_pairings(c);
    long k = pair % pairings;
    if (c->format == FORMAT_GAUNTLET) {
        s->engines[0] = 0;
        s->engines[1] = 1 + (int)k;
    } else {
        round_robin_pairing(c->nengines, k, s->engines);
    }
    s->a_side = (int)(g % 2);
    s->opening = pair / pairings;
}
