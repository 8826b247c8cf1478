/*
 * analysis.h - the analysis board's commands and its engine: which
 * position is analysed, the variation played from it, the engine's three
 * best lines, and going back to the game.
 *
 * Only rb_ui_apply() calls the command half (as it does the trainer's):
 * the analysis state is part of the window's state. The engine runs on a
 * thread of its own (not the computer opponent's), searching without end
 * until the position changes or the board closes; what it finds reaches
 * the main thread as an SDL user event, and RB_UI_CMD_ANALYSIS_LINES
 * copies it into the state.
 */
#ifndef RB_UI_ANALYSIS_H
#define RB_UI_ANALYSIS_H

#include "command.h"
#include "window.h"

/* True when the analysis board may open now: a game between people at
 * any time, any game once it is over; not while the computer plays a game
 * that goes on (its thinking would be helped). */
bool rb_ui_analysis_allowed(const rb_ui_state *st);
/* True when cmd is the analysis board's to carry out while it is open:
 * its own commands, a move on the board, and the game's commands it
 * refuses. */
bool rb_ui_analysis_takes(const rb_ui_state *st, rb_ui_cmd_kind kind);
/* Carries out one of those (rb_ui_apply only). Returns 0, or -1 when it
 * was refused (the status line says why). */
int rb_ui_analysis_apply(rb_app *app, const rb_ui_cmd *cmd);
/* Opens the board on pos, a position of no game (the position editor's):
 * the game's positions are not walked, closing comes back to the editor.
 * Returns 0, or -1 when the board may not open now (rb_ui_analysis_allowed). */
int rb_ui_analysis_open_position(rb_app *app, const rb_pos *pos);
/* Closes the board, the engine stopped and the game's view put back
 * (rb_ui_apply only; also before a new or loaded game). */
void rb_ui_analysis_leave(rb_app *app);
/* Stops and joins the engine's thread (the window closes). */
void rb_ui_analysis_free(rb_app *app);

/* An engine report: true when ev is the analysis engine's event, with
 * *out the command that shows what it found (none when it is stale). */
bool rb_ui_analysis_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out);
/* True while the engine is searching (a test sees it stop). */
bool rb_ui_analysis_searching(const rb_app *app);

/* ---- scores, pure ---- */
/* A score from White's point of view as a person reads it: "+1.3",
 * "-0.4", "0.0" (pawns, one decimal), "win in 3" (White forces a win,
 * by mate or throne, in 3 moves), "loss in 2". Returns its length. */
size_t rb_ui_analysis_score_text(rb_score_kind kind, int score, char *buf, size_t len);
/* White's share of the evaluation bar, 0..1, from the winning-chance
 * curve fitted to this engine's games (rb_review.h); a forced win fills it. */
double rb_ui_analysis_white_share(rb_score_kind kind, int score);
/* A line's first moves in coordinate form, "c2b3 e6d5 ...", at most
 * nmoves of them. */
void rb_ui_analysis_line_text(const rb_ui_analysis_line *line, int nmoves, char *buf, size_t len);

#endif
