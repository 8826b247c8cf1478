/*
 * test_missing_data_is_named.c - a game installed without part of its data
 * does not start with blank labels or invisible pieces: it stops with a
 * message naming the missing file, and gives back what it had opened (the
 * sanitizer build checks for leaks on these early exits).
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "assets.h"

static char dir[] = "/tmp/rb-data-test-XXXXXX";
static char staged[RB_UI_PATH_MAX];

static int setup(void **state)
{
    (void)state;
    char err[300];
    if (!mkdtemp(dir))
        return -1;
    return rb_ui_assets_data_dir(staged, sizeof staged, err, sizeof err);
}

static int teardown(void **state)
{
    (void)state;
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Opens the game off screen on a copy of the staged data without file;
 * returns the message. */
static void open_without(const char *file, char *err, size_t errlen)
{
    char cmd[2 * RB_UI_PATH_MAX + 200], data[200];
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -r '%s' '%s' && rm '%s/%s'", data, staged, data, data, file);
    assert_int_equal(system(cmd), 0);
    setenv("RB_DATA_DIR", data, 1);

    static rb_app app;
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 800;
    opt.height = 600;
    rb_ui_app_defaults(&app);
    int r = rb_ui_app_open(&app, &opt, true, err, errlen);
    rb_ui_app_close(&app);
    unsetenv("RB_DATA_DIR");
    assert_int_not_equal(r, 0);
    if (strstr(err, file) == NULL)
        fail_msg("the message does not name %s: %s", file, err);
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
    open_without("pieces/bB.svg", err, sizeof err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_missing_bold_font_is_named),
        cmocka_unit_test(a_missing_regular_font_is_named),
        cmocka_unit_test(a_missing_piece_is_named),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
