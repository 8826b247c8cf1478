/*
 * coach.h - hints and threats: the best move for the person to move, and
 * what the opponent would play if the person could pass, each found on the
 * coach's own search thread and drawn as a path over the board.
 *
 * The coach has an engine of its own (a second rb_ui_search), so asking
 * for a hint never touches the computer opponent's search. Results arrive
 * as SDL events like the opponent's; rb_ui_coach_event() turns the current
 * one into RB_UI_CMD_COACH_FOUND and apply.c puts it in state.coach.
 */
#ifndef RB_UI_COACH_H
#define RB_UI_COACH_H

#include "state/cmd.h"
#include "state/window.h"
#include "computer/worker.h"

/* The comment a move played after a hint carries in the game record. */
#define RB_UI_HINT_COMMENT "Hint used"
/* How long the coach thinks, in milliseconds. */
#define RB_UI_COACH_MS 1000

/* Whether the person may ask for a hint (or the threat) now; when not,
 * why in why. Against the computer always on the person's turn; between
 * two people only with the setting on. */
bool rb_ui_coach_allowed(const rb_ui_state *st, char *why, size_t whylen);

/* Starts searching for kind in the game's position (the coach's thread is
 * started on first use). Returns 0, or -1 with the reason said in the
 * status line. Never blocks. */
int rb_ui_coach_ask(rb_app *app, rb_ui_coach_kind kind);
/* Drops what is shown, its words in the status line with its arrow, and
 * cancels any search (the position changed). */
void rb_ui_coach_clear(rb_app *app);
/* Says in the status line what the coach is doing or found (the line is
 * about the coach: RB_UI_STATUS_COACH); again after a language change. */
void rb_ui_coach_say(rb_ui_state *st);
/* Whether a coach search runs. */
bool rb_ui_coach_busy(const rb_app *app);
/* Puts a found hint or threat into state (RB_UI_CMD_COACH_FOUND). */
void rb_ui_coach_found(rb_ui_state *st, const rb_ui_cmd *cmd);
/* Before the move at game ply `ply` is played by a person: when a hint
 * was used for that position, the move's comment says so (after it is
 * played: call with the ply before the move). */
void rb_ui_coach_note_move(rb_ui_state *st, size_t ply_before, uint64_t key_before);

/* Classifies an event: for the current search's result, *out is
 * RB_UI_CMD_COACH_FOUND. */
rb_ui_search_kind rb_ui_coach_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out);
/* Draws the hint or the threat over the board. */
void rb_ui_coach_draw(rb_app *app, const rb_ui_state *st);
/* Stops any search and joins the coach's thread. */
void rb_ui_coach_free(rb_app *app);

#endif
