/* files.c -- reading the page's files (see files.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "web/files.h"

static const char *content_type(const char *name)
{
    static const char *const types[][2] = {
        { ".html", "text/html; charset=utf-8" },
        { ".css", "text/css; charset=utf-8" },
        { ".js", "text/javascript; charset=utf-8" },
        { ".mjs", "text/javascript; charset=utf-8" },
        { ".svg", "image/svg+xml" },
        { ".png", "image/png" },
    };
    size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_-");
    if (n == 0)
        return NULL;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(name + n, types[i][0]) == 0)
            return types[i][1];
    return NULL;
}

static int read_all(int fd, size_t size, struct sbuf *data)
{
    char buf[8192];
    size_t total = 0;
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            return 0;
        total += (size_t)n;
        if (total > size || total > FILES_MAX_SIZE)
            return -1;              /* it grew while we read it */
        sbuf_putn(data, buf, (size_t)n);
    }
}

int files_read(const char *root, const char *url, struct sbuf *data,
               const char **type)
{
    const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;
    *type = content_type(name);
    if (!*type)
        return -1;
    struct sbuf path = SBUF_INIT;
    sbuf_printf(&path, "%s/%s", root, name);
    int fd = open(sbuf_str(&path),
                  O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    sbuf_free(&path);
    if (fd < 0)
        return -1;
    struct stat st;
    int rc = -1;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size <= FILES_MAX_SIZE)
        rc = read_all(fd, (size_t)st.st_size, data);
    close(fd);
    return rc;
}
