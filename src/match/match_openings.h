/*
 * match_openings.h - openings made by short random play from the start.
 *
 * The same seed gives the same openings, so a match can be replayed. An
 * opening that has already decided the game (or repeats an earlier one) is
 * thrown away and drawn again.
 */
#ifndef RB_MATCH_OPENINGS_H
#define RB_MATCH_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"

#define RB_OPENING_PLIES_MAX 32

typedef struct rb_opening {
    int plies;
    rb_move moves[RB_OPENING_PLIES_MAX];
} rb_opening;

/* Fills out[0..count) with distinct openings of the given length (0 gives
 * the start position every time). Returns the number made, which is less
 * than count only when the random play could not find enough. */
size_t rb_openings_make(uint64_t seed, int plies, rb_opening *out, size_t count);

#endif
