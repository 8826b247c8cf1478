/*
 * trainer_state.h - what the puzzle trainer shows, as plain data: part of
 * the window's state (state.h), changed only by rb_ui_apply() through
 * trainer.c.
 *
 * While the trainer is open the board shows the puzzle's position, not the
 * game's: rb_ui_state_pos() answers with `board`. The game record is not
 * touched at all, so leaving the trainer finds it exactly as it was; the
 * few things of the game's view the trainer borrows (which way up the
 * board is, browsing, the status line) are kept here and put back.
 *
 * The solving itself is the puzzle library's session. The board lags it
 * on purpose: a right move's reply, and the moves of a shown solution,
 * wait in `queue` and are played onto `board` one at a time after a pause,
 * so the player sees them come.
 */
#ifndef RB_UI_TRAINER_STATE_H
#define RB_UI_TRAINER_STATE_H

#include <stdbool.h>

#include <SDL.h>

#include "words/explain_words.h"
#include "rb_puzzle.h"

#define RB_UI_TRAINER_PAUSE_MS 450 /* before the defender's reply moves */

typedef struct rb_ui_trainer_state {
    bool active;               /* the trainer is on screen */
    bool unavailable;          /* the puzzle file could not be read */
    rb_puzzle_session session; /* the attempt (its puzzle lives in app->trainer) */
    bool have_session;         /* a puzzle is loaded in session */

    rb_pos board;                      /* the position the board shows */
    rb_pos before;                     /* the one before `last`, for the sliding piece */
    rb_move last;                      /* the last move shown, or RB_MOVE_NONE */
    rb_move queue[RB_PUZZLE_LINE_MAX]; /* moves still to be shown */
    int nqueue;
    Uint32 due_ms; /* when the first of them is played */

    bool solution;                         /* the solution is being (or was) shown ... */
    rb_move drawn[RB_PUZZLE_LINE_MAX];     /* ... with these moves' paths */
    bool drawn_solver[RB_PUZZLE_LINE_MAX]; /* played by the solver's side */
    int ndrawn;

    int hint_sq;       /* hint: the piece to move, -1 none */
    rb_path hint_path; /* hint level 2: its path (len 0 before) */

    bool solved_before; /* the puzzle was among those solved when it was opened */
    bool rated;         /* this attempt has counted for the rating */
    int rating_change;  /* what it did to the rating */
    int streak;         /* puzzles solved in a row, clean */
    unsigned themes;    /* the filter: RB_THEME_* bits, ALL for any */
    int hover_button;   /* the trainer panel's button under the pointer, -1 none */
    int pressed;        /* and under a press, -1 none */

    /* the game's view, as it was when the trainer opened */
    bool game_flipped, game_browsing;
    char game_status[RB_UI_EXPLAIN_TEXT_MAX]; /* as long as the status it keeps */
} rb_ui_trainer_state;

#endif
