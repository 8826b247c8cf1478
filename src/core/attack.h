/*
 * attack.h - exact attack tests shared by the move generator (internal).
 */
#ifndef RB_ATTACK_H
#define RB_ATTACK_H

#include "rb_tables.h"

/* Squares a slider reaches along one ray given the occupied squares: the
 * ray up to and including the first occupied square. */
static inline rb_bb rb_ray_reach(const rb_ray *r, rb_bb occ)
{
    rb_bb blockers = r->mask & occ;
    if (!blockers) return r->mask;
    int first = RB_RAY_MAX;
    do {
        int i = r->index[rb_lsb(blockers)];
        if (i < first) first = i;
        blockers &= blockers - 1;
    } while (blockers);
    return r->upto[first];
}

/* True when one of `attackers` (pieces of one colour, as a square set
 * within pos) could capture on sq with the board occupied as occ. occ and
 * attackers may differ from pos: that is how a move is tested before it is
 * made. */
bool rb_attacked_by(const rb_pos *pos, int sq, rb_bb attackers, rb_bb occ);

/* Squares the piece of the given type on sq attacks with occupancy occ. */
rb_bb rb_piece_reach(int type, int sq, rb_bb occ);

#endif
