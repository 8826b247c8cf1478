/*
 * match_openings.h - the openings a match starts its games from.
 *
 * Two sources: short random play from the start (the same seed gives the
 * same openings, so a match can be replayed), and a book file of lines in
 * coordinate moves, such as the balanced book the opening generator writes.
 * An opening that has already decided the game is refused either way: a
 * random one is drawn again, a book line is an error naming its line.
 */
#ifndef RB_MATCH_OPENINGS_H
#define RB_MATCH_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"

#define RB_OPENING_PLIES_MAX 32
/* Room for one opening in coordinate moves, spaces and a NUL. */
#define RB_OPENING_TEXT_MAX (RB_OPENING_PLIES_MAX * 8)

typedef struct rb_opening {
    int plies;
    rb_move moves[RB_OPENING_PLIES_MAX];
} rb_opening;

/* Fills out[0..count) with distinct openings of the given length (0 gives
 * the start position every time). Returns the number made, which is less
 * than count only when the random play could not find enough. */
size_t rb_openings_make(uint64_t seed, int plies, rb_opening *out, size_t count);

/* Plays one random opening of the given length from the start, drawing
 * from *state. False when the game ended on the way or the side to move
 * has no move at its end. */
bool rb_opening_random(uint64_t *state, int plies, rb_opening *o);

bool rb_opening_equal(const rb_opening *a, const rb_opening *b);

/* The position after the opening, and the keys of the positions before it
 * (oldest first, at most RB_OPENING_PLIES_MAX) for repetition checks. */
void rb_opening_position(const rb_opening *o, rb_pos *pos, uint64_t *history, size_t *nhistory);

/* "c2b3 e6f6 ..." (empty for the start position); returns the length. */
size_t rb_opening_format(const rb_opening *o, char *buf, size_t size);

/* Reads one book line: coordinate moves separated by blanks, anything from
 * '#' on a comment. Returns 1 for an opening, 0 for a line with none (blank
 * or comment only), -1 with the reason in err when a move is unreadable or
 * illegal, the line is too long, or the opening has already ended the game. */
int rb_opening_parse(const char *line, rb_opening *o, char *err, size_t errlen);

/* Reads a book file into a new array (*out, free() it) of *count openings.
 * Returns 0, or -1 with "FILE:LINE: reason" in err; a book without any
 * opening is an error too. */
int rb_openings_read(const char *path, rb_opening **out, size_t *count, char *err, size_t errlen);

#endif
