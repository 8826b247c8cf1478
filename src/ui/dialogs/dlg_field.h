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

/* The spoken mode's words for dialog d's text field with the focus: its
 * label and the text it holds ("Name, text field: game 1"); 0 (and "")
 * when d has no field. Returns the length written. */
size_t rb_ui_dlg_field_words(const rb_ui_dialog_state *d, char *out, size_t len);
/* The text field of dialog d (the save dialog's name, the new-game
 * dialog's custom clock), or NULL when it has none. */
const char *rb_ui_dlg_field_text(const rb_ui_dialog_state *d);
/* The spoken mode's echo of an edit from before to after, as screen readers
 * give it: the characters typed, or those deleted ("5 deleted"); "" when
 * the text is the same. Returns the length written. */
size_t rb_ui_dlg_field_echo(const char *before, const char *after, char *out, size_t len);

#endif
