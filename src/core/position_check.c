/*
 * position_check.c - is a placement a legal position? The rules' list
 * (RULES section 5) as one verdict with a reason code, its colour and count,
 * and the squares at fault.
 *
 * The parser refuses a string with the verdict's sentence; a position
 * editor, which holds illegal set-ups on purpose while a person builds
 * them, shows the same verdict in its own (translated) words and rings the
 * squares. So the check reads only the board and the side to move, never
 * the position's cached king squares, which a half-built board may not
 * have in step.
 */
#include <stdio.h>

#include "rb_fast.h"

static rb_pos_problem found(rb_pos_verdict *v, rb_pos_problem problem, int color, int count, rb_bb squares)
{
    v->problem = problem;
    v->color = color;
    v->count = count;
    v->squares = squares;
    return problem;
}

/* The squares of color's pieces that give check to the king on king_sq. */
static rb_bb checkers_of(const rb_pos *pos, int color, int king_sq)
{
    rb_bb checkers = 0;
    for (rb_bb b = pos->by_color[color]; b; b &= b - 1) {
        int sq = rb_lsb(b);
        if (rb_pos_attacks_from(pos, sq) & RB_BIT(king_sq)) {
            checkers |= RB_BIT(sq);
        }
    }
    return checkers;
}

rb_pos_problem rb_pos_validate(const rb_pos *pos, rb_pos_verdict *v)
{
    rb_pos_verdict scratch;
    if (!v) {
        v = &scratch;
    }
    int king[2];
    for (int c = 0; c < 2; c++) {
        rb_bb kings = pos->by_color[c] & pos->by_type[RB_KING];
        int n = rb_popcount(kings);
        /* No king has no square to ring; extra kings are all rung. */
        if (n != 1) {
            return found(v, RB_POS_KING_COUNT, c, n, kings);
        }
        king[c] = rb_lsb(kings);
        int pieces = rb_popcount(pos->by_color[c]);
        if (pieces > 6) {
            return found(v, RB_POS_TOO_MANY_PIECES, c, pieces, pos->by_color[c]);
        }
        rb_bb pawns = pos->by_color[c] & pos->by_type[RB_PAWN];
        if (rb_popcount(pawns) > 2) {
            return found(v, RB_POS_TOO_MANY_PAWNS, c, rb_popcount(pawns), pawns);
        }
        rb_bb stuck = pawns & rb_promotion_squares(c);
        if (stuck) {
            return found(v, RB_POS_PAWN_ON_PROMOTION, c, rb_popcount(stuck), stuck);
        }
    }
    if (rb_fast.king_steps[king[RB_WHITE]] & RB_BIT(king[RB_BLACK])) {
        return found(v, RB_POS_KINGS_ADJACENT, RB_WHITE, 2, RB_BIT(king[RB_WHITE]) | RB_BIT(king[RB_BLACK]));
    }
    int us = pos->side & 1, them = !us;
    rb_bb checkers = checkers_of(pos, us, king[them]);
    if (checkers) {
        return found(v, RB_POS_WAITING_IN_CHECK, them, rb_popcount(checkers), checkers | RB_BIT(king[them]));
    }
    if ((pos->out & rb_out_flag(us)) && king[us] == rb_throne(us)) {
        return found(v, RB_POS_THRONE_ENDED, us, 1, RB_BIT(king[us]));
    }
    return found(v, RB_POS_VALID, RB_WHITE, 0, 0);
}

/* The first square of a set, by name. */
static const char *first_name(rb_bb squares)
{
    return squares ? rb_sq_name(rb_lsb(squares)) : "?";
}

/* One sentence per colour where the colour is named: a colour's name is
 * part of the sentence to translate. Indexed [problem][color]. */
static const char *const verdict_tmpl[RB_POS_PROBLEM_COUNT + 1][2] = {
    [RB_POS_VALID] = {RB_MSG_("a legal position"), RB_MSG_("a legal position")},
    [RB_POS_KING_COUNT] = {RB_MSG_("White has %1$s kings, expected exactly 1"),
                           RB_MSG_("Black has %1$s kings, expected exactly 1")},
    [RB_POS_TOO_MANY_PIECES] = {RB_MSG_("White has %1$s pieces, at most 6 are allowed"),
                                RB_MSG_("Black has %1$s pieces, at most 6 are allowed")},
    [RB_POS_TOO_MANY_PAWNS] = {RB_MSG_("White has %1$s pawns, at most 2 are allowed"),
                               RB_MSG_("Black has %1$s pawns, at most 2 are allowed")},
    [RB_POS_PAWN_ON_PROMOTION] = {RB_MSG_("White pawn on %1$s, one of its own promotion squares"),
                                  RB_MSG_("Black pawn on %1$s, one of its own promotion squares")},
    [RB_POS_KINGS_ADJACENT] = {RB_MSG_("the kings stand next to each other (%1$s and %2$s)"),
                               RB_MSG_("the kings stand next to each other (%1$s and %2$s)")},
    [RB_POS_WAITING_IN_CHECK] = {RB_MSG_("White is in check but it is Black's move"),
                                 RB_MSG_("Black is in check but it is White's move")},
    [RB_POS_THRONE_ENDED] =
        {RB_MSG_("White's king already stands on the throne %1$s with its out flag set: the game ended"),
         RB_MSG_("Black's king already stands on the throne %1$s with its out flag set: the game ended")},
    [RB_POS_PROBLEM_COUNT] = {RB_MSG_("an unknown problem"), RB_MSG_("an unknown problem")},
};

void rb_pos_verdict_message(const rb_pos_verdict *v, rb_message *why)
{
    unsigned problem = (unsigned)v->problem <= RB_POS_PROBLEM_COUNT ? (unsigned)v->problem : RB_POS_PROBLEM_COUNT;
    rb_message_set(why, verdict_tmpl[problem][v->color == RB_WHITE ? 0 : 1]);
    switch ((rb_pos_problem)problem) {
    case RB_POS_KING_COUNT:
    case RB_POS_TOO_MANY_PIECES:
    case RB_POS_TOO_MANY_PAWNS: rb_message_add(why, "%d", v->count); break;
    case RB_POS_PAWN_ON_PROMOTION: rb_message_add(why, "%s", first_name(v->squares)); break;
    case RB_POS_KINGS_ADJACENT:
        rb_message_add(why, "%s", first_name(v->squares));
        rb_message_add(why, "%s", first_name(v->squares & (v->squares - 1)));
        break;
    case RB_POS_THRONE_ENDED: rb_message_add(why, "%s", rb_sq_name(rb_throne(v->color))); break;
    default: break;
    }
}

size_t rb_pos_verdict_text(const rb_pos_verdict *v, char *buf, size_t len)
{
    rb_message why;
    rb_pos_verdict_message(v, &why);
    return rb_message_text(&why, NULL, NULL, buf, len);
}
