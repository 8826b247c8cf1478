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

#include "command.h"
#include "window.h"

/* Plies of the search that judges a move other than the stored better one
 * (README, "Game review", for its time). */
#define RB_UI_MISTAKES_DEPTH 8

/* The person's mistakes and blunders with a better line in the reviewed
 * game (in a game against the computer the person's side, between two
 * people both); 0 when the game is not reviewed. At most max plies go into
 * plies (may be NULL). */
int rb_ui_mistakes_find(const rb_ui_state *st, size_t *plies, int max);
/* True when the mode can open: a reviewed game with such moves. */
bool rb_ui_mistakes_available(const rb_ui_state *st);

/* True when cmd is the mode's to carry out: its own commands, and while it
 * is open a move on the board and the game's commands it refuses. */
bool rb_ui_mistakes_takes(const rb_ui_state *st, rb_ui_cmd_kind kind);
/* Carries one out (rb_ui_apply only). 0, or -1 when refused (the status
 * line says why). */
int rb_ui_mistakes_apply(rb_app *app, const rb_ui_cmd *cmd);
/* Closes the mode, the game's view put back as it was. */
void rb_ui_mistakes_leave(rb_app *app);
/* Frees the engine that judged moves (the window closes). */
void rb_ui_mistakes_free(rb_app *app);
/* True while a move of the missed line waits to be shown. */
bool rb_ui_mistakes_waiting(const rb_ui_state *st);
/* The step due at now_ms (a waiting move of the missed line), or none. */
rb_ui_cmd rb_ui_mistakes_tick(const rb_ui_state *st, Uint32 now_ms);

#endif
