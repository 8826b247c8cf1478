/*
 * learn_words.h - the Learn screen's sentences in the player's language:
 * a stage's goal, what a move brought, and the lesson texts themselves.
 *
 * The learn library says what happened as a code with values (rb_learn.h,
 * rb_learn_say) beside its English sentence; the window builds its own
 * sentence from the code with translatable formats. The lessons' own texts
 * are data: they are extracted into the catalogue from assets/lessons and
 * looked up here as they are shown.
 */
#ifndef RB_UI_LEARN_WORDS_H
#define RB_UI_LEARN_WORDS_H

#include <stddef.h>

#include "rb_learn.h"

/* The goal as a sentence: "Checkmate within 2 moves." */
void rb_ui_learn_words_goal(const rb_learn_goal *goal, char *buf, size_t len);

/* What a move brought (fb->say), for a stage with goal; "" for nothing. */
void rb_ui_learn_words_feedback(const rb_learn_feedback *fb, const rb_learn_goal *goal, char *buf, size_t len);

/* A lesson's text (title, intro, text or hint) translated; NULL and ""
 * stay as they are. */
const char *rb_ui_learn_words_lesson(const char *text);

#endif
