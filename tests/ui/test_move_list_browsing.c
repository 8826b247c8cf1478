/*
 * test_move_list_browsing.c - the player looks back through the game with
 * the move list and the arrow keys: the board shows the earlier position,
 * nothing of the game is lost, a stray click cannot change it, and End (or
 * the last move) brings the game back as it was.
 */
#include "support.h"

#include "panel/panel.h"
#include "ui_fixture.h"

static void play_four_moves(rb_app *app)
{
    fixture_type(app, "c2b3");
    fixture_type(app, "e7f7");
    fixture_type(app, "e1f1");
    fixture_type(app, "c7b7");
    assert_int_equal(app->state.game.ply, 4);
}

static void arrow_keys_walk_back_and_forth_without_losing_moves(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    play_four_moves(app);
    char end[RB_POS_TEXT_MAX], now[RB_POS_TEXT_MAX], want[RB_POS_TEXT_MAX];
    fixture_fen(app, end, sizeof end);

    fixture_key(app, SDLK_LEFT, KMOD_NONE);
    fixture_key(app, SDLK_LEFT, KMOD_NONE);
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(app->state.game.length, 4);
    assert_true(rb_ui_state_browsing(&app->state));
    fixture_fen(app, now, sizeof now);
    rb_pos_format(&app->state.game.positions[2], want, sizeof want);
    assert_string_equal(now, want);

    fixture_key(app, SDLK_HOME, KMOD_NONE);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(fixture_piece(app, "c2"), RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_key(app, SDLK_RIGHT, KMOD_NONE);
    assert_int_equal(app->state.game.ply, 1);
    fixture_key(app, SDLK_END, KMOD_NONE);
    assert_int_equal(app->state.game.ply, 4);
    assert_false(rb_ui_state_browsing(&app->state));
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, end);
    fixture_close(app);
}

static void the_board_is_read_only_while_looking_back(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    play_four_moves(app);
    fixture_key(app, SDLK_HOME, KMOD_NONE);
    /* White to move at the start: dragging a pawn does nothing */
    fixture_drag(app, "c2", "b3");
    fixture_type(app, "e2f2");
    assert_int_equal(app->state.game.length, 4);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(app->state.input.sel, -1);
    assert_true(app->state.status[0] != 0); /* and says how to get back */
    fixture_key(app, SDLK_END, KMOD_NONE);
    fixture_type(app, "e2f2");
    assert_int_equal(app->state.game.length, 5);
    fixture_close(app);
}

static void clicking_a_move_in_the_list_shows_the_position_after_it(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    play_four_moves(app);
    rb_ui_app_draw(app); /* lays the list out */
    SDL_Rect cell;
    assert_true(rb_ui_panel_move_rect(app, 2, &cell));
    fixture_click_at(app, (SDL_Point){cell.x + cell.w / 2, cell.y + cell.h / 2});
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(fixture_piece(app, "f7"), RB_PIECE(RB_BLACK, RB_PAWN));
    assert_int_equal(fixture_piece(app, "f1"), RB_EMPTY);

    rb_ui_app_draw(app);
    assert_true(rb_ui_panel_move_rect(app, 4, &cell));
    fixture_click_at(app, (SDL_Point){cell.x + cell.w / 2, cell.y + cell.h / 2});
    assert_int_equal(app->state.game.ply, 4);
    assert_false(rb_ui_state_browsing(&app->state));
    assert_int_equal(fixture_piece(app, "b7"), RB_PIECE(RB_BLACK, RB_ROOK));
    fixture_close(app);
}

static void undo_while_looking_back_takes_back_from_there(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    play_four_moves(app);
    fixture_key(app, SDLK_LEFT, KMOD_NONE);
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 2);
    assert_false(rb_ui_state_browsing(&app->state));
    /* now the board takes moves again, and a new one replaces the tail */
    fixture_type(app, "e2f2");
    assert_int_equal(app->state.game.ply, 3);
    assert_int_equal(app->state.game.length, 3);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arrow_keys_walk_back_and_forth_without_losing_moves),
        cmocka_unit_test(the_board_is_read_only_while_looking_back),
        cmocka_unit_test(clicking_a_move_in_the_list_shows_the_position_after_it),
        cmocka_unit_test(undo_while_looking_back_takes_back_from_there),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
