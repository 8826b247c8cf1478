/*
 * words_out.h - the window's words write their sentences with the tree's
 * one sentence writer (rb_util_words.h), under the name they have always
 * used.
 */
#ifndef RB_UI_WORDS_OUT_H
#define RB_UI_WORDS_OUT_H

#include "rb_util_words.h"

typedef rb_words words_out;

#endif
