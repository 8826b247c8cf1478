/*
 * movepick.c - move ordering (see movepick.h).
 */
#include "movepick.h"

static int score_move(const rb_engine *e, const rb_pos *pos, int ply, rb_move m, rb_move tt_move)
{
    if (m == tt_move) {
        return RB_PICK_TT;
    }
    if (rb_wins_throne(pos, m)) {
        return RB_PICK_TT - 1;
    }
    int victim = RB_TYPE(pos->board[RB_MOVE_TO(m)]);
    int promo = RB_MOVE_PROMO(m);
    if (victim != RB_NO_TYPE || promo != 0) {
        return RB_PICK_TACTICAL + 16 * rb_eval_piece_value(victim) + 8 * rb_eval_piece_value(promo) -
               rb_eval_piece_value(RB_MOVE_PIECE(m)) / 8;
    }
    const rb_stack *st = &e->stack[ply];
    if (m == st->killers[0]) {
        return RB_PICK_KILLER;
    }
    if (m == st->killers[1]) {
        return RB_PICK_KILLER - 1;
    }
    return e->history[pos->side][RB_MOVE_FROM(m)][RB_MOVE_TO(m)];
}

void rb_pick_init(rb_picker *pk, const rb_engine *e, const rb_pos *pos, const rb_movelist *legal,
                  int ply, rb_move tt_move, bool tactical_only)
{
    int n = 0, first = 0, first_score = 0;
    for (int i = 0; i < legal->count; i++) {
        rb_move m = legal->moves[i];
        if (tactical_only && !rb_move_is_tactical(pos, m)) {
            continue;
        }
        int score = score_move(e, pos, ply, m, tt_move);
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
    if (pk->next >= pk->list.count) {
        return RB_MOVE_NONE;
    }
    /* Most nodes end after their first move, so the first pick was found
     * while scoring; ties go to the earliest move either way. */
    int best = pk->first;
    if (pk->next > 0) {
        best = pk->next;
        for (int i = pk->next + 1; i < pk->list.count; i++) {
            if (pk->scores[i] > pk->scores[best]) {
                best = i;
            }
        }
    }
    rb_move m = pk->list.moves[best];
    int s = pk->scores[best];
    pk->list.moves[best] = pk->list.moves[pk->next];
    pk->scores[best] = pk->scores[pk->next];
    pk->list.moves[pk->next] = m;
    pk->scores[pk->next] = s;
    pk->next++;
    if (score != NULL) {
        *score = s;
    }
    return m;
}
