/*
 * mistakes_state.h - what "learn from your mistakes" shows, as plain data:
 * part of the window's state (state.h), changed only by rb_ui_apply()
 * through mistakes.c.
 *
 * The mode replays the person's mistakes and blunders of a reviewed game
 * as exercises. Like the puzzle trainer it has a board of its own, so the
 * game record is never touched: rb_ui_state_pos() answers with `board`
 * while the mode is open, and the game's flip, browsing and status line
 * are kept here and put back on leaving. The missed line, when shown,
 * waits in `queue` and goes onto the board one move at a time.
 */
#ifndef RB_UI_MISTAKES_STATE_H
#define RB_UI_MISTAKES_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "words/explain_words.h"
#include "rb_game.h"

#define RB_UI_MISTAKES_MAX 256 /* exercises taken from one game */

typedef struct rb_ui_mistakes_state {
    bool active;                    /* the mode is on screen */
    size_t ply[RB_UI_MISTAKES_MAX]; /* the game's moves that were mistakes, in order */
    int count;
    int at;     /* the exercise shown: an index into ply */
    bool found; /* the better move was found (the exercise is done) */
    bool shown; /* the missed line is being (or was) played out */

    rb_pos board;                    /* the position the board shows */
    rb_pos before;                   /* the one before `last`, for the sliding piece */
    rb_move last;                    /* the last move shown, or RB_MOVE_NONE */
    rb_move queue[RB_NOTE_LINE_MAX]; /* moves of the missed line still to be shown */
    int nqueue;
    Uint32 due_ms;                         /* when the first of them is played */
    rb_move drawn[RB_NOTE_LINE_MAX];       /* the missed line's moves shown, paths drawn; or a */
    int ndrawn;                            /* wrong answer and the engine's reply line that refutes it */
    char question[RB_UI_EXPLAIN_TEXT_MAX]; /* the exercise's task, kept above every answer */

    int hover_button; /* the panel's button under the pointer, -1 none */
    int pressed;      /* and under a press, -1 none */

    /* the game's view, as it was when the mode opened */
    bool game_flipped, game_browsing;
    char game_status[RB_UI_EXPLAIN_TEXT_MAX]; /* as long as the status it keeps */
} rb_ui_mistakes_state;

#endif
