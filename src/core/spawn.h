/* spawn.h -- a child process that talks through pipes: its standard
 * input and output are ours to write and read (the engines that
 * triad-match and triad-web drive).
 */
#ifndef TRIAD_CORE_SPAWN_H
#define TRIAD_CORE_SPAWN_H

#include <spawn.h>
#include <sys/types.h>

struct spawned {
    pid_t pid;
    int to_child;          /* write end of the child's standard input   */
    int from_child;        /* read end of the child's standard output   */
};

/* Starts path (NULL: argv[0], looked up in PATH) with argv and the
 * attributes at (NULL: the defaults).  The child's standard error is
 * stderr_fd, ours where that is 2, /dev/null where it is -1.  Our ends
 * of the pipes are close-on-exec and blocking.  Returns 0 with *c filled,
 * or an errno value with nothing left open and *failed naming the step
 * that failed: "pipe", or NULL when the spawn itself did. */
int spawn_piped(struct spawned *c, const char *path, char *const argv[],
                int stderr_fd, const posix_spawnattr_t *at,
                const char **failed);

#endif
