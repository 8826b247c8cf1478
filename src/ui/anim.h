/*
 * anim.h - the piece sliding along its path after a move.
 */
#ifndef RB_UI_ANIM_H
#define RB_UI_ANIM_H

#include "app.h"

/* Starts animating m, just played from before. */
void rb_ui_anim_start(rb_app *app, const rb_pos *before, rb_move m);
/* Ends the animation at once (the next action interrupts it). */
void rb_ui_anim_stop(rb_app *app);
/* Where the moving piece is now; false when nothing moves (also ends an
 * animation whose time is up). */
bool rb_ui_anim_point(rb_app *app, Uint32 now_ms, SDL_FPoint *at);

#endif
