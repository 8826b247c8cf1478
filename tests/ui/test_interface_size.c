/*
 * test_interface_size.c - the interface size and the display's scale: the
 * text, the panel and the dialogs grow with them, the least window grows
 * with them, the Settings dialog and --scale change the size (a bad value
 * named), the settings file keeps it, and a display that says "2x" (the
 * test's seam, app->system_scale) draws the same layout in twice the pixels.
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "app/args.h"
#include "app/shot.h"
#include "dialogs/dlg.h"
#include "kit/layout.h"
#include "panel/panel.h"
#include "files/settings.h"
#include "ui_fixture.h"

static void the_least_window_grows_with_the_size(void **state)
{
    (void)state;
    int w, h;
    rb_ui_layout_least_window(100, 1.0f, 1.0f, &w, &h);
    assert_int_equal(w, RB_UI_MIN_W);
    assert_int_equal(h, RB_UI_MIN_H);
    rb_ui_layout_least_window(150, 1.0f, 1.0f, &w, &h);
    assert_int_equal(w, 720);
    assert_int_equal(h, 540);
    rb_ui_layout_least_window(200, 1.0f, 1.0f, &w, &h);
    assert_int_equal(w, 960);
    assert_int_equal(h, 720);
    /* A system that scales windows itself (2 pixels a window coordinate)
     * counts in window coordinates: the same least window. */
    rb_ui_layout_least_window(200, 2.0f, 2.0f, &w, &h);
    assert_int_equal(w, 960);
    /* X11 with GDK_SCALE=2: window coordinates are pixels, twice as many. */
    rb_ui_layout_least_window(200, 2.0f, 1.0f, &w, &h);
    assert_int_equal(w, 1920);
    assert_int_equal(h, 1440);
}

static void the_display_scale_comes_from_the_system(void **state)
{
    (void)state;
    assert_true(rb_ui_layout_system_scale(2.0f, NULL) == 2.0f); /* Wayland, macOS */
    assert_true(rb_ui_layout_system_scale(2.0f, "3") == 2.0f);  /* the ratio first */
    assert_true(rb_ui_layout_system_scale(1.0f, "2") == 2.0f);  /* X11 and GDK_SCALE */
    assert_true(rb_ui_layout_system_scale(1.0f, NULL) == 1.0f);
    assert_true(rb_ui_layout_system_scale(1.0f, "") == 1.0f);
    assert_true(rb_ui_layout_system_scale(1.0f, "1.5") == 1.0f); /* not a whole number */
    assert_true(rb_ui_layout_system_scale(1.0f, "9") == 1.0f);   /* not believable */
}

/* The least window of 200% is the 100% one magnified, within a pixel or
 * two of rounding. */
static void two_hundred_percent_magnifies_the_least_layout(void **state)
{
    (void)state;
    rb_ui_layout a, b;
    rb_ui_layout_compute_scaled(&a, 480, 360, 480, 360, 1.0f, 100);
    rb_ui_layout_compute_scaled(&b, 960, 720, 960, 720, 1.0f, 200);
    assert_int_equal(a.font_px, 11);
    assert_int_equal(b.font_px, 22);
    assert_true(abs(b.sq - 2 * a.sq) <= 1);
    assert_true(abs(b.panel.w - 2 * a.panel.w) <= 8);
    /* In a larger window the text grows, the board gives the panel room. */
    rb_ui_layout c, d;
    rb_ui_layout_compute_scaled(&c, 1280, 800, 1280, 800, 1.0f, 100);
    rb_ui_layout_compute_scaled(&d, 1280, 800, 1280, 800, 1.0f, 200);
    assert_true(d.font_px > c.font_px);
    assert_true(d.panel.w > c.panel.w);
    assert_true(d.sq < c.sq);
    /* ...never below the board's share. */
    assert_true(d.sq * 7 * 100 >= 800 * RB_UI_BOARD_SHARE_PCT);
}

/* The coordinates grow with the interface size, where the board has become
 * smaller for the panel too; at the least window the board with its
 * coordinates takes at least half the width. */
