/*
 * check.h - the checks every fuzz target runs on a position it reached.
 *
 * A fuzz target finds a crash by itself; these checks turn silent wrong
 * answers into crashes too. Whatever position the parser accepted must
 * survive a round trip through its text, its key must match the one computed
 * from scratch, every generated move must be found again by its squares and
 * must leave the position it was made from untouched, and the plain second
 * generator of the tests must list the same moves and the same results.
 * On a disagreement the target prints both sides and aborts, so libFuzzer
 * keeps the input.
 */
#ifndef RB_FUZZ_CHECK_H
#define RB_FUZZ_CHECK_H

#include "rb_board.h"

/* Aborts with a message when pos breaks any of the rules above. */
void rb_fuzz_check_position(const rb_pos *pos);

/* Prints a message naming the failed property and aborts. */
void rb_fuzz_fail(const char *fmt, ...);

#endif
