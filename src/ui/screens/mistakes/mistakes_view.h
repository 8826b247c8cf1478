/*
 * mistakes_view.h - the view of "learn from your mistakes": its panel (the
 * question, what was said about the last try, the buttons) and the missed
 * line's paths over the board, and its input. The commands are
 * mistakes.c's, carried out through rb_ui_apply().
 */
#ifndef RB_UI_MISTAKES_VIEW_H
#define RB_UI_MISTAKES_VIEW_H

#include "state/cmd.h"
#include "state/window.h"

/* The panel, in place of the game's, into rect. */
void rb_ui_mistakes_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect);
/* The shown line's paths, over the drawn board. */
void rb_ui_mistakes_view_draw_board(rb_app *app, const rb_ui_state *st);
/* An event while the mode is open; *used is false for what the window's
 * shortcuts should still see. */
rb_ui_cmd rb_ui_mistakes_view_event(rb_app *app, const SDL_Event *ev, bool *used);
/* Where the last draw put the button with this label; false if not shown. */
bool rb_ui_mistakes_view_button_rect(const rb_app *app, const char *label, SDL_Rect *r);
void rb_ui_mistakes_view_free(rb_app *app);

#endif