static void the_coordinates_grow_and_the_board_keeps_half(void **state)
{
    (void)state;
    const int sizes[][2] = {{800, 600}, {1024, 720}, {1280, 800}, {1920, 1080}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rb_ui_layout one, two;
        rb_ui_layout_compute_scaled(&one, sizes[i][0], sizes[i][1], sizes[i][0], sizes[i][1], 1.0f, 100);
        rb_ui_layout_compute_scaled(&two, sizes[i][0], sizes[i][1], sizes[i][0], sizes[i][1], 1.0f, 200);
        if (two.coord_px <= one.coord_px) {
            fail_msg("%dx%d: the coordinates are %d pixels at 200%%, %d at 100%%", sizes[i][0], sizes[i][1],
                     two.coord_px, one.coord_px);
        }
        assert_true(two.coord_px <= two.margin); /* inside their margin */
    }
    for (int pct = 100; pct <= 200; pct += 50) {
        int w, h;
        rb_ui_layout_least_window(pct, 1.0f, 1.0f, &w, &h);
        rb_ui_layout l;
        rb_ui_layout_compute_scaled(&l, w, h, w, h, 1.0f, pct);
        int span = 7 * l.sq + 2 * l.margin;
        if (span * 2 < w) {
            fail_msg("%d%% least window %dx%d: the board takes %d of %d pixels", pct, w, h, span, w);
        }
    }
}

static rb_app *open_scaled(int w, int h, float system_scale, int pct)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = w;
    opt.height = h;
    opt.scale_pct = pct;
    rb_ui_app_defaults(&fixture_app);
    fixture_app.system_scale = system_scale;
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    rb_ui_app_draw(&fixture_app);
    return &fixture_app;
}

static SDL_Rect button(rb_app *app, const char *label)
{
    SDL_Rect r;
    if (!rb_ui_panel_button_rect(app, label, &r)) {
        fail_msg("no button %s", label);
    }
    return r;
}

/* "The system says 2x": the same game, every length of the panel doubled. */
static void a_2x_display_draws_the_same_layout_in_twice_the_pixels(void **state)
{
    (void)state;
    rb_app *app = open_scaled(640, 480, 1.0f, 100);
    rb_ui_layout one = app->layout;
    SDL_Rect new_one = button(app, "New");
    fixture_close(app);
    app = open_scaled(1280, 960, 2.0f, 100);
    assert_int_equal(app->layout.font_px, 2 * one.font_px);
    assert_true(abs(app->layout.sq - 2 * one.sq) <= 1);
    SDL_Rect new_two = button(app, "New");
    assert_true(abs(new_two.h - 2 * new_one.h) <= 2);
    assert_true(abs(new_two.w - 2 * new_one.w) <= 4);
    assert_true(abs(new_two.x - 2 * new_one.x) <= 4);
    fixture_close(app);
    /* 2x and 200% together, at their least window (the 100% least, 4x). */
    app = open_scaled(1920, 1440, 2.0f, 200);
    assert_int_equal(app->layout.font_px, 44);
    fixture_close(app);
}

static void the_settings_dialog_changes_the_size(void **state)
{
    (void)state;
    rb_app *app = open_scaled(960, 720, 1.0f, 100);
    int px = app->layout.font_px;
    SDL_Rect before = button(app, "New");
    fixture_key(app, SDLK_COMMA, KMOD_CTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_SETTINGS);
    fixture_click_control(app, DLG_TAB + RB_UI_SETTINGS_GAME); /* the size is on the Game page */
    rb_ui_app_draw(app);
    assert_false(rb_ui_dlg_focus_rect(app, DLG_SCALE, &(SDL_Rect){0})); /* 100%: no smaller */
    fixture_click_control(app, DLG_SCALE + 1);
    assert_int_equal(app->state.settings.ui_scale_pct, 125);
    fixture_click_control(app, DLG_SCALE + 1);
    fixture_click_control(app, DLG_SCALE + 1);
    fixture_click_control(app, DLG_SCALE + 1);
    assert_int_equal(app->state.settings.ui_scale_pct, 200);
    rb_ui_app_draw(app);
    assert_false(rb_ui_dlg_focus_rect(app, DLG_SCALE + 1, &(SDL_Rect){0})); /* 200%: no larger */
    assert_true(app->layout.font_px > px);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    rb_ui_app_draw(app);
    SDL_Rect after = button(app, "New");
    assert_true(after.h > before.h);
    fixture_key(app, SDLK_COMMA, KMOD_CTRL);
    fixture_click_control(app, DLG_TAB + RB_UI_SETTINGS_GAME);
    fixture_click_control(app, DLG_SCALE);
    assert_int_equal(app->state.settings.ui_scale_pct, 175);
    fixture_close(app);
}

/* The size buttons stay under the pointer: the dialog grows around them,
 * so clicking twice at one point steps the size twice, up and down. */
