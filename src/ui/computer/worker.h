/*
 * worker.h - the computer opponent on its own thread.
 *
 * The worker searches a copy of the position and posts the result as an SDL
 * user event; a generation counter drops results of cancelled searches. The
 * app only ever plays moves on the main thread: when the result arrives,
 * rb_ui_worker_event() turns it into a command carrying the move.
 *
 * Two layers: rb_ui_search is the thread, the engine and the event protocol,
 * usable without a window (the tests drive it directly); the rb_ui_worker_*
 * functions connect it to the app's game and players.
 */
#ifndef RB_UI_WORKER_H
#define RB_UI_WORKER_H

#include "state/cmd.h"
#include "rb_engine.h"
#include "state/window.h"

/* ---- the search thread ---------------------------------------------- */
typedef struct rb_ui_search rb_ui_search;

typedef struct rb_ui_search_result {
    Uint32 generation;        /* which search this answers */
    rb_move move;             /* RB_MOVE_NONE only when the root has no move */
    rb_search_info info;      /* the final report: depth, score, nodes */
    rb_threat_kind threat;    /* a threat search's answer (rb_engine_threat) */
} rb_ui_search_result;

/* Starts the thread with its own engine. NULL with a message in err. */
rb_ui_search *rb_ui_search_new(size_t hash_mib, char *err, size_t errlen);
/* Stops any search and joins the thread (returns promptly). */
void rb_ui_search_free(rb_ui_search *s);
/* The SDL event type results and progress reports arrive as. */
Uint32 rb_ui_search_event_type(const rb_ui_search *s);
/* Starts searching a copy of root (history: keys of the positions played
 * before it, oldest first) at level under limits; any search still running
 * is cancelled. Returns the new generation. Never blocks. */
Uint32 rb_ui_search_start(rb_ui_search *s, const rb_pos *root, const uint64_t *history,
                          size_t nhistory, int level, const rb_limits *limits);
/* The same, for the threat in root (rb_engine_threat): the move the
 * opponent of the side to move would play if it were their turn. */
Uint32 rb_ui_search_start_threat(rb_ui_search *s, const rb_pos *root, const uint64_t *history,
                                 size_t nhistory, const rb_limits *limits);
/* Cancels the running search: its result will be dropped. Never blocks. */
void rb_ui_search_cancel(rb_ui_search *s);
/* Asks the running search to finish now with the best move found so far. */
void rb_ui_search_move_now(rb_ui_search *s);
/* True from start until the current generation's result is posted. */
bool rb_ui_search_busy(rb_ui_search *s);
/* The latest progress report of the current search; false if none yet. */
bool rb_ui_search_progress(rb_ui_search *s, rb_search_info *out);

typedef enum {
    RB_UI_SEARCH_NOT_OURS = 0, /* some other event */
    RB_UI_SEARCH_STALE,        /* a cancelled search's event: ignore it */
    RB_UI_SEARCH_PROGRESS,     /* the current search finished an iteration */
    RB_UI_SEARCH_DONE          /* the current search's result, in *out */
} rb_ui_search_kind;

/* Classifies an event; for RB_UI_SEARCH_DONE fills *out. */
rb_ui_search_kind rb_ui_search_take(rb_ui_search *s, const SDL_Event *ev, rb_ui_search_result *out);

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
