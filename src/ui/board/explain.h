/*
 * explain.h - why a move was refused, shown near the board.
 *
 * An attempt the rules refuse (a piece dropped or clicked on a square that
 * is not one of its destinations, a typed move) becomes RB_UI_CMD_EXPLAIN;
 * applying it asks the rules library why (rb_explain_game_move) and keeps
 * the sentence and the squares to mark in the state for a few seconds.
 * The board view draws them over the board: the attackers' paths to the
 * king, the square in the way.
 */
#ifndef RB_UI_EXPLAIN_H
#define RB_UI_EXPLAIN_H

#include "board/view.h"
#include "state/cmd.h"
#include "state/window.h"

/* How long an explanation stays. */
#define RB_UI_EXPLAIN_MS 3500

/* The command asking to explain the attempt from-to (promo 0 or a type). */
rb_ui_cmd rb_ui_explain_cmd(int from, int to, int promo);
/* Explains the attempt in the position shown, from now on for
 * RB_UI_EXPLAIN_MS. A legal move is not explained (nothing shown). */
void rb_ui_explain_attempt(rb_ui_state *st, int from, int to, int promo, Uint32 now_ms);
/* Shows an explanation made elsewhere (a lesson's refusal), likewise. */
void rb_ui_explain_show(rb_ui_state *st, const rb_explanation *e, Uint32 now_ms);
void rb_ui_explain_clear(rb_ui_state *st);
/* Says in the status line why m is not a move in pos (the rules library's
 * sentence): the puzzle trainer's and the mistakes exercises' refusal. */
void rb_ui_explain_say(rb_ui_state *st, const rb_pos *pos, rb_move m);
/* Says in the status line that the typed move (as typed) is refused and
 * why, from the rules library's answer e: "d2e2: After this move..." The
 * line is about the refusal (RB_UI_STATUS_REFUSED): it goes with the next
 * move, selection or key, and rb_ui_explain_say_refused_again() says it in
 * a new language. */
void rb_ui_explain_say_refused(rb_ui_state *st, const char *typed, const rb_explanation *e);
void rb_ui_explain_say_refused_again(rb_ui_state *st);
/* Ends an explanation whose time is up; true when it did (draw again). */
bool rb_ui_explain_tick(rb_ui_state *st, Uint32 now_ms);
/* When the window must wake to end the explanation, or 0 for never. */
Uint32 rb_ui_explain_wake(const rb_ui_state *st);
/* Draws the check on the side to move in pos over the board of view v:
 * each checking piece's path to the king, in the explanation's red, so
 * that a check, and a mate, show why (the board draws it whenever the king
 * to move is attacked). */
void rb_ui_explain_draw_checks(rb_app *app, const rb_ui_view *v, const rb_pos *pos);
/* Draws the explanation over the board. */
void rb_ui_explain_draw(rb_app *app, const rb_ui_state *st);

#endif
