/*
 * game_clock.h - the clocks of the game on the board: when they start,
 * switch, stop and read back, kept in step with the game record.
 *
 * clock.h is the clock itself (pure, no game); this is the part that knows
 * the game: a move presses the clock and writes the mover's time into the
 * move's annotation ([%clk] in PGN), the controls live in the game's tags
 * (TimeControl), and any game put on the board (new, loaded, resumed, an
 * undo) sets the clocks from its record, so a saved game carries its clocks
 * with nothing else to store. Only apply.c calls the changing functions;
 * every function takes "now" from the caller's time source.
 */
#ifndef RB_UI_GAME_CLOCK_H
#define RB_UI_GAME_CLOCK_H

#include "state/state.h"

/* True when either side plays on a clock. */
bool rb_ui_game_clock_timed(const rb_ui_state *st);
/* Sets the clocks from the game record at its cursor: the controls from the
 * tags, each side's time from the [%clk] of its last move before the
 * cursor (its base time if none), the side to move's time running unless
 * the game is over. Returns 0, or -1 with a message when a tag is bad (the
 * game is then untimed). */
int rb_ui_game_clock_from_game(rb_ui_state *st, int64_t now_ms, char *err, size_t errlen);
/* The move before the cursor was just played: the clock is pressed and the
 * mover's time recorded on the move. Returns the colour whose flag had
 * fallen before the move was made, or -1. */
int rb_ui_game_clock_moved(rb_ui_state *st, int64_t now_ms);
/* Runs or pauses the clocks as things stand: they run while the game at the
 * record's end goes on, unless the window is minimised in a game against
 * the computer with the setting that pauses them then, or a screen has set
 * the game aside (rb_ui_state_game_set_aside). rb_ui_apply calls it when a command sets the game aside or brings
 * it back, so a screen's opening and closing need not. */
void rb_ui_game_clock_update(rb_ui_state *st, int64_t now_ms);
/* A side's low-time warning that should sound now (once per time the side
 * falls below RB_UI_CLOCK_LOW_MS), or -1; marks it as sounded. */
int rb_ui_game_clock_warn(rb_ui_state *st, int64_t now_ms);
/* A game written out while a side's time runs (the autosave, a saved game)
 * carries that time in the tag RB_UI_CLOCK_LEFT_TAG ("0:04:12", the
 * [%clk] form), so that it comes back with the time spent on the move in
 * progress; rb_ui_game_clock_from_game reads it when the cursor is at the
 * record's end and takes it out of the record. mark sets it as of now (and
 * removes it when no time runs); unmark removes it once the game is
 * written. mark returns 0, or -1 when memory runs out. */
#define RB_UI_CLOCK_LEFT_TAG "ClockToMove"
int rb_ui_game_clock_mark(rb_ui_state *st, int64_t now_ms);
void rb_ui_game_clock_unmark(rb_ui_state *st);
/* Milliseconds until the clocks show something new, -1 for never. */
int64_t rb_ui_game_clock_wait(const rb_ui_state *st, int64_t now_ms);

/* Reads a custom control as the new-game dialog takes it: minutes and
 * seconds of increment, "10+5" (or "10", "0.5+2"), for both sides, or
 * White's and Black's apart: "10+5 / 5+3". Returns 0, or -1 with a message
 * saying what is wrong. */
int rb_ui_game_clock_parse_custom(const char *text, rb_ui_time_control tc[2], char *err, size_t errlen);

#endif
