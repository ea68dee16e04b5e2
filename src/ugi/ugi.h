/* ugi.h -- the UGI front end: the Universal Game Interface (UCI
 * generalised to any two-player game, the engine being the referee) over
 * struct engine, for UGI controllers and match runners.
 *
 * The program's read loop hands it every line once the first command was
 * `ugi` (ugi_first_word).  Searches run on a thread of their own, so
 * that isready, stop and quit are answered while one thinks.  Nothing
 * the controller sends ends the front end but quit: what is wrong gets an
 * `info string` line and changes nothing (doc/protocol.md, "UGI").
 */
#ifndef TRIAD_UGI_UGI_H
#define TRIAD_UGI_UGI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/engine.h"

struct ugi_frontend;

/* The first word of the line of len bytes: 1 if it is `ugi`, 0 for any
 * other, -1 for a blank line. */
int ugi_first_word(const char *line, size_t len);

/* A front end driving engine e (not owned), writing to out; it answers
 * the `ugi` that selected it when that line is passed to ugi_execute.
 * e's stop source is wrapped until ugi_free.  NULL when memory is
 * short. */
struct ugi_frontend *ugi_new(struct engine *e, FILE *out);

/* Runs one input line of len bytes (any bytes).  Returns false once the
 * connection should end (quit). */
bool ugi_execute(struct ugi_frontend *u, const char *line, size_t len);

/* Answers a line that is not run (too long, no memory) with why. */
void ugi_refuse(struct ugi_frontend *u, const char *why);

/* The end of input or of the session: a `go infinite` is stopped, any
 * other search finishes and says its bestmove; then all is freed (the
 * engine's stop source restored). */
void ugi_free(struct ugi_frontend *u);

#endif
