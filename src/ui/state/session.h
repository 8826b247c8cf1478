/*
 * session.h - the game's endings that are not moves: who resigns, whether
 * a draw may be offered, and whether the computer takes one. Questions
 * only; resigning and agreeing a draw are commands (apply.c).
 */
#ifndef RB_UI_SESSION_H
#define RB_UI_SESSION_H

#include "rb_engine.h"
#include "state/state.h"

/* The computer accepts a draw only in a real, level position after the
 * opening: at least RB_UI_DRAW_MIN_PLY moves (plies) played in the game, and
 * a search of RB_UI_DRAW_DEPTH plies at full strength scoring the position
 * within RB_UI_DRAW_MARGIN_CP centipawns of level (no win in sight). */
#define RB_UI_DRAW_MIN_PLY 20
#define RB_UI_DRAW_DEPTH 9
/* 40 centipawns of the tuned evaluation are the winning chance 25 were
 * of the hand-set one (the review's curve: k 0.0062 now, 0.0099 then). */
#define RB_UI_DRAW_MARGIN_CP 40

/* The colour a click on "Resign" gives up for: the only human's colour
 * against the computer, otherwise the side to move. */
int rb_ui_session_resigner(const rb_ui_state *st);
/* True when the game goes on and a draw may be offered (at least one human,
 * not while browsing). */
bool rb_ui_session_can_offer_draw(const rb_ui_state *st);
/* Whether the computer accepts a draw offered at the game's current
 * position, searching it (a fraction of a second); the reason in words
 * goes to why ("it is too early...", "it sees the game as not level"). */
bool rb_ui_session_computer_takes_draw(const rb_game *g, char *why, size_t whylen);

#endif
