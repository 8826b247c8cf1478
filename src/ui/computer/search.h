/*
 * search.h - a search on a thread of its own: the thread, its engine and
 * the SDL events its answers arrive as, usable without a window (the tests
 * drive it directly). The computer opponent (worker.h), the coach and the
 * mistakes' judge each keep one.
 */
#ifndef RB_UI_SEARCH_H
#define RB_UI_SEARCH_H

#include <stdbool.h>

#include <SDL.h>

#include "rb_engine.h"

typedef struct rb_ui_search rb_ui_search;

typedef struct rb_ui_search_result {
    Uint32 generation;     /* which search this answers */
    rb_move move;          /* RB_MOVE_NONE only when the root has no move */
    rb_search_info info;   /* the final report: depth, score, nodes */
    rb_threat_kind threat; /* a threat search's answer (rb_engine_threat) */
} rb_ui_search_result;

/* The threads a search runs on for the threads setting (rb_ui_settings):
 * the setting itself (at most RB_THREADS_MAX), or for 0 all the machine's
 * cores but one, at least one. The engine uses them at full strength
 * only; the weaker levels keep to one thread. */
int rb_ui_search_threads(int setting);
/* The cores the machine has (at least 1, at most RB_THREADS_MAX): the most
 * threads the settings offer. */
int rb_ui_search_cores(void);

/* Starts the thread with its own engine. NULL with a message in err. */
rb_ui_search *rb_ui_search_new(size_t hash_mib, char *err, size_t errlen);
/* Stops any search and joins the thread (returns promptly). */
void rb_ui_search_free(rb_ui_search *s);
/* Starts searching a copy of root (history: keys of the positions played
 * before it, oldest first) at level under limits; any search still running
 * is cancelled. Returns the new generation. Never blocks. */
Uint32 rb_ui_search_start(rb_ui_search *s, const rb_pos *root, const uint64_t *history, size_t nhistory, int level,
                          const rb_limits *limits);
/* The same, for the threat in root (rb_engine_threat): the move the
 * opponent of the side to move would play if it were their turn. */
Uint32 rb_ui_search_start_threat(rb_ui_search *s, const rb_pos *root, const uint64_t *history, size_t nhistory,
                                 const rb_limits *limits);
/* The endgame tables the next searches probe (none until set; they must
 * outlive the searches). Never blocks for long. */
struct rb_tb;
void rb_ui_search_set_tables(rb_ui_search *s, struct rb_tb *tables);
/* The threads the next searches run on (1 until set). Never blocks. */
void rb_ui_search_set_threads(rb_ui_search *s, int threads);
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

#endif
