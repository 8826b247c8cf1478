/*
 * dlg_save.h - the save dialog: an open (suggests a name), a draw from
 * const state, and input handlers that edit the name and return a command.
 */
#ifndef RB_UI_DLG_SAVE_H
#define RB_UI_DLG_SAVE_H

#include "dialogs/dlg.h"

void rb_ui_dlg_save_open(rb_app *app);
void rb_ui_dlg_save_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_save_click(rb_ui_state *st, int id);
/* Keys of the save dialog's name field (when it has the focus); *used is
 * false for keys it leaves to the dialogs' common handling. */
rb_ui_cmd rb_ui_dlg_save_key(rb_app *app, SDL_Keycode key, Uint16 mod, bool *used);
void rb_ui_dlg_save_text(rb_app *app, const char *text);

#endif
