/*
 * test_save_name_field.c - the Save dialog's name is a real text field: the
 * suggested name comes selected, so typing replaces it; the caret moves by
 * whole characters (UTF-8) with Left/Right and to the ends with Home/End,
 * Shift extends the selection, Ctrl+A selects all, Backspace and Delete
 * remove the selection or one character, Ctrl+C/X/V use the clipboard.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>

#include "dialogs/dialog.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("field-test");
}

static rb_app *open_save_dialog(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_use_clipboard(app, "");
    fixture_key(app, SDLK_s, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_SAVE);
    rb_ui_app_draw(app);
    return app;
}

static const char *name(rb_app *app)
{
    return app->state.dialog.name;
}

static void typing_replaces_the_selected_suggestion(void **state)
{
    (void)state;
    rb_app *app = open_save_dialog();
    assert_true(strlen(name(app)) > 0);
    assert_int_equal(app->state.dialog.anchor, 0);
    assert_int_equal(app->state.dialog.caret, (int)strlen(name(app)));
    fixture_text(app, "Club night");
    assert_string_equal(name(app), "Club night");
    /* Enter saves under the typed name. */
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_non_null(strstr(app->state.status, "Club night"));
    fixture_close(app);
}

static void the_caret_moves_and_edits_where_it_stands(void **state)
{
    (void)state;
    rb_app *app = open_save_dialog();
    fixture_key(app, SDLK_END, KMOD_NONE); /* keeps the suggestion */
    fixture_key(app, SDLK_a, KMOD_LCTRL);
    fixture_text(app, "caf\xc3\xa9");       /* "café": é is two bytes */
    fixture_key(app, SDLK_LEFT, KMOD_NONE); /* before é */
    assert_int_equal(app->state.dialog.caret, 3);
    fixture_text(app, "x");
    assert_string_equal(name(app), "cafx\xc3\xa9");
    fixture_key(app, SDLK_DELETE, KMOD_NONE); /* é, whole */
    assert_string_equal(name(app), "cafx");
    fixture_key(app, SDLK_HOME, KMOD_NONE);
    fixture_text(app, "A ");
    assert_string_equal(name(app), "A cafx");
    fixture_key(app, SDLK_END, KMOD_NONE);
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    assert_string_equal(name(app), "A caf");
    /* Shift+Left twice selects "af"; typing replaces it. */
    fixture_key(app, SDLK_LEFT, KMOD_LSHIFT);
    fixture_key(app, SDLK_LEFT, KMOD_LSHIFT);
    fixture_text(app, "ub");
    assert_string_equal(name(app), "A cub");
    /* Backspace on a selection removes just the selection. */
    fixture_key(app, SDLK_HOME, KMOD_LSHIFT);
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    assert_string_equal(name(app), "");
    rb_ui_app_draw(app); /* an empty field draws */
    fixture_close(app);
}

static void the_clipboard_copies_cuts_and_pastes(void **state)
{
    (void)state;
    rb_app *app = open_save_dialog();
    fixture_text(app, "Anna vs Boris");
    fixture_key(app, SDLK_HOME, KMOD_NONE);
    for (int i = 0; i < 4; i++) {
        fixture_key(app, SDLK_RIGHT, KMOD_LSHIFT);
    }
    fixture_key(app, SDLK_c, KMOD_LCTRL);
    assert_string_equal(fixture_clipboard, "Anna");
    assert_string_equal(name(app), "Anna vs Boris");
    fixture_key(app, SDLK_x, KMOD_LCTRL);
    assert_string_equal(name(app), " vs Boris");
    fixture_key(app, SDLK_END, KMOD_NONE);
    fixture_text(app, " and ");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_string_equal(name(app), " vs Boris and Anna");
    /* A pasted line break does not end up in a file name. */
    fixture_use_clipboard(app, "two\nlines");
    fixture_key(app, SDLK_a, KMOD_LCTRL);
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_string_equal(name(app), "twolines");
    /* Ctrl+S, Ctrl+N... do nothing to the name; plain letters are text. */
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_SAVE);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(typing_replaces_the_selected_suggestion),
        cmocka_unit_test(the_caret_moves_and_edits_where_it_stands),
        cmocka_unit_test(the_clipboard_copies_cuts_and_pastes),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
