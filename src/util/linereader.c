/*
 * linereader.c - splits a byte stream into capped lines (see linereader.h).
 */
#include "linereader.h"

#include <stdlib.h>
#include <string.h>

void rb_linereader_init_with(rb_linereader *r, char *storage, size_t cap)
{
    r->buf = storage;
    r->cap = cap;
    r->len = 0;
    r->skipping = false;
    r->owned = false;
}

int rb_linereader_init(rb_linereader *r, size_t cap)
{
    rb_linereader_init_with(r, malloc(RB_LINEREADER_STORAGE(cap)), cap);
    r->owned = true;
    return r->buf != NULL ? 0 : -1;
}

void rb_linereader_free(rb_linereader *r)
{
    if (r->owned) {
        free(r->buf);
    }
    r->buf = NULL;
}

static void deliver(rb_linereader *r, rb_line_fn fn, void *user)
{
    size_t len = r->len;
    bool overlong = r->skipping;
    if (!overlong && len > 0 && r->buf[len - 1] == '\r') {
        len--;
    }
    if (len > r->cap) {
        overlong = true;
        len = r->cap;
    }
    r->buf[len] = '\0';
    fn(r->buf, len, overlong, user);
    r->len = 0;
    r->skipping = false;
}

size_t rb_linereader_feed_line(rb_linereader *r, const char *data, size_t n, rb_line_fn fn, void *user)
{
    const char *nl = memchr(data, '\n', n);
    size_t take = nl != NULL ? (size_t)(nl - data) : n;
    if (!r->skipping) {
        /* The buffer holds one byte more than the cap, so that a line
         * of exactly cap bytes followed by CR LF still fits whole. */
        size_t room = r->cap + 1 - r->len;
        size_t copy = take <= room ? take : room;
        memcpy(r->buf + r->len, data, copy);
        r->len += copy;
        r->skipping = take > room;
    }
    if (nl == NULL) {
        return n;
    }
    deliver(r, fn, user);
    return take + 1;
}

void rb_linereader_feed(rb_linereader *r, const char *data, size_t n, rb_line_fn fn, void *user)
{
    while (n > 0) {
        size_t used = rb_linereader_feed_line(r, data, n, fn, user);
        data += used;
        n -= used;
    }
}

void rb_linereader_finish(rb_linereader *r, rb_line_fn fn, void *user)
{
    if (r->len > 0 || r->skipping) {
        deliver(r, fn, user);
    }
}
