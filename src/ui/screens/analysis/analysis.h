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

#include "screen/screen.h"
#include "state/cmd.h"
#include "state/window.h"

/* (Whether it may open now, state.h says: rb_ui_state_analysis_allowed.) */

/* While it is open and on top, whether the board takes a command of the
 * game's: a move on its board, and the game's commands it refuses. */
bool rb_ui_analysis_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind);
/* Carries out one of its commands or of those it keeps (rb_ui_apply only,
 * through the screen's entry, screen.h). Opened over the position editor
 * (RB_UI_CMD_ANALYSIS_OVER_EDITOR) it analyses the editor's position, a
 * position of no game: the game's positions are not walked, and closing
 * comes back to the editor. Returns 0, or -1 when it was refused (the
 * status line says why). */
int rb_ui_analysis_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others);
/* Closes the board, the engine stopped and the game's view put back. */
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
/* White's share of the bar for the position on the board: where the game
 * is over by the rules, all of it to the winner (the side to move has
 * lost to a mate or the throne) and half for a stalemate; else the first
 * line's; half before the engine has said anything. */
double rb_ui_analysis_bar_share(const rb_ui_analysis_state *an);
/* A line's first moves in coordinate form, "c2b3 e6d5 ...", at most
 * nmoves of them. */
void rb_ui_analysis_line_text(const rb_ui_analysis_line *line, int nmoves, char *buf, size_t len);

#endif
