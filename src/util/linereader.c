/*
 * linereader.c - splits a byte stream into capped lines (see linereader.h).
 */
#include "linereader.h"

#include <stdlib.h>
#include <string.h>

int rb_linereader_init(rb_linereader *r, size_t cap)
{
    r->buf = malloc(cap + 2);
    r->cap = cap;
    r->len = 0;
    r->skipping = false;
    return r->buf != NULL ? 0 : -1;
}

void rb_linereader_free(rb_linereader *r)
{
    free(r->buf);
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

void rb_linereader_feed(rb_linereader *r, const char *data, size_t n, rb_line_fn fn, void *user)
{
    while (n > 0) {
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
            return;
        }
        deliver(r, fn, user);
        data += take + 1;
        n -= take + 1;
    }
}

void rb_linereader_finish(rb_linereader *r, rb_line_fn fn, void *user)
{
    if (r->len > 0 || r->skipping) {
        deliver(r, fn, user);
    }
}
