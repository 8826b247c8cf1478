/*
 * message.c - messages as a template and its arguments (rb_message.h).
 *
 * The placeholders are filled here, for English and for every translation
 * alike, so the two cannot drift apart. A template is checked whole before
 * a byte is written, so a translation with a placeholder beyond its
 * arguments is refused, never read past them.
 */
#include "rb_message.h"
#include "rb_util_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void rb_message_clear(rb_message *m)
{
    if (m != NULL) {
        memset(m, 0, sizeof *m);
    }
}

void rb_message_set(rb_message *m, const char *tmpl)
{
    if (m == NULL) {
        return;
    }
    rb_message_clear(m);
    m->part[0].tmpl = tmpl;
    m->nparts = 1;
}

static rb_msg_arg *next_arg(rb_message *m)
{
    if (m == NULL || m->nparts == 0 || m->part[0].nargs >= RB_MSG_ARGS) {
        return NULL;
    }
    rb_msg_arg *a = &m->part[0].arg[m->part[0].nargs++];
    memset(a, 0, sizeof *a);
    return a;
}

void rb_message_add(rb_message *m, const char *fmt, ...)
{
    rb_msg_arg *a = next_arg(m);
    if (a == NULL) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->text, sizeof a->text, fmt, ap);
    va_end(ap);
    rb_util_make_printable(a->text);
}

void rb_message_add_word(rb_message *m, rb_msg_word w)
{
    rb_msg_arg *a = next_arg(m);
    if (a != NULL) {
        a->word = w;
    }
}

void rb_message_wrap(rb_message *m, const char *tmpl)
{
    if (m == NULL || m->nparts < 1 || m->nparts >= RB_MSG_PARTS) {
        return;
    }
    memmove(&m->part[1], &m->part[0], (size_t)m->nparts * sizeof m->part[0]);
    memset(&m->part[0], 0, sizeof m->part[0]);
    m->part[0].tmpl = tmpl;
    m->nparts++;
}

/* The argument number of the placeholder at s (just after its '%'), with
 * *skip its length; 0 when s is no %N$s. */
static int placeholder(const char *s, size_t *skip)
{
    int n = 0;
    size_t i = 0;
    while (s[i] >= '0' && s[i] <= '9' && i < 3) {
        n = n * 10 + (s[i] - '0');
        i++;
    }
    if (i == 0 || s[i] != '$' || s[i + 1] != 's') {
        return 0;
    }
    *skip = i + 2;
    return n;
}

bool rb_message_fill(const char *tmpl, const char *const args[], int nargs, char *buf, size_t len, size_t *out_len)
{
    if (tmpl == NULL) {
        return false;
    }
    for (const char *s = tmpl; *s != '\0'; s++) {
        if (*s != '%') {
            continue;
        }
        size_t skip = 0;
        int n = s[1] == '%' ? -1 : placeholder(s + 1, &skip);
        if (n == 0 || n > nargs) {
            return false;
        }
        s += n < 0 ? 1 : skip;
    }
    size_t o = 0;
    for (const char *s = tmpl; *s != '\0';) {
        const char *piece = s;
        size_t plen = 1;
        if (*s == '%' && s[1] == '%') {
            s += 2;
        } else if (*s == '%') {
            size_t skip = 0;
            int n = placeholder(s + 1, &skip);
            piece = args[n - 1];
            plen = strlen(piece);
            s += 1 + skip;
        } else {
            s++;
        }
        for (size_t i = 0; i < plen; i++, o++) {
            if (len > 0 && o < len - 1) {
                buf[o] = piece[i];
            }
        }
    }
    if (len > 0) {
        buf[o < len - 1 ? o : len - 1] = '\0';
    }
    if (out_len != NULL) {
        *out_len = o;
    }
    return true;
}

static size_t part_text(const rb_msg_part *p, const char *inner, rb_message_translate *tr, void *data, char *buf,
                        size_t len)
{
    const char *args[RB_MSG_ARGS + 1];
    int nargs = 0;
    for (int i = 0; i < p->nargs && i < RB_MSG_ARGS; i++) {
        const rb_msg_arg *a = &p->arg[i];
        if (a->word.word == NULL) {
            args[nargs++] = a->text;
        } else {
            const char *w = tr != NULL ? tr(a->word.context, a->word.word, data) : NULL;
            args[nargs++] = w != NULL ? w : a->word.word;
        }
    }
    if (inner != NULL) {
        args[nargs++] = inner;
    }
    size_t n = 0;
    const char *t = tr != NULL ? tr(NULL, p->tmpl, data) : NULL;
    if (t != NULL && t != p->tmpl && rb_message_fill(t, args, nargs, buf, len, &n)) {
        return n;
    }
    if (rb_message_fill(p->tmpl, args, nargs, buf, len, &n)) {
        return n;
    }
    /* Not reached with the library's own templates. */
    return rb_message_fill("", args, 0, buf, len, &n) ? n : 0;
}

size_t rb_message_text(const rb_message *m, rb_message_translate *tr, void *data, char *buf, size_t len)
{
    if (m == NULL || m->nparts <= 0) {
        if (len > 0) {
            buf[0] = '\0';
        }
        return 0;
    }
    /* From the innermost sentence out, each the next one's last argument. */
    char inner[2][RB_MSG_TEXT_MAX];
    const char *in = NULL;
    int k = 0;
    for (int i = m->nparts - 1; i > 0; i--, k ^= 1) {
        part_text(&m->part[i], in, tr, data, inner[k], sizeof inner[k]);
        in = inner[k];
    }
    return part_text(&m->part[0], in, tr, data, buf, len);
}

size_t rb_message_file_text(const char *file, int line, const rb_message *m, rb_message_translate *tr, void *data,
                            char *buf, size_t len)
{
    /* TRANSLATORS: a file's name, then what is wrong with it */
    static const char *const whole = RB_MSG_("%1$s: %2$s");
    /* TRANSLATORS: a file's name, the number of a line of it, then what is wrong there */
    static const char *const at_line = RB_MSG_("%1$s:%2$s: %3$s");
    char sentence[RB_MSG_TEXT_MAX], number[16];
    rb_message_text(m, tr, data, sentence, sizeof sentence);
    snprintf(number, sizeof number, "%d", line);
    const char *args[3] = {file != NULL ? file : "", number, sentence};
    const char *tmpl = line > 0 ? at_line : whole;
    int nargs = line > 0 ? 3 : 2;
    if (line <= 0) {
        args[1] = sentence;
    }
    size_t n = 0;
    const char *t = tr != NULL ? tr(NULL, tmpl, data) : NULL;
    if (t != NULL && t != tmpl && rb_message_fill(t, args, nargs, buf, len, &n)) {
        return n;
    }
    rb_message_fill(tmpl, args, nargs, buf, len, &n);
    return n;
}
