/*
 * speech_words.h - the spoken mode's sentences, translated, built from the
 * rules library's structured answers (a move's path and rebound, captures,
 * check, out flags), with the geometry a listener cannot see put in words:
 * which ring a square is on and which way the flow runs there.
 *
 * Every function writes one announcement into buf (snprintf's convention:
 * returns the length it needed) and changes nothing.
 */
#ifndef RB_UI_SPEECH_WORDS_H
#define RB_UI_SPEECH_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "rb_core.h"

/* How much a sentence says: short ("rook g1 to a4, rebound at a1") or
 * full (the colour, every square of the path, the out flag). */
typedef enum { RB_UI_SPEECH_SHORT = 0, RB_UI_SPEECH_FULL = 1 } rb_ui_speech_verbosity;

#define RB_UI_SPEECH_RING_OUTER 24
#define RB_UI_SPEECH_HELP_MAX 4096 /* the help's text in any language */
#define RB_UI_SPEECH_RING_INNER 16

/* "white rook", "black pawn": one translated name a piece. */
const char *rb_ui_speech_words_piece(rb_piece p);
/* The squares of a ring in clockwise order (the flow's), from a1 for the
 * outer ring and b2 for the inner; returns how many. */
int rb_ui_speech_ring(bool outer, int *out);
/* The king steps from one square to another around the hole. */
int rb_ui_speech_king_steps(int from, int to);

/* "d1, outer ring, flow west, white rook"; full adds the flow's turn and
 * the thrones. */
size_t rb_ui_speech_words_square(const rb_pos *pos, int sq, rb_ui_speech_verbosity v, char *buf, size_t len);
/* The move m (legal in before), with what it took and whether it checks. */
size_t rb_ui_speech_words_move(const rb_pos *before, rb_move m, rb_ui_speech_verbosity v, char *buf, size_t len);
/* The legal moves of the piece on sq, with their rebounds: "rook g1, 3
 * moves: to a4 by a1, to f1, to g2". */
size_t rb_ui_speech_words_moves_of(const rb_pos *pos, int sq, char *buf, size_t len);
/* Where every piece of type stands, White's then Black's. */
size_t rb_ui_speech_words_pieces(const rb_pos *pos, int type, char *buf, size_t len);
/* The pieces that attack sq, each with its path. */
size_t rb_ui_speech_words_attackers(const rb_pos *pos, int sq, char *buf, size_t len);
/* Each king's out flag and its steps from the throne. */
size_t rb_ui_speech_words_kings(const rb_pos *pos, char *buf, size_t len);
/* The material count (rook 5, bishop 3, pawn 1). */
size_t rb_ui_speech_words_material(const rb_pos *pos, char *buf, size_t len);
/* The whole board, ring by ring, clockwise, the pieces only. */
size_t rb_ui_speech_words_board(const rb_pos *pos, char *buf, size_t len);

/* The spoken mode's keys, in six paragraphs joined by sep: spoken by ?
 * and shown on the help dialog's page. */
size_t rb_ui_speech_words_help(const char *sep, char *buf, size_t len);

#endif
