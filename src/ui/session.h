/*
 * session.h - the game's ending moves that are not moves: resigning and
 * draws by agreement, against a friend or the computer.
 */
#ifndef RB_UI_SESSION_H
#define RB_UI_SESSION_H

#include "app.h"
#include "rb_engine.h"

/* Within this many centipawns of level, the computer accepts a draw. */
#define RB_UI_DRAW_MARGIN_CP 50

/* The colour a click on "Resign" gives up for: the only human's colour
 * against the computer, otherwise the side to move. */
int rb_ui_session_resigner(const rb_app *app);
/* Ends the game by resignation of that colour. */
void rb_ui_session_resign(rb_app *app, int color);
/* True when the game goes on and a draw may be offered (at least one human,
 * not while browsing). */
bool rb_ui_session_can_offer_draw(const rb_app *app);
/* A human offers a draw to the computer: accepted (and the game drawn)
 * only when the computer judges the position level. Returns whether it was
 * accepted; the answer is also shown as the status message. */
bool rb_ui_session_offer_draw_to_computer(rb_app *app);
/* Whether the computer would accept a draw in pos, given its evaluation
 * from the side to move's point of view (static, and the last search's
 * score when it was for this position). */
bool rb_ui_session_computer_accepts_draw(const rb_pos *pos, const rb_search_info *last);
/* Two humans agreed: the game is drawn. */
void rb_ui_session_agree_draw(rb_app *app);
/* True when the opponent of the side to move is the computer. */
bool rb_ui_session_against_computer(const rb_app *app);

#endif
