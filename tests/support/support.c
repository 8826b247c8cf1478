/*
 * support.c - small helpers shared by the test programs.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

void rb_test_parse(rb_pos *pos, const char *text)
{
    char err[256];
    if (rb_pos_parse(pos, text, err, sizeof err) != 0) {
        fail_msg("position '%s' rejected: %s", text, err);
    }
}

bool rb_test_sanitized(void)
{
    const char *v = getenv("RB_SANITIZED");
    return v != NULL && strcmp(v, "1") == 0;
}
