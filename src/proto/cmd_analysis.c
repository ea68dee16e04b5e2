/* cmd_analysis.c -- analyze_stream: analysis that reports while it thinks,
 * in the manner of KataGo's kata-analyze, for GUIs that show the engine's
 * thoughts and stop them at will.
 *
 * The search runs in slices of INTERVAL seconds on the engine's searcher,
 * whose table is kept between slices, so each slice goes on where the
 * previous one stopped (alpha-beta re-reaches its depth from the table at
 * once).  After each slice one info line is written and flushed, and the
 * stream ends as soon as a command line (or the end of input) is waiting:
 * that line is then read and executed as usual. */
#include "config.h"

#include <stdlib.h>

#include "proto/commands.h"
#include "search/search.h"

#define DEFAULT_INTERVAL 0.5
/* How long a proven position waits for input between checks. */
#define PROVEN_WAIT 1.0

static bool input_waiting(const struct gtp_frontend *f, double seconds)
{
    return !f->input_pending || f->input_pending(f->input_ctx, seconds);
}

/* The stream's state between slices. */
struct stream {
    struct gtp_frontend *f;
    struct sbuf line;
    bool wait;              /* proven: wait for the next command */
};

/* engine_progress_fn: one info line per slice; the stream ends when the
 * output fails, on SIGINT, when the next command is there or, once the
 * game value is proven (nothing more to learn), after waiting for it. */
static bool report(void *ctx, const struct search_result *r, uint64_t nodes,
                   double seconds)
{
    struct stream *st = ctx;
    struct engine *e = st->f->engine;
    sbuf_reset(&st->line);
    sbuf_puts(&st->line, "info ");
    cmd_format_analysis(e, r, nodes, seconds, &st->line);
    if (gtp_stream_line(st->f, sbuf_str(&st->line)) != 0 ||
        stop_requested(e->stop))
        return false;
    st->wait = r->proven;
    return !r->proven && !input_waiting(st->f, 0);
}

/* Arguments: [INTERVAL] seconds (default 0.5).  Fails: bad interval, game
 * over.  Returns (streamed): one "info best MOVE score S depth D nodes N
 * nps X time MS pv ..." line per interval until the next command. */
enum gtp_status cmd_analyze_stream(struct gtp_frontend *f, int argc,
                                   char **argv, struct sbuf *out)
{
    struct engine *e = f->engine;
    struct search_limits lim;
    if (cmd_analysis_limits(e, argc, argv, DEFAULT_INTERVAL, &lim, out) != 0)
        return GTP_FAIL;
    struct stream st = { f, SBUF_INIT, false };
    int rc = engine_search_slices(e, &lim, report, &st);
    sbuf_free(&st.line);
    if (rc != 0) {
        cmd_engine_error(e, rc, out);
        return GTP_FAIL;
    }
    while (st.wait && !input_waiting(f, PROVEN_WAIT) &&
           !stop_requested(e->stop))
        ;
    return GTP_OK;
}
