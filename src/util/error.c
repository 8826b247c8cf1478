/*
 * error.c - a reader's error message in the caller's buffer (see
 * rb_util_error.h).
 */
#include "rb_util_error.h"

#include <stdarg.h>
#include <stdio.h>

int rb_util_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}
