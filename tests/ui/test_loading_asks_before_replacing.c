/*
 * test_loading_asks_before_replacing.c - opening a game (from the Load
 * dialog or dropped on the window) in place of an unfinished one asks
 * first, as starting a new game does; "keep playing" changes nothing. An
 * empty or finished game is replaced without a question. A game whose
 * moves go wrong part-way opens at its last good move, with the message.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>

#include "app/shot.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "files/games.h"
#include "state/tc.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("replace-test");
}

/* A saved game of three moves in the games folder. */
static void save_three_moves(rb_app *app)
{
    fixture_type(app, "c2b3");
    fixture_type(app, "e6f6");
    fixture_type(app, "b3b4");
    char err[RB_UI_PATH_MAX + 300];
    assert_int_equal(rb_ui_games_save(app, "three", err, sizeof err), 0);
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    assert_int_equal(rb_game_init(&g, &start), 0);
    fixture_set_game(app, &g);
}

static void open_from_the_load_dialog(rb_app *app)
{
    fixture_key(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_LOAD);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_RETURN, KMOD_NONE); /* the list has the focus */
}

static void the_load_dialog_asks_before_replacing_an_unfinished_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    save_three_moves(app);
    fixture_type(app, "c2b3"); /* an unfinished game of one move */

    open_from_the_load_dialog(app);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_REPLACE);
    assert_non_null(strstr(app->state.dialog.text, "three.pgn"));
    assert_int_equal(app->state.game.length, 1);
    /* Keep playing: nothing changes. */
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 1);
    assert_null(app->state.dialog.pending.positions);

    /* Open: the saved game replaces it. */
    open_from_the_load_dialog(app);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_REPLACE);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 3);
    fixture_close(app);
}

static void an_empty_or_finished_game_is_replaced_without_a_question(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    save_three_moves(app);
    open_from_the_load_dialog(app); /* the board's game has no moves */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 3);

    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_BLACK;
    rb_ui_apply(app, &resign);
    open_from_the_load_dialog(app); /* a finished game */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    fixture_close(app);
}

static void a_dropped_game_asks_too_and_says_what_it_could_not_read(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    char path[300];
    snprintf(path, sizeof path, "%s/cut.pgn", fixture_home);
    const char *text = "1. c2-b3 e6-f5 2. b3-b4 nonsense *\n";
    fixture_write_file(path, text, strlen(text));
    fixture_drop_file(app, path);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_REPLACE);
    assert_int_equal(app->state.game.length, 1);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    /* On the board up to its last good move, and why it stops there. */
    assert_int_equal(app->state.game.length, 3);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_NONE);
    assert_non_null(strstr(app->state.dialog.text, "cut.pgn"));
    assert_non_null(strstr(app->state.dialog.text, "last good move"));
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_close(app);
}

/* Start in the new-game dialog over an unfinished game asks first: "keep
 * playing" keeps it, "new game" starts the game the dialog describes. Over
 * a finished game it starts at once. */
static void a_new_game_asks_before_replacing_an_unfinished_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    fixture_type(app, "c2b3");
    assert_int_equal(app->state.game.length, 1);
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    fixture_click_control(app, DLG_MODE + RB_UI_TWO_PLAYERS);
    fixture_click_control(app, DLG_TIME + 2); /* 5+3 */
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_NEW_GAME);
    assert_non_null(strstr(app->state.dialog.text, "unfinished game (1 move)"));
    const char *shot = getenv("RB_SHOT"); /* a folder for a picture to look at */
    if (shot) {
        char path[512], err[256];
        snprintf(path, sizeof path, "%s/new-game-asks.png", shot);
        rb_ui_app_draw(app);
        assert_int_equal(rb_ui_shot_write(app, path, err, sizeof err), 0);
    }
    fixture_click_control(app, DLG_CANCEL); /* keep playing */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 1);
    assert_false(rb_ui_tc_timed(app->state.clock.tc[RB_WHITE]));

    fixture_key(app, SDLK_n, KMOD_LCTRL);
    fixture_click_control(app, DLG_TIME + 2);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_NEW_GAME);
    fixture_click_control(app, DLG_OK); /* new game */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 0);
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_WHITE], rb_ui_tc_presets[2].tc));

    /* A finished game goes without a question. */
    fixture_type(app, "c2b3");
    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_BLACK;
    rb_ui_apply(app, &resign);
    rb_ui_dlg_close(&app->state);
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    fixture_click_control(app, DLG_OK);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 0);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_load_dialog_asks_before_replacing_an_unfinished_game),
        cmocka_unit_test(an_empty_or_finished_game_is_replaced_without_a_question),
        cmocka_unit_test(a_dropped_game_asks_too_and_says_what_it_could_not_read),
        cmocka_unit_test(a_new_game_asks_before_replacing_an_unfinished_game),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
