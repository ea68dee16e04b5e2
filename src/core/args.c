/* args.c -- strict number parsing (see args.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/args.h"

int args_long(const char *s, long lo, long hi, long *out)
{
    if (!*s || isspace((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int args_u64(const char *s, uint64_t *out)
{
    if (!isdigit((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int args_i64(const char *s, int64_t *out)
{
    if (!*s || isspace((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end)
        return -1;
#if LLONG_MAX > INT64_MAX
    if (v < INT64_MIN || v > INT64_MAX)
        return -1;
#endif
    *out = (int64_t)v;
    return 0;
}

int args_double(const char *s, double lo, double hi, double *out)
{
    /* strtod also reads hexadecimal ("0x1p3"), "inf" and "nan" */
    if (!*s || s[strspn(s, "+-.0123456789eE")] != '\0')
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v) || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}
