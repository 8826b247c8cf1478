/*
 * dlg_field.c - a dialog's text field from the keyboard (see dlg_field.h).
 * The editing itself is the kit's (textedit.c); this file only maps the
 * keys and the clipboard onto it, and filters what a field may hold (the
 * clock field takes only what a time control is written with, pasted or
 * typed). For the spoken mode it also names the field and puts an edit
 * in words, the same for both fields.
 */
#include "dialogs/dlg_field.h"

#include <stdio.h>
#include <string.h>

#include "words/i18n.h"

bool rb_ui_dlg_field_insert(rb_ui_edit e, const char *allowed, const char *text)
{
    if (!allowed) {
        return rb_ui_textedit_insert(e, text);
    }
    char kept[256];
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < sizeof kept; c++) {
        if (strchr(allowed, *c)) {
            kept[n++] = *c;
        }
    }
    kept[n] = '\0';
    /* Nothing to keep leaves a selection alone rather than deleting it. */
    return n > 0 && rb_ui_textedit_insert(e, kept);
}

bool rb_ui_dlg_field_key(rb_app *app, rb_ui_edit e, const char *allowed, SDL_Keycode key, Uint16 mod, bool *changed)
{
    bool ctrl = mod & (KMOD_CTRL | KMOD_GUI), shift = mod & KMOD_SHIFT;
    int from, to;
    *changed = false;
    switch (key) {
    case SDLK_LEFT: rb_ui_textedit_move(e, -1, shift); return true;
    case SDLK_RIGHT: rb_ui_textedit_move(e, 1, shift); return true;
    case SDLK_HOME: rb_ui_textedit_move(e, -2, shift); return true;
    case SDLK_END: rb_ui_textedit_move(e, 2, shift); return true;
    case SDLK_BACKSPACE:
    case SDLK_DELETE: *changed = rb_ui_textedit_delete(e, key == SDLK_DELETE ? 1 : -1); return true;
    case SDLK_a:
    case SDLK_c:
    case SDLK_x:
    case SDLK_v:
        if (!ctrl) {
            return false; /* a letter: it comes as text */
        }
        if (key == SDLK_a) {
            rb_ui_textedit_select_all(e);
        } else if (key == SDLK_v) {
            char *clip = app->clip_get ? app->clip_get() : NULL;
            *changed = clip && rb_ui_dlg_field_insert(e, allowed, clip);
            SDL_free(clip);
        } else if (rb_ui_textedit_selection(e, &from, &to)) {
            char part[512];
            size_t n = (size_t)(to - from) < sizeof part ? (size_t)(to - from) : sizeof part - 1;
            memcpy(part, e.text + from, n);
            part[n] = '\0';
            if (app->clip_set) {
                app->clip_set(part);
            }
            if (key == SDLK_x) {
                *changed = rb_ui_textedit_delete(e, -1);
            }
        }
        return true;
    default: return false;
    }
}

const char *rb_ui_dlg_field_text(const rb_ui_dialog_state *d)
{
    if (d->kind != RB_UI_DIALOG_NEW_GAME) {
        return d->kind == RB_UI_DIALOG_SAVE ? d->name : NULL;
    }
    return d->mode == RB_UI_NET_HOST ? d->net_port : d->mode == RB_UI_NET_JOIN ? d->net_code : d->time_custom;
}

size_t rb_ui_dlg_field_words(const rb_ui_dialog_state *d, char *out, size_t len)
{
    const char *text = rb_ui_dlg_field_text(d);
    const char *label = _("Name");
    if (d->kind == RB_UI_DIALOG_NEW_GAME) {
        /* TRANSLATORS: the spoken mode: the label of the new-game dialog's field for a clock of one's own */
        label = _("Custom clock");
        if (d->mode == RB_UI_NET_HOST) {
            /* TRANSLATORS: the spoken mode: the label of the field for the port a hosted network game listens on */
            label = _("Port");
        } else if (d->mode == RB_UI_NET_JOIN) {
            /* TRANSLATORS: the spoken mode: the label of the field for a friend's invite code or address */
            label = _("Invite code or address");
        }
    }
    int n;
    if (!text) {
        n = snprintf(out, len, "%s", "");
    } else if (text[0]) {
        /* TRANSLATORS: the spoken mode: a dialog's text field got the focus: its label and its text */
        n = snprintf(out, len, _("%s, text field: %s"), label, text);
    } else {
        /* TRANSLATORS: the spoken mode: a dialog's text field got the focus: its label; it holds nothing */
        n = snprintf(out, len, _("%s, text field, empty"), label);
    }
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

/* A character as a voice can say it: a space, or a sign most voices skip,
 * by name. */
static const char *echo_word(const char *part)
{
    if (strcmp(part, " ") == 0) {
        /* TRANSLATORS: the spoken mode: a space typed into or deleted from a text field */
        return _("space");
    }
    if (strcmp(part, "+") == 0) {
        /* TRANSLATORS: the spoken mode: the sign + typed into or deleted from a text field (a clock: 10+5) */
        return _("plus");
    }
    if (strcmp(part, "/") == 0) {
        /* TRANSLATORS: the spoken mode: the sign / typed into or deleted from a text field (10+5 / 5+3) */
        return _("slash");
    }
    return part;
}

size_t rb_ui_dlg_field_echo(const char *before, const char *after, char *out, size_t len)
{
    size_t lb = strlen(before), la = strlen(after), pre = 0, suf = 0;
    while (pre < lb && pre < la && before[pre] == after[pre]) {
        pre++;
    }
    while (suf < lb - pre && suf < la - pre && before[lb - 1 - suf] == after[la - 1 - suf]) {
        suf++;
    }
    /* whole UTF-8 characters: a common part never ends inside one */
    while (pre > 0 && ((unsigned char)after[pre] & 0xC0) == 0x80) {
        pre--;
    }
    while (suf > 0 && ((unsigned char)after[la - suf] & 0xC0) == 0x80) {
        suf--;
    }
    char typed[256], gone[256];
    snprintf(typed, sizeof typed, "%.*s", (int)(la - suf - pre), after + pre);
    snprintf(gone, sizeof gone, "%.*s", (int)(lb - suf - pre), before + pre);
    int n;
    if (typed[0]) {
        n = snprintf(out, len, "%s", echo_word(typed));
    } else if (gone[0]) {
        /* TRANSLATORS: the spoken mode: what Backspace or Delete took out of a text field */
        n = snprintf(out, len, _("%s deleted"), echo_word(gone));
    } else {
        n = snprintf(out, len, "%s", "");
    }
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}
