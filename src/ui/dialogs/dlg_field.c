/*
 * dlg_field.c - a dialog's text field from the keyboard (see dlg_field.h).
 * The editing itself is the kit's (textedit.c); this file only maps the
 * keys and the clipboard onto it, and filters what a field may hold (the
 * clock field takes only what a time control is written with, pasted or
 * typed).
 */
#include "dialogs/dlg_field.h"

#include <string.h>

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
