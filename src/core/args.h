/* args.h -- strict parsing of numbers in command arguments, setup words
 * and options.  Each parser accepts the whole word or nothing (no leading
 * blank, no trailing garbage, no overflow). */
#ifndef TRIAD_CORE_ARGS_H
#define TRIAD_CORE_ARGS_H

#include <stdint.h>

/* Decimal integer in [lo, hi] into *out: 0, or -1. */
int args_long(const char *s, long lo, long hi, long *out);
/* Decimal unsigned 64-bit integer: 0, or -1. */
int args_u64(const char *s, uint64_t *out);
/* Decimal signed 64-bit integer, with an optional sign: 0, or -1. */
int args_i64(const char *s, int64_t *out);
/* Finite decimal number in [lo, hi]: 0, or -1. */
int args_double(const char *s, double lo, double hi, double *out);

#endif
