/*
 * movepick.c - move ordering (see movepick.h).
 *
 * Every legal move of a node is scored before the first is tried, so the
 * scoring loop is kept tight: what is the same for all moves of the node
 * (the table move, the killers, the side's history, whether a throne win
 * is possible at all) is read once before it.
 */
#include "movepick.h"
#include "rb_util_assert.h"

/* The bits of a move that say which piece goes where. */
#define PIECE_TO_MASK (((rb_move)7 << 17) | ((rb_move)63 << 6))

static int tactical_score(const rb_pos *pos, rb_move m)
{
    int victim = RB_TYPE(pos->board[RB_MOVE_TO(m)]);
    return RB_PICK_TACTICAL + 16 * rb_eval_piece_value(victim) + 8 * rb_eval_piece_value(RB_MOVE_PROMO(m)) -
           rb_eval_piece_value(RB_MOVE_PIECE(m)) / 8;
}

void rb_pick_init(rb_picker *pk, const rb_engine *e, const rb_pos *pos, int ply, rb_move tt_move, bool tactical_only)
{
    RB_ASSERT(ply >= 0 && ply < RB_MAX_PLY + 8);
    RB_ASSERT(pos->side == RB_WHITE || pos->side == RB_BLACK);
    RB_ASSERT(pk->list.count >= 0 && pk->list.count <= RB_MAX_MOVES);
    const rb_stack *st = &e->stack[ply];
    const rb_move killer0 = st->killers[0], killer1 = st->killers[1];
    const int(*history)[RB_NSQ] = e->history[pos->side];
    /* A throne win is the king stepping onto its throne with its flag set
     * (rb_wins_throne): one pattern of piece and destination, which no move
     * matches (piece 0) while the flag is clear. */
    const rb_move throne_win =
        (pos->out & rb_out_flag(pos->side)) ? ((rb_move)RB_KING << 17) | ((rb_move)rb_throne_sq(pos->side) << 6) : 0;
    int n = 0, first = 0, first_score = 0;
    /* Moves are kept in place, or moved down over dropped ones. */
    for (int i = 0, count = pk->list.count; i < count; i++) {
        rb_move m = pk->list.moves[i];
        bool wins = (m & PIECE_TO_MASK) == throne_win;
        bool tactical = pos->board[RB_MOVE_TO(m)] != RB_EMPTY || RB_MOVE_PROMO(m) != 0;
        if (tactical_only && !tactical && !wins) {
            continue;
        }
        int score;
        if (m == tt_move) {
            score = RB_PICK_TT;
        } else if (wins) {
            score = RB_PICK_TT - 1;
        } else if (tactical) {
            score = tactical_score(pos, m);
        } else if (m == killer0) {
            score = RB_PICK_KILLER;
        } else if (m == killer1) {
            score = RB_PICK_KILLER - 1;
        } else {
            score = history[RB_MOVE_FROM(m)][RB_MOVE_TO(m)];
        }
        pk->list.moves[n] = m;
        pk->scores[n] = score;
        if (n == 0 || score > first_score) {
            first = n;
            first_score = score;
        }
        n++;
    }
    pk->list.count = n;
    pk->next = 0;
    pk->first = first;
}

rb_move rb_pick_next(rb_picker *pk, int *score)
{
    int next = pk->next, n = pk->list.count;
    if (next >= n) {
        return RB_MOVE_NONE;
    }
    /* Most nodes end after their first move, so the first pick was found
     * while scoring; ties go to the earliest move either way. */
    int best = pk->first;
    if (next > 0) {
        best = next;
        int best_score = pk->scores[next];
        for (int i = next + 1; i < n; i++) {
            if (pk->scores[i] > best_score) {
                best = i;
                best_score = pk->scores[i];
            }
        }
    }
    rb_move m = pk->list.moves[best];
    int s = pk->scores[best];
    pk->list.moves[best] = pk->list.moves[next];
    pk->scores[best] = pk->scores[next];
    pk->list.moves[next] = m;
    pk->scores[next] = s;
    pk->next = next + 1;
    if (score != NULL) {
        *score = s;
    }
    return m;
}
