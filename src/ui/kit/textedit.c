/*
 * textedit.c - one line of UTF-8 text with a caret and a selection (see
 * textedit.h). Offsets step over continuation bytes (10xxxxxx), so a
 * character is never split by moving, deleting or cutting at the end.
 */
#include "kit/textedit.h"

#include <string.h>

static bool edit_cont(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

/* Keeps both offsets inside the text and on character starts. */
static void edit_clamp(rb_ui_edit e)
{
    int n = (int)strlen(e.text);
    int *ends[2] = {e.caret, e.anchor};
    for (int i = 0; i < 2; i++) {
        if (*ends[i] < 0) {
            *ends[i] = 0;
        }
        if (*ends[i] > n) {
            *ends[i] = n;
        }
        while (*ends[i] > 0 && edit_cont((unsigned char)e.text[*ends[i]])) {
            (*ends[i])--;
        }
    }
}

static int edit_step(const char *text, int at, int dir)
{
    int n = (int)strlen(text);
    if (dir < 0) {
        if (at > 0) {
            at--;
        }
        while (at > 0 && edit_cont((unsigned char)text[at])) {
            at--;
        }
    } else if (at < n) {
        at++;
        while (at < n && edit_cont((unsigned char)text[at])) {
            at++;
        }
    }
    return at;
}

void rb_ui_textedit_select_all(rb_ui_edit e)
{
    *e.anchor = 0;
    *e.caret = (int)strlen(e.text);
}

bool rb_ui_textedit_selection(rb_ui_edit e, int *from, int *to)
{
    edit_clamp(e);
    *from = *e.caret < *e.anchor ? *e.caret : *e.anchor;
    *to = *e.caret < *e.anchor ? *e.anchor : *e.caret;
    return *from < *to;
}

/* Removes [from, to) and leaves the caret there. */
static void edit_cut(rb_ui_edit e, int from, int to)
{
    memmove(e.text + from, e.text + to, strlen(e.text + to) + 1);
    *e.caret = *e.anchor = from;
}

bool rb_ui_textedit_insert(rb_ui_edit e, const char *s)
{
    int from, to;
    bool changed = rb_ui_textedit_selection(e, &from, &to);
    if (changed) {
        edit_cut(e, from, to);
    }
    size_t n = strlen(e.text);
    size_t room = e.cap - 1 - n;
    /* What fits: whole characters only, no control characters (a pasted
     * line break must not end up in a file name). */
    char add[1024];
    size_t k = 0;
    for (const char *p = s; *p && k + 1 < sizeof add;) {
        size_t len = 1;
        while (edit_cont((unsigned char)p[len])) {
            len++;
        }
        if ((unsigned char)*p < 32 || *p == 127) {
            p += len;
            continue;
        }
        if (k + len > room || k + len >= sizeof add) {
            break;
        }
        memcpy(add + k, p, len);
        k += len;
        p += len;
    }
    if (k == 0) {
        return changed;
    }
    memmove(e.text + from + k, e.text + from, n - (size_t)from + 1);
    memcpy(e.text + from, add, k);
    *e.caret = *e.anchor = from + (int)k;
    return true;
}

void rb_ui_textedit_move(rb_ui_edit e, int dir, bool extend)
{
    int from, to;
    bool sel = rb_ui_textedit_selection(e, &from, &to);
    if (!extend && sel && (dir == -1 || dir == 1)) {
        *e.caret = *e.anchor = dir < 0 ? from : to;
        return;
    }
    if (dir == -2) {
        *e.caret = 0;
    } else if (dir == 2) {
        *e.caret = (int)strlen(e.text);
    } else {
        *e.caret = edit_step(e.text, *e.caret, dir);
    }
    if (!extend) {
        *e.anchor = *e.caret;
    }
}

bool rb_ui_textedit_delete(rb_ui_edit e, int dir)
{
    int from, to;
    if (!rb_ui_textedit_selection(e, &from, &to)) {
        int other = edit_step(e.text, *e.caret, dir);
        from = other < *e.caret ? other : *e.caret;
        to = other < *e.caret ? *e.caret : other;
        if (from == to) {
            return false;
        }
    }
    edit_cut(e, from, to);
    return true;
}
