/*
 * session.h - the game's endings that are not moves: who resigns, whether
 * a draw may be offered, and whether the computer takes one. Questions
 * only; resigning and agreeing a draw are commands (apply.c).
 */
#ifndef RB_UI_SESSION_H
#define RB_UI_SESSION_H

#include "rb_engine.h"
#include "state.h"

/* Within this many centipawns of level, the computer accepts a draw. */
#define RB_UI_DRAW_MARGIN_CP 50

/* The colour a click on "Resign" gives up for: the only human's colour
 * against the computer, otherwise the side to move. */
int rb_ui_session_resigner(const rb_ui_state *st);
/* True when the game goes on and a draw may be offered (at least one human,
 * not while browsing). */
bool rb_ui_session_can_offer_draw(const rb_ui_state *st);
/* Whether the computer would accept a draw in pos, given its evaluation
 * from the side to move's point of view (static, and the last search's
 * score when it was for this position). */
bool rb_ui_session_computer_accepts_draw(const rb_pos *pos, const rb_search_info *last);
/* Whether the computer accepts a draw offered now in the game st shows,
 * last being its last finished search's report and key the position it
 * searched (NULL: none). */
bool rb_ui_session_computer_takes_draw(const rb_ui_state *st, const rb_search_info *last, uint64_t key);

#endif
