/*
 * proto_text.c - the protocol's words and answers: reading the words of a
 * line and writing answer lines.
 *
 * Every command reads its arguments and writes its answers through these
 * helpers, so they sit in a file of their own below the commands and call
 * none of them: the commands call down into this file, the dispatcher in
 * protocol.c calls the commands, and nothing calls back up.
 */
#include "proto_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_util_text.h"

/* ---- answers --------------------------------------------------------- */

static void emit_v(rb_proto *p, const char *prefix, const char *fmt, va_list ap)
{
    /* Longest answers: a Legal line (128 moves) or a principal variation. */
    char line[4096];
    size_t n = strlen(prefix);
    memcpy(line, prefix, n);
    vsnprintf(line + n, sizeof line - n, fmt, ap);
    /* Answers are printable ASCII whatever bytes came in and got quoted
     * back, so a client reading text never meets a control character or
     * broken UTF-8. */
    rb_util_make_printable(line);
    pthread_mutex_lock(&p->out_lock);
    p->out(line, p->user);
    pthread_mutex_unlock(&p->out_lock);
}

void rb_proto_emit(rb_proto *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_v(p, "", fmt, ap);
    va_end(ap);
}

void rb_proto_error(rb_proto *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_v(p, "info string error: ", fmt, ap);
    va_end(ap);
}

const char *rb_proto_show(rb_word w, char *buf, size_t size)
{
    size_t limit = size - 1;
    bool cut = w.n > limit;
    if (cut) {
        limit = size >= 4 ? size - 4 : 0;
    }
    size_t n = 0;
    for (; n < w.n && n < limit; n++) {
        buf[n] = rb_util_printable_char((unsigned char)w.s[n]);
    }
    if (cut) {
        for (int i = 0; i < 3 && n + 1 < size; i++) {
            buf[n++] = '.';
        }
    }
    buf[n] = '\0';
    return buf;
}

/* ---- words ----------------------------------------------------------- */

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool rb_words_next(rb_words *ws, rb_word *w)
{
    while (ws->p < ws->end && is_blank(*ws->p)) {
        ws->p++;
    }
    if (ws->p == ws->end) {
        return false;
    }
    w->s = ws->p;
    while (ws->p < ws->end && !is_blank(*ws->p)) {
        ws->p++;
    }
    w->n = (size_t)(ws->p - w->s);
    return true;
}

bool rb_word_is(rb_word w, const char *text)
{
    return strlen(text) == w.n && memcmp(w.s, text, w.n) == 0;
}

bool rb_word_copy(rb_word w, char *buf, size_t size)
{
    if (w.n >= size || memchr(w.s, '\0', w.n) != NULL) {
        return false;
    }
    memcpy(buf, w.s, w.n);
    buf[w.n] = '\0';
    return true;
}

bool rb_word_int(rb_word w, int64_t min, int64_t max, int64_t *value)
{
    size_t i = 0;
    bool negative = w.n > 0 && w.s[0] == '-';
    if (negative) {
        i = 1;
    }
    if (i == w.n || w.n - i > 18) {
        return false;
    }
    int64_t v = 0;
    for (; i < w.n; i++) {
        if (w.s[i] < '0' || w.s[i] > '9') {
            return false;
        }
        v = v * 10 + (w.s[i] - '0');
    }
    if (negative) {
        v = -v;
    }
    if (v < min || v > max) {
        return false;
    }
    *value = v;
    return true;
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

void rb_proto_sorted_moves(const rb_movelist *list, char (*text)[RB_MOVE_TEXT_MAX])
{
    for (int i = 0; i < list->count; i++) {
        rb_move_to_coord(list->moves[i], text[i]);
    }
    qsort(text, (size_t)list->count, RB_MOVE_TEXT_MAX, compare_text);
}
