/* spawn.c -- a child process on pipes (see spawn.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "core/spawn.h"

extern char **environ;

/* The child's standard input, output and error. */
static int setup_files(posix_spawn_file_actions_t *fa, int in_fd,
                       int out_fd, int stderr_fd)
{
    if (posix_spawn_file_actions_init(fa) != 0)
        return -1;
    int rc = posix_spawn_file_actions_adddup2(fa, in_fd, STDIN_FILENO);
    if (rc == 0)
        rc = posix_spawn_file_actions_adddup2(fa, out_fd, STDOUT_FILENO);
    if (rc == 0 && stderr_fd >= 0 && stderr_fd != STDERR_FILENO)
        rc = posix_spawn_file_actions_adddup2(fa, stderr_fd, STDERR_FILENO);
    if (rc == 0 && stderr_fd < 0)
        rc = posix_spawn_file_actions_addopen(fa, STDERR_FILENO, "/dev/null",
                                              O_WRONLY, 0);
    if (rc != 0) {
        posix_spawn_file_actions_destroy(fa);
        return -1;
    }
    return 0;
}

int spawn_piped(struct spawned *c, const char *path, char *const argv[],
                int stderr_fd, const posix_spawnattr_t *at,
                const char **failed)
{
    int in[2];
    int out[2];
    *failed = "pipe";
    if (pipe2(in, O_CLOEXEC) != 0)
        return errno;
    if (pipe2(out, O_CLOEXEC) != 0) {
        int code = errno;
        close(in[0]);
        close(in[1]);
        return code;
    }
    *failed = NULL;
    posix_spawn_file_actions_t fa;
    int rc = ENOMEM;
    if (setup_files(&fa, in[0], out[1], stderr_fd) == 0) {
        rc = path ? posix_spawn(&c->pid, path, &fa, at, argv, environ)
                  : posix_spawnp(&c->pid, argv[0], &fa, at, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
    }
    close(in[0]);
    close(out[1]);
    if (rc != 0) {
        close(in[1]);
        close(out[0]);
        return rc;
    }
    c->to_child = in[1];
    c->from_child = out[0];
    return 0;
}
