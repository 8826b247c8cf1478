/*
 * test_analysis_endgame_tables.c - the analysis board in an ending the
 * installed endgame tables hold lists every legal move with its exact
 * result, best first, in words that say how it ends ("Win: throne in 1",
 * "Loss: mate in 4", counted in moves as the score above them is), and a
 * position outside them lists none. Needs the tables the default build
 * computes (skipped without them).
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <string.h>

#include "rb_tb.h"
#include "screens/analysis/analysis_view.h"
#include "ui_fixture.h"

static int rows(rb_app *app, rb_tb_move_value *mv, char (*texts)[96])
{
    rb_ui_app_draw(app);
    return rb_ui_analysis_view_tables(app, mv, texts, RB_MAX_MOVES);
}

static void each_move_shows_its_exact_result(void **state)
{
    (void)state;
    /* White's king on c6 with its out flag set: Kd6 takes the throne */
    rb_app *app = fixture_open("7/2K4/2xxx2/2xxx2/2xxx2/7/k6 w K 0 1", 1024, 720);
    if (app->tables == NULL || rb_tb_max_men(app->tables) < 3) {
        fixture_close(app);
        skip();
    }
    fixture_key(app, SDLK_F5, 0);
    assert_true(app->state.analysis.active);
    rb_tb_move_value mv[RB_MAX_MOVES];
    char texts[RB_MAX_MOVES][96];
    int n = rows(app, mv, texts);
    rb_movelist legal;
    rb_gen_legal(&app->state.analysis.board, &legal);
    assert_int_equal(n, legal.count);
    char coord[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(mv[0].move, coord);
    assert_string_equal(coord, "c6d6");
    assert_string_equal(texts[0], "Win: throne in 1");
    for (int i = 1; i < n; i++) {
        assert_true(rb_tb_compare(mv[i - 1].value, mv[i].value) >= 0);
    }
    fixture_close(app);

    /* Black to move against king and rook: every move loses, by mate */
    app = fixture_open("7/7/2xxx2/2xxx2/2xxx2/3R2k/K6 b - 0 1", 1024, 720);
    fixture_key(app, SDLK_F5, 0);
    n = rows(app, mv, texts);
    assert_int_equal(n, 5);
    for (int i = 0; i < n; i++) {
        assert_string_equal(texts[i], "Loss: mate in 4"); /* eight plies */
    }
    fixture_close(app);
}

static void a_position_outside_the_tables_lists_none(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    fixture_key(app, SDLK_F5, 0);
    rb_tb_move_value mv[RB_MAX_MOVES];
    assert_int_equal(rows(app, mv, NULL), 0);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_move_shows_its_exact_result),
        cmocka_unit_test(a_position_outside_the_tables_lists_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
