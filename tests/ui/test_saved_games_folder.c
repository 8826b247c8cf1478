/*
 * test_saved_games_folder.c - saving a game under a name: the name a player
 * types becomes a file in the games folder, a name that cannot be a file
 * name is refused with the reason, and a name already taken is recognised,
 * so the save dialog can say that saving replaces that game.
 * The player's files go to a private folder (XDG_DATA_HOME).
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>

#include "dialogs/dialog.h"
#include "files/games.h"
#include "files/prefs.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("games-test");
}

static void names_that_cannot_be_files_are_refused(void **state)
{
    (void)state;
    static const struct {
        const char *name, *reason;
    } bad[] = {
        {"", "Type a name"},
        {"   ", "Type a name"},
        {"club/night", "cannot contain"},
        {"club\\night", "cannot contain"},
        {".hidden", "start with '.'"},
        {"tab\there", "control characters"},
    };
    rb_app *app = fixture_open(NULL, 800, 600);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[RB_UI_PATH_MAX + 300] = "";
        assert_int_equal(rb_ui_games_save(app, bad[i].name, err, sizeof err), -1);
        if (strstr(err, bad[i].reason) == NULL) {
            fail_msg("'%s': %s", bad[i].name, err);
        }
        assert_false(rb_ui_games_exists(app, bad[i].name));
    }
    fixture_close(app);
}

static void a_name_already_saved_is_recognised(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "c2", "b3");
    char err[RB_UI_PATH_MAX + 300];
    assert_false(rb_ui_games_exists(app, "club night"));
    if (rb_ui_games_save(app, "club night", err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    /* The same file however the name is typed: with the extension, with
     * trailing spaces. */
    assert_true(rb_ui_games_exists(app, "club night"));
    assert_true(rb_ui_games_exists(app, "club night.pgn"));
    assert_true(rb_ui_games_exists(app, "club night  "));
    assert_false(rb_ui_games_exists(app, "club nights"));

    char dir[RB_UI_PATH_MAX], path[RB_UI_PATH_MAX + 32];
    assert_int_equal(rb_ui_games_dir(app, dir, sizeof dir, err, sizeof err), 0);
    snprintf(path, sizeof path, "%sclub night.pgn", dir);
    rb_game g;
    if (rb_ui_prefs_read_game(path, &g, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    assert_int_equal(g.length, 1);
    rb_game_free(&g);

    /* The save dialog draws with its note about the folder. */
    rb_ui_dialog_open(app, RB_UI_DIALOG_SAVE);
    rb_ui_app_draw(app);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_that_cannot_be_files_are_refused),
        cmocka_unit_test(a_name_already_saved_is_recognised),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
