/*
 * input.h - the board's mouse and keyboard handling: selecting a piece,
 * click-to-move, drag-and-drop, the promotion chooser, typed moves.
 */
#ifndef RB_UI_INPUT_H
#define RB_UI_INPUT_H

#include "app.h"

/* Handles an event meant for the board (mouse coordinates in output
 * pixels). Returns true when it used the event. */
bool rb_ui_input_event(rb_app *app, const SDL_Event *ev);
/* True when a human may move now (their turn, game not over). */
bool rb_ui_input_can_move(const rb_app *app);
/* Selects the piece on sq, listing its legal moves; false if it has none
 * or may not move now. */
bool rb_ui_input_select(rb_app *app, int sq);
/* Drops the selection, a drag, the chooser and typed text. */
void rb_ui_input_cancel(rb_app *app);
/* The selected piece's legal move to square to (the first one when a
 * promotion offers several), or RB_MOVE_NONE. */
rb_move rb_ui_input_move_to(const rb_app *app, int to);
/* Sets the pointer position (output pixels) and the hovered square. */
void rb_ui_input_pointer(rb_app *app, int x, int y);

#endif
