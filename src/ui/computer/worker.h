/*
 * worker.h - the computer opponent: the app's game and players connected to
 * a search on its own thread (search.h).
 *
 * The worker searches a copy of the position and the result comes back as
 * an SDL user event; a generation counter drops results of cancelled
 * searches. The app only ever plays moves on the main thread: when the
 * result arrives, rb_ui_worker_event() turns it into a command carrying the
 * move.
 */
#ifndef RB_UI_WORKER_H
#define RB_UI_WORKER_H

#include "computer/search.h"
#include "state/cmd.h"
#include "rb_engine.h"
#include "state/window.h"

/* Think time for a level, in milliseconds. */
int64_t rb_ui_worker_level_movetime_ms(int level);

/* The limits a search for the side to move gets: its level's think time,
 * and on a clock its time left at now and its increment. */
void rb_ui_worker_limits(const rb_ui_state *st, int64_t now_ms, rb_limits *out);

/* ---- the app's computer players ------------------------------------- */
int rb_ui_worker_init(rb_app *app, char *err, size_t errlen);
/* Stops any search and joins the thread. */
void rb_ui_worker_free(rb_app *app);
/* Starts a search for the side to move in the game (its end, also while
 * the player browses earlier positions) if the computer plays it and the
 * game goes on; cancels any search otherwise. Does nothing when that very
 * search already runs or its move waits to be shown. */
void rb_ui_worker_maybe_start(rb_app *app);
/* Cancels the running search (undo, new game, ...); its result is dropped. */
void rb_ui_worker_cancel(rb_app *app);
/* "Move now": the computer plays the best move found so far. */
void rb_ui_worker_move_now(rb_app *app);
bool rb_ui_worker_busy(const rb_app *app);
/* The limits of the running search; false when none runs. */
bool rb_ui_worker_started_limits(const rb_app *app, rb_limits *out);
/* The running search's latest report (for "thinking..."); false if none. */
bool rb_ui_worker_progress(const rb_app *app, rb_search_info *out);
/* Classifies an event: RB_UI_SEARCH_NOT_OURS for any other; for the
 * current search's result, *out is RB_UI_CMD_REPLY with its move and the
 * ply it answers (or none when the game has moved on): the app shows the
 * move when its time comes (pace.c). */
rb_ui_search_kind rb_ui_worker_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out);

#endif
