/*
 * words_out.h - a sentence written piece by piece into a caller's buffer,
 * with snprintf's convention: it counts what it would have needed even
 * once the buffer is full, so the caller can tell a cut sentence. Shared
 * by the explanations' and the spoken mode's words.
 */
#ifndef RB_UI_WORDS_OUT_H
#define RB_UI_WORDS_OUT_H

#include <stddef.h>

typedef struct words_out {
    char *buf;
    size_t len;
    size_t need;
} words_out;

void rb_words_put(words_out *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
