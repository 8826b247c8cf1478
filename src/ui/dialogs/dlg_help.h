/*
 * dlg_help.h - the help screen (F1): the rules a page at a time. A
 * draw from const state; its keys and buttons only turn the page.
 */
#ifndef RB_UI_DLG_HELP_H
#define RB_UI_DLG_HELP_H

#include "dialogs/dlg.h"

void rb_ui_dlg_help_draw(rb_app *app, const rb_ui_state *st);
void rb_ui_dlg_help_click(rb_ui_state *st, int id);
void rb_ui_dlg_help_key(rb_ui_state *st, SDL_Keycode key);
/* Page page's title and text, translated, for the spoken mode (the
 * legend's page has no text of its own: empty). */
void rb_ui_dlg_help_words(int page, char *buf, size_t len);

#endif
