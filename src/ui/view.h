/*
 * view.h - squares and pixels: which square is under a point, where a
 * square is drawn, and the board's orientation (flipped or not).
 */
#ifndef RB_UI_VIEW_H
#define RB_UI_VIEW_H

#include "app.h"

/* Column and row on screen (0..6, row 0 at the top) of file/rank. */
int rb_ui_view_col(const rb_app *app, int file);
int rb_ui_view_row(const rb_app *app, int rank);
/* The square under output pixel (x, y), or -1 (off the board, the hole). */
int rb_ui_view_square_at(const rb_app *app, int x, int y);
SDL_Rect rb_ui_view_rect(const rb_app *app, int sq);
SDL_FPoint rb_ui_view_center(const rb_app *app, int sq);
/* The RB_DIR_* direction as a unit step on screen (y grows downward). */
SDL_FPoint rb_ui_view_dir(const rb_app *app, int dir);
/* The hole, in output pixels. */
SDL_Rect rb_ui_view_hole(const rb_app *app);
/* The promotion chooser's two cells over the square to: cells[0] the rook
 * (on the square itself), cells[1] the bishop (next to it, toward the
 * middle of the board). */
void rb_ui_view_chooser(const rb_app *app, int to, SDL_Rect cells[2]);

#endif
