/*
 * test_selection_shows_core_moves.c - selecting a piece offers exactly the
 * moves the rules give it, and the path shown for a destination is the
 * route the piece takes, rebound included.
 */
#include "support.h"

#include "ui_fixture.h"

#define ROOK_POS "7/3k3/2xxx2/2xxx2/2xxx2/3K3/6R w - 0 1"

static void rook_on_g1_offers_its_thirteen_destinations(void **state)
{
    (void)state;
    rb_app *app = fixture_open(ROOK_POS, 800, 600);
    fixture_click(app, "g1");
    assert_int_equal(app->state.input.state, RB_UI_SELECTED);
    static const char *const expected[] = {"f1", "e1", "d1", "c1", "b1", "a1", "a2",
                                           "a3", "a4", "a5", "a6", "a7", "g2"};
    rb_bb want = 0, got = 0;
    for (size_t i = 0; i < sizeof expected / sizeof *expected; i++) {
        want |= (rb_bb)1 << rb_sq_parse(expected[i]);
    }
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (rb_ui_input_move_to(&app->state.input, sq) != RB_MOVE_NONE) {
            got |= (rb_bb)1 << sq;
        }
    }
    assert_int_equal(rb_popcount(got), 13);
    assert_true(got == want);
    fixture_close(app);
}

static void path_to_a4_runs_along_rank_one_and_rebounds_at_a1(void **state)
{
    (void)state;
    rb_app *app = fixture_open(ROOK_POS, 800, 600);
    fixture_click(app, "g1");
    fixture_motion(app, fixture_center(app, "a4"), false);
    assert_int_equal(app->state.input.hover, rb_sq_parse("a4"));
    rb_move m = rb_ui_input_move_to(&app->state.input, app->state.input.hover);
    assert_int_not_equal(m, RB_MOVE_NONE);
    rb_path path;
    rb_move_path(m, &path);
    static const char *const route[] = {"g1", "f1", "e1", "d1", "c1", "b1", "a1", "a2", "a3", "a4"};
    assert_int_equal(path.len, 10);
    for (int i = 0; i < path.len; i++) {
        assert_string_equal(rb_sq_name(path.sq[i]), route[i]);
    }
    assert_int_equal(path.rebound, 6);
    assert_string_equal(rb_sq_name(path.sq[path.rebound]), "a1");
    /* and playing it lands on a4 */
    fixture_click(app, "a4");
    assert_int_equal(fixture_piece(app, "a4"), RB_PIECE(RB_WHITE, RB_ROOK));
    fixture_close(app);
}

static void bishop_capture_after_a_wall_rebound_is_offered_with_its_path(void **state)
{
    (void)state;
    /* Bd1: c2 b3 a4, rebound off the a-file edge, xb5; back-step e2. */
    rb_app *app = fixture_open("2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 1", 800, 600);
    fixture_click(app, "d1");
    rb_bb got = 0;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (rb_ui_input_move_to(&app->state.input, sq) != RB_MOVE_NONE) {
            got |= (rb_bb)1 << sq;
        }
    }
    rb_bb want = 0;
    static const char *const expected[] = {"c2", "b3", "a4", "b5", "e2"};
    for (size_t i = 0; i < 5; i++) {
        want |= (rb_bb)1 << rb_sq_parse(expected[i]);
    }
    assert_true(got == want);
    rb_path path;
    rb_move_path(rb_ui_input_move_to(&app->state.input, rb_sq_parse("b5")), &path);
    assert_int_equal(path.len, 5);
    assert_string_equal(rb_sq_name(path.sq[path.rebound]), "a4");
    fixture_drag(app, "d1", "b5");
    assert_int_equal(fixture_piece(app, "b5"), RB_PIECE(RB_WHITE, RB_BISHOP));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rook_on_g1_offers_its_thirteen_destinations),
        cmocka_unit_test(path_to_a4_runs_along_rank_one_and_rebounds_at_a1),
        cmocka_unit_test(bishop_capture_after_a_wall_rebound_is_offered_with_its_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
