/*
 * movepick.h - the order in which the search tries moves.
 *
 * The rules library hands over every legal move at once; the picker scores
 * them and gives out the best remaining one each time, so a cutoff early on
 * saves sorting the rest. Order: the table's move, throne wins, captures and
 * promotions (most valuable victim first, cheapest attacker first), the two
 * killer moves of this ply, then quiet moves by history.
 */
#ifndef RB_MOVEPICK_H
#define RB_MOVEPICK_H

#include "engine.h"
#include "rb_fast.h"

typedef struct rb_picker {
    rb_movelist list;
    int scores[RB_MAX_MOVES];
    int next;
    int first; /* the best move's index, found while scoring */
} rb_picker;

#define RB_PICK_TT (1 << 30)
#define RB_PICK_TACTICAL (1 << 28)
#define RB_PICK_KILLER (1 << 27)

/* True when m takes a piece, promotes or wins on the throne. Inline:
 * asked of every move the search tries and the picker scores. */
static inline bool rb_move_is_tactical(const rb_pos *pos, rb_move m)
{
    return pos->board[RB_MOVE_TO(m)] != RB_EMPTY || RB_MOVE_PROMO(m) != 0 || rb_wins_throne(pos, m);
}

/* Scores the legal moves the caller generated into pk->list (straight
 * there, to spare a copy of the list). With tactical_only the quiet moves
 * are dropped (quiescence). */
void rb_pick_init(rb_picker *pk, const rb_engine *e, const rb_pos *pos, int ply, rb_move tt_move, bool tactical_only);
/* The next best move, or RB_MOVE_NONE when none are left. */
rb_move rb_pick_next(rb_picker *pk, int *score);

#endif
