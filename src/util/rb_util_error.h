/*
 * rb_util_error.h - the error message of a function that reports failure
 * as -1 and says why in a caller's buffer (char *err, size_t errlen), the
 * shape of every reader of the project's files. Pure: no I/O, no globals.
 */
#ifndef RB_UTIL_ERROR_H
#define RB_UTIL_ERROR_H

#include <stddef.h>

/* Writes the message fmt to err (when err is given and has room, cut to
 * errlen) and returns -1, so a failing reader can `return rb_util_fail(...)`. */
int rb_util_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
