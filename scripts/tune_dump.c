/* tune_dump.c -- writes the tuner's samples as a table, for fitting
 * models other than the weighted sum (scripts/tune --dump).
 *
 * One header line, then one line per sampled position, tab-separated:
 * the start's key (the hash --split start takes modulo K), the line of
 * play's hash, the ply, whether the position is held out, the result and
 * the fit's target for the side to move, the current evaluation, every
 * evaluation term by name, and the position string.  So a model fitted
 * elsewhere sees the same positions, the same folds and the terms the
 * linear fit had, and can start from the board itself.
 */
#include "config.h"

#include <stdio.h>

#include "core/sbuf.h"
#include "tune.h"

int tune_dump(const struct game_ops *g, const struct data *d,
              const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    const struct eval_terms *et = g->eval_terms;
    fputs("start\tline\tply\theld\tresult\ttarget\tcurrent", f);
    for (int i = 0; i < et->count; i++)
        fprintf(f, "\t%s", et->names[i]);
    fputs("\tposition\n", f);
    struct sbuf pos = SBUF_INIT;
    for (long k = 0; k < d->n; k++) {
        const struct sample *s = &d->s[k];
        fprintf(f, "%016llx\t%016llx\t%d\t%d\t%g\t%.6g\t%.9g",
                (unsigned long long)s->start, (unsigned long long)s->line,
                s->ply, s->held, s->y, s->target, s->cur);
        for (int i = 0; i < et->count; i++)
            fprintf(f, "\t%.9g", s->x[i]);
        sbuf_reset(&pos);
        g->to_string(d->states + (size_t)k * d->state_size, &pos);
        fprintf(f, "\t%s\n", sbuf_str(&pos));
    }
    sbuf_free(&pos);
    if (fclose(f) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}
