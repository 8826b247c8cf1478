/*
 * render.h - drawing the board and everything on it.
 */
#ifndef RB_UI_RENDER_H
#define RB_UI_RENDER_H

#include "app.h"

/* Draws the board area (not the panel) for the current state at time now. */
void rb_ui_render_board(rb_app *app, Uint32 now_ms);

#endif
