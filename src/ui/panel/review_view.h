/*
 * review_view.h - what a game review shows: its progress bar while it
 * runs, then the evaluation graph (White's winning chance after every
 * ply, the ply on the board marked, a click goes there), and the marks
 * after moves in the move list (?! inaccuracy, ? mistake, ?? blunder).
 *
 * The graph sits in the panel above the move list, not under the board:
 * the board takes the window's full height, and a strip under it would
 * shrink every square for a view that is read now and then. The panel
 * makes room for it first (its buttons take a third column sooner), and
 * where room is short the graph keeps its least height before the move
 * list keeps its rows: the graph shows every mark as a dot, the list only
 * the rows it has room for. Where it was drawn is kept in the review's
 * memory for the click.
 */
#ifndef RB_UI_REVIEW_VIEW_H
#define RB_UI_REVIEW_VIEW_H

#include "state/cmd.h"
#include "state/window.h"

/* The height the progress bar or the graph wants above the move list at
 * least (gap included), 0 when there is neither, for a panel laying itself
 * out. */
int rb_ui_review_view_wanted(rb_app *app, const rb_ui_state *st, int px);
/* Draws the progress bar or the graph at the top of area when there is
 * one to show, and returns what is left of area for the move list. */
SDL_Rect rb_ui_review_view_draw(rb_app *app, const rb_ui_state *st, SDL_Rect area, int px);
/* Draws the mark of move k after its text (drawn at x, centred on cy);
 * nothing for a best or good move or an unreviewed game. */
void rb_ui_review_view_mark(rb_app *app, const rb_game *g, size_t k, const char *text, bool bold, int x, int cy,
                            int px);
/* A click on the graph: RB_UI_CMD_BROWSE to the ply under it (*used). */
rb_ui_cmd rb_ui_review_view_event(rb_app *app, const SDL_Event *ev, bool *used);
/* Where the graph was last drawn; false when it was not. */
bool rb_ui_review_view_graph_rect(const rb_app *app, SDL_Rect *out);

#endif
