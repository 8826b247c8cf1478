/*
 * analysis_view.h - the analysis board's view: its panel (the evaluation
 * bar, the engine's three lines, the variation, the buttons), the path of
 * the line pointed at drawn over the board, and the board's input while
 * it is open.
 *
 * A view like the others: it draws from const state and turns clicks and
 * keys into commands; analysis.c carries those out through rb_ui_apply().
 */
#ifndef RB_UI_ANALYSIS_VIEW_H
#define RB_UI_ANALYSIS_VIEW_H

#include "state/cmd.h"
#include "state/window.h"

/* The panel, in place of the game's, into rect: the bar down its side
 * next to the board (across its top when the panel is below the board). */
/* The header's line under "Analysis board": which of the game's positions
 * is analysed, its moves counted as the move list counts them. */
void rb_ui_analysis_view_header_line(const rb_ui_state *st, char *line, size_t len);
void rb_ui_analysis_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect);
/* The pointed line's first move, over the drawn board (never in its
 * cached layer). */
void rb_ui_analysis_view_draw_board(rb_app *app, const rb_ui_state *st);
/* An event while the board is open (mouse in output pixels); *used is
 * false for what the window's shortcuts should still see. */
rb_ui_cmd rb_ui_analysis_view_event(rb_app *app, const SDL_Event *ev, bool *used);
/* Where the last draw put the button with this label, or line i (from 0);
 * false if not shown. */
bool rb_ui_analysis_view_button_rect(const rb_app *app, const char *label, SDL_Rect *r);
bool rb_ui_analysis_view_line_rect(const rb_app *app, int i, SDL_Rect *r);
/* Where the last draw put the evaluation bar; false before the first. */
bool rb_ui_analysis_view_bar_rect(const rb_app *app, SDL_Rect *r);
/* The endgame tables' rows the last draw showed for its position: copies
 * at most max moves with their values (best first) and each row's words
 * into texts (may be NULL); returns how many the position has, 0 when it
 * is not in the tables. */
struct rb_tb_move_value;
int rb_ui_analysis_view_tables(const rb_app *app, struct rb_tb_move_value *moves, char (*texts)[96], int max);
void rb_ui_analysis_view_free(rb_app *app);

#endif
