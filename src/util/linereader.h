/*
 * linereader.h - splits a byte stream into lines of any length.
 *
 * The engine reads its standard input in chunks and hands each chunk to a
 * reader, which calls back once per complete line. A line longer than the
 * reader's cap is not stored: the reader skips the rest of it and reports it
 * as overlong instead, so a client sending megabytes without a newline costs
 * a bounded amount of memory and the next line is read normally. Carriage
 * returns before a newline are dropped, so CRLF clients work too.
 */
#ifndef RB_LINEREADER_H
#define RB_LINEREADER_H

#include <stdbool.h>
#include <stddef.h>

/* Called with each complete line (no terminator). When overlong is true the
 * line exceeded the cap: text holds its first bytes only and len the cap. */
typedef void (*rb_line_fn)(const char *text, size_t len, bool overlong, void *user);

typedef struct rb_linereader {
    char *buf;     /* the line so far, cap bytes plus a terminator */
    size_t cap;    /* longest line delivered whole */
    size_t len;
    bool skipping; /* the current line went past cap: drop bytes until newline */
} rb_linereader;

/* Returns 0, or -1 when memory runs out. */
int rb_linereader_init(rb_linereader *r, size_t cap);
void rb_linereader_free(rb_linereader *r);
/* Feeds n bytes; calls fn for every line they complete. */
void rb_linereader_feed(rb_linereader *r, const char *data, size_t n, rb_line_fn fn, void *user);
/* End of input: delivers a last line that had no newline, if any. */
void rb_linereader_finish(rb_linereader *r, rb_line_fn fn, void *user);

#endif
