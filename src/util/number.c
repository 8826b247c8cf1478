/*
 * number.c - a whole number read strictly from a text field (see
 * rb_util_number.h).
 */
#include "rb_util_number.h"

#include <errno.h>
#include <stdlib.h>

bool rb_util_parse_int(const char *text, long lo, long hi, int *out)
{
    /* strtol would skip spaces and take '+': a file's field may not. */
    if (!text || (*text != '-' && (*text < '0' || *text > '9'))) {
        return false;
    }
    errno = 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < lo || v > hi) {
        return false;
    }
    *out = (int)v;
    return true;
}
