/*
 * test_panel_buttons_act_on_release.c - a button of a screen that takes
 * over the panel (here the analysis board's) acts only when the left
 * button is pressed and let go on it: pressing it and letting go beside
 * it, pressing beside it and letting go on it, pressing with the right
 * button, and a drag that starts on a board piece and ends on it all do
 * nothing; a whole click does what it says.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include "screens/analysis/analysis_view.h"
#include "ui_fixture.h"
#include "kit/widget.h"

static SDL_Point middle(SDL_Rect r)
{
    return (SDL_Point){r.x + r.w / 2, r.y + r.h / 2};
}

static SDL_Rect close_button(rb_app *app)
{
    rb_ui_app_draw(app);
    SDL_Rect r;
    assert_true(rb_ui_analysis_view_button_rect(app, "Close analysis", &r));
    return r;
}

static void press_here_release_there(rb_app *app, Uint8 button, SDL_Point from, SDL_Point to)
{
    fixture_motion(app, from, false);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, button, from);
    fixture_motion(app, to, button == SDL_BUTTON_LEFT);
    fixture_button(app, SDL_MOUSEBUTTONUP, button, to);
}

static void only_a_whole_click_on_a_button_acts(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    fixture_key(app, SDLK_F5, 0);
    assert_true(app->state.analysis.active);
    SDL_Rect close = close_button(app);
    /* A corner of the panel no button covers. */
    SDL_Point beside = {app->layout.panel.x + 2, app->layout.panel.y + 2};
    assert_false(rb_ui_widget_point_in(close, beside.x, beside.y));

    press_here_release_there(app, SDL_BUTTON_LEFT, middle(close), beside);
    assert_true(app->state.analysis.active);
    press_here_release_there(app, SDL_BUTTON_LEFT, beside, middle(close));
    assert_true(app->state.analysis.active);
    press_here_release_there(app, SDL_BUTTON_RIGHT, middle(close), middle(close));
    assert_true(app->state.analysis.active);
    /* The board keeps the mouse it was pressed on: dropping a piece on the
     * button is a drop off the board, not a click. */
    press_here_release_there(app, SDL_BUTTON_LEFT, fixture_center(app, "c2"), middle(close));
    assert_true(app->state.analysis.active);

    fixture_click_at(app, middle(close_button(app)));
    assert_false(app->state.analysis.active);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_a_whole_click_on_a_button_acts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
