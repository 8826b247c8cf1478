/*
 * test_welcome_at_first_start.c - the very first start (no settings, no
 * autosave) opens the welcome over the board; a later start goes straight
 * to the board, and so does a first start whose command line names a game
 * file, a position or the players. Its choices start what they say (a game
 * leaves the Learn screen for the board), the keyboard starts on the
 * highlighted choice and the game behind the welcome is against the level
 * it offers, and Help leads back to it. Runs in a private XDG_DATA_HOME.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "dialogs/dlg_welcome.h"
#include "ui_fixture.h"
#include "ui_home.h"

/* A fresh, empty data folder for each test: every test is a first start. */
static int make_home(void **state)
{
    (void)state;
    return fixture_private_home("welcome-test");
}

/* The game as a player starts it, with their files and opt's command line. */
static rb_app *start(rb_ui_options *opt)
{
    rb_app *app = fixture_start(opt);
    app->state.settings.animation = false;
    return app;
}

static rb_app *start_plain(void)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    return start(&opt);
}

/* Clicks the dialog control with this id, where the last frame drew it. */
static void click_control(rb_app *app, int id)
{
    rb_ui_app_draw(app);
    for (int i = 0; i < app->dialog->nhits; i++) {
        if (app->dialog->hits[i].id == id) {
            SDL_Rect r = app->dialog->hits[i].r;
            fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
            return;
        }
    }
    fail_msg("control %d is not on the screen", id);
}

static void first_start_shows_the_welcome_and_a_second_does_not(void **state)
{
    (void)state;
    rb_app *app = start_plain();
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_WELCOME);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_close(app);

    app = start_plain();
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_close(app);
}

static void a_command_line_that_says_what_to_play_skips_the_welcome(void **state)
{
    (void)state;
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.fen = "6k/7/2xxx2/2xxx2/2xxx2/1K5/7 w - 0 1";
    rb_app *app = start(&opt);
    assert_false(rb_ui_dialog_active(&app->state));
    rb_ui_app_close(app);

    fixture_remove_home();
    make_home(NULL);
    memset(&opt, 0, sizeof opt);
    opt.players[RB_WHITE] = (rb_ui_player){RB_UI_HUMAN, 1};
    opt.players_given[RB_WHITE] = true;
    app = start(&opt);
    assert_false(rb_ui_dialog_active(&app->state));
    rb_ui_app_close(app);

    fixture_remove_home();
    make_home(NULL);
    char file[128];
    snprintf(file, sizeof file, "%s/game.pgn", fixture_home);
    const char pgn[] = "[Event \"?\"]\n\n1. c2b3 *\n";
    fixture_write_file(file, pgn, sizeof pgn - 1);
    memset(&opt, 0, sizeof opt);
    opt.pgn_file = file;
    app = start(&opt);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 1);
    rb_ui_app_close(app);
}

static void choices_start_what_they_say(void **state)
{
    (void)state;
    rb_app *app = start_plain();
    click_control(app, DLG_WELCOME + 2); /* play a friend */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.players[RB_WHITE].kind, RB_UI_HUMAN);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_HUMAN);

    /* Help leads back to the welcome, and learning opens the lesson map */
    fixture_key(app, SDLK_F1, KMOD_NONE);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_HELP);
    click_control(app, DLG_WELCOME);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_WELCOME);
    click_control(app, DLG_WELCOME + 0);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
    fixture_key(app, SDLK_F1, KMOD_NONE); /* the help, over the map */
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_HELP);
    click_control(app, DLG_WELCOME);
    click_control(app, DLG_WELCOME + 1); /* play the computer, as White */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_OFF);
    assert_int_equal(app->state.players[RB_WHITE].kind, RB_UI_HUMAN);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    assert_int_equal(app->state.players[RB_BLACK].level, RB_UI_WELCOME_LEVEL);
    fixture_close(app);
}

/* The keyboard starts on the highlighted first choice, so Enter after the
 * first frame learns; closing the welcome leaves a game against the
 * computer the welcome offers, not another level. */
static void the_keyboard_starts_on_the_offered_choice(void **state)
{
    (void)state;
    rb_app *app = start_plain();
    assert_int_equal(app->state.players[RB_BLACK].level, RB_UI_WELCOME_LEVEL);
    assert_int_equal(app->state.players[RB_WHITE].level, RB_UI_WELCOME_LEVEL);
    rb_ui_app_draw(app); /* the focus ring drawn where the person sees it */
    assert_int_equal(app->state.dialog.focus, DLG_WELCOME);
    SDL_Rect ring;
    assert_true(rb_ui_dlg_focus_rect(app, app->state.dialog.focus, &ring));
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
    fixture_close(app);

    fixture_remove_home();
    make_home(NULL);
    app = start_plain();
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_TAB, KMOD_NONE); /* to "Play the computer (novice)" */
    assert_int_equal(app->state.dialog.focus, DLG_WELCOME + 1);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    assert_int_equal(app->state.players[RB_BLACK].level, RB_UI_WELCOME_LEVEL);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(first_start_shows_the_welcome_and_a_second_does_not, make_home,
                                        fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(a_command_line_that_says_what_to_play_skips_the_welcome, make_home,
                                        fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(choices_start_what_they_say, make_home, fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(the_keyboard_starts_on_the_offered_choice, make_home,
                                        fixture_remove_home_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
