/*
 * test_settings_tabs_switch_pages.c - the Settings dialog is in pages
 * chosen by tabs: a click on a tab, Ctrl+Tab, Ctrl+PgDn/PgUp, and Left and
 * Right on the tabs change the page; every control is on exactly one page;
 * the dialog keeps its size (and Done its place) whichever page shows;
 * the computer's cores go up and down and back to the automatic choice.
 *
 * RB_SETTINGS_PAGES_SHOT=FOLDER writes each page at 1024x720 there as
 * settings-PAGE-1024x720.png, to look at.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "computer/search.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "words/lang.h"
#include "files/settings.h"
#include "app/shot.h"
#include "kit/theme.h"
#include "media/assets.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("settings-pages-test");
}

static rb_app *open_settings(int w, int h)
{
    rb_app *app = fixture_open(NULL, w, h);
    fixture_key(app, SDLK_COMMA, KMOD_CTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_SETTINGS);
    rb_ui_app_draw(app);
    return app;
}

/* A click on the settings dialog's control id, and the frame after it. */
static void click(rb_app *app, int id)
{
    fixture_click_control(app, id);
    rb_ui_app_draw(app);
}

static void key(rb_app *app, SDL_Keycode k, Uint16 mod)
{
    fixture_key(app, k, mod);
    rb_ui_app_draw(app);
}

static bool drawn(rb_app *app, int id)
{
    SDL_Rect r;
    return rb_ui_dlg_focus_rect(app, id, &r);
}

/* Each page as a PNG in folder, when asked for. */
static void write_pages(rb_app *app, const char *folder)
{
    static const char *const names[RB_UI_SETTINGS_PAGES] = {"look", "board", "game"};
    for (int p = 0; p < RB_UI_SETTINGS_PAGES; p++) {
        char path[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + 200];
        snprintf(path, sizeof path, "%s/settings-%s-1024x720.png", folder, names[p]);
        click(app, DLG_TAB + p);
        assert_int_equal(rb_ui_shot_write(app, path, err, sizeof err), 0);
    }
    click(app, DLG_TAB + RB_UI_SETTINGS_LOOK);
}

static void the_tabs_change_the_page_by_mouse_and_keyboard(void **state)
{
    (void)state;
    rb_app *app = open_settings(1024, 720);
    const char *shots = getenv("RB_SETTINGS_PAGES_SHOT");
    if (shots) {
        write_pages(app, shots);
    }
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_LOOK);
    assert_true(drawn(app, DLG_THEME));
    assert_false(drawn(app, DLG_SETTING));
    SDL_Rect done = fixture_control(app, DLG_OK), tab = fixture_control(app, DLG_TAB + RB_UI_SETTINGS_GAME);

    click(app, DLG_TAB + RB_UI_SETTINGS_BOARD);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_BOARD);
    assert_true(drawn(app, DLG_SETTING));
    assert_false(drawn(app, DLG_THEME));
    assert_true(rb_ui_dialog_active(&app->state)); /* a tab is no answer */

    click(app, DLG_TAB + RB_UI_SETTINGS_GAME);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_GAME);
    assert_true(drawn(app, DLG_LANGUAGE));
    /* The dialog kept its size: Done and the tabs did not move. */
    SDL_Rect done_now = fixture_control(app, DLG_OK), tab_now = fixture_control(app, DLG_TAB + RB_UI_SETTINGS_GAME);
    assert_true(SDL_RectEquals(&done, &done_now));
    assert_true(SDL_RectEquals(&tab, &tab_now));

    /* Ctrl+Tab wraps to the first page, Ctrl+Shift+Tab back to the last. */
    key(app, SDLK_TAB, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_LOOK);
    assert_true(drawn(app, DLG_THEME));
    key(app, SDLK_TAB, KMOD_LCTRL | KMOD_LSHIFT);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_GAME);
    /* Ctrl+PgUp and Ctrl+PgDn. */
    key(app, SDLK_PAGEUP, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_BOARD);
    key(app, SDLK_PAGEDOWN, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_GAME);
    assert_int_equal(app->state.dialog.focus, DLG_TAB + RB_UI_SETTINGS_GAME);

    /* On the tabs Left and Right change the page; Tab leaves the row for
     * the page's first control, Shift+Tab comes back to the chosen tab. */
    key(app, SDLK_LEFT, KMOD_NONE);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_BOARD);
    assert_int_equal(app->state.dialog.focus, DLG_TAB + RB_UI_SETTINGS_BOARD);
    key(app, SDLK_TAB, KMOD_NONE);
    assert_int_equal(app->state.dialog.focus, DLG_SETTING);
    key(app, SDLK_RIGHT, KMOD_NONE); /* off the tabs the arrows move the focus */
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_BOARD);
    assert_int_equal(app->state.dialog.focus, DLG_SETTING + 1);
    key(app, SDLK_TAB, KMOD_LSHIFT);
    key(app, SDLK_TAB, KMOD_LSHIFT);
    assert_int_equal(app->state.dialog.focus, DLG_TAB + RB_UI_SETTINGS_BOARD);
    key(app, SDLK_RIGHT, KMOD_NONE);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_GAME);
    key(app, SDLK_RIGHT, KMOD_NONE); /* round to the first */
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_LOOK);
    key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));

    /* The dialog opens on its first page again. */
    key(app, SDLK_COMMA, KMOD_CTRL);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_LOOK);
    fixture_close(app);
}

