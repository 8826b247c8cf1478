/*
 * rb_notation.h - moves as text.
 *
 * Two forms: the coordinate form programs exchange ("c2b3", "d6e6r") and the
 * display form people read ("Rb1xa5", "c2-b3", "d6-e6=R", "Re7-g6#",
 * "Kc6-d6^"). Parsing always resolves text against the legal moves of a
 * position, so a parsed move is a value the generator produced.
 */
#ifndef RB_NOTATION_H
#define RB_NOTATION_H

#include "rb_board.h"

#define RB_MOVE_TEXT_MAX 16

/* Coordinate form; returns the length written (buf holds RB_MOVE_TEXT_MAX). */
size_t rb_move_to_coord(rb_move m, char *buf);
/* Display form, with its check/mate/throne suffix, for the legal move m of pos. */
size_t rb_move_to_display(const rb_pos *pos, rb_move m, char *buf);

/* Each returns 0 and sets *m, or -1 with a message in err (what is wrong with
 * the text, or why the move is not legal here). */
int rb_move_parse_coord(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen);
int rb_move_parse_display(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen);
/* Accepts either form. */
int rb_move_parse(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen);
/* The same three with the message as a template and its arguments
 * (rb_message.h), for a window that shows it in its player's language. */
int rb_move_parse_coord_why(const rb_pos *pos, const char *text, rb_move *m, rb_message *why);
int rb_move_parse_display_why(const rb_pos *pos, const char *text, rb_move *m, rb_message *why);
int rb_move_parse_why(const rb_pos *pos, const char *text, rb_move *m, rb_message *why);

#endif
