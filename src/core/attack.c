/*
 * attack.c - which squares a side attacks.
 *
 * Attacks are computed forwards from the attacking pieces along the very rays
 * moves use, never by a reverse search from the target: rebounds make
 * "looking back" from a square subtle, and an approximate reverse search is
 * how check detection goes wrong. A side has at most five pieces besides its
 * king, so walking their rays is cheap. Steps (king, pawn, rook and bishop
 * one-steps) are symmetric lookups.
 */
#include "attack.h"
#include "contract.h"
#include "rb_fast.h"

/* Does a slider on s, with these rays, reach target square t? A piece reaches
 * a square by one route at most (geom_build checks), so the first ray that
 * holds t decides: it reaches t when nothing stands on the ray before it. */
static bool rays_hit(const rb_ray *rays, int n, int t, rb_bb occ)
{
    for (int i = 0; i < n; i++) {
        int k = rays[i].index[t];
        if (k >= 0) {
            return k == 0 || !(rays[i].upto[k - 1] & occ);
        }
    }
    return false;
}

bool rb_attacked_by(const rb_pos *pos, int sq, rb_bb attackers, rb_bb occ)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    rb_bb rooks = attackers & pos->by_type[RB_ROOK];
    rb_bb bishops = attackers & pos->by_type[RB_BISHOP];
    /* Every step comes from a neighbour, so without an attacker next to sq
     * (the usual case) no step needs looking at. */
    rb_bb near = rb_fast.king_steps[sq] & attackers;
    if (near && ((near & pos->by_type[RB_KING]) || (rb_fast.pawn_sources[sq] & near & pos->by_type[RB_PAWN]) ||
                 (rb_fast.orthogonal[sq] & near & rooks) || (rb_fast.bishop_step_sources[sq] & near & bishops))) {
        return true;
    }
    /* Only the sliders with a ray through sq can reach it (the ray sources
     * are the empty board's answer); usually there are none to walk. */
    for (rooks &= rb_fast.rook_ray_sources[sq]; rooks; rooks &= rooks - 1) {
        int s = rb_lsb(rooks);
        if (rays_hit(rb_fast.rook_rays[s], rb_fast.rook_nrays[s], sq, occ)) {
            return true;
        }
    }
    for (bishops &= rb_fast.bishop_ray_sources[sq]; bishops; bishops &= bishops - 1) {
        int s = rb_lsb(bishops);
        if (rays_hit(rb_fast.bishop_rays[s], rb_fast.bishop_nrays[s], sq, occ)) {
            return true;
        }
    }
    return false;
}

static rb_bb occupied(const rb_pos *pos)
{
    return pos->by_color[0] | pos->by_color[1];
}

bool rb_pos_attacked(const rb_pos *pos, int sq, int by_color)
{
    if (sq < 0 || sq >= RB_NSQ) {
        return false;
    }
    return rb_attacked_by(pos, sq, pos->by_color[by_color & 1], occupied(pos));
}

rb_bb rb_pos_attacks_from(const rb_pos *pos, int sq)
{
    if (sq < 0 || sq >= RB_NSQ || pos->board[sq] == RB_EMPTY) {
        return 0;
    }
    return rb_piece_reach(RB_TYPE(pos->board[sq]), sq, occupied(pos));
}

rb_bb rb_pos_attacks(const rb_pos *pos, int by_color)
{
    rb_bb all = 0, occ = occupied(pos);
    for (rb_bb b = pos->by_color[by_color & 1]; b; b &= b - 1) {
        int sq = rb_lsb(b);
        all |= rb_piece_reach(RB_TYPE(pos->board[sq]), sq, occ);
    }
    return all;
}

rb_bb rb_pos_checkers(const rb_pos *pos)
{
    RB_ASSERT_MSG(rb_pos_is_sound(pos), "a position built with rb_pos_put or reached with rb_pos_make");
    rb_bb checkers = 0, occ = occupied(pos);
    int king = pos->king[pos->side];
    if (!(pos->by_type[RB_KING] & pos->by_color[pos->side])) {
        return 0;
    }
    for (rb_bb b = pos->by_color[!pos->side]; b; b &= b - 1) {
        int sq = rb_lsb(b);
        if (rb_piece_reach(RB_TYPE(pos->board[sq]), sq, occ) & RB_BIT(king)) {
            checkers |= RB_BIT(sq);
        }
    }
    return checkers;
}

bool rb_pos_in_check(const rb_pos *pos)
{
    /* Asked at every node of a search, which has generated its moves (and
     * so checked the position) already: only what indexes the king. */
    RB_ASSERT(pos->side == RB_WHITE || pos->side == RB_BLACK);
    if (!(pos->by_type[RB_KING] & pos->by_color[pos->side])) {
        return false;
    }
    return rb_attacked_by(pos, pos->king[pos->side], pos->by_color[!pos->side], occupied(pos));
}
