/*
 * contract.h - the checks of a position and of a move that the rules
 * library's entry points assert (internal; see rb_util_assert.h).
 *
 * They test what the library's own code keeps true, so a position or a
 * move that fails them was changed by hand rather than through
 * rb_pos_put, rb_pos_make and the generator, or belongs to another
 * position. They are cheap on purpose, a few bit operations and table
 * look-ups with no walk over the board, because they are asserted at
 * every move generation and every move made, and the debug and sanitizer
 * builds that check them still run the whole test suite. Whether a set-up
 * is a legal position (RULES section 5) is rb_pos_validate's question, and
 * far too slow for that.
 */
#ifndef RB_CONTRACT_H
#define RB_CONTRACT_H

#include "rb_fast.h"
#include "rb_util_assert.h"

/* True when pos's fields are in step: a side to move and out flags in
 * range, no square of both colours, every piece of a kind, no piece off
 * the board, and the side to move's king square naming its king when it
 * has one (a hand-built position may have none: then there is nothing to
 * play). */
static inline bool rb_pos_is_sound(const rb_pos *pos)
{
    if (pos->side > RB_BLACK || pos->out > (RB_OUT_WHITE | RB_OUT_BLACK)) {
        return false;
    }
    rb_bb white = pos->by_color[RB_WHITE], black = pos->by_color[RB_BLACK];
    rb_bb kinds = pos->by_type[RB_KING] | pos->by_type[RB_ROOK] | pos->by_type[RB_BISHOP] | pos->by_type[RB_PAWN];
    if ((white & black) != 0 || kinds != (white | black) || ((white | black) >> RB_NSQ) != 0) {
        return false;
    }
    int us = pos->side, king = pos->king[us];
    rb_bb kings = pos->by_color[us] & pos->by_type[RB_KING];
    return kings == 0 || (king < RB_NSQ && (kings & RB_BIT(king)) != 0 && pos->board[king] == RB_PIECE(us, RB_KING));
}

/* True when m is a move the generator could make in pos, leaving aside
 * whether it leaves the mover's king attacked or a piece blocks its way:
 * the piece the move names stands on its from-square and belongs to the
 * side to move, the to-square holds none of that side's pieces and lies
 * on the route the move names (a step, or one of the piece's rays), and
 * the move promotes exactly when a pawn reaches a promotion square. Table
 * look-ups only, with no walk along the ray: rb_pos_make asserts it at
 * every node of a search. */
static inline bool rb_move_fits(const rb_pos *pos, rb_move m)
{
    int from = RB_MOVE_FROM(m), to = RB_MOVE_TO(m), route = RB_MOVE_ROUTE(m);
    if (from >= RB_NSQ || to >= RB_NSQ || pos->side > RB_BLACK) {
        return false;
    }
    int us = pos->side, type = RB_MOVE_PIECE(m);
    if (pos->board[from] != RB_PIECE(us, type) || (pos->by_color[us] & RB_BIT(to)) != 0) {
        return false;
    }
    bool on_route;
    switch (type) {
    case RB_KING: on_route = route == 0 && (rb_fast.king_steps[from] & RB_BIT(to)) != 0; break;
    case RB_PAWN: on_route = route == 0 && (rb_fast.pawn_targets[from] & RB_BIT(to)) != 0; break;
    case RB_ROOK:
        on_route = route == 0 ? (rb_fast.rook_steps[from] & RB_BIT(to)) != 0
                              : route <= rb_fast.rook_nrays[from] && rb_fast.rook_rays[from][route - 1].index[to] >= 0;
        break;
    case RB_BISHOP:
        on_route = route == 0
                       ? (rb_fast.bishop_steps[from] & RB_BIT(to)) != 0
                       : route <= rb_fast.bishop_nrays[from] && rb_fast.bishop_rays[from][route - 1].index[to] >= 0;
        break;
    default: on_route = false; break;
    }
    if (!on_route) {
        return false;
    }
    int promo = RB_MOVE_PROMO(m);
    bool promotes = type == RB_PAWN && (rb_fast.promotion[us] & RB_BIT(to)) != 0;
    return promotes ? promo == RB_ROOK || promo == RB_BISHOP : promo == 0;
}

#endif
