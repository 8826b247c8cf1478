/*
 * test_stage_play_feedback.c - what a person meets while playing a stage.
 *
 * Every attempt gets one answer: an illegal move carries the rules
 * library's explanation, a legal move the stage does not want is refused
 * (never played) with a sentence naming what is wrong, a move that reaches
 * the goal finishes the stage, and a move after which the goal cannot be
 * reached any more fails it with the reason. The hint follows the stored
 * solution while the person does, and finds a way on when they have left
 * it; the stars follow par.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rb_learn.h"

static rb_learn_chapter chapter;

/* One stage made of the given lines, loaded and checked as a file is. */
static const rb_learn_stage *stage(const char *fields)
{
    char text[2048];
    snprintf(text, sizeof text, "chapter: t\ntitle: T\n\nstage: s\ntitle: S\ntext: words\n%s", fields);
    char err[RB_LEARN_ERROR_MAX];
    if (rb_learn_parse_chapter(text, strlen(text), "t.lesson", true, &chapter, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    return &chapter.stages[0];
}

static int drop(void **state)
{
    (void)state;
    rb_learn_chapter_free(&chapter);
    return 0;
}

static int sq(const char *name)
{
    return rb_sq_parse(name);
}

static rb_learn_result try_move(rb_learn_session *s, const char *text, rb_learn_feedback *fb)
{
    int promo = text[4] == 'r' ? RB_ROOK : text[4] == 'b' ? RB_BISHOP : 0;
    char a[3] = {text[0], text[1], 0}, b[3] = {text[2], text[3], 0};
    return rb_learn_try(s, sq(a), sq(b), promo, fb);
}

#define CORNER "position: 7/7/2xxx2/2xxx1k/1Kxxx2/7/4R2 w - 0 1\n"

static void an_illegal_move_says_why(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage(CORNER "goal: collect a4,g7\npar: 2\nsolution: e1a4 a4g7\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_int_equal(try_move(&s, "e1g1", &fb), RB_LEARN_ILLEGAL);
    assert_int_equal(fb.explain.reason, RB_EXPLAIN_UNREACHABLE);
    assert_int_equal(fb.explain.rule, RB_RULE_ROOK_BACKWARD); /* east is backward on the south side */
    assert_true(strlen(fb.message) > 10);
    assert_true(fb.squares & ((rb_bb)1 << sq("g1")));
    /* nothing happened */
    assert_int_equal(s.moves, 0);
    assert_true(rb_pos_equal(rb_learn_pos(&s), &st->start));
    assert_int_equal(try_move(&s, "a1a2", &fb), RB_LEARN_ILLEGAL);
    assert_int_equal(fb.explain.reason, RB_EXPLAIN_NO_PIECE);
    rb_learn_session_free(&s);
}

static void stars_are_collected_while_the_other_side_passes(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage(CORNER "goal: collect a4,g7\npar: 2\nsolution: e1a4 a4g7\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_int_equal(try_move(&s, "e1a4", &fb), RB_LEARN_PLAYED);
    assert_int_equal(fb.stars_taken, 1);
    assert_int_equal(fb.reply, RB_MOVE_NONE);
    assert_int_equal(rb_learn_pos(&s)->side, RB_WHITE); /* Black passed */
    assert_true(s.stars == ((rb_bb)1 << sq("g7")));
    assert_int_equal(try_move(&s, "a4g7", &fb), RB_LEARN_DONE);
    assert_int_equal(fb.stars_taken, 1);
    assert_true(s.done);
    assert_int_equal(rb_learn_stars(st, s.moves), 3);
    rb_learn_session_free(&s);
}

static void a_check_the_passing_side_could_not_answer_is_refused(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/7/2xxx2/2xxx1k/1Kxxx2/7/4R2 w - 0 1\n"
                                     "goal: collect a4,f7\npar: 2\nsolution: e1a4 a4f7\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    /* Ra7 attacks along the seventh rank, turns at g7 and reaches g4. */
    assert_int_equal(try_move(&s, "e1a7", &fb), RB_LEARN_REFUSED);
    assert_non_null(strstr(fb.message, "attacks the black king"));
    assert_true(fb.squares == ((rb_bb)1 << sq("g4")));
    assert_int_equal(s.moves, 0);
    assert_true(rb_pos_equal(rb_learn_pos(&s), &st->start));
    rb_learn_session_free(&s);
}

/* A side that sits out an exercise is not playing: leaving it without a
 * move is no stalemate. Where the goal is mate, it is (see below). */
static void a_side_sitting_out_is_never_stalemated(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/7/2xxx2/B1xxx2/2xxx2/2K4/k6 w - 0 1\n"
                                     "goal: collect b3,b5\npar: 2\nsolution: a4b3 b3b5\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_int_equal(try_move(&s, "a4b3", &fb), RB_LEARN_PLAYED); /* the black king on a1 has no move */
    assert_int_equal(rb_learn_pos(&s)->side, RB_WHITE);
    assert_int_equal(try_move(&s, "b3b5", &fb), RB_LEARN_DONE);
    rb_learn_session_free(&s);
}

static void an_unsafe_square_names_the_piece_that_would_take(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/bk5/2xxx2/2xxx2/2xxx2/R2K3/4r2 w - 0 1\n"
                                     "goal: safe-square b2\npar: 1\nsolution: a2b2\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_int_equal(try_move(&s, "a2a3", &fb), RB_LEARN_REFUSED);
    assert_string_equal(fb.message, "On a3 your rook could be taken by the black rook on e1.");
    assert_true(fb.squares == (((rb_bb)1 << sq("a3")) | ((rb_bb)1 << sq("e1"))));
    assert_int_equal(try_move(&s, "a2b2", &fb), RB_LEARN_DONE);
    rb_learn_session_free(&s);
}

static void the_wrong_promotion_is_refused(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 2P4/7/2xxx2/2xxx2/K1xxx2/5k1/7 w - 0 1\n"
                                     "goal: promote rook\npar: 2\nsolution: c7d7 d7e7r\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_int_equal(try_move(&s, "c7d7", &fb), RB_LEARN_PLAYED);
    assert_int_equal(try_move(&s, "d7e7", &fb), RB_LEARN_ILLEGAL); /* the choice is missing */
    assert_int_equal(fb.explain.reason, RB_EXPLAIN_PROMOTION);
    assert_int_equal(try_move(&s, "d7e7b", &fb), RB_LEARN_REFUSED);
    assert_string_equal(fb.message, "Promote to a rook this time.");
    assert_int_equal(try_move(&s, "d7e7r", &fb), RB_LEARN_DONE);
    rb_learn_session_free(&s);
}

static void throne_reached_against_the_flow_fails_with_the_reason(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/7/2xxx2/2xxx2/2xxx2/4K2/6k w - 0 1\n"
                                     "goal: throne 7\npar: 7\nsolution: e2d1 d1c2 c2b3 b3b4 b4b5 b5c6 c6d6\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    const char *short_way[] = {"e2f3", "f3f4", "f4f5", "f5e6"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(try_move(&s, short_way[i], &fb), RB_LEARN_PLAYED);
    }
    assert_int_equal(try_move(&s, "e6d6", &fb), RB_LEARN_FAILED);
    assert_non_null(strstr(fb.message, "out flag is clear"));
    assert_true(fb.squares == ((rb_bb)1 << sq("d6")));
    /* crossing the start line raises the flag, stepping back clears it */
    rb_learn_session_reset(&s);
    assert_int_equal(try_move(&s, "e2d2", &fb), RB_LEARN_PLAYED);
    assert_int_equal(try_move(&s, "d2c2", &fb), RB_LEARN_PLAYED);
    assert_int_equal(rb_learn_pos(&s)->out, RB_OUT_WHITE);
    assert_int_equal(try_move(&s, "c2d2", &fb), RB_LEARN_PLAYED);
    assert_int_equal(rb_learn_pos(&s)->out, 0);
    rb_learn_session_free(&s);
}

static void a_mate_goal_fails_on_stalemate_and_when_moves_run_out(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/7/2xxx2/2xxx2/1Kxxx2/2R4/k6 w - 0 1\n"
                                     "goal: mate 1\npar: 1\nsolution: c2c1\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_int_equal(try_move(&s, "c2b2", &fb), RB_LEARN_FAILED);
    assert_string_equal(fb.message, "Stalemate: Black has no legal move and is not in check, so the game is drawn.");
    assert_int_equal(try_move(&s, "c2c1", &fb), RB_LEARN_OVER);
    rb_learn_session_reset(&s);
    assert_int_equal(try_move(&s, "c2d2", &fb), RB_LEARN_FAILED);
    assert_string_equal(fb.message, "That was your last move: the goal was mate in 1.");
    rb_learn_session_reset(&s);
    assert_int_equal(try_move(&s, "c2c1", &fb), RB_LEARN_DONE);
    rb_learn_session_free(&s);
}

static void a_move_the_script_cannot_answer_is_refused(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/7/2xxx2/2xxx1k/1Kxxx2/7/4R2 w - 0 1\n"
                                     "goal: collect a4,g7\npar: 2\nreplies: script g4g3\nsolution: e1a4 a4g7\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    /* Ra6 leaves g4-g3 legal; Rb1 does too; e1a7 gives check, so g4-g3,
     * still on the rook's line, is no answer. */
    assert_int_equal(try_move(&s, "e1a7", &fb), RB_LEARN_REFUSED);
    assert_non_null(strstr(fb.message, "another in mind"));
    assert_true(rb_pos_equal(rb_learn_pos(&s), &st->start));
    assert_int_equal(try_move(&s, "e1a4", &fb), RB_LEARN_PLAYED);
    assert_int_equal(RB_MOVE_FROM(fb.reply), sq("g4"));
    assert_int_equal(RB_MOVE_TO(fb.reply), sq("g3"));
    assert_int_equal(fb.reply_path.sq[fb.reply_path.len - 1], sq("g3"));
    assert_int_equal(s.replies, 1);
    rb_learn_session_free(&s);
}

static void the_hint_follows_the_solution_while_the_person_does(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage(CORNER "goal: collect a4,g7\npar: 2\nsolution: e1a4 a4g7\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    rb_move m;
    rb_path path;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_true(rb_learn_hint(&s, &m, &path));
    assert_true(rb_learn_hint_is_the_stages(&s));
    /* e1 d1 c1 b1 a1, turning north at a1, a2 a3 a4 */
    assert_int_equal(path.len, 8);
    assert_int_equal(path.sq[path.rebound], sq("a1"));
    assert_int_equal(try_move(&s, "e1d1", &fb), RB_LEARN_PLAYED);
    /* off the way: a search finds the way on, from d1 to a4 round a1; the
     * stage's words about its own way no longer fit */
    assert_false(rb_learn_hint_is_the_stages(&s));
    assert_true(rb_learn_hint(&s, &m, &path));
    assert_int_equal(RB_MOVE_FROM(m), sq("d1"));
    assert_int_equal(RB_MOVE_TO(m), sq("a4"));
    assert_int_equal(path.sq[path.rebound], sq("a1"));
    /* following it finishes the stage */
    assert_int_equal(rb_learn_try(&s, RB_MOVE_FROM(m), RB_MOVE_TO(m), 0, &fb), RB_LEARN_PLAYED);
    assert_true(rb_learn_hint(&s, &m, &path));
    assert_int_equal(RB_MOVE_TO(m), sq("g7"));
    assert_int_equal(rb_learn_try(&s, RB_MOVE_FROM(m), RB_MOVE_TO(m), 0, &fb), RB_LEARN_DONE);
    assert_false(rb_learn_hint(&s, &m, &path)); /* over */
    rb_learn_session_reset(&s);
    assert_true(rb_learn_hint(&s, &m, NULL));
    assert_int_equal(RB_MOVE_TO(m), sq("a4"));
    rb_learn_session_free(&s);
}

static void stars_follow_par_and_a_hint_costs_the_third(void **state)
{
    (void)state;
    rb_learn_stage st;
    memset(&st, 0, sizeof st);
    int cases[][3] = {
        /* par, moves, stars */
        {1, 1, 3}, {1, 2, 2}, {1, 3, 1}, {2, 2, 3}, {2, 3, 2}, {2, 4, 1},
        {4, 4, 3}, {4, 6, 2}, {4, 7, 1}, {5, 8, 2}, {5, 9, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        st.par = cases[i][0];
        assert_int_equal(rb_learn_stars(&st, cases[i][1]), cases[i][2]);
        /* a hint costs the third star, and only that one */
        assert_int_equal(rb_learn_stars_hinted(&st, cases[i][1], true), cases[i][2] > 2 ? 2 : cases[i][2]);
        assert_int_equal(rb_learn_stars_hinted(&st, cases[i][1], false), cases[i][2]);
    }
}

/* The computer's answers are the same in every session. */
static void engine_replies_are_the_same_every_time(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/7/2xxx1R/2xxx1R/2xxx2/5k1/1K5 w - 0 1\n"
                                     "goal: mate 2\npar: 2\nreplies: engine 2\nsolution: g4f4 g5g2\n");
    rb_move first = RB_MOVE_NONE;
    for (int run = 0; run < 3; run++) {
        rb_learn_session s;
        rb_learn_feedback fb;
        assert_int_equal(rb_learn_session_start(&s, st), 0);
        assert_int_equal(try_move(&s, "g4f4", &fb), RB_LEARN_PLAYED);
        assert_int_not_equal(fb.reply, RB_MOVE_NONE);
        if (run == 0) {
            first = fb.reply;
        }
        assert_int_equal(fb.reply, first);
        assert_int_equal(try_move(&s, "g5g2", &fb), RB_LEARN_DONE);
        rb_learn_session_free(&s);
    }
}

static void repetition_and_escape_goals_are_seen(void **state)
{
    (void)state;
    const rb_learn_stage *st = stage("position: 7/7/2xxx2/2xxx1k/1Kxxx2/7/3R3 w - 0 1\n"
                                     "goal: repetition\npar: 4\nreplies: script g4g3 g3g4 g4g3 g3g4\n"
                                     "solution: b3a3 a3b3 b3a3 a3b3\n");
    rb_learn_session s;
    rb_learn_feedback fb;
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    const char *moves[] = {"b3a3", "a3b3", "b3a3"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(try_move(&s, moves[i], &fb), RB_LEARN_PLAYED);
    }
    /* the start position comes back a third time after Black's answer */
    assert_int_equal(try_move(&s, "a3b3", &fb), RB_LEARN_DONE);
    assert_int_not_equal(fb.reply, RB_MOVE_NONE);
    rb_learn_session_free(&s);
    rb_learn_chapter_free(&chapter);

    st = stage("position: 6r/R6/1kxxx2/2xxx2/2xxx2/7/4K2 w - 0 1\ngoal: escape-check\npar: 1\nsolution: a6g7\n");
    assert_int_equal(rb_learn_session_start(&s, st), 0);
    assert_int_equal(try_move(&s, "a6a5", &fb), RB_LEARN_ILLEGAL);
    assert_int_equal(fb.explain.reason, RB_EXPLAIN_KING_ATTACKED);
    assert_true(fb.squares & ((rb_bb)1 << sq("g7")));
    assert_int_equal(try_move(&s, "e1d2", &fb), RB_LEARN_DONE);
    rb_learn_session_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(an_illegal_move_says_why, drop),
        cmocka_unit_test_teardown(stars_are_collected_while_the_other_side_passes, drop),
        cmocka_unit_test_teardown(a_check_the_passing_side_could_not_answer_is_refused, drop),
        cmocka_unit_test_teardown(a_side_sitting_out_is_never_stalemated, drop),
        cmocka_unit_test_teardown(an_unsafe_square_names_the_piece_that_would_take, drop),
        cmocka_unit_test_teardown(the_wrong_promotion_is_refused, drop),
        cmocka_unit_test_teardown(throne_reached_against_the_flow_fails_with_the_reason, drop),
        cmocka_unit_test_teardown(a_mate_goal_fails_on_stalemate_and_when_moves_run_out, drop),
        cmocka_unit_test_teardown(a_move_the_script_cannot_answer_is_refused, drop),
        cmocka_unit_test_teardown(the_hint_follows_the_solution_while_the_person_does, drop),
        cmocka_unit_test(stars_follow_par_and_a_hint_costs_the_third),
        cmocka_unit_test_teardown(engine_replies_are_the_same_every_time, drop),
        cmocka_unit_test_teardown(repetition_and_escape_goals_are_seen, drop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
