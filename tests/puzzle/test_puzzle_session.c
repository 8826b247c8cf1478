/*
 * test_puzzle_session.c - solving one puzzle: the right move is played
 * with the defender's reply after it, a wrong or illegal move changes
 * nothing and a wrong one counts as a mistake, hints give the piece and
 * then its path, showing the solution plays it out and is no success.
 */
#include "support.h"

#include <string.h>

#include "rb_notation.h"
#include "rb_puzzle.h"

/* White mates in three: f2a2 a6a7 a4b5 b6a6 a2a6, or a6b7 at move 2. */
#define MATE_LINE "7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5 b6a6 a2a6\t2:a6b7"

static rb_puzzle puzzle;

static int load(void **state)
{
    (void)state;
    char err[256];
    return rb_puzzle_parse_line(MATE_LINE, &puzzle, err, sizeof err);
}

static void solving_plays_the_replies_and_ends_solved(void **state)
{
    (void)state;
    rb_puzzle_session s;
    rb_puzzle_session_start(&s, &puzzle);
    rb_move reply;
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&s.pos, "f2a2"), &reply), RB_PUZZLE_CORRECT);
    char text[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(reply, text);
    assert_string_equal(text, "a6a7");
    assert_int_equal(s.pos.side, RB_WHITE);
    assert_int_equal(s.nplayed, 2);
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&s.pos, "a4b5"), &reply), RB_PUZZLE_CORRECT);
    rb_move last = rb_test_move(&s.pos, "a2a6");
    assert_int_equal(rb_puzzle_session_try(&s, last, &reply), RB_PUZZLE_SOLVED);
    assert_int_equal(reply, RB_MOVE_NONE);
    assert_int_equal(rb_pos_status(&s.pos), RB_CHECKMATE);
    assert_true(rb_puzzle_session_success(&s));
    assert_int_equal(rb_puzzle_session_try(&s, last, &reply), RB_PUZZLE_OVER);
    assert_int_equal(rb_puzzle_session_expected(&s), RB_MOVE_NONE);
}

static void a_wrong_move_changes_nothing_and_counts(void **state)
{
    (void)state;
    rb_puzzle_session s;
    rb_puzzle_session_start(&s, &puzzle);
    rb_pos before = s.pos;
    rb_move reply = 1;
    /* legal, but not the win */
    rb_movelist list;
    rb_gen_legal(&s.pos, &list);
    rb_move wrong = list.moves[0] == puzzle.line[0] ? list.moves[1] : list.moves[0];
    assert_int_equal(rb_puzzle_session_try(&s, wrong, &reply), RB_PUZZLE_WRONG);
    assert_int_equal(reply, RB_MOVE_NONE);
    assert_true(rb_pos_equal(&s.pos, &before));
    assert_int_equal(s.mistakes, 1);
    /* not legal here at all: the caller explains it; no mistake counted */
    rb_pos other;
    rb_pos_start(&other);
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&other, "c2b3"), &reply), RB_PUZZLE_ILLEGAL);
    assert_int_equal(rb_puzzle_session_try(&s, RB_MOVE_NONE, &reply), RB_PUZZLE_ILLEGAL);
    assert_int_equal(s.mistakes, 1);
    /* still solvable, but not a clean success */
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&s.pos, "f2a2"), NULL), RB_PUZZLE_CORRECT);
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&s.pos, "a4b5"), NULL), RB_PUZZLE_CORRECT);
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&s.pos, "a2a6"), NULL), RB_PUZZLE_SOLVED);
    assert_false(rb_puzzle_session_success(&s));
}

static void hints_give_the_piece_then_its_path(void **state)
{
    (void)state;
    rb_puzzle_session s;
    rb_puzzle_session_start(&s, &puzzle);
    rb_path path;
    assert_int_equal(rb_puzzle_session_hint(&s, 1, &path), rb_sq_parse("f2"));
    assert_int_equal(path.len, 0);
    assert_int_equal(s.hint, 1);
    assert_int_equal(rb_puzzle_session_hint(&s, 2, &path), rb_sq_parse("f2"));
    assert_int_equal(path.sq[0], rb_sq_parse("f2"));
    assert_int_equal(path.sq[path.len - 1], rb_sq_parse("a2"));
    assert_int_equal(s.hint, 2);
    /* a path hint spoils the success, a square hint does not */
    rb_puzzle_session_try(&s, rb_test_move(&s.pos, "f2a2"), NULL);
    rb_puzzle_session_try(&s, rb_test_move(&s.pos, "a4b5"), NULL);
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&s.pos, "a2a6"), NULL), RB_PUZZLE_SOLVED);
    assert_false(rb_puzzle_session_success(&s));

    rb_puzzle_session_start(&s, &puzzle);
    assert_int_equal(rb_puzzle_session_hint(&s, 1, NULL), rb_sq_parse("f2"));
    rb_puzzle_session_try(&s, rb_test_move(&s.pos, "f2a2"), NULL);
    assert_int_equal(rb_puzzle_session_hint(&s, 1, NULL), rb_sq_parse("a4"));
    rb_puzzle_session_try(&s, rb_test_move(&s.pos, "a4b5"), NULL);
    assert_int_equal(rb_puzzle_session_try(&s, rb_test_move(&s.pos, "a2a6"), NULL), RB_PUZZLE_SOLVED);
    assert_true(rb_puzzle_session_success(&s));
    assert_int_equal(rb_puzzle_session_hint(&s, 1, NULL), -1);
}

static void showing_plays_the_rest_and_is_no_success(void **state)
{
    (void)state;
    rb_puzzle_session s;
    rb_puzzle_session_start(&s, &puzzle);
    rb_puzzle_session_try(&s, rb_test_move(&s.pos, "f2a2"), NULL);
    rb_move rest[RB_PUZZLE_LINE_MAX];
    assert_int_equal(rb_puzzle_session_show(&s, rest, RB_PUZZLE_LINE_MAX), 3);
    assert_int_equal(rest[0], puzzle.line[2]);
    assert_int_equal(rest[2], puzzle.line[4]);
    assert_true(s.done);
    assert_true(s.shown);
    assert_int_equal(rb_pos_status(&s.pos), RB_CHECKMATE);
    assert_false(rb_puzzle_session_success(&s));
    assert_int_equal(rb_puzzle_session_show(&s, rest, RB_PUZZLE_LINE_MAX), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solving_plays_the_replies_and_ends_solved),
        cmocka_unit_test(a_wrong_move_changes_nothing_and_counts),
        cmocka_unit_test(hints_give_the_piece_then_its_path),
        cmocka_unit_test(showing_plays_the_rest_and_is_no_success),
    };
    return cmocka_run_group_tests(tests, load, NULL);
}
