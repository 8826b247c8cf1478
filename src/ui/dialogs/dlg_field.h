/*
 * dlg_field.h - the keys of a dialog's one-line text field, shared by the
 * save dialog's name and the new-game dialog's custom clock, so that both
 * fields answer the same keys the same way: the caret keys, Backspace and
 * Delete, Ctrl+A, and the clipboard's Ctrl+C, Ctrl+X and Ctrl+V.
 */
#ifndef RB_UI_DLG_FIELD_H
#define RB_UI_DLG_FIELD_H

#include "dialogs/dlg.h"
#include "kit/textedit.h"

/* Inserts text over the selection keeping only the bytes in allowed (NULL:
 * any text). Returns true when the field changed. */
bool rb_ui_dlg_field_insert(rb_ui_edit e, const char *allowed, const char *text);
/* Acts on an editing key of the focused field e; false when the key is not
 * one (Enter, Escape, Tab, plain letters, which come as text). *changed
 * tells whether the text changed. */
bool rb_ui_dlg_field_key(rb_app *app, rb_ui_edit e, const char *allowed, SDL_Keycode key, Uint16 mod, bool *changed);

#endif
