/*
 * linereader.h - splits a byte stream into lines of any length.
 *
 * Both programs read text from a peer they cannot trust: the engine its
 * client on standard input, the match tool each engine's output. They read
 * in chunks and hand each chunk to a reader, which calls back once per
 * complete line (or, for a reader that hands out one line at a time, for
 * the first line only). A line longer than the
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
    char *buf;  /* the line so far, cap bytes plus a terminator */
    size_t cap; /* longest line delivered whole */
    size_t len;
    bool skipping; /* the current line went past cap: drop bytes until newline */
    bool owned;    /* buf was allocated by rb_linereader_init */
} rb_linereader;

/* The storage a reader of lines up to cap bytes needs. */
#define RB_LINEREADER_STORAGE(cap) ((cap) + 2)

/* Returns 0, or -1 when memory runs out. */
int rb_linereader_init(rb_linereader *r, size_t cap);
/* The same with the caller's storage of RB_LINEREADER_STORAGE(cap) bytes,
 * which must outlive the reader; nothing is allocated. */
void rb_linereader_init_with(rb_linereader *r, char *storage, size_t cap);
void rb_linereader_free(rb_linereader *r);
/* Feeds n bytes; calls fn for every line they complete. */
void rb_linereader_feed(rb_linereader *r, const char *data, size_t n, rb_line_fn fn, void *user);
/* Feeds bytes up to the end of the first line they complete and calls fn
 * for that line only; returns how many bytes it took (all n when they
 * complete no line). The line passed to fn stays valid until the next feed. */
size_t rb_linereader_feed_line(rb_linereader *r, const char *data, size_t n, rb_line_fn fn, void *user);
/* End of input: delivers a last line that had no newline, if any. */
void rb_linereader_finish(rb_linereader *r, rb_line_fn fn, void *user);

#endif