static void the_size_buttons_stay_under_the_pointer(void **state)
{
    (void)state;
    rb_app *app = open_scaled(1024, 720, 1.0f, 100);
    fixture_key(app, SDLK_COMMA, KMOD_CTRL);
    fixture_click_control(app, DLG_TAB + RB_UI_SETTINGS_GAME);
    rb_ui_app_draw(app);
    SDL_Rect larger = fixture_control(app, DLG_SCALE + 1);
    SDL_Point at = {larger.x + larger.w / 3, larger.y + larger.h / 3};
    for (int pct = 125; pct <= 200; pct += 25) {
        fixture_click_at(app, at);
        assert_int_equal(app->state.settings.ui_scale_pct, pct);
        rb_ui_app_draw(app);
        if (pct < 200) {
            assert_int_equal(rb_ui_dlg_hit_at(app, at.x, at.y), DLG_SCALE + 1);
        }
        const char *shot = getenv("RB_SHOT"); /* a folder for pictures to look at */
        if (shot && (pct == 150 || pct == 200)) {
            char path[512], err[256];
            snprintf(path, sizeof path, "%s/size-%d-under-pointer.png", shot, pct);
            assert_int_equal(rb_ui_shot_write(app, path, err, sizeof err), 0);
        }
    }
    /* and back down from the smaller button, which stays put likewise */
    SDL_Rect smaller = fixture_control(app, DLG_SCALE);
    at = (SDL_Point){smaller.x + smaller.w / 2, smaller.y + smaller.h / 2};
    for (int pct = 175; pct >= 100; pct -= 25) {
        fixture_click_at(app, at);
        assert_int_equal(app->state.settings.ui_scale_pct, pct);
        rb_ui_app_draw(app);
        if (pct > 100) {
            assert_int_equal(rb_ui_dlg_hit_at(app, at.x, at.y), DLG_SCALE);
        }
    }
    /* The box stays inside the window, and opens centred again. */
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    fixture_key(app, SDLK_COMMA, KMOD_CTRL);
    rb_ui_app_draw(app);
    SDL_Rect done = fixture_control(app, DLG_OK);
    assert_true(done.x + done.w <= 1024 && done.y + done.h <= 720);
    fixture_close(app);
}

static void the_settings_file_keeps_the_size(void **state)
{
    (void)state;
    rb_ui_settings s;
    rb_ui_player players[2];
    rb_ui_settings_defaults(&s, players);
    assert_int_equal(s.ui_scale_pct, 100);
    s.ui_scale_pct = 175;
    char *text = rb_ui_settings_format(&s, players);
    assert_non_null(strstr(text, "interface_size = 175\n"));
    rb_ui_settings back;
    rb_ui_settings_defaults(&back, players);
    assert_int_equal(rb_ui_settings_parse(text, &back, players), 0);
    assert_int_equal(back.ui_scale_pct, 175);
    free(text);
    /* Out of range or not a number: skipped, the size stays. */
    assert_int_equal(rb_ui_settings_parse("interface_size = 300\ninterface_size = big\n", &back, players), 2);
    assert_int_equal(back.ui_scale_pct, 175);
    assert_int_equal(rb_ui_settings_parse("interface_size = 150%\n", &back, players), 0);
    assert_int_equal(back.ui_scale_pct, 150);
}

static rb_ui_args_result parse(const char *a, const char *b, const char *c, const char *d, char *err, size_t len,
                               rb_ui_options *opt)
{
    char *argv[] = {"rollerball", (char *)a, (char *)b, (char *)c, (char *)d, NULL};
    int argc = 1;
    while (argv[argc]) {
        argc++;
    }
    return rb_ui_args_parse(argc, argv, opt, err, len);
}

static void the_command_line_names_a_bad_size(void **state)
{
    (void)state;
    rb_ui_options opt;
    char err[300];
    assert_int_equal(parse("--scale", "150", NULL, NULL, err, sizeof err, &opt), RB_UI_ARGS_RUN);
    assert_int_equal(opt.scale_pct, 150);
    assert_int_equal(parse("--scale", "300", NULL, NULL, err, sizeof err, &opt), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "'300'"));
    assert_non_null(strstr(err, "100 to 200"));
    assert_int_equal(parse("--scale", "big", NULL, NULL, err, sizeof err, &opt), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "--scale"));
    assert_int_equal(parse("--scale", "200", "--size", "800x600", err, sizeof err, &opt), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "960x720"));
    assert_int_equal(parse("--scale", "200", "--size", "960x720", err, sizeof err, &opt), RB_UI_ARGS_RUN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_least_window_grows_with_the_size),
        cmocka_unit_test(the_display_scale_comes_from_the_system),
        cmocka_unit_test(two_hundred_percent_magnifies_the_least_layout),
        cmocka_unit_test(a_2x_display_draws_the_same_layout_in_twice_the_pixels),
        cmocka_unit_test(the_coordinates_grow_and_the_board_keeps_half),
        cmocka_unit_test(the_settings_dialog_changes_the_size),
        cmocka_unit_test(the_size_buttons_stay_under_the_pointer),
        cmocka_unit_test(the_settings_file_keeps_the_size),
        cmocka_unit_test(the_command_line_names_a_bad_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
