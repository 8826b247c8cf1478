/*
 * test_settings_change_the_picture.c - every switch of the settings dialog
 * that is about the board changes what the player sees: the frame drawn
 * with the switch on differs from the frame drawn with it off, everything
 * else equal (a piece selected, a destination pointed at, a last move
 * played, so each aid has something to show).
 */
#include "support.h"

#include <stddef.h>
#include <stdlib.h>

#include "kit/theme.h"
#include "ui_fixture.h"

typedef struct switch_case {
    const char *name;
    size_t offset; /* of the bool in rb_ui_settings */
} switch_case;

static const switch_case switches[] = {
    {"flow_arrows", offsetof(rb_ui_settings, flow_arrows)}, {"turn_squares", offsetof(rb_ui_settings, turn_squares)},
    {"thrones", offsetof(rb_ui_settings, thrones)},         {"start_lines", offsetof(rb_ui_settings, start_lines)},
    {"out_flags", offsetof(rb_ui_settings, out_flags)},     {"coordinates", offsetof(rb_ui_settings, coordinates)},
    {"legal_moves", offsetof(rb_ui_settings, legal_moves)}, {"paths", offsetof(rb_ui_settings, paths)},
    {"last_move", offsetof(rb_ui_settings, last_move)},
};

/* The frame as drawn now, copied out of the off-screen surface. */
static Uint8 *frame(rb_app *app, size_t *len)
{
    app->theme = rb_ui_theme_get(app->state.settings.theme);
    rb_ui_app_draw(app);
    SDL_Surface *s = app->target;
    *len = (size_t)s->pitch * (size_t)s->h;
    Uint8 *copy = malloc(*len);
    assert_non_null(copy);
    SDL_LockSurface(s);
    memcpy(copy, s->pixels, *len);
    SDL_UnlockSurface(s);
    return copy;
}

static void check_switch(rb_app *app, const switch_case *sw, bool start)
{
    bool *flag = (bool *)((char *)&app->state.settings + sw->offset);
    bool original = *flag;
    *flag = start;
    size_t la, lb;
    Uint8 *a = frame(app, &la);
    *flag = !start;
    Uint8 *b = frame(app, &lb);
    *flag = original;
    assert_int_equal(la, lb);
    if (memcmp(a, b, la) == 0) {
        fail_msg("turning %s %s changes nothing on the screen", sw->name, start ? "off" : "on");
    }
    free(a);
    free(b);
}

static void each_board_switch_changes_the_picture(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "c2");
    fixture_click(app, "b3");                              /* a last move to show */
    fixture_click(app, "e6");                              /* Black's pawn selected... */
    fixture_motion(app, fixture_center(app, "f6"), false); /* ...f6 pointed at */
    assert_int_equal(app->state.input.sel, rb_sq_parse("e6"));
    for (size_t i = 0; i < sizeof switches / sizeof switches[0]; i++) {
        check_switch(app, &switches[i], true);
        check_switch(app, &switches[i], false);
    }
    /* Still the same selection: the switches changed the picture only. */
    assert_int_equal(app->state.input.sel, rb_sq_parse("e6"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_board_switch_changes_the_picture),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
