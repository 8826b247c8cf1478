/*
 * puzzle_view.h - the puzzle trainer's view: its panel (the puzzle, the
 * task, the player's rating and streak, hints, solution, next, the theme
 * filter, back to game), its marks on the board (the hinted piece and
 * path, the solution's paths), and the routing of the board's input while
 * the trainer is open.
 *
 * A view like the others: it draws from const state and turns clicks and
 * keys into commands; trainer.c carries those out through rb_ui_apply().
 */
#ifndef RB_UI_PUZZLE_VIEW_H
#define RB_UI_PUZZLE_VIEW_H

#include "state/cmd.h"
#include "state/window.h"

/* The line under the puzzle's name: its themes, and "solved before" when
 * it was solved in an attempt before this one. */
void rb_ui_puzzle_view_theme_line(const rb_ui_state *st, char *line, size_t len);
/* The panel, in place of the game's, into rect. */
void rb_ui_puzzle_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect);
/* The hint and solution marks, over the drawn board (never in its cached
 * layer: they are drawn after it, every frame they show). */
void rb_ui_puzzle_view_draw_board(rb_app *app, const rb_ui_state *st);
/* An event while the trainer is open (mouse in output pixels); *used is
 * false for what the window's shortcuts should still see. */
rb_ui_cmd rb_ui_puzzle_view_event(rb_app *app, const SDL_Event *ev, bool *used);
/* The step that is due at now_ms (a waiting reply), or none. */
rb_ui_cmd rb_ui_puzzle_view_tick(const rb_ui_state *st, Uint32 now_ms);
/* Where the last draw put the button with this label; false if not shown. */
bool rb_ui_puzzle_view_button_rect(const rb_app *app, const char *label, SDL_Rect *r);
void rb_ui_puzzle_view_free(rb_app *app);

#endif
