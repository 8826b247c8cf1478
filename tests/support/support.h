/*
 * support.h - helpers shared by the test programs. cmocka needs these
 * standard headers before its own, so every test includes this first.
 */
#ifndef RB_TEST_SUPPORT_H
#define RB_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rb_board.h"
#include "rb_game.h"

/* Parses a position string or fails the test with the parser's message. */
void rb_test_parse(rb_pos *pos, const char *text);
/* Starts a game record from a position string, failing the test if it is
 * refused. */
void rb_test_new_game(rb_game *g, const char *fen);
/* Plays moves given in coordinate form, separated by spaces; fails the test
 * on the first one the rules refuse. */
void rb_test_play(rb_game *g, const char *moves);
/* The move text (coordinate form) names in pos, or fails the test with the
 * parser's message. */
rb_move rb_test_move(const rb_pos *pos, const char *text);
/* True when the suite runs under the sanitizers (slow): long tests shrink. */
bool rb_test_sanitized(void);

#endif
