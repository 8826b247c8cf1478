/*
 * message_words.h - the rules library's messages in the player's language.
 *
 * Reading a position string, a typed move or a game file, the rules
 * library (and reading their files, the lessons' and the puzzles') says
 * what is wrong as a template and its arguments (rb_message.h)
 * as well as in English. The window translates the template and the words
 * among the arguments here, with the catalogue, and the library fills the
 * placeholders, so a translation can reorder them; a translation whose
 * placeholders do not fit its arguments is passed over for the English.
 */
#ifndef RB_UI_MESSAGE_WORDS_H
#define RB_UI_MESSAGE_WORDS_H

#include <stddef.h>

#include "rb_message.h"

/* Room for any message in any of the game's languages. */
#define RB_UI_MESSAGE_TEXT_MAX 512

/* Writes the message, translated, into buf (at most len bytes with the
 * terminator) and returns the length it needed, as snprintf. */
size_t rb_ui_message_words_text(const rb_message *m, char *buf, size_t len);

/* A reader's message about a file, translated: "FILE: SENTENCE", or
 * "FILE:LINE: SENTENCE" when line > 0 (rb_message_file_text). The lessons'
 * and the puzzles' files say what is wrong with them this way. */
size_t rb_ui_message_words_file(const char *file, int line, const rb_message *m, char *buf, size_t len);

#endif
