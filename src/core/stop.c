/* stop.c -- the flag-backed stop source of stop.h. */
#include "config.h"

#include "core/stop.h"

bool stop_on_flag(void *flag)
{
    return atomic_load((atomic_bool *)flag);
}
