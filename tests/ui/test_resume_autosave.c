/*
 * test_resume_autosave.c - a game in progress is saved after every move
 * and offered back at the next start: the player can carry on where they
 * left off. A damaged or finished autosave starts a fresh game instead,
 * with nothing lost or crashed. Runs in a private XDG_DATA_HOME.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "dialogs/dialog.h"
#include "files/prefs.h"
#include "files/store.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int make_home(void **state)
{
    (void)state;
    return fixture_private_home("resume-test");
}

static void autosave_path(rb_app *app, char *path, size_t len)
{
    char err[600];
    assert_int_equal(rb_ui_prefs_file(app, "autosave.pgn", path, len, err, sizeof err), 0);
}

static void an_unfinished_game_comes_back_and_goes_on(void **state)
{
    (void)state;
    rb_app *app = fixture_open_with_player_files();
    assert_int_equal(app->state.game.length, 0);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* the first start's welcome */
    fixture_type(app, "c2b3");
    fixture_type(app, "e7f7");
    fixture_type(app, "e1f1");
    char before[RB_POS_TEXT_MAX], path[RB_UI_PATH_MAX];
    fixture_fen(app, before, sizeof before);
    /* saved after each move already, not only on the way out */
    autosave_path(app, path, sizeof path);
    assert_int_equal(access(path, F_OK), 0);
    fixture_close(app);

    app = fixture_open_with_player_files();
    assert_int_equal(app->state.game.length, 3);
    assert_int_equal(app->state.game.ply, 3);
    char after[RB_POS_TEXT_MAX];
    fixture_fen(app, after, sizeof after);
    assert_string_equal(after, before);
    /* the player is asked, and Enter carries on */
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_type(app, "c7b7");
    assert_int_equal(app->state.game.ply, 4);
    assert_int_equal(fixture_piece(app, "b7"), RB_PIECE(RB_BLACK, RB_ROOK));
    fixture_close(app);

    app = fixture_open_with_player_files();
    assert_int_equal(app->state.game.length, 4);
    fixture_close(app);
}

static void a_damaged_autosave_starts_a_new_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open_with_player_files();
    char path[RB_UI_PATH_MAX], err[600];
    autosave_path(app, path, sizeof path);
    fixture_close(app);
    assert_int_equal(rb_ui_store_write_atomic(path, "1. zz9 @@ {", 11, err, sizeof err), 0);

    app = fixture_open_with_player_files();
    assert_int_equal(app->state.game.length, 0);
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_type(app, "c2b3");
    assert_int_equal(app->state.game.ply, 1);
    fixture_close(app);
}

static void a_finished_game_is_not_offered_again(void **state)
{
    (void)state;
    /* a game that ended (here by resignation) has nothing to resume */
    rb_app *app = fixture_open_with_player_files();
    fixture_type(app, "c2b3");
    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_BLACK;
    assert_int_equal(rb_ui_apply(app, &resign), 0);
    char err[600];
    assert_int_equal(rb_ui_prefs_autosave(app, err, sizeof err), 0);
    fixture_close(app);

    app = fixture_open_with_player_files();
    assert_int_equal(app->state.game.length, 0);
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_close(app);
}

/* Opens with the player's files, Black as the command line names it. */
static rb_app *open_with_black(const rb_ui_player *black)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 800;
    opt.height = 600;
    opt.player_files = true;
    if (black) {
        opt.players[RB_BLACK] = *black;
        opt.players_given[RB_BLACK] = true;
    }
    rb_ui_app_defaults(&fixture_app);
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    return &fixture_app;
}

static void the_command_line_says_who_plays_a_resumed_game(void **state)
{
    (void)state;
    rb_app *app = open_with_black(NULL);
    char path[RB_UI_PATH_MAX], err[600];
    autosave_path(app, path, sizeof path);
    fixture_close(app);
    const char *game = "[White \"Player\"]\n[Black \"Computer (level 4)\"]\n[WhiteType \"human\"]\n"
                       "[BlackType \"program\"]\n[BlackLevel \"4\"]\n\n1. c2-b3 e7-f7 *\n";
    assert_int_equal(rb_ui_store_write_atomic(path, game, strlen(game), err, sizeof err), 0);

    /* Resumed as it was saved: the computer at level 4 plays Black. */
    app = open_with_black(NULL);
    assert_int_equal(app->state.game.length, 2);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    assert_int_equal(app->state.players[RB_BLACK].level, 4);
    fixture_close(app);

    /* "--black computer:9" asks for a stronger opponent: it gets one, in
     * the same game. */
    rb_ui_player nine = {RB_UI_COMPUTER, 9};
    app = open_with_black(&nine);
    assert_int_equal(app->state.game.length, 2);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    assert_int_equal(app->state.players[RB_BLACK].level, 9);
    fixture_close(app);
}

/* "New game" on the welcome back is the answer: the New game dialog's
 * Start replaces the unfinished game without asking a second time. */
static void new_game_after_welcome_back_asks_once(void **state)
{
    (void)state;
    rb_app *app = fixture_open_with_player_files();
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* the first start's welcome */
    fixture_type(app, "c2b3");
    fixture_type(app, "e7f7");
    fixture_close(app);

    app = fixture_open_with_player_files();
    assert_int_equal(app->state.game.length, 2);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_RESUME);
    fixture_click_control(app, DLG_CANCEL); /* "New game" */
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_OK); /* Start */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 0);
    fixture_close(app);

    /* the New game dialog opened otherwise still asks */
    app = fixture_open_with_player_files();
    assert_int_equal(app->state.game.length, 0);
    fixture_type(app, "c2b3");
    fixture_key(app, SDLK_n, KMOD_CTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_NEW_GAME);
    assert_int_equal(app->state.game.length, 1);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_unfinished_game_comes_back_and_goes_on),
        cmocka_unit_test(a_damaged_autosave_starts_a_new_game),
        cmocka_unit_test(a_finished_game_is_not_offered_again),
        cmocka_unit_test(the_command_line_says_who_plays_a_resumed_game),
        cmocka_unit_test(new_game_after_welcome_back_asks_once),
    };
    return cmocka_run_group_tests(tests, make_home, fixture_remove_home_teardown);
}
