/*
 * anim.h - the piece sliding along its path after a move.
 */
#ifndef RB_UI_ANIM_H
#define RB_UI_ANIM_H

#include "state/state.h"
#include "board/view.h"

/* Starts animating m, just played from before at now_ms (when the setting
 * is on). */
void rb_ui_anim_start(rb_ui_anim *a, const rb_ui_settings *settings, const rb_pos *before, rb_move m, Uint32 now_ms);
/* Ends the animation at once (the next action interrupts it). */
void rb_ui_anim_stop(rb_ui_anim *a);
/* True when a running animation's time is up (the app then stops it). */
bool rb_ui_anim_over(const rb_ui_anim *a, Uint32 now_ms);
/* Where the moving piece is on view at now; false when nothing moves. */
bool rb_ui_anim_point(const rb_ui_anim *a, const rb_ui_view *view, Uint32 now_ms, SDL_FPoint *at);

#endif
