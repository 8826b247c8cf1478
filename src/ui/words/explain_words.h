/*
 * explain_words.h - the sentence for a refused (or allowed) move, in the
 * player's language.
 *
 * The rules library answers "why not?" as structured data (rb_explain.h)
 * and keeps an English sentence of its own for the engine protocol. The
 * window builds its sentence here from the same reason, rule, pieces and
 * squares, with translatable formats, so a translation never has to take
 * an English sentence apart.
 */
#ifndef RB_UI_EXPLAIN_WORDS_H
#define RB_UI_EXPLAIN_WORDS_H

#include <stddef.h>

#include "rb_explain.h"

/* Room for any sentence in any of the game's languages. */
#define RB_UI_EXPLAIN_TEXT_MAX 768

/* Writes the sentence into buf (at most len bytes with the terminator)
 * and returns the length it needed, as snprintf. */
size_t rb_ui_explain_words(const rb_explanation *e, char *buf, size_t len);

/* The name of a piece type (RB_KING..RB_PAWN; "piece" for anything else)
 * and of a compass direction (RB_COMPASS_*), translated. */
const char *rb_ui_explain_words_piece(int type);
const char *rb_ui_explain_words_compass(int dir);

#endif
