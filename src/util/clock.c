/*
 * clock.c - the millisecond clock (see rb_util_clock.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "rb_util_clock.h"

#include <time.h>

int64_t rb_util_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void rb_util_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}
