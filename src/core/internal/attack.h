/*
 * attack.h - exact attack tests shared by the move generator (internal).
 * The reach of each piece is in rb_fast.h.
 */
#ifndef RB_ATTACK_H
#define RB_ATTACK_H

#include "rb_board.h"

/* True when one of `attackers` (pieces of one colour, as a square set
 * within pos) could capture on sq with the board occupied as occ. occ and
 * attackers may differ from pos: that is how a move is tested before it is
 * made. */
bool rb_attacked_by(const rb_pos *pos, int sq, rb_bb attackers, rb_bb occ);

#endif
