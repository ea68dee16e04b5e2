/* gtpclient.c -- starting engines and reading replies (see gtpclient.h). */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/gtpclient.h"

#define ID_MAX 1000000000000UL      /* an id saturates here */

/* True if the shell would run cmd as plain words: then we split it
 * ourselves, so that the engine is our direct child and its crash
 * signal is seen as such (dash does not exec the last command of -c). */
static bool is_plain_command(const char *cmd)
{
    static const char safe[] = "_-./,:+@%=";
    bool first_word = true;
    bool in_word = false;
    for (const char *p = cmd; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '\t') {
            first_word = first_word && !in_word;
            in_word = false;
            continue;
        }
        in_word = true;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  (c >= '0' && c <= '9') || (c != 0 && strchr(safe, c));
        if (!ok || (c == '=' && first_word))
            return false;   /* VAR=value prefixes need the shell */
    }
    return true;
}

/* Splits a plain command into a NULL-terminated, malloc'd argv whose
 * words live in the malloc'd *copy; NULL when memory is short. */
static char **split_words(const char *cmd, char **copy)
{
    size_t n = strlen(cmd);
    char **argv = malloc(sizeof *argv * (n / 2 + 2));
    *copy = strdup(cmd);
    if (!argv || !*copy) {
        free(argv);
        free(*copy);
        return NULL;
    }
    int argc = 0;
    char *save = NULL;
    for (char *w = strtok_r(*copy, " \t", &save); w;
         w = strtok_r(NULL, " \t", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    return argv;
}

static int setup_attr(posix_spawnattr_t *at)
{
    sigset_t none;
    sigset_t dflt;
    sigemptyset(&none);
    sigemptyset(&dflt);
    sigaddset(&dflt, SIGPIPE);
    sigaddset(&dflt, SIGINT);
    sigaddset(&dflt, SIGTERM);
    sigaddset(&dflt, SIGHUP);
    if (posix_spawnattr_init(at) != 0)
        return -1;
    short flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                  POSIX_SPAWN_SETSIGDEF;
    if (posix_spawnattr_setflags(at, flags) != 0 ||
        posix_spawnattr_setpgroup(at, 0) != 0 ||
        posix_spawnattr_setsigmask(at, &none) != 0 ||
        posix_spawnattr_setsigdefault(at, &dflt) != 0) {
        posix_spawnattr_destroy(at);
        return -1;
    }
    return 0;
}

static int spawn_with(struct spawned *c, const char *cmd, int stderr_fd,
                      const posix_spawnattr_t *at, const char **failed)
{
    char *copy;
    if (!is_plain_command(cmd)) {
        char sh[] = "sh";
        char dash_c[] = "-c";
        copy = strdup(cmd);
        if (!copy)
            return ENOMEM;
        char *const argv[] = { sh, dash_c, copy, NULL };
        int rc = spawn_piped(c, "/bin/sh", argv, stderr_fd, at, failed);
        free(copy);
        return rc;
    }
    char **argv = split_words(cmd, &copy);
    if (!argv)
        return ENOMEM;
    int rc = argv[0] ? spawn_piped(c, NULL, argv, stderr_fd, at, failed)
                     : ENOENT;
    free(argv);
    free(copy);
    return rc;
}

int gtpc_spawn(struct spawned *c, const char *cmd, int stderr_fd,
               const char **failed)
{
    posix_spawnattr_t at;
    *failed = NULL;
    if (setup_attr(&at) != 0)
        return ENOMEM;
    int rc = spawn_with(c, cmd, stderr_fd, &at, failed);
    posix_spawnattr_destroy(&at);
    return rc;
}

void gtpc_kill(pid_t pid)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

int gtpc_parse_head(const char *p, size_t n, struct gtpc_head *h)
{
    if (n == 0 || (p[0] != '=' && p[0] != '?'))
        return -1;
    h->ok = p[0] == '=';
    h->has_id = false;
    h->id = 0;
    size_t i = 1;
    for (; i < n && p[i] >= '0' && p[i] <= '9'; i++) {
        h->has_id = true;
        h->id = h->id >= ID_MAX / 10 ? ID_MAX
                                     : h->id * 10 + (unsigned long)(p[i] - '0');
    }
    if (i < n && p[i] != ' ' && p[i] != '\n')
        return -1;
    while (i < n && p[i] == ' ')
        i++;
    h->text = i;
    return 0;
}

int gtpc_sibling_command(const char *program, struct sbuf *cmd)
{
    char dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    if (n <= 0)
        return -1;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    sbuf_printf(cmd, "%s/%s", dir, program);
    if (is_plain_command(sbuf_str(cmd)) && !strpbrk(sbuf_str(cmd), " \t"))
        return 0;
    sbuf_reset(cmd);                    /* quoted for the shell */
    sbuf_putc(cmd, '\'');
    for (const char *p = dir; *p; p++) {
        if (*p == '\'')
            sbuf_puts(cmd, "'\\''");  /* ' ends, \' is one, ' again */
        else
            sbuf_putc(cmd, *p);
    }
    sbuf_printf(cmd, "/%s'", program);
    return 0;
}
