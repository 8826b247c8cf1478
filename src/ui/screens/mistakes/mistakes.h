/*
 * mistakes.h - "learn from your mistakes": each mistake and blunder the
 * person made in a reviewed game comes back as an exercise, the position
 * before it on the board and the question "find a better move".
 *
 * A review (review.h) leaves in the game record, for each move, a class
 * NAG and, for mistakes and blunders, the engine's better line as the
 * move's variation. Those are the exercises: the first move of the stored
 * line is the answer. Only rb_ui_apply() calls the command half, as it
 * does the puzzle trainer's; the game is never changed.
 */
#ifndef RB_UI_MISTAKES_H
#define RB_UI_MISTAKES_H

#include "screen/screen.h"
#include "state/cmd.h"
#include "state/window.h"

/* Plies of the search that judges a move other than the stored better one
 * (README, "Game review", for its time). */
#define RB_UI_MISTAKES_DEPTH 8

/* (Which moves are exercises, and whether the mode can open, the review
 * says: rb_ui_review_mistakes, computer/review.h.) */

/* While it is open and on top, whether the mode takes a command of the
 * game's: a move on its board, and the game's commands it refuses. */
bool rb_ui_mistakes_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind);
/* Carries out one of its commands or of those it keeps (rb_ui_apply only,
 * through the screen's entry, screen.h). 0, or -1 when refused (the status
 * line says why). */
int rb_ui_mistakes_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others);
/* Closes the mode, the game's view put back as it was. */
void rb_ui_mistakes_leave(rb_app *app);
/* Frees the engine that judged moves (the window closes). */
void rb_ui_mistakes_free(rb_app *app);
/* True while a move of the missed line waits to be shown. */
bool rb_ui_mistakes_waiting(const rb_ui_state *st);
/* The step due at now_ms (a waiting move of the missed line), or none. */
rb_ui_cmd rb_ui_mistakes_tick(const rb_ui_state *st, Uint32 now_ms);

#endif
