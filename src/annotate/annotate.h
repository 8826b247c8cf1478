/*
 * annotate.h - one game record annotated by the engine: an evaluation after
 * every move, a NAG for each inaccuracy, mistake or blunder, and the engine's
 * line where a move was a mistake or a blunder.
 *
 * Kept apart from the program's main() so that tests drive it on records
 * they build, and so the game can later review a game the same way.
 */
#ifndef RB_ANNOTATE_H
#define RB_ANNOTATE_H

#include "rb_engine.h"
#include "rb_game.h"
#include "rb_review.h"

/* Moves of the engine's line kept as the variation of a mistake or blunder. */
#define RB_ANNOTATE_LINE_PLIES 6

/* How each side played: moves counted by class (rb_move_class). */
typedef struct rb_annotate_tally {
    int moves[2]; /* by colour */
    int classes[2][RB_CLASS_BLUNDER + 1];
} rb_annotate_tally;

/* Called after each position searched: done of total. */
typedef void (*rb_annotate_progress_fn)(size_t done, size_t total, void *user);

/*
 * Searches every position of g under limits and annotates every move:
 * the evaluation of the position after it (White's view; none after a move
 * that wins by the rules, 0.00 after one that draws by them), NAG $6, $2
 * or $4 for an inaccuracy, a mistake or a blunder and none for any other
 * move (any such NAGs the move had, and the $1 earlier versions gave good
 * moves, are replaced; other NAGs, comments and clocks stay),
 * and for mistakes and blunders the engine's line from the same position as
 * the move's variation. tally (may be NULL) receives the counts. Returns 0,
 * or -1 when memory runs out (g is then partly annotated).
 */
int rb_annotate_game(rb_engine *e, rb_game *g, const rb_limits *limits, rb_annotate_tally *tally,
                     rb_annotate_progress_fn progress, void *user);

#endif
