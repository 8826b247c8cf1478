/*
 * test_refused_moves_are_explained.c - a move the rules refuse is explained
 * on the board: dropping a piece where it cannot go, clicking such a square
 * with a piece selected, or typing the move shows the rules library's
 * sentence, with the attackers' squares when the king would be left
 * attacked and the square in the way when the route is blocked. The
 * explanation goes after a few seconds, and a move played clears it. A
 * click on another own piece or with nothing selected explains nothing.
 */
#include "support.h"

#include "board/explain.h"
#include "ui_fixture.h"

/* White's rook on c2 shields its king on b2 from Black's rook on e2. */
#define PINNED "7/2k4/2xxx2/2xxx2/2xxx2/1KR1r2/7 w - 0 1"

static rb_bb bb(const char *square)
{
    return (rb_bb)1 << rb_sq_parse(square);
}

static void drop_leaving_the_king_attacked_names_the_attacker(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PINNED, 800, 600);
    fixture_drag(app, "c2", "c1");
    const rb_ui_explain_state *x = &app->state.explain;
    assert_int_equal(app->state.game.ply, 0);
    assert_true(x->shown);
    assert_int_equal(x->reason, RB_EXPLAIN_KING_ATTACKED);
    assert_string_equal(x->text, "After this move White's king on b2 would be attacked from e2.");
    assert_true(x->squares == bb("e2"));
    /* the attacker's path runs from e2 to the king on b2 */
    assert_int_equal(x->nattackers, 1);
    assert_int_equal(x->attacks[0].sq[0], rb_sq_parse("e2"));
    assert_int_equal(x->attacks[0].sq[x->attacks[0].len - 1], rb_sq_parse("b2"));
    fixture_close(app);
}

static void blocked_move_marks_the_square_in_the_way(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "e1");
    fixture_click(app, "a1"); /* the bishop on d1 stands in the way */
    const rb_ui_explain_state *x = &app->state.explain;
    assert_true(x->shown);
    assert_int_equal(x->reason, RB_EXPLAIN_BLOCKED);
    assert_int_equal(x->blocker, rb_sq_parse("d1"));
    assert_true(x->squares == bb("d1"));
    assert_non_null(strstr(x->text, "bishop on d1"));
    assert_int_equal(app->state.game.ply, 0);
    fixture_close(app);
}

static void typed_illegal_move_is_explained(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "d1b3");
    assert_true(app->state.explain.shown);
    assert_int_equal(app->state.explain.reason, RB_EXPLAIN_BLOCKED);
    assert_int_equal(app->state.explain.blocker, rb_sq_parse("c2"));
    fixture_close(app);
}

static void explanation_goes_after_a_few_seconds(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PINNED, 800, 600);
    fixture_use_test_clock(app);
    fixture_drag(app, "c2", "c1");
    Uint32 until = rb_ui_explain_wake(&app->state);
    assert_true(app->state.explain.shown);
    /* the window sleeps until then: a wake time 3 to 4 seconds on */
    assert_true((Sint32)(until - fixture_ms) > 3000 && (Sint32)(until - fixture_ms) <= 4000);
    app->dirty = false;
    fixture_tick_at(app, until - 10);
    assert_true(app->state.explain.shown);
    assert_false(app->dirty);
    fixture_tick_at(app, until + 1);
    assert_false(app->state.explain.shown);
    assert_true(app->dirty);
    assert_int_equal(rb_ui_explain_wake(&app->state), 0);
    fixture_close(app);
}

static void a_move_played_clears_the_explanation(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "c2", "a4");
    assert_true(app->state.explain.shown);
    assert_int_equal(app->state.explain.reason, RB_EXPLAIN_UNREACHABLE);
    fixture_click(app, "b2"); /* still selected: this plays c2-b2 */
    assert_int_equal(app->state.game.ply, 1);
    assert_false(app->state.explain.shown);
    fixture_close(app);
}

static void selecting_and_stray_clicks_explain_nothing(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "b4"); /* nothing selected: not an attempt */
    assert_false(app->state.explain.shown);
    fixture_click(app, "c2");
    fixture_click(app, "e2"); /* another of White's pieces: selects it */
    assert_false(app->state.explain.shown);
    assert_int_equal(app->state.input.sel, rb_sq_parse("e2"));
    fixture_click(app, "c7"); /* the rook cannot take the rook on c7 from e2 */
    assert_true(app->state.explain.shown);
    assert_int_equal(app->state.explain.from, rb_sq_parse("e2"));
    assert_int_equal(app->state.explain.to, rb_sq_parse("c7"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(drop_leaving_the_king_attacked_names_the_attacker),
        cmocka_unit_test(blocked_move_marks_the_square_in_the_way),
        cmocka_unit_test(typed_illegal_move_is_explained),
        cmocka_unit_test(explanation_goes_after_a_few_seconds),
        cmocka_unit_test(a_move_played_clears_the_explanation),
        cmocka_unit_test(selecting_and_stray_clicks_explain_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