/* How many pages drew the control id. */
static int pages_with(rb_app *app, int id)
{
    int n = 0;
    for (int p = 0; p < RB_UI_SETTINGS_PAGES; p++) {
        app->state.dialog.page = p;
        rb_ui_app_draw(app);
        n += drawn(app, id);
    }
    return n;
}

static void each_control_is_on_exactly_one_page(void **state)
{
    (void)state;
    /* The smallest window: every control must still be drawn somewhere. */
    rb_app *app = open_settings(480, 360);
    for (int i = 0; i < rb_ui_setting_count; i++) {
        if (pages_with(app, DLG_SETTING + i) != 1) {
            fail_msg("the switch \"%s\" is on %d pages", rb_ui_setting_infos[i].label,
                     pages_with(app, DLG_SETTING + i));
        }
    }
    for (int i = 0; i < rb_ui_theme_count; i++) {
        assert_int_equal(pages_with(app, DLG_THEME + i), 1);
    }
    for (int i = 0; i < rb_ui_piece_set_count; i++) {
        assert_int_equal(pages_with(app, DLG_PIECES + i), 1);
    }
    for (int i = 0; i < rb_ui_lang_count; i++) {
        assert_int_equal(pages_with(app, DLG_LANGUAGE + i), 1);
    }
    assert_int_equal(pages_with(app, DLG_VOLUME), 1);
    assert_int_equal(pages_with(app, DLG_VOLUME + 1), 1);
    assert_int_equal(pages_with(app, DLG_SCALE + 1), 1);
    if (rb_ui_search_cores() > 1) { /* else both are greyed: one core is all there is */
        assert_int_equal(pages_with(app, DLG_THREADS + 1), 1);
    }
    /* The tabs and Done are on every page. */
    for (int p = 0; p < RB_UI_SETTINGS_PAGES; p++) {
        assert_int_equal(pages_with(app, DLG_TAB + p), RB_UI_SETTINGS_PAGES);
    }
    assert_int_equal(pages_with(app, DLG_OK), RB_UI_SETTINGS_PAGES);
    fixture_close(app);
}

/* A switch clicked on its page changes the setting and keeps the page. */
static void a_switch_works_on_its_page(void **state)
{
    (void)state;
    rb_app *app = open_settings(480, 360);
    int sound = -1;
    for (int i = 0; i < rb_ui_setting_count; i++) {
        if (strcmp(rb_ui_setting_infos[i].key, "sound") == 0) {
            sound = i;
        }
    }
    assert_true(sound >= 0);
    assert_int_equal(rb_ui_setting_infos[sound].page, RB_UI_SETTINGS_GAME);
    click(app, DLG_TAB + RB_UI_SETTINGS_GAME);
    bool was = app->state.settings.sound;
    click(app, DLG_SETTING + sound);
    assert_true(app->state.settings.sound != was);
    assert_int_equal(app->state.dialog.page, RB_UI_SETTINGS_GAME);
    click(app, DLG_OK);
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_close(app);
}

/* The computer's cores: all but one to start with (the automatic 0), one
 * more by the plus button, and back to the automatic choice by the minus. */
static void the_computers_cores_change_and_come_back_to_automatic(void **state)
{
    (void)state;
    if (rb_ui_search_cores() < 2) {
        skip();
    }
    rb_app *app = open_settings(480, 360);
    click(app, DLG_TAB + RB_UI_SETTINGS_GAME);
    assert_int_equal(app->state.settings.threads, 0);
    int automatic = rb_ui_search_threads(0);
    assert_int_equal(automatic, rb_ui_search_cores() - 1);
    click(app, DLG_THREADS + 1);
    assert_int_equal(app->state.settings.threads, automatic + 1);
    assert_int_equal(rb_ui_search_threads(app->state.settings.threads), automatic + 1);
    click(app, DLG_THREADS);
    assert_int_equal(app->state.settings.threads, 0);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_tabs_change_the_page_by_mouse_and_keyboard),
        cmocka_unit_test(each_control_is_on_exactly_one_page),
        cmocka_unit_test(a_switch_works_on_its_page),
        cmocka_unit_test(the_computers_cores_change_and_come_back_to_automatic),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
