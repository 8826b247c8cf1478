/*
 * words.c - see rb_util_words.h.
 */
#include "rb_util_words.h"

#include <stdarg.h>
#include <stdio.h>

void rb_words_put(rb_words *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->need < t->len ? t->len - t->need : 0;
    int n = vsnprintf(room ? t->buf + t->need : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) {
        t->need += (size_t)n;
    }
}
