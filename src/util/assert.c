/*
 * assert.c - what a failed RB_ASSERT does (see rb_util_assert.h).
 *
 * A function of its own rather than code in the macro, so that every
 * assertion costs only a test and a call that is never taken, and so that
 * the message has one form everywhere: a test that breaks a contract on
 * purpose looks for it.
 */
#include "rb_util_assert.h"

#include <stdio.h>
#include <stdlib.h>

void rb_util_assert_fail(const char *expr, const char *why, const char *file, int line, const char *func)
{
    fprintf(stderr, "%s:%d: %s: assertion failed: %s%s%s%s\n", file, line, func, expr, why != NULL ? " (" : "",
            why != NULL ? why : "", why != NULL ? ")" : "");
    fflush(stderr);
    abort();
}
