/* replay.c -- runs a fuzz harness without libFuzzer: every file named on
 * the command line (or found in a directory named there) is fed to
 * LLVMFuzzerTestOneInput once.  Built with the ordinary compiler, this
 * turns the regression corpus (tests/fuzz/regress/) into a test of
 * `make check`, and reproduces a crash file under gdb or valgrind. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

/* Reads a whole file; NULL (with a message) if it cannot. */
static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return NULL;
    }
    unsigned char *data = NULL;
    size_t cap = 0, len = 0, got;
    do {
        if (len == cap) {
            cap = cap ? cap * 2 : 4096;
            unsigned char *p = realloc(data, cap);
            if (!p) {
                free(data);
                fclose(f);
                return NULL;
            }
            data = p;
        }
        got = fread(data + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    *size = len;
    return data;
}

static int run_file(const char *path)
{
    size_t size;
    unsigned char *data = slurp(path, &size);
    if (!data)
        return 1;
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

/* Runs every regular file of a directory (not recursive). */
static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(n);
        if (!path)
            abort();
        snprintf(path, n, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
            bad |= run_file(path);
        free(path);
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        if (stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode))
            bad |= run_dir(argv[i]);
        else
            bad |= run_file(argv[i]);
    }
    return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
