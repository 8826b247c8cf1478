/*
 * view_kit.h - what the screens that take over the panel share (the puzzle
 * trainer, the analysis board, the mistakes exercises): finding a button
 * of the last frame, the pointer's place in an event, and handing a key a
 * screen does not use to the board's own input.
 *
 * Each screen keeps its own button enum, labels and rectangles; these
 * helpers take those arrays, so a new screen writes none of this again.
 */
#ifndef RB_UI_VIEW_KIT_H
#define RB_UI_VIEW_KIT_H

#include <stdbool.h>

#include "command.h"
#include "window.h"

/* The index of the shown button under (x, y) among n, or -1. */
int rb_ui_kit_button_at(const SDL_Rect *rects, const bool *shown, int n, int x, int y);

/* The rectangle of the shown button labelled label among n; false when
 * no such button was drawn. */
bool rb_ui_kit_label_rect(const char *const *labels, const SDL_Rect *rects, const bool *shown, int n,
                          const char *label, SDL_Rect *r);

/* The pointer's place for a motion or button event; false for others. */
bool rb_ui_kit_pointer(const SDL_Event *ev, int *x, int *y);

/* A key the screen did not use, given to the board's input: typed moves,
 * Esc, the promotion chooser's letters. */
rb_ui_cmd rb_ui_kit_key_to_board(rb_app *app, const SDL_KeyboardEvent *k);

#endif
