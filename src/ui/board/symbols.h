/*
 * symbols.h - the board's symbols explain themselves: a throne star, a
 * turn square, a start line or an out-flag pennant pointed at for a moment
 * (RB_UI_TIP_MS) says what it means in a small box beside it; and the
 * help's legend draws every symbol as the board draws it, with its
 * meaning.
 */
#ifndef RB_UI_SYMBOLS_H
#define RB_UI_SYMBOLS_H

#include "state/window.h"

/* The symbol at output pixel (x, y) of the game's board as st shows it,
 * RB_UI_SYMBOL_NONE for none; *sq and *color say which (may be NULL). */
rb_ui_symbol rb_ui_symbols_at(const rb_app *app, const rb_ui_state *st, int x, int y, int *sq, int *color);
/* Follows the pointer (motion, press, leaving the window, keys) at time
 * now: a new symbol under it starts the wait, anything else hides the tip. */
void rb_ui_symbols_event(rb_app *app, const SDL_Event *ev, Uint32 now_ms);
/* Shows the tip whose wait is over; true when it did (draw again). */
bool rb_ui_symbols_tick(rb_ui_state *st, Uint32 now_ms);
/* When the window must wake to show a tip, or 0 for never. */
Uint32 rb_ui_symbols_wake(const rb_ui_state *st);
/* What the pointed symbol means, in a sentence or two. */
void rb_ui_symbols_text(const rb_ui_state *st, char *buf, size_t len);
/* Draws the shown tip beside its square. */
void rb_ui_symbols_draw(rb_app *app, const rb_ui_state *st);
/* Draws the legend of every symbol into area (the help's first page). */
void rb_ui_symbols_legend(rb_app *app, const rb_ui_state *st, SDL_Rect area);

#endif
