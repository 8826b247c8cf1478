/*
 * view.h - squares and pixels: which square is under a point, where a
 * square is drawn, and the board's orientation (flipped or not).
 *
 * A view is a value (where the 7x7 grid sits, the square size, which way
 * up), not the app, so the same board drawing serves the game's board and
 * any other picture of a position (the help screen's diagrams).
 */
#ifndef RB_UI_VIEW_H
#define RB_UI_VIEW_H

#include "state/window.h"

typedef struct rb_ui_view {
    SDL_Rect board; /* the 7x7 grid, 7 * sq on each side */
    int sq;         /* square size in pixels */
    int margin;     /* room around the grid for coordinates */
    bool flipped;   /* Black at the bottom */
    int coord_px;   /* the coordinates' text (0: three fifths of the margin) */
} rb_ui_view;

/* The view of the game's board (the app's layout and orientation). */
rb_ui_view rb_ui_view_of(const rb_app *app);
/* A view filling area (square size whole, a margin of a third of a square
 * for coordinates when with_margin), centred in it. */
rb_ui_view rb_ui_view_fit(SDL_Rect area, bool with_margin, bool flipped);

/* Column and row on screen (0..6, row 0 at the top) of file/rank. */
int rb_ui_view_col(const rb_ui_view *v, int file);
int rb_ui_view_row(const rb_ui_view *v, int rank);
/* The square under output pixel (x, y), or -1 (off the board, the hole). */
int rb_ui_view_square_at(const rb_ui_view *v, int x, int y);
SDL_Rect rb_ui_view_rect(const rb_ui_view *v, int sq);
SDL_FPoint rb_ui_view_center(const rb_ui_view *v, int sq);
/* The RB_DIR_* direction as a unit step on screen (y grows downward). */
SDL_FPoint rb_ui_view_dir(const rb_ui_view *v, int dir);
/* The hole, in output pixels. */
SDL_Rect rb_ui_view_hole(const rb_ui_view *v);
/* The promotion chooser's two cells over the square to: cells[0] the rook
 * (on the square itself), cells[1] the bishop (next to it, toward the
 * middle of the board). */
void rb_ui_view_chooser(const rb_ui_view *v, int to, SDL_Rect cells[2]);

/* The same on the game's board, for input and tests. */
int rb_ui_view_board_square_at(const rb_app *app, int x, int y);
SDL_FPoint rb_ui_view_board_center(const rb_app *app, int sq);

#endif
