/*
 * test_board_symbols_explain_themselves.c - pointing at a throne star, a
 * turn square, a start line or an out-flag pennant for a moment says what
 * it means; a glance (less than RB_UI_TIP_MS) says nothing, and moving
 * within a symbol does not start the wait again. A throne's star stays in
 * view with a king on it.
 */
#include "support.h"

#include <stdlib.h>

#include "board/symbols.h"
#include "ui_fixture.h"

/* A point of square at (fx, fy) of its size from its top left corner. */
static SDL_Point at(rb_app *app, const char *square, float fx, float fy)
{
    rb_ui_view v = rb_ui_view_of(app);
    SDL_Rect r = rb_ui_view_rect(&v, rb_sq_parse(square));
    return (SDL_Point){r.x + (int)(fx * (float)r.w), r.y + (int)(fy * (float)r.h)};
}

static rb_ui_symbol symbol_at(rb_app *app, SDL_Point p, int *color)
{
    return rb_ui_symbols_at(app, &app->state, p.x, p.y, NULL, color);
}

static void each_symbol_is_found_where_it_is_drawn(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    int color;
    /* the kings stand on each other's thrones at the start: the corner star */
    assert_int_equal(symbol_at(app, at(app, "d6", 0.82f, 0.18f), &color), RB_UI_SYMBOL_THRONE);
    assert_int_equal(color, RB_WHITE);
    assert_int_equal(symbol_at(app, at(app, "d2", 0.82f, 0.18f), &color), RB_UI_SYMBOL_THRONE);
    assert_int_equal(color, RB_BLACK);
    /* the pennant on the king's top left corner */
    assert_int_equal(symbol_at(app, at(app, "d2", 0.15f, 0.2f), &color), RB_UI_SYMBOL_OUT_FLAG);
    assert_int_equal(color, RB_WHITE);
    /* White's start line runs between c and d on ranks 1 and 2 */
    assert_int_equal(symbol_at(app, at(app, "d1", 0.03f, 0.5f), &color), RB_UI_SYMBOL_START_LINE);
    assert_int_equal(color, RB_WHITE);
    assert_int_equal(symbol_at(app, at(app, "b2", 0.5f, 0.5f), NULL), RB_UI_SYMBOL_TURN);
    /* an ordinary square, and a symbol switched off, say nothing */
    assert_int_equal(symbol_at(app, at(app, "a4", 0.5f, 0.5f), NULL), RB_UI_SYMBOL_NONE);
    app->state.settings.turn_squares = false;
    assert_int_equal(symbol_at(app, at(app, "b2", 0.5f, 0.5f), NULL), RB_UI_SYMBOL_NONE);
    fixture_close(app);
}

static void pointing_a_moment_shows_the_meaning(void **state)
{
    (void)state;
    rb_app *app = fixture_open("7/2k4/2xxx2/2xxx2/2xxx2/5K1/7 w - 0 1", 800, 600);
    fixture_use_test_clock(app);
    Uint32 t0 = fixture_ms;
    fixture_motion(app, at(app, "d6", 0.5f, 0.5f), false); /* the empty throne */
    assert_int_equal(app->state.tip.symbol, RB_UI_SYMBOL_THRONE);
    assert_false(app->state.tip.shown);
    Uint32 due = rb_ui_symbols_wake(&app->state);
    assert_true((Sint32)(due - t0) >= RB_UI_TIP_MS - 50 && (Sint32)(due - t0) <= RB_UI_TIP_MS + 500);
    /* moving inside the star changes nothing: no redraw, the wait goes on */
    app->dirty = false;
    fixture_motion(app, at(app, "d6", 0.6f, 0.4f), false);
    assert_false(app->dirty);
    assert_int_equal(rb_ui_symbols_wake(&app->state), due);
    fixture_tick_at(app, due - 100);
    assert_false(app->state.tip.shown);
    fixture_tick_at(app, due);
    assert_true(app->state.tip.shown);
    assert_true(app->dirty);
    char text[320];
    rb_ui_symbols_text(&app->state, text, sizeof text);
    assert_non_null(strstr(text, "White's throne"));
    rb_ui_app_draw(app);
    /* leaving it hides the meaning */
    fixture_motion(app, at(app, "a4", 0.5f, 0.5f), false);
    assert_false(app->state.tip.shown);
    assert_int_equal(app->state.tip.symbol, RB_UI_SYMBOL_NONE);
    assert_int_equal(rb_ui_symbols_wake(&app->state), 0);
    fixture_close(app);
}

/* The pixels of the top right corner of square, as drawn now. */
static void corner(rb_app *app, const char *square, Uint32 *out, int n)
{
    rb_ui_app_draw(app);
    SDL_Point p = at(app, square, 0.7f, 0.06f);
    SDL_Surface *s = app->target;
    SDL_LockSurface(s);
    for (int i = 0; i < n; i++) {
        int x = p.x + i % 8 * 2, y = p.y + i / 8 * 2;
        out[i] = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
    }
    SDL_UnlockSurface(s);
}

static void a_throne_under_a_king_still_shows_its_star(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    Uint32 on[64], off[64];
    app->state.settings.thrones = true;
    corner(app, "d6", on, 64);
    app->state.settings.thrones = false;
    corner(app, "d6", off, 64);
    assert_memory_not_equal(on, off, sizeof on);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_symbol_is_found_where_it_is_drawn),
        cmocka_unit_test(pointing_a_moment_shows_the_meaning),
        cmocka_unit_test(a_throne_under_a_king_still_shows_its_star),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
