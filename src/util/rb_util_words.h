/*
 * rb_util_words.h - a sentence written piece by piece into a caller's
 * buffer, with snprintf's convention: it counts what it would have needed
 * even once the buffer is full, so the caller can tell a cut sentence and
 * return the length it wanted. One writer for every sentence builder of
 * the tree: the rules library's explanations, the lessons' goals and the
 * window's translated words. Pure: no I/O, no globals.
 */
#ifndef RB_UTIL_WORDS_H
#define RB_UTIL_WORDS_H

#include <stddef.h>

typedef struct rb_words {
    char *buf;
    size_t len;
    size_t need; /* written so far, or that would have been */
} rb_words;

/* Appends fmt's text as far as it fits; buf stays terminated. */
void rb_words_put(rb_words *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
