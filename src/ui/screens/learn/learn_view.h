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
/* What the game's board input asked for, made the lesson's: a move played
 * or refused becomes an attempt on the stage, a hint the lesson's hint. */
rb_ui_cmd rb_ui_learn_board_cmd(rb_ui_cmd cmd);

#endif
