/*
 * dlg_new.h - the new-game dialog: an open (fills its form), a draw from
 * const state, and input handlers that change the form and return a
 * command.
 */
#ifndef RB_UI_DLG_NEW_H
#define RB_UI_DLG_NEW_H

#include "dialogs/dlg.h"

void rb_ui_dlg_new_open(rb_ui_state *st);
void rb_ui_dlg_new_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_new_click(rb_ui_state *st, int id);
rb_ui_cmd rb_ui_dlg_new_key(rb_ui_state *st, SDL_Keycode key);
/* Typed text for the custom clock (when it is chosen). */
void rb_ui_dlg_new_text(rb_ui_state *st, const char *text);

#endif
