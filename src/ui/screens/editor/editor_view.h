/*
 * editor_view.h - the position editor's view: its panel (the palette of
 * the eight pieces, side to move, out flags, Clear, Start position, Flip,
 * the position string field, the verdict, Play, Analyse, Cancel), the
 * board with the squares at fault ringed and the piece in hand, and the
 * pointer's and the keyboard's work while it is open.
 *
 * A view like the others: it draws from const state and turns clicks,
 * drags and keys into commands; editor.c carries those out through
 * rb_ui_apply(). A piece is put, moved or taken off by one command,
 * RB_UI_CMD_EDITOR_PUT, whichever gesture asked for it.
 */
#ifndef RB_UI_EDITOR_VIEW_H
#define RB_UI_EDITOR_VIEW_H

#include "state/cmd.h"
#include "state/window.h"

/* The panel, in place of the game's, into rect. */
void rb_ui_editor_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect);
/* The board: the position set up, the squares the verdict names ringed,
 * the piece being dragged under the pointer. */
void rb_ui_editor_view_draw_board(rb_app *app, const rb_ui_state *st);
/* An event while the editor is open (mouse in output pixels); *used is
 * false for what the window's shortcuts should still see (help, settings,
 * quit, Flip). */
rb_ui_cmd rb_ui_editor_view_event(rb_app *app, const SDL_Event *ev, bool *used);
/* Where the last draw put the control with this (untranslated) label, or
 * the palette's piece; false if not shown. For tests. */
bool rb_ui_editor_view_control_rect(const rb_app *app, const char *label, SDL_Rect *r);
bool rb_ui_editor_view_palette_rect(const rb_app *app, rb_piece piece, SDL_Rect *r);
/* True when the last draw showed the control with this label enabled. */
bool rb_ui_editor_view_enabled(const rb_app *app, const char *label);
void rb_ui_editor_view_free(rb_app *app);

#endif
