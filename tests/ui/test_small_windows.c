/*
 * test_small_windows.c - a window cannot be made smaller than the game can
 * be played in (the minimum is set on the window the renderer draws in),
 * and in a small window the board keeps at least 60% of the smaller side,
 * the panel making do with the rest.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "kit/layout.h"
#include "panel/panel.h"
#include "ui_fixture.h"

static char home[64];

static void the_window_keeps_its_minimum_size_after_opening(void **state)
{
    (void)state;
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 900;
    opt.height = 640;
    for (int c = 0; c < 2; c++) {
        opt.players[c] = (rb_ui_player){RB_UI_HUMAN, 1};
        opt.players_given[c] = true;
    }
    rb_ui_app_defaults(&fixture_app);
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, false, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    rb_app *app = &fixture_app;
    /* The window the renderer draws in is the one with the minimum. */
    assert_ptr_equal(SDL_RenderGetWindow(app->renderer), app->window);
    int w = 0, h = 0;
    SDL_GetWindowMinimumSize(app->window, &w, &h);
    assert_int_equal(w, RB_UI_MIN_W);
    assert_int_equal(h, RB_UI_MIN_H);
    /* Asked for less, it stays at the minimum. */
    SDL_SetWindowSize(app->window, 64, 80);
    SDL_GetWindowSize(app->window, &w, &h);
    assert_true(w >= RB_UI_MIN_W && h >= RB_UI_MIN_H);
    fixture_close(app);
}

static void check_board_share(int out_w, int out_h)
{
    rb_ui_layout l;
    rb_ui_layout_compute(&l, out_w, out_h, out_w, out_h);
    int side = out_w < out_h ? out_w : out_h;
    assert_true(l.board.w * 100 >= side * RB_UI_BOARD_SHARE_PCT);
    /* The board and its margin fit the window, the panel beside them. */
    assert_true(l.board.x - l.margin >= 0 && l.board.y - l.margin >= 0);
    assert_true(l.board.x + l.board.w + l.margin <= out_w && l.board.y + l.board.h + l.margin <= out_h);
    SDL_Rect grid = {l.board.x - l.margin, l.board.y - l.margin, l.board.w + 2 * l.margin, l.board.h + 2 * l.margin};
    assert_false(SDL_HasIntersection(&grid, &l.panel));
}

static void the_board_keeps_sixty_percent_of_the_smaller_side(void **state)
{
    (void)state;
    check_board_share(500, 400);
    check_board_share(RB_UI_MIN_W, RB_UI_MIN_H);
    check_board_share(640, 480);
    check_board_share(400, 600);
    check_board_share(1024, 720);
}

/* At 500 x 400 the panel's buttons are smaller than in a large window and
 * all of them are inside the panel. */
static void the_panel_scales_with_the_window(void **state)
{
    (void)state;
    SDL_Rect big, small;
    rb_app *app = fixture_open(NULL, 1024, 720);
    rb_ui_app_draw(app);
    assert_true(rb_ui_panel_button_rect(app, "Help", &big));
    fixture_close(app);
    app = fixture_open(NULL, 500, 400);
    rb_ui_app_draw(app);
    assert_true(app->layout.board.w >= 240);
    assert_true(rb_ui_panel_button_rect(app, "Help", &small));
    assert_true(small.h < big.h);
    SDL_Rect panel = app->layout.panel;
    static const char *const labels[] = {"New",        "Undo", "Redo", "Flip",     "Resign",
                                         "Offer draw", "Save", "Load", "Settings", "Help"};
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
        SDL_Rect r;
        assert_true(rb_ui_panel_button_rect(app, labels[i], &r));
        SDL_Rect in;
        assert_true(SDL_IntersectRect(&r, &panel, &in) && in.w == r.w && in.h == r.h);
    }
    fixture_close(app);
}

int main(void)
{
    snprintf(home, sizeof home, "/tmp/rb-ui-small-XXXXXX");
    if (!mkdtemp(home)) {
        return 1;
    }
    setenv("XDG_DATA_HOME", home, 1);
    setenv("XDG_CONFIG_HOME", home, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_window_keeps_its_minimum_size_after_opening),
        cmocka_unit_test(the_board_keeps_sixty_percent_of_the_smaller_side),
        cmocka_unit_test(the_panel_scales_with_the_window),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    if (system(cmd) != 0) {
        fprintf(stderr, "could not remove %s\n", home);
    }
    return failed;
}
