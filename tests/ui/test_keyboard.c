/*
 * test_keyboard.c - moves typed in coordinate form, and the undo, redo and
 * flip shortcuts.
 */
#include "support.h"

#include "ui_fixture.h"

static void typing_c2b3_plays_it(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(fixture_piece(app, "b3"), RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_close(app);
}

static void typing_an_illegal_move_plays_nothing_and_says_so(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2a4");
    assert_int_equal(app->state.game.ply, 0);
    assert_true(app->state.status[0] != 0);
    assert_int_equal(app->state.input.ntyped, 0);
    /* a letter that cannot start a square is refused at once */
    fixture_type(app, "x");
    assert_int_equal(app->state.input.ntyped, 0);
    /* backspace edits */
    fixture_type(app, "c2b");
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    fixture_type(app, "b1");
    assert_int_equal(fixture_piece(app, "b1"), RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_close(app);
}

static void undo_and_redo_walk_the_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    char start[RB_POS_TEXT_MAX], after[RB_POS_TEXT_MAX], now[RB_POS_TEXT_MAX];
    fixture_fen(app, start, sizeof start);
    fixture_type(app, "c2b3");
    fixture_type(app, "e7f7");
    fixture_fen(app, after, sizeof after);
    assert_int_equal(app->state.game.ply, 2);

    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 1);
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, start);
    fixture_key(app, SDLK_z, KMOD_LCTRL); /* nothing more to undo */
    assert_int_equal(app->state.game.ply, 0);

    fixture_key(app, SDLK_y, KMOD_LCTRL);
    fixture_key(app, SDLK_z, KMOD_LCTRL | KMOD_LSHIFT);
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, after);

    /* a new move after undo drops the redo tail */
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    fixture_type(app, "e6f6");
    assert_int_equal(app->state.game.length, 2);
    fixture_key(app, SDLK_y, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(fixture_piece(app, "f6"), RB_PIECE(RB_BLACK, RB_PAWN));
    fixture_close(app);
}

static void undo_against_the_computer_returns_to_the_players_turn(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    fixture_type(app, "e7f7");
    app->state.players[RB_BLACK].kind = RB_UI_COMPUTER;
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    fixture_close(app);
}

static void ctrl_f_flips_the_board(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    SDL_Point before = fixture_center(app, "a1");
    fixture_key(app, SDLK_f, KMOD_LCTRL);
    SDL_Point after = fixture_center(app, "a1");
    assert_true(app->state.flipped);
    assert_true(after.x > before.x && after.y < before.y);
    /* a plain f is a file letter, not the shortcut */
    fixture_key(app, SDLK_f, KMOD_NONE);
    assert_true(app->state.flipped);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(typing_c2b3_plays_it),
        cmocka_unit_test(typing_an_illegal_move_plays_nothing_and_says_so),
        cmocka_unit_test(undo_and_redo_walk_the_game),
        cmocka_unit_test(undo_against_the_computer_returns_to_the_players_turn),
        cmocka_unit_test(ctrl_f_flips_the_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
