/* progress.c -- progress reports (see progress.h). */
#include "config.h"

#include <math.h>
#include <unistd.h>

#include "core/clock.h"
#include "match/progress.h"

#define PLAIN_LINES 10      /* plain lines per run, at most            */
#define PROGRESS_BAR 30     /* cells of progress_count's bar           */

void progress_init(struct progress *p, FILE *out, long total)
{
    p->out = out;
    p->live = isatty(fileno(out)) == 1;
    p->shown = false;
    p->start = clock_now();
    p->total = total;
    p->resumed = 0;
    p->every = (total + PLAIN_LINES - 1) / PLAIN_LINES;
}

void progress_clear(struct progress *p)
{
    if (p->shown)
        fputs("\r\033[K", p->out);
    p->shown = false;
}

/* ", N UNITS/min, about T left": the rate of the played ones and the time
 * the rest will take at that rate. */
static void pace(long done, long total, long played, double seconds,
                 const char *units, struct sbuf *out)
{
    if (played <= 0 || seconds <= 0)
        return;
    double per_minute = (double)played * 60.0 / seconds;
    double left = (double)(total - done) * seconds / (double)played;
    sbuf_printf(out, ", %.1f %s/min", per_minute, units);
    if (done < total) {
        if (left < 120)
            sbuf_printf(out, ", about %.0f s left", left);
        else if (left < 7200)
            sbuf_printf(out, ", about %.0f min left", left / 60);
        else
            sbuf_printf(out, ", about %.1f h left", left / 3600);
    }
}

void progress_text(long done, long total, long played, double seconds,
                   const char *name_a, const struct score *score,
                   struct sbuf *out)
{
    sbuf_printf(out, "%ld of %ld games", done, total);
    if (score && score_games(score) > 0) {
        struct elo_estimate e;
        stats_estimate(score, &e);
        sbuf_printf(out, ", %s %ld - %ld - %ld [%.3f], Elo ", name_a,
                    score->wins, score->losses, score->draws, e.ratio);
        if (e.elo == 0)
            e.elo = 0;          /* no "-0.0" */
        if (isfinite(e.elo) && isfinite(e.margin))
            sbuf_printf(out, "%.1f +/- %.1f", e.elo, e.margin);
        else if (isfinite(e.elo))
            sbuf_printf(out, "%.1f +/- inf", e.elo);
        else
            sbuf_puts(out, e.elo > 0 ? "inf" : "-inf");
    }
    pace(done, total, played, seconds, "games", out);
}

/* Shows text: the live line rewritten, or a plain line. */
static void show(struct progress *p, const struct sbuf *text)
{
    if (p->live) {
        fprintf(p->out, "\r\033[K%s", sbuf_str(text));
        p->shown = true;
    } else {
        fprintf(p->out, "Progress: %s\n", sbuf_str(text));
    }
    fflush(p->out);
}

/* Whether a plain line is due at done (a live line always is). */
static bool due(const struct progress *p, long done)
{
    return p->live || done % p->every == 0 || done == p->total;
}

void progress_update(struct progress *p, long done, const char *name_a,
                     const struct score *score)
{
    if (!due(p, done))
        return;
    struct sbuf s = SBUF_INIT;
    progress_text(done, p->total, done - p->resumed, clock_now() - p->start,
                  name_a, score, &s);
    show(p, &s);
    sbuf_free(&s);
}

void progress_count(struct progress *p, long done, const char *units)
{
    if (!due(p, done))
        return;
    struct sbuf s = SBUF_INIT;
    if (p->live) {          /* a bar of PROGRESS_BAR cells */
        long full = p->total > 0 ? done * PROGRESS_BAR / p->total : 0;
        sbuf_putc(&s, '[');
        for (long i = 0; i < PROGRESS_BAR; i++)
            sbuf_putc(&s, i < full ? '#' : '.');
        sbuf_puts(&s, "] ");
    }
    sbuf_printf(&s, "%ld of %ld %s", done, p->total, units);
    pace(done, p->total, done, clock_now() - p->start, units, &s);
    show(p, &s);
    sbuf_free(&s);
}
