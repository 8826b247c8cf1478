/*
 * input.h - the board's mouse and keyboard handling: selecting a piece,
 * click-to-move, drag-and-drop, the promotion chooser, typed moves.
 * Changes the input state only; a move leaves as an RB_UI_CMD_PLAY.
 */
#ifndef RB_UI_INPUT_H
#define RB_UI_INPUT_H

#include "state/cmd.h"
#include "state/window.h"

/* Takes an event meant for the board (mouse coordinates in output
 * pixels); returns the move it makes, if any. */
rb_ui_cmd rb_ui_input_event(rb_app *app, const SDL_Event *ev);
/* Selects the piece on sq, listing its legal moves; false if it has none
 * or may not move now. */
bool rb_ui_input_select(rb_ui_state *st, int sq);
/* Drops the selection, a drag, the chooser and typed text. */
void rb_ui_input_cancel(rb_ui_input *in);
/* The selected piece's legal move to square to (the first one when a
 * promotion offers several), or RB_MOVE_NONE. */
rb_move rb_ui_input_move_to(const rb_ui_input *in, int to);
/* The selected piece's move to to: *out the command that plays it, or the
 * chooser opened for a promotion, or a premove set; false when to is not
 * one of its destinations. */
bool rb_ui_input_try(rb_ui_state *st, int to, rb_ui_cmd *out);
/* Drops the typed text only. */
void rb_ui_input_forget_typed(rb_ui_input *in);
/* Sets the person's premove, and says so. */
void rb_ui_input_set_premove(rb_ui_state *st, rb_move m);
/* Opens the promotion chooser for the selected piece's move to to. */
void rb_ui_input_promote_to(rb_ui_state *st, int to);
/* Sets the pointer position (output pixels): the hovered square, the
 * chooser's hovered cell, the dragged piece. */
void rb_ui_input_pointer(rb_app *app, int x, int y);

#endif
