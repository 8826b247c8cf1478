/*
 * test_window_icon.c - the window's icon comes from the icon the build
 * stages with the game's data, rasterised at the size asked for; a missing
 * icon is reported by name and is no reason not to start.
 */
#include "support.h"

#include <stdio.h>

#include "media/assets.h"
#include "ui_fixture.h"

static bool has_visible_pixels(SDL_Surface *s)
{
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(c);
    int seen = 0;
    for (int y = 0; y < c->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)c->pixels + y * c->pitch);
        for (int x = 0; x < c->w; x++) {
            seen += (row[x] >> 24) > 128;
        }
    }
    SDL_FreeSurface(c);
    /* Not a stray dot: a real picture covers a good part of the square. */
    return seen > s->w * s->h / 10;
}

static void the_icon_is_drawn_from_the_staged_data(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 640, 480);
    char err[1400] = "";
    SDL_Surface *icon = rb_ui_assets_load_icon(app->data_dir, 64, err, sizeof err);
    if (!icon) {
        fail_msg("no icon: %s", err);
    }
    assert_int_equal(icon->w, 64);
    assert_int_equal(icon->h, 64);
    assert_true(has_visible_pixels(icon));
    SDL_FreeSurface(icon);
    fixture_close(app);
}

static void a_missing_icon_is_named_not_fatal(void **state)
{
    (void)state;
    char err[1400] = "";
    SDL_Surface *icon = rb_ui_assets_load_icon("/nonexistent-rollerball-data/", 64, err, sizeof err);
    assert_null(icon);
    assert_non_null(strstr(err, "/nonexistent-rollerball-data/icons/"));
    assert_non_null(strstr(err, "window icon"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_icon_is_drawn_from_the_staged_data),
        cmocka_unit_test(a_missing_icon_is_named_not_fatal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
