/*
 * editor.h - the position editor's commands: setting up any position a
 * piece at a time or from a position string, the rules library's verdict
 * on it, and leaving it for a game, the analysis board or the game as it
 * was.
 *
 * Only rb_ui_apply() calls the command half (as it does the analysis
 * board's): the editor's position is part of the window's state
 * (editor_state.h). editor_view.c draws it and turns the pointer and the
 * keys into these commands.
 */
#ifndef RB_UI_EDITOR_H
#define RB_UI_EDITOR_H

#include "screen/screen.h"
#include "state/cmd.h"
#include "state/window.h"

/* While it is open and on top, whether the editor takes a command of the
 * game's: those it refuses, so the game is not changed behind it. */
bool rb_ui_editor_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind);
/* Carries out one of its commands or of those it keeps (rb_ui_apply only,
 * through the screen's entry, screen.h). Returns 0, or -1 when it was
 * refused (the status line or the field says why). */
int rb_ui_editor_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others);
/* Closes the editor, the game's view put back. */
void rb_ui_editor_leave(rb_app *app);

/* (Whether the position set up may be played, or analysed, state.h says:
 * rb_ui_state_editor_playable, rb_ui_state_editor_can_analyse.) */
/* The verdict in the window's words, translated, naming the squares; ""
 * for a legal position. */
void rb_ui_editor_reason(const rb_pos_verdict *v, char *buf, size_t len);

#endif
