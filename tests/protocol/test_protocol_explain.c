/*
 * test_protocol_explain.c - "explain MOVE": exactly one line, in the exact
 * format, for legal moves, every kind of refusal and move text that is not
 * a move; and asking changes nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include <stdio.h>

#include "proto_harness.h"

/* Sends a line and expects exactly one answer, equal to want. */
static void expect_line(harness *h, const char *line, const char *want)
{
    assert_string_equal(harness_one_answer(h, line, strlen(line)), want);
}

static void expect_error(harness *h, const char *line, size_t len, const char *part)
{
    harness_expect_error(h, line, len, "info string error: explain: ", part);
}

static void legal_and_illegal_moves_in_the_start_position(void **state)
{
    (void)state;
    harness *h = harness_new();
    expect_line(h, "explain c2b3", "explain c2b3 legal");
    expect_line(h, "explain a1a2", "explain a1a2 illegal no-piece a1: There is no piece on a1.");
    expect_line(h, "explain c7b7",
                "explain c7b7 illegal not-your-piece c7: The rook on c7 is Black's, and White is to move.");
    expect_line(h, "explain e1e2", "explain e1e2 illegal own-piece e2: e2 holds White's own rook.");
    expect_line(h, "explain e1g1",
                "explain e1g1 illegal unreachable e1,g1: A rook never slides backward: from e1 it slides "
                "west, turning north at a1, and otherwise steps one square in a straight line.");
    expect_line(h, "explain e1a1",
                "explain e1a1 illegal blocked d1: The rook on e1 cannot reach a1: the bishop on d1 is in the way.");
    expect_line(h, "explain c2b3r",
                "explain c2b3r illegal promotion b3: White's pawns promote only on e6 and e7, so this move "
                "takes no promotion.");
    /* Blanks around the words are the protocol's usual separators. */
    expect_line(h, "  explain\tc2b3  ", "explain c2b3 legal");
    harness_free(h);
}

static void the_current_position_is_the_one_explained(void **state)
{
    (void)state;
    harness *h = harness_new();
    /* Two checkers after the move, named sorted. */
    harness_send(h, "position fen 5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/r6 w - 0 1");
    expect_line(h, "explain f7f6",
                "explain f7f6 illegal king-attacked a1,b2: White's king on a3 is in check, and after this move it "
                "would still be in check from a1 and b2.");
    /* Promotion: missing, wrong and right letters. */
    harness_send(h, "position fen 3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1");
    expect_line(h, "explain d6e6",
                "explain d6e6 illegal promotion e6: A pawn reaching e6 must become a rook or a bishop.");
    expect_line(h, "explain d7e7k",
                "explain d7e7k illegal promotion e7: A pawn reaching e7 must become a rook or a bishop, not a king.");
    expect_line(h, "explain d7e7b", "explain d7e7b legal");
    /* Checkmate, and a draw by repetition that only the game record knows. */
    harness_send(h, "position fen 4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1 moves e7g6");
    expect_line(h, "explain a1b1", "explain a1b1 illegal game-over -: The game is over: Black is checkmated.");
    harness_send(h, "position startpos moves e1f1 c7b7 f1e1 b7c7 e1f1 c7b7 f1e1 b7c7");
    expect_line(h, "explain c2b3",
                "explain c2b3 illegal game-over -: The game is over: a draw by threefold repetition.");
    harness_free(h);
}

static void move_text_that_is_no_move_gets_one_error_and_changes_nothing(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position startpos moves c2b3");
    char before[256], after[256];
    harness_d(h, "Fen:", before, sizeof before);
    expect_error(h, "explain", 7, "expected a move");
    expect_error(h, "explain c2b", 11, "'c2b' is not a move in coordinate form");
    expect_error(h, "explain e6f5x7", 14, "'e6f5x7' is not a move");
    expect_error(h, "explain c3d4", 12, "'c3' in 'c3d4' is in the hole");
    expect_error(h, "explain h1a1", 12, "'h1' in 'h1a1' is not a square");
    expect_error(h, "explain c2b3q", 13, "'q' names no piece");
    expect_error(h, "explain e6f5 e7f7", 17, "unexpected 'e7f7'");
    /* Garbled bytes are quoted back as '?'. */
    expect_error(h,
                 "explain \x01\xff"
                 "a1",
                 12,
                 "'?"
                 "?' in '?"
                 "?a1' is not a square");
    expect_error(h,
                 "explain \x01\xff"
                 "a1a2a3",
                 16,
                 "'?"
                 "?a1a2a3' is not a move");
    expect_error(h, "explain e6\0f5", 13, "'?f' in 'e6?f5' is not a square");
    assert_string_equal(harness_d(h, "Fen:", after, sizeof after), before);
    /* The move asked about was not played either. */
    expect_line(h, "explain e6f5", "explain e6f5 legal");
    harness_free(h);
}

static void explain_answers_while_a_search_runs(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send(h, "go infinite");
    harness_send(h, "explain e2f2");
    assert_true(harness_wait(h, from, "explain e2f2 legal", 5000) >= 0);
    harness_send(h, "stop");
    assert_true(harness_wait(h, from, "bestmove ", 5000) >= 0);
    harness_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legal_and_illegal_moves_in_the_start_position),
        cmocka_unit_test(the_current_position_is_the_one_explained),
        cmocka_unit_test(move_text_that_is_no_move_gets_one_error_and_changes_nothing),
        cmocka_unit_test(explain_answers_while_a_search_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
