/*
 * test_custom_clock_field.c - the new-game dialog's custom clock is a text
 * field like the save dialog's name: choosing Custom puts the keys in it
 * with its text selected, so typing replaces it; Ctrl+A selects all, the
 * clipboard pastes only what a clock is written with, and Enter starts the
 * game, from the field as from any choice of the form.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>

#include "app/shot.h"
#include "dialogs/dialog.h"
#include "state/tc.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("clock-field-test");
}

static rb_app *open_new_game(void)
{
    rb_app *app = fixture_open(NULL, 1024, 720);
    fixture_use_clipboard(app, "");
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_MODE + RB_UI_TWO_PLAYERS);
    return app;
}

static void choosing_custom_selects_the_field(void **state)
{
    (void)state;
    rb_app *app = open_new_game();
    rb_ui_dialog_state *d = &app->state.dialog;
    fixture_click_control(app, DLG_TIME + RB_UI_TC_NPRESETS);
    assert_int_equal(d->focus, DLG_FIELD);
    assert_int_equal(d->anchor, 0);
    assert_int_equal(d->caret, (int)strlen(d->time_custom));
    /* RB_SHOT=folder keeps a picture of the selected field, to look at. */
    const char *shot = getenv("RB_SHOT");
    char err[256], path[512];
    if (shot) {
        rb_ui_app_draw(app);
        snprintf(path, sizeof path, "%s/custom-clock-selected.png", shot);
        assert_int_equal(rb_ui_shot_write(app, path, err, sizeof err), 0);
    }
    fixture_text(app, "0+0");
    assert_string_equal(d->time_custom, "0+0"); /* not "10+50+0" */
    /* Ctrl+A and a new clock replace it again; Enter starts the game. */
    fixture_key(app, SDLK_a, KMOD_LCTRL);
    fixture_text(app, "3+2");
    assert_string_equal(d->time_custom, "3+2");
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(d->kind, RB_UI_DIALOG_NONE);
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_WHITE], (rb_ui_time_control){180000, 2000}));
    fixture_close(app);
}

static void the_field_edits_like_the_save_name(void **state)
{
    (void)state;
    rb_app *app = open_new_game();
    rb_ui_dialog_state *d = &app->state.dialog;
    fixture_click_control(app, DLG_TIME + RB_UI_TC_NPRESETS);
    fixture_text(app, "15+10");
    fixture_key(app, SDLK_HOME, KMOD_NONE);
    fixture_key(app, SDLK_DELETE, KMOD_NONE);
    assert_string_equal(d->time_custom, "5+10");
    fixture_key(app, SDLK_END, KMOD_NONE);
    fixture_key(app, SDLK_LEFT, KMOD_LSHIFT);
    fixture_key(app, SDLK_LEFT, KMOD_LSHIFT);
    fixture_key(app, SDLK_c, KMOD_LCTRL);
    assert_string_equal(fixture_clipboard, "10");
    /* A paste keeps only what a clock is written with. */
    fixture_use_clipboard(app, "3 min\n");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_string_equal(d->time_custom, "5+3 ");
    /* Tab away and back: the field's text is selected again. */
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_TAB, KMOD_NONE);
    assert_int_not_equal(d->focus, DLG_FIELD);
    fixture_key(app, SDLK_TAB, KMOD_LSHIFT);
    assert_int_equal(d->focus, DLG_FIELD);
    assert_int_equal(d->anchor, 0);
    assert_int_equal(d->caret, (int)strlen(d->time_custom));
    /* A click on the field selects it as well. */
    fixture_click_control(app, DLG_TIME + 1); /* 3+2: the field goes */
    fixture_click_control(app, DLG_TIME + RB_UI_TC_NPRESETS);
    fixture_key(app, SDLK_END, KMOD_NONE);
    fixture_key(app, SDLK_TAB, KMOD_NONE);
    fixture_click_control(app, DLG_FIELD);
    assert_int_equal(d->anchor, 0);
    assert_int_equal(d->caret, (int)strlen(d->time_custom));
    fixture_close(app);
}

static void enter_on_a_choice_starts_the_game(void **state)
{
    (void)state;
    rb_app *app = open_new_game();
    rb_ui_dialog_state *d = &app->state.dialog;
    fixture_click_control(app, DLG_TIME + 2); /* 5+3: the focus is on it */
    assert_int_equal(d->focus, DLG_TIME + 2);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(d->kind, RB_UI_DIALOG_NONE);
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_BLACK], rb_ui_tc_presets[2].tc));
    /* Space still makes the focused choice. */
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    rb_ui_app_draw(app);
    d->focus = DLG_TIME;
    fixture_key(app, SDLK_SPACE, KMOD_NONE);
    assert_int_equal(d->kind, RB_UI_DIALOG_NEW_GAME);
    assert_int_equal(d->time_choice, 0);
    /* Enter on Cancel cancels. */
    d->focus = DLG_CANCEL;
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(d->kind, RB_UI_DIALOG_NONE);
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_BLACK], rb_ui_tc_presets[2].tc));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(choosing_custom_selects_the_field),
        cmocka_unit_test(the_field_edits_like_the_save_name),
        cmocka_unit_test(enter_on_a_choice_starts_the_game),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
