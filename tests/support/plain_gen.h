/*
 * plain_gen.h - a second, deliberately plain Rollerball move generator.
 *
 * It exists only to check the real rules library: it is written straight
 * from the rules text with a 7x7 character board, coordinates and loops, and
 * shares no table or code with rb_core. Where the two disagree, one of them
 * has misread the rules. Speed is not a goal; being easy to check by eye is.
 *
 * Positions go in and out as position strings, moves as coordinate-form text
 * ("c2b3", promotions "d6e6r" / "d6e6b"). Input strings are assumed to be
 * well formed (they come from rb_pos_format or from the tests themselves).
 */
#ifndef PLAIN_GEN_H
#define PLAIN_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PLAIN_MOVE_LEN 8 /* "d6e6r" plus terminator, with room to spare */
#define PLAIN_MAX_MOVES 256
#define PLAIN_TEXT_MAX 128 /* a formatted position string */

typedef enum {
    PLAIN_ONGOING = 0,
    PLAIN_CHECKMATE, /* the side to move has no move and is in check */
    PLAIN_STALEMATE, /* the side to move has no move and is not in check */
    PLAIN_THRONE     /* the side not to move has won by throne */
} plain_status_t;

/* The legal moves of the side to move, sorted by strcmp; returns how many
 * (never more than max are written). */
int plain_legal_moves(const char *position, char moves[][PLAIN_MOVE_LEN], int max);
/* True when the side to move's king is attacked. */
bool plain_in_check(const char *position);
/* Could a piece of by_color (0 White, 1 Black) capture on square ("c4"
 * style) if an enemy piece stood there? Squares holding by_color's own
 * pieces are not asked about. */
bool plain_attacked(const char *position, const char *square, int by_color);
plain_status_t plain_status(const char *position);
/* Leaf nodes at depth (a throne-won position has no moves). */
uint64_t plain_perft(const char *position, int depth);
/* Plays a legal move and writes the resulting position string (canonical
 * form, both counters updated) into out. Returns false when move is not one
 * of the legal moves. */
bool plain_make(const char *position, const char *move, char *out, size_t outlen);
/* True when move is legal and puts the king on the enemy throne with its
 * out flag set. */
bool plain_wins_throne(const char *position, const char *move);
/* Whether a well-formed placement is a position the rules accept: one king
 * per side, at most six pieces and two pawns per side, no pawn on its own
 * promotion squares, kings not adjacent, the side not to move not in check,
 * the side to move not already standing on the enemy throne with its flag
 * set. */
bool plain_position_ok(const char *position);

#endif
