/*
 * apply.h - carrying out a command (state/cmd.h): the one place that changes
 * the game, and does what every change brings with it once.
 */
#ifndef RB_UI_APPLY_H
#define RB_UI_APPLY_H

#include "state/cmd.h"
#include "state/window.h"

/* Carries out cmd and its follow-ups, marks a redraw. Returns 0 when it
 * was done (or there was nothing to do), -1 when it was refused: an
 * illegal move, a file that could not be read or written, a declined draw
 * (the reason is in the status line, or in the open dialog). */
int rb_ui_apply(rb_app *app, const rb_ui_cmd *cmd);
/* Hands the settings' sound switch and volume to the sound module (the
 * window does it once its settings are read). */
void rb_ui_apply_sound_settings(rb_app *app);
/* Closes every open screen, the game's view put back (the window closes). */
void rb_ui_apply_close_screens(rb_app *app);

/* For the network game (net_play.c), which changes the game through these
 * as the other commands do: *g (taken over) in place of the game, with who
 * plays it; and the follow-ups of an ending written into the game. */
void rb_ui_apply_replace_game(rb_app *app, rb_game *g, const rb_ui_player players[2]);
void rb_ui_apply_game_ended(rb_app *app);

#endif
