/*
 * screen_board.h - the board half of the screens that play on a board of
 * their own: the puzzle trainer and learn from your mistakes.
 */
#ifndef RB_UI_SCREEN_BOARD_H
#define RB_UI_SCREEN_BOARD_H

#include <stdbool.h>

#include "board/view.h"
#include "state/cmd.h"
#include "state/window.h"

/* A move's path as an arrow of the given width, outlined, its rebound
 * marked: the hint's way, a line's moves. */
void rb_ui_screen_board_path(rb_app *app, const rb_ui_view *view, const rb_path *path, float width, SDL_Color col);

/* moves drawn over the board with their paths, numbered from 1; the
 * solver's (solver[i]) in the path colour, the other side's in the last
 * move's (the trainer's solution, the mistakes exercises' missed line). */
void rb_ui_screen_board_moves(rb_app *app, const rb_move *moves, const bool *solver, int n);

/* The board's own input for a screen that judges moves itself: a press or
 * drop where the selected piece cannot go gets the rules library's reason
 * in the status line. */
rb_ui_cmd rb_ui_screen_board_event(rb_app *app, const SDL_Event *ev);

#endif
