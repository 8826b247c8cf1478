/*
 * dialog_game.h - the dialogs about games: new game, save, load. Each is
 * an open (fills its form), a draw from const state, and input handlers
 * that change the form and return a command.
 */
#ifndef RB_UI_DIALOG_GAME_H
#define RB_UI_DIALOG_GAME_H

#include "dialogs/dlg.h"

void rb_ui_dlg_new_open(rb_ui_state *st);
void rb_ui_dlg_new_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_new_click(rb_ui_state *st, int id);
rb_ui_cmd rb_ui_dlg_new_key(rb_ui_state *st, SDL_Keycode key);
/* Typed text for the custom clock (when it is chosen). */
void rb_ui_dlg_new_text(rb_ui_state *st, const char *text);

void rb_ui_dlg_save_open(rb_app *app);
void rb_ui_dlg_save_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_save_click(rb_ui_state *st, int id);
/* Keys of the save dialog's name field (when it has the focus); *used is
 * false for keys it leaves to the dialogs' common handling. */
rb_ui_cmd rb_ui_dlg_save_key(rb_app *app, SDL_Keycode key, Uint16 mod, bool *used);
void rb_ui_dlg_save_text(rb_app *app, const char *text);

void rb_ui_dlg_load_open(rb_app *app);
void rb_ui_dlg_load_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_load_click(rb_ui_state *st, int id, int clicks);
rb_ui_cmd rb_ui_dlg_load_key(rb_app *app, SDL_Keycode key);
void rb_ui_dlg_load_wheel(rb_app *app, int dy);

#endif
