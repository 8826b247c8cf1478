/*
 * test_missing_data_is_named.c - a game installed without part of its data
 * does not start with blank labels or invisible pieces: it stops with a
 * message naming the missing file, and gives back what it had opened (the
 * sanitizer build checks for leaks on these early exits). A piece set the
 * settings chose but whose files are broken gives way to the classic set,
 * with a message naming the file.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/app.h"
#include "app/apply.h"
#include "media/assets.h"
#include "files/prefs.h"

static char dir[] = "/tmp/rb-data-test-XXXXXX";
static char staged[RB_UI_PATH_MAX];

static int setup(void **state)
{
    (void)state;
    char err[300];
    if (!mkdtemp(dir)) {
        return -1;
    }
    return rb_ui_assets_data_dir(staged, sizeof staged, err, sizeof err);
}

static int teardown(void **state)
{
    (void)state;
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* A copy of the staged data without file, named by RB_DATA_DIR. */
static void data_without(const char *file)
{
    char cmd[2 * RB_UI_PATH_MAX + 200], data[200];
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -r '%s' '%s' && rm '%s/%s'", data, staged, data, data, file);
    assert_int_equal(system(cmd), 0);
    setenv("RB_DATA_DIR", data, 1);
}

/* Opens the game off screen (with the pieces named, or NULL) on a copy of
 * the staged data without file; returns the message. */
static void open_without_as(const char *file, const char *pieces, char *err, size_t errlen)
{
    data_without(file);
    static rb_app app;
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 800;
    opt.height = 600;
    opt.pieces = pieces;
    rb_ui_app_defaults(&app);
    int r = rb_ui_app_open(&app, &opt, true, err, errlen);
    rb_ui_app_close(&app);
    unsetenv("RB_DATA_DIR");
    assert_int_not_equal(r, 0);
    if (strstr(err, file) == NULL) {
        fail_msg("the message does not name %s: %s", file, err);
    }
}

static void open_without(const char *file, char *err, size_t errlen)
{
    open_without_as(file, NULL, err, errlen);
}

static void a_missing_bold_font_is_named(void **state)
{
    (void)state;
    char err[1400];
    open_without("fonts/DejaVuSans-Bold.ttf", err, sizeof err);
}

static void a_missing_regular_font_is_named(void **state)
{
    (void)state;
    char err[1400];
    open_without("fonts/DejaVuSans.ttf", err, sizeof err);
}

static void a_missing_piece_is_named(void **state)
{
    (void)state;
    char err[1400];
    open_without("pieces/classic/bB.svg", err, sizeof err);
}

/* The second set's pictures, asked for on the command line. */
static void a_missing_piece_of_the_second_set_is_named(void **state)
{
    (void)state;
    char err[1400];
    open_without_as("pieces/geometric/bB.svg", "geometric", err, sizeof err);
}

/* The settings chose the second set, and one of its files has gone: the
 * game starts with the classic pieces and says which file is missing. */
static void a_broken_set_in_the_settings_gives_way_to_the_classic_one(void **state)
{
    (void)state;
    char home[RB_UI_PATH_MAX], err[1400], path[RB_UI_PATH_MAX];
    snprintf(home, sizeof home, "%s/home", dir);
    assert_int_equal(mkdir(home, 0700), 0);
    setenv("XDG_DATA_HOME", home, 1);
    static rb_app app;
    rb_ui_app_defaults(&app);
    assert_int_equal(rb_ui_prefs_file(&app, "settings.conf", path, sizeof path, err, sizeof err), 0);
    rb_ui_prefs_free(&app);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("pieces = geometric\n", f);
    fclose(f);

    data_without("pieces/geometric/wK.svg");
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 800;
    opt.height = 600;
    opt.player_files = true;
    rb_ui_app_defaults(&app);
    if (rb_ui_app_open(&app, &opt, true, err, sizeof err) != 0) {
        fail_msg("the game did not start: %s", err);
    }
    assert_int_equal(app.pieces.set, 0);
    assert_int_equal(app.state.settings.pieces, 0);
    if (!strstr(app.state.status, "pieces/geometric/wK.svg")) {
        fail_msg("the message does not name the missing file: %s", app.state.status);
    }

    /* Chosen again in the settings dialog: refused, with the file named,
     * and the classic pieces stay. */
    rb_ui_cmd choose = rb_ui_cmd_of(RB_UI_CMD_SET_PIECES);
    choose.set_pieces.set = rb_ui_assets_find_set("geometric");
    assert_int_not_equal(rb_ui_apply(&app, &choose), 0);
    assert_int_equal(app.state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    if (!strstr(app.state.dialog.text, "pieces/geometric/wK.svg")) {
        fail_msg("the message does not name the missing file: %s", app.state.dialog.text);
    }
    assert_int_equal(app.pieces.set, 0);
    assert_int_equal(app.state.settings.pieces, 0);
    rb_ui_app_close(&app);
    unsetenv("RB_DATA_DIR");
    unsetenv("XDG_DATA_HOME");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_missing_bold_font_is_named),
        cmocka_unit_test(a_missing_regular_font_is_named),
        cmocka_unit_test(a_missing_piece_is_named),
        cmocka_unit_test(a_missing_piece_of_the_second_set_is_named),
        cmocka_unit_test(a_broken_set_in_the_settings_gives_way_to_the_classic_one),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
