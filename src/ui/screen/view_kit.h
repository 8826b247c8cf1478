/*
 * view_kit.h - what the screens that take over the panel share (the puzzle
 * trainer, the analysis board, the mistakes exercises): finding a button
 * of the last frame, the pointer's place in an event, and handing a key a
 * screen does not use to the board's own input.
 *
 * Each screen keeps its own button enum, labels and rectangles; these
 * helpers take those arrays, so a new screen writes none of this again.
 * The position editor shares only the pointer and the release: its
 * pieces in hand and its text field make its mouse handling its own.
 */
#ifndef RB_UI_VIEW_KIT_H
#define RB_UI_VIEW_KIT_H

#include <stdbool.h>

#include "state/cmd.h"
#include "state/window.h"

/* The index of the shown button under (x, y) among n, or -1. */
int rb_ui_view_kit_button_at(const SDL_Rect *rects, const bool *shown, int n, int x, int y);

/* The rectangle of the shown button labelled label among n; false when
 * no such button was drawn. */
bool rb_ui_view_kit_label_rect(const char *const *labels, const SDL_Rect *rects, const bool *shown, int n,
                               const char *label, SDL_Rect *r);

/* The pointer's place for a motion or button event; false for others. */
bool rb_ui_view_kit_pointer(const SDL_Event *ev, int *x, int *y);

/* A key the screen did not use, given to the board's input: typed moves,
 * Esc, the promotion chooser's letters. */
rb_ui_cmd rb_ui_view_kit_key_to_board(rb_app *app, const SDL_KeyboardEvent *k);

/* Whether a key is the window's rather than the screen's: its shortcuts
 * (with Ctrl, Alt or the system key) and the function keys. A screen
 * passes these on unused after taking its own way out. */
bool rb_ui_view_kit_window_key(const SDL_KeyboardEvent *k);

/* The events a panel screen treats alike once it has had its keys: a
 * window event goes to the board's input (a pointer leaving the window
 * ends a drag), the wheel is used up (nothing on these panels scrolls),
 * and a pointer event is used and gives its place. True for a pointer
 * event; otherwise *cmd is the screen's answer. */
bool rb_ui_view_kit_panel_pointer(rb_app *app, const SDL_Event *ev, bool *used, rb_ui_cmd *cmd, int *x, int *y);

/* Whether a pointer event at (x, y) is the board's rather than the
 * panel's: the board holds the mouse (a press or drag began on it) or the
 * pointer is off the panel. A release that goes to the board forgets the
 * panel button half pressed (*pressed becomes -1). */
bool rb_ui_view_kit_board_has_pointer(const rb_app *app, SDL_Rect panel, const SDL_Event *ev, int x, int y,
                                      int *pressed);

/* A panel button's left press and release: a press remembers the button
 * under the pointer (hover) in *pressed; a release over that same,
 * enabled button returns its index. -1 for everything else. */
int rb_ui_view_kit_button_click(const SDL_Event *ev, int *pressed, int hover, const bool *enabled);

/* A left release over the control `under`: its index when it is the one
 * pressed and it is enabled, else -1; the press is forgotten either way. */
int rb_ui_view_kit_release(int *pressed, int under, const bool *enabled);

/* A panel's status message in the column's width from y down, clipped
 * to the room left above its buttons (to `below`) so a long message never
 * runs over them. Nothing for an empty message. */
void rb_ui_view_kit_status(rb_app *app, const char *text, int px, SDL_Rect col, int y, int below);

#endif
