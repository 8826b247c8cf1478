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

#include "command.h"
#include "window.h"

/* True when cmd is the editor's to carry out: its own commands, and while
 * it is open (and no analysis board lies over it), the game's commands it
 * refuses. */
bool rb_ui_editor_takes(const rb_ui_state *st, rb_ui_cmd_kind kind);
/* Carries out one of those (rb_ui_apply only). Returns 0, or -1 when it
 * was refused (the status line or the field says why). */
int rb_ui_editor_apply(rb_app *app, const rb_ui_cmd *cmd);
/* Closes the editor, the game's view put back (also before a game from
 * elsewhere replaces the game). */
void rb_ui_editor_leave(rb_app *app);

/* True when the position set up may be played: the verdict finds nothing. */
bool rb_ui_editor_playable(const rb_ui_state *st);
/* True when the analysis board may open on it now; else why not, in the
 * window's words (why may be NULL). */
bool rb_ui_editor_can_analyse(const rb_ui_state *st, char *why, size_t len);
/* The verdict in the window's words, translated, naming the squares; ""
 * for a legal position. */
void rb_ui_editor_reason(const rb_pos_verdict *v, char *buf, size_t len);

#endif
