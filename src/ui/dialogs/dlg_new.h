/*
 * dlg_new.h - the new-game dialog: an open (fills its form), a draw from
 * const state, and input handlers that change the form and return a
 * command.
 */
#ifndef RB_UI_DLG_NEW_H
#define RB_UI_DLG_NEW_H

#include "dialogs/dlg.h"
#include "kit/textedit.h"

void rb_ui_dlg_new_open(rb_ui_state *st);
void rb_ui_dlg_new_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_new_click(rb_ui_state *st, int id);
rb_ui_cmd rb_ui_dlg_new_key(rb_ui_state *st, SDL_Keycode key);
/* The custom clock's field, as a text field. */
rb_ui_edit rb_ui_dlg_new_edit(rb_ui_dialog_state *d);
/* A key for the custom clock's field while it has the focus (*used false
 * when it is not the field's key): Enter starts the game, the rest edit as
 * in the save dialog's name. */
rb_ui_cmd rb_ui_dlg_new_field_key(rb_app *app, SDL_Keycode key, Uint16 mod, bool *used);
/* Typed text for the custom clock (when it is chosen); it moves the focus
 * to the field. */
void rb_ui_dlg_new_text(rb_ui_state *st, const char *text);

#endif
