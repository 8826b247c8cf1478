/*
 * dlg_welcome.h - the welcome over the board at the first start: what
 * Rollerball is, and three ways in (learn, play the computer, play a
 * friend). Reachable again from Help.
 */
#ifndef RB_UI_DLG_WELCOME_H
#define RB_UI_DLG_WELCOME_H

#include "dialogs/dlg.h"

/* The computer's level for a newcomer's first game. */
#define RB_UI_WELCOME_LEVEL 2

void rb_ui_dlg_welcome_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_welcome_click(rb_ui_state *st, int id);
rb_ui_cmd rb_ui_dlg_welcome_key(rb_ui_state *st, SDL_Keycode key);

#endif
