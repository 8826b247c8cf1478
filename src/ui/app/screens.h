/*
 * screens.h - the table of the screens that take over the window (each
 * an rb_ui_screen, screen/screen.h), from the top down: when two are open
 * at once (only the analysis board opened over the position editor), the
 * first is on top. The app and apply reach the screens through this table
 * only; what they do with it is screen.h's list of chores.
 */
#ifndef RB_UI_SCREENS_H
#define RB_UI_SCREENS_H

#include <stddef.h>

#include "screen/screen.h"

extern const rb_ui_screen *const rb_ui_screens[];
extern const size_t rb_ui_screens_count;

/* The open screen on top, or NULL when the game has the window. */
const rb_ui_screen *rb_ui_screens_top(const rb_ui_state *st);
/* The screen whose own command kind is, or NULL for the game's. */
const rb_ui_screen *rb_ui_screens_owner(rb_ui_cmd_kind kind);
/* The screen of this name ("puzzles", "learn", ...), or NULL. */
const rb_ui_screen *rb_ui_screens_find(const char *name);

#endif
