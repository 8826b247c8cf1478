/*
 * attack.h - exact attack tests shared by the move generator (internal).
 */
#ifndef RB_ATTACK_H
#define RB_ATTACK_H

#include "rb_tables.h"

/* Squares a slider reaches along one ray given the occupied squares: the
 * ray up to and including the first occupied square. The first blocker is
 * found per straight run (see rb_ray) with one bit scan instead of a walk. */
static inline int rb_run_first(rb_bb b, int up)
{
    return up ? __builtin_ctzll(b) : 63 - __builtin_clzll(b);
}

static inline rb_bb rb_ray_reach(const rb_ray *r, rb_bb occ)
{
    rb_bb b = r->near & occ;
    if (b) return r->upto[r->index[rb_run_first(b, r->near_up)]];
    b = r->mask & occ;
    if (!b) return r->mask;
    return r->upto[r->index[rb_run_first(b, r->far_up)]];
}

/* True when one of `attackers` (pieces of one colour, as a square set
 * within pos) could capture on sq with the board occupied as occ. occ and
 * attackers may differ from pos: that is how a move is tested before it is
 * made. */
bool rb_attacked_by(const rb_pos *pos, int sq, rb_bb attackers, rb_bb occ);

static inline rb_bb rb_rook_reach(int sq, rb_bb occ)
{
    rb_bb reach = rb_geo.rook_steps[sq];
    for (int i = 0; i < rb_geo.rook_nrays[sq]; i++) reach |= rb_ray_reach(&rb_geo.rook_rays[sq][i], occ);
    return reach;
}

static inline rb_bb rb_bishop_reach(int sq, rb_bb occ)
{
    rb_bb reach = rb_geo.bishop_steps[sq];
    for (int i = 0; i < rb_geo.bishop_nrays[sq]; i++) reach |= rb_ray_reach(&rb_geo.bishop_rays[sq][i], occ);
    return reach;
}

/* Squares the piece of the given type on sq attacks with occupancy occ.
 * Inline (like the two above) because the evaluation asks this for every
 * piece of every position it scores. */
static inline rb_bb rb_piece_reach(int type, int sq, rb_bb occ)
{
    switch (type) {
    case RB_KING: return rb_geo.king_steps[sq];
    case RB_PAWN: return rb_geo.pawn_targets[sq];
    case RB_ROOK: return rb_rook_reach(sq, occ);
    case RB_BISHOP: return rb_bishop_reach(sq, occ);
    default: return 0;
    }
}

#endif
