/* files.h -- the page's static files: lower-case names with one known
 * extension directly in the root (no directories, so no way out of it),
 * opened without following a symbolic link or waiting on a FIFO, regular
 * files only, at most FILES_MAX_SIZE bytes. */
#ifndef TRIAD_WEB_FILES_H
#define TRIAD_WEB_FILES_H

#include "core/sbuf.h"

#define FILES_MAX_SIZE (4 * 1024 * 1024)

/* The file for URL path url ("/" is index.html) read into *data, with its
 * Content-Type in *type; 0, or -1 when there is no such servable file. */
int files_read(const char *root, const char *url, struct sbuf *data,
               const char **type);

#endif
