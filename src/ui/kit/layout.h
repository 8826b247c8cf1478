/*
 * layout.h - where the board and the panel go for an output size, and how
 * large the panel's text is: the display's scale times the person's
 * interface size.
 */
#ifndef RB_UI_LAYOUT_H
#define RB_UI_LAYOUT_H

#include "state/window.h"

/* The board's grid takes at least this share (percent) of the output's
 * smaller side. */
#define RB_UI_BOARD_SHARE_PCT 60

/* The interface size the person may choose, percent. */
#define RB_UI_SCALE_MIN 100
#define RB_UI_SCALE_MAX 200
#define RB_UI_SCALE_STEP 25

/* out_w x out_h: renderer output in pixels; win_w x win_h: the window in
 * window coordinates (equal without high DPI). At the display's scale
 * (output pixels per window coordinate) and an interface size of 100%. */
void rb_ui_layout_compute(rb_ui_layout *l, int out_w, int out_h, int win_w, int win_h);
/* The same at a display scale (system_scale: how many output pixels the
 * display gives a point of text; 1 on an ordinary screen, 2 on most
 * high-DPI ones) and an interface size in percent (100..200). */
void rb_ui_layout_compute_scaled(rb_ui_layout *l, int out_w, int out_h, int win_w, int win_h, float system_scale,
                                 int ui_pct);
/* The least window, in window coordinates, at this interface size and
 * display scale, where px_per_win output pixels make a window coordinate:
 * the 100% least (RB_UI_MIN_W x RB_UI_MIN_H) grown with the scale. */
void rb_ui_layout_least_window(int ui_pct, float system_scale, float px_per_win, int *w, int *h);
/* The display's scale from what the system says: drawable pixels per
 * window coordinate (above 1 where the system scales windows itself:
 * Wayland, macOS, Windows), else the GDK_SCALE convention of X11 desktops
 * (gdk_scale, the variable's text, or NULL), else 1. */
float rb_ui_layout_system_scale(float px_per_win, const char *gdk_scale);

#endif
