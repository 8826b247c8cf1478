/*
 * dlg_load.h - the load dialog: an open (lists the games folder), a draw
 * from const state, and input handlers that pick a game and return a
 * command.
 */
#ifndef RB_UI_DLG_LOAD_H
#define RB_UI_DLG_LOAD_H

#include "dialogs/dlg.h"

void rb_ui_dlg_load_open(rb_app *app);
void rb_ui_dlg_load_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_load_click(rb_ui_state *st, int id, int clicks);
rb_ui_cmd rb_ui_dlg_load_key(rb_app *app, SDL_Keycode key);
void rb_ui_dlg_load_wheel(rb_app *app, int dy);
/* The spoken mode's words for the list's chosen row: the game's name, when
 * it was saved, which row of how many ("Game 1, saved 2026-12-03 16:20, 1
 * of 3"), or that there is none. Returns the length written. */
size_t rb_ui_dlg_load_row_words(const rb_ui_dialog_state *d, char *out, size_t len);

#endif
