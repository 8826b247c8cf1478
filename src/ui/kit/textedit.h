/*
 * textedit.h - editing one line of UTF-8 text in a fixed buffer: a caret,
 * a selection, moving by characters and to either end, inserting over the
 * selection, deleting either way, and the selected text for the clipboard.
 *
 * Pure data: the text field's state is the buffer and two byte offsets
 * (caret and anchor; the selection lies between them) kept in the view's
 * state, so the dialogs can hold it and tests can check it. Offsets always
 * fall between whole UTF-8 characters.
 */
#ifndef RB_UI_TEXTEDIT_H
#define RB_UI_TEXTEDIT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct rb_ui_edit {
    char *text;  /* NUL-terminated */
    size_t cap;  /* bytes the buffer holds, the NUL included */
    int *caret;  /* byte offset of the caret */
    int *anchor; /* the selection's other end (== caret: none) */
} rb_ui_edit;

/* The whole text selected, the caret at its end. */
void rb_ui_textedit_select_all(rb_ui_edit e);
/* The selection as [*from, *to); false when empty. */
bool rb_ui_textedit_selection(rb_ui_edit e, int *from, int *to);
/* Replaces the selection with s (cut at a whole character when the buffer
 * is full; control characters dropped). Returns true when the text changed. */
bool rb_ui_textedit_insert(rb_ui_edit e, const char *s);
/* Moves the caret one character (dir -1 or 1) or to an end (dir -2, 2);
 * extend keeps the anchor (Shift). Without extend, a selection collapses
 * to the side moved towards. */
void rb_ui_textedit_move(rb_ui_edit e, int dir, bool extend);
/* Backspace (dir -1) or Delete (dir 1): the selection, or one character.
 * Returns true when the text changed. */
bool rb_ui_textedit_delete(rb_ui_edit e, int dir);

#endif
