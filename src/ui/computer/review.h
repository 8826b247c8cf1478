/*
 * review.h - game review: the engine judges every move of the game in the
 * background, and the verdicts go into the game record's annotations.
 *
 * The review runs the annotate library (annotate.h) on a copy of the game,
 * on a thread of its own with its own engine, so the computer opponent and
 * the window are never held up. Progress and the end come back as SDL user
 * events stamped with the review's generation; the finished copy is handed
 * over under a mutex and its evaluations, class NAGs and better lines are
 * copied into the game by RB_UI_CMD_REVIEW_DONE (apply.c). Any change of
 * the game (a move, undo, new game, load) and closing the window cancel a
 * running review: the engine is stopped, and a stopped engine answers every
 * later search at once, so the thread ends promptly and is joined.
 *
 * A game whose every move carries an evaluation is reviewed already (a
 * saved review comes back through PGN comments): it is shown, not
 * computed again.
 */
#ifndef RB_UI_REVIEW_H
#define RB_UI_REVIEW_H

#include "state/cmd.h"
#include "rb_review.h"
#include "state/window.h"

/* Plies each position is searched to: a 60-move game (120 positions and
 * more) is reviewed in well under 15 s on two cores (README, "Game
 * review"). */
#define RB_UI_REVIEW_DEPTH 12

/* True when a review may start: the game has moves, nobody is thinking for
 * a computer player in it (it is over, or people play both sides), no
 * review runs and it is not reviewed already. */
bool rb_ui_review_can_start(const rb_app *app);
/* Starts reviewing the game in the background (RB_UI_CMD_REVIEW); says why
 * not on the status line and returns -1 when it cannot. */
int rb_ui_review_start(rb_app *app);
/* Reviews the game on this thread and puts the verdicts into it (--review
 * for screenshots). 0, or -1 with the status line saying why. */
int rb_ui_review_now(rb_app *app);
/* Stops a running review, joins its thread and drops its result. */
void rb_ui_review_cancel(rb_app *app);
/* Cancels, and frees the engine (the window closes). */
void rb_ui_review_free(rb_app *app);

bool rb_ui_review_running(const rb_app *app);
/* Positions searched of those to search; false when no review runs. */
bool rb_ui_review_progress(const rb_app *app, size_t *done, size_t *total);

typedef enum {
    RB_UI_REVIEW_NOT_OURS = 0,
    RB_UI_REVIEW_STALE,    /* a cancelled review's event */
    RB_UI_REVIEW_PROGRESS, /* one more position searched: draw the bar */
    RB_UI_REVIEW_DONE      /* *out is RB_UI_CMD_REVIEW_DONE */
} rb_ui_review_kind;
rb_ui_review_kind rb_ui_review_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out);
/* RB_UI_CMD_REVIEW_DONE (apply.c): the finished review's verdicts into the
 * game, when it is still the game reviewed. */
void rb_ui_review_take(rb_app *app);

/* ---- reading a reviewed record (pure) --------------------------------- */
/* True when every move has an evaluation (the last may have none when it
 * won by the rules: there is nothing left to evaluate). */
bool rb_ui_review_complete(const rb_game *g);
/* White's winning chance (-1..1) after ply moves of a reviewed game. */
double rb_ui_review_white_chance(const rb_game *g, size_t ply);
/* The class of move k as its NAGs record it (no class NAG: best). */
rb_move_class rb_ui_review_class(const rb_game *g, size_t k);

/* ---- the exercises of learn from your mistakes ------------------------ */
/* The person's mistakes and blunders with a better line in the reviewed
 * game (in a game against the computer the person's side, between two
 * people both); 0 when the game is not reviewed. At most max plies go into
 * plies (may be NULL). */
int rb_ui_review_mistakes(const rb_ui_state *st, size_t *plies, int max);
/* True when learn from your mistakes can open now: a reviewed game with
 * such moves, and the exercises not already open. */
bool rb_ui_review_mistakes_open_now(const rb_ui_state *st);

#endif
