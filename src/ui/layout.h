/*
 * layout.h - where the board and the panel go for an output size.
 */
#ifndef RB_UI_LAYOUT_H
#define RB_UI_LAYOUT_H

#include "window.h"

/* The board's grid takes at least this share (percent) of the output's
 * smaller side. */
#define RB_UI_BOARD_SHARE_PCT 60

/* out_w x out_h: renderer output in pixels; win_w x win_h: the window in
 * window coordinates (equal without high DPI). */
void rb_ui_layout_compute(rb_ui_layout *l, int out_w, int out_h, int win_w, int win_h);

#endif
