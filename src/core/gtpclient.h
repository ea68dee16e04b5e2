/* gtpclient.h -- the client side of the protocol, as every program that
 * drives engines (triad-match, triad-web) speaks it: what an engine
 * command line means and how the engine is started, how it is killed,
 * and how the first line of a reply is read.
 *
 * An engine command line ('CMD ARGS') that is a plain list of words
 * (letters, digits and _-./,:+@%=, no VAR=value first) is split at blanks
 * and run directly, so that the engine is our own child and its crash is
 * seen as such; anything else (quotes, $, |, ;, VAR=value prefixes) is
 * run by /bin/sh -c, with the shell's meaning.
 */
#ifndef TRIAD_CORE_GTPCLIENT_H
#define TRIAD_CORE_GTPCLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "core/sbuf.h"
#include "core/spawn.h"

/* Starts the engine command line cmd in a process group of its own (a
 * terminal's ^C reaches only us; gtpc_kill kills the group), with no
 * signal blocked and SIGPIPE, SIGINT, SIGTERM and SIGHUP at their
 * defaults, whatever the caller blocks or ignores.  Standard error goes
 * to stderr_fd (-1: /dev/null).  Returns 0 with *c filled (pipes as
 * spawn_piped makes them), or an errno value with *failed as
 * spawn_piped's (ENOENT for an empty command). */
int gtpc_spawn(struct spawned *c, const char *cmd, int stderr_fd,
               const char **failed);

/* The command line of program in the directory of the running program
 * (from /proc/self/exe), quoted for the shell when it is not a plain
 * word, appended to *cmd (empty); 0, or -1 when that directory is not
 * known. */
int gtpc_sibling_command(const char *program, struct sbuf *cmd);

/* Sends SIGKILL to the process group of pid and to pid; pid must not
 * have been reaped yet. */
void gtpc_kill(pid_t pid);

/* The first line of a reply: "=[ID] TEXT" or "?[ID] TEXT". */
struct gtpc_head {
    bool ok;                    /* '=' rather than '?'                  */
    bool has_id;
    unsigned long id;           /* when has_id (saturates, never wraps) */
    size_t text;                /* offset of TEXT, after the spaces     */
};

/* Reads the n bytes at p as the start of a reply (they may go on past
 * its first line); 0, or -1 when they are not one: no '=' or '?' first,
 * or the id followed by something else than a space or the line's end. */
int gtpc_parse_head(const char *p, size_t n, struct gtpc_head *h);

#endif
