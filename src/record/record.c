/* record.c -- game records (see record.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "record/record.h"

void record_init(struct game_record *r)
{
    memset(r, 0, sizeof *r);
    r->faulty = -1;
    sbuf_init(&r->reason);
    sbuf_init(&r->setup);
    sbuf_init(&r->start);
    sbuf_init(&r->moves);
    sbuf_init(&r->sides);
    sbuf_init(&r->timectl[0]);
    sbuf_init(&r->timectl[1]);
}

static void free_texts(struct sbuf **texts, int *n)
{
    for (int k = 0; k < *n; k++)
        sbuf_free(&(*texts)[k]);
    free(*texts);
    *texts = NULL;
    *n = 0;
}

void record_free(struct game_record *r)
{
    sbuf_free(&r->reason);
    sbuf_free(&r->setup);
    sbuf_free(&r->start);
    sbuf_free(&r->moves);
    sbuf_free(&r->sides);
    sbuf_free(&r->timectl[0]);
    sbuf_free(&r->timectl[1]);
    free_texts(&r->extra, &r->nextra);
    free_texts(&r->variations, &r->nvariations);
}

/* Entry k of a per-node array of texts, grown with empty texts. */
static struct sbuf *node_text(struct sbuf **texts, int *n, int k)
{
    if (k < 0)
        return NULL;
    if (k >= *n) {
        struct sbuf *more = realloc(*texts, sizeof *more * (size_t)(k + 1));
        if (!more)
            return NULL;
        for (int i = *n; i <= k; i++)
            sbuf_init(&more[i]);
        *texts = more;
        *n = k + 1;
    }
    return &(*texts)[k];
}

struct sbuf *record_node(struct game_record *r, int k)
{
    return node_text(&r->extra, &r->nextra, k);
}

struct sbuf *record_variations(struct game_record *r, int k)
{
    return node_text(&r->variations, &r->nvariations, k);
}

int record_a_result(const struct game_record *r)
{
    if (r->result == GAME_WIN_FIRST)
        return r->a_side == 0 ? 1 : -1;
    if (r->result == GAME_WIN_SECOND)
        return r->a_side == 1 ? 1 : -1;
    return 0;
}

void record_result_text(const struct game_record *r, struct sbuf *out)
{
    if (r->result == GAME_ONGOING) {      /* printsgf of a game going on */
        sbuf_putc(out, '?');
        return;
    }
    if (r->result != GAME_WIN_FIRST && r->result != GAME_WIN_SECOND) {
        sbuf_putc(out, '0');
        return;
    }
    sbuf_puts(out, r->result == GAME_WIN_FIRST ? "W+" : "B+");
    switch (r->end) {
    case END_RESIGN: sbuf_putc(out, 'R'); break;
    case END_TIME: sbuf_putc(out, 'T'); break;
    case END_FORFEIT: sbuf_putc(out, 'F'); break;
    case END_AGREED: break;     /* "W+": no margin to give */
    default:
        if (r->game && r->game->score_has_margin)
            sbuf_printf(out, "%d", r->margin);
        break;
    }
}

bool record_oom(const struct game_record *r)
{
    bool oom = r->reason.oom || r->setup.oom || r->start.oom ||
               r->moves.oom || r->sides.oom || r->timectl[0].oom ||
               r->timectl[1].oom;
    for (int k = 0; k < r->nextra; k++)
        oom = oom || r->extra[k].oom;
    for (int k = 0; k < r->nvariations; k++)
        oom = oom || r->variations[k].oom;
    return oom;
}

/* FNV-1a over n bytes, continuing from h. */
static uint64_t fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

uint64_t record_digest(const struct game_record *r)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    const char *texts[] = {
        r->names[0], r->names[1], sbuf_str(&r->setup), sbuf_str(&r->start),
        sbuf_str(&r->moves), sbuf_str(&r->sides)
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        h = fnv1a(h, texts[i], strlen(texts[i]) + 1);   /* NUL separates */
    int facts[] = { r->a_side, (int)r->result, r->margin, (int)r->end,
                    (int)r->from_position };
    return fnv1a(h, facts, sizeof facts);
}
