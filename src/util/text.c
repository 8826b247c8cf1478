/*
 * text.c - making text safe to show (see rb_util_text.h).
 */
#include "rb_util_text.h"

void rb_util_make_printable(char *text)
{
    for (char *c = text; *c != '\0'; c++) {
        *c = rb_util_printable_char((unsigned char)*c);
    }
}
