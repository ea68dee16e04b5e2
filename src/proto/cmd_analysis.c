/* cmd_analysis.c -- analyze_stream: analysis that reports while it thinks,
 * in the manner of KataGo's kata-analyze, for GUIs that show the engine's
 * thoughts and stop them at will.
 *
 * The search runs in slices of INTERVAL seconds on the session's searcher,
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

static bool input_waiting(const struct session *s, double seconds)
{
    return !s->input_pending || s->input_pending(s->input_ctx, seconds);
}

static bool interrupted(const struct session *s)
{
    return stop_requested(s->stop);
}

/* Arguments: [INTERVAL] seconds (default 0.5).  Fails: bad interval, game
 * over.  Returns (streamed): one "info best MOVE score S depth D nodes N
 * nps X time MS pv ..." line per interval until the next command. */
enum gtp_status cmd_analyze_stream(struct session *s, int argc, char **argv,
                                   struct sbuf *out)
{
    struct search_limits lim;
    struct search *sr = cmd_prepare_search(s, argc, argv, DEFAULT_INTERVAL,
                                           &lim, out);
    if (!sr)
        return GTP_FAIL;
    uint64_t nodes = 0;
    double seconds = 0;
    struct sbuf line = SBUF_INIT;
    for (;;) {
        struct search_result r;
        if (search_run(sr, session_position(s), &lim, &r) != 0)
            break;                  /* cannot happen: the game goes on */
        nodes += r.nodes;
        seconds += r.seconds;
        sbuf_reset(&line);
        sbuf_puts(&line, "info ");
        cmd_format_analysis(s, &r, nodes, seconds, &line);
        if (gtp_stream_line(s, sbuf_str(&line)) != 0 || interrupted(s))
            break;
        if (r.proven) {             /* nothing more to learn: just wait */
            while (!input_waiting(s, PROVEN_WAIT) && !interrupted(s))
                ;
            break;
        }
        if (input_waiting(s, 0))
            break;
    }
    sbuf_free(&line);
    return GTP_OK;
}
