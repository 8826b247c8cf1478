/*
 * threat.c - what the opponent would play if it were their move now
 * (rb_engine.h), for a display of the threat in a position.
 *
 * It is the null move of the search, asked once at the root: the same
 * position with the other side to move, searched like any other. The
 * engine's level and line count are set aside for the question, since a
 * threat is only worth showing when it is the opponent's real best move,
 * and put back afterwards, so a game's engine can answer it between moves.
 */
#include <string.h>

#include "engine.h"

static bool has_own_limit(const rb_limits *l)
{
    return l != NULL && (l->depth > 0 || l->nodes > 0 || l->movetime_ms > 0 || l->time_left_ms > 0);
}

static void no_threat(rb_move *move, rb_search_info *info)
{
    if (move != NULL) {
        *move = RB_MOVE_NONE;
    }
    if (info != NULL) {
        memset(info, 0, sizeof *info);
        info->multipv = 1;
    }
}

rb_threat_kind rb_engine_threat(rb_engine *e, const rb_pos *pos, const uint64_t *history, size_t nhistory,
                                const rb_limits *limits, rb_move *move, rb_search_info *info)
{
    no_threat(move, info);
    /* the game is over: a throne taken, checkmate or stalemate */
    if (rb_pos_throne_won(pos) || rb_gen_count(pos) == 0) {
        return RB_THREAT_NONE;
    }
    /* passing would leave the king to be taken: the check is the threat */
    if (rb_pos_in_check(pos)) {
        return RB_THREAT_IN_CHECK;
    }

    rb_limits lim = {0};
    if (has_own_limit(limits)) {
        lim = *limits;
        lim.infinite = false;
        lim.nsearchmoves = 0;
    } else {
        lim.depth = RB_THREAT_DEPTH;
    }
    rb_pos passed = *pos;
    rb_pos_set_side(&passed, pos->side ^ 1);
    /* a null move is no move: nothing before it can repeat across it */
    passed.quiet = 0;

    int level = e->level, lines = e->multipv;
    e->level = RB_LEVEL_MAX;
    e->multipv = 1;
    rb_search_info got;
    rb_move best = rb_engine_search(e, &passed, history, nhistory, &lim, NULL, NULL, &got);
    e->level = level;
    e->multipv = lines;
    if (best == RB_MOVE_NONE) {
        return RB_THREAT_NONE;
    }
    if (move != NULL) {
        *move = best;
    }
    if (info != NULL) {
        *info = got;
    }
    return RB_THREAT_MOVE;
}
