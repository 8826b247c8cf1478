/*
 * clock_view.h - the two clocks of a timed game, drawn in the side panel.
 *
 * A view with nothing to click: it draws from const state and the clocks'
 * time source, and takes no events. Each side has a box with its colour's
 * name and its time; the side whose time runs is framed, and its time turns
 * red in the last RB_UI_CLOCK_LOW_MS (with tenths shown, so it is not told
 * by colour alone). A fallen flag reads "Time!".
 */
#ifndef RB_UI_CLOCK_VIEW_H
#define RB_UI_CLOCK_VIEW_H

#include "state/window.h"

/* Draws the clocks across col from y, when the game is timed; returns the
 * y below them (y itself for an untimed game). */
int rb_ui_clock_view_draw(rb_app *app, const rb_ui_state *st, SDL_Rect col, int y);

#endif
