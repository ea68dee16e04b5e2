/* policy.h -- what a web client may make an engine do.
 *
 * triad-web relays protocol lines from the page to an engine.  Only the
 * commands the page needs pass, each with arguments that cannot reach the
 * server's files or take more of the machine than the server allows:
 * no command naming a file (loadsgf), no streaming command (analyze_stream
 * has its own route), no set_option beyond movetime (at most the relay's
 * timeout) and maxplies, no analyze longer than the timeout.  Hash size
 * and threads are the server's (set when an engine starts).  The list and
 * the reasons are in doc/triad-web.md, section "Security".
 */
#ifndef TRIAD_WEB_POLICY_H
#define TRIAD_WEB_POLICY_H

#define POLICY_MAX_LINE 4096        /* bytes of one command line */

/* NULL when line may be relayed to an engine whose commands may take at
 * most timeout seconds; else why it may not (a sentence for the client). */
const char *policy_refusal(const char *line, double timeout);

#endif
