/*
 * learn_view.h - the Learn screen drawn (the lesson map, or a stage on its
 * board with the lesson's text beside it), and its clicks and keys.
 */
#ifndef RB_UI_LEARN_VIEW_H
#define RB_UI_LEARN_VIEW_H

#include <stdbool.h>

#include "state/cmd.h"
#include "state/window.h"

/* The whole window: the map or the stage played. */
void rb_ui_learn_view_draw(rb_app *app, const rb_ui_state *st, Uint32 now_ms);
/* An event while the screen is open; it uses every one (*used): the
 * window's own keys it needs (help, quit) it turns into commands itself. */
rb_ui_cmd rb_ui_learn_view_event(rb_app *app, const SDL_Event *ev, bool *used);
/* A command of the game's board input, from the mouse or from the spoken
 * mode's keys, as the lesson takes it: a move played, or an attempt
 * refused, is a try on the stage (the lesson judges it); any other command
 * is returned as it is. */
rb_ui_cmd rb_ui_learn_view_to_stage(rb_ui_cmd cmd);

#endif
