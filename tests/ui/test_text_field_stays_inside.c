/*
 * test_text_field_stays_inside.c - the text field (the save dialog's name)
 * keeps a name longer than itself inside its frame: the text scrolls so the
 * end being typed shows, and nothing spills over the dialog around it.
 * Read back from the software renderer's pixels.
 */
#include "support.h"

#include "ui_fixture.h"
#include "kit/widget.h"

static Uint32 pixel_at(SDL_Surface *s, int x, int y)
{
    const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
    return row[x];
}

/* The field at r drawn with text over a black picture, read back. */
static SDL_Surface *draw_field(rb_app *app, SDL_Rect r, const char *text)
{
    SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
    SDL_RenderSetClipRect(app->renderer, NULL);
    SDL_RenderClear(app->renderer);
    rb_ui_widget_field(app, r, text, 16, true);
    SDL_RenderPresent(app->renderer);
    SDL_Surface *s = SDL_ConvertSurfaceFormat(app->target, SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(s);
    return s;
}

static void a_long_name_stays_inside_the_field(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    SDL_Rect r = {100, 100, 200, 40};
    char name[121];
    memset(name, 'W', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    name[sizeof name - 2] = 'i'; /* the end, which must stay in view */
    SDL_Surface *s = draw_field(app, r, name);
    Uint32 black = pixel_at(s, 0, 0);
    for (int y = r.y; y < r.y + r.h; y++) {
        for (int x = r.x + r.w; x < 800; x++) {
            if (pixel_at(s, x, y) != black) {
                fail_msg("the text spills out of the field at (%d, %d)", x, y);
            }
        }
    }
    /* Inside, both halves of the field hold text: the name scrolled, it
     * was not cut off after its first characters. */
    SDL_Surface *empty = draw_field(app, r, "");
    int changed[2] = {0, 0};
    for (int y = r.y + 4; y < r.y + r.h - 4; y++) {
        for (int x = r.x + 4; x < r.x + r.w - 4; x++) {
            changed[x >= r.x + r.w / 2] += pixel_at(s, x, y) != pixel_at(empty, x, y);
        }
    }
    assert_true(changed[0] > 0);
    assert_true(changed[1] > 0);
    SDL_FreeSurface(empty);
    SDL_FreeSurface(s);
    fixture_close(app);
}

static void a_short_name_starts_at_the_left(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    SDL_Rect r = {100, 100, 400, 40};
    SDL_Surface *s = draw_field(app, r, "Wi");
    SDL_Surface *empty = draw_field(app, r, "");
    int left = 0, right = 0;
    for (int y = r.y + 4; y < r.y + r.h - 4; y++) {
        for (int x = r.x + 4; x < r.x + r.w - 4; x++) {
            if (pixel_at(s, x, y) != pixel_at(empty, x, y)) {
                *(x < r.x + r.w / 2 ? &left : &right) += 1;
            }
        }
    }
    assert_true(left > 0);
    assert_int_equal(right, 0);
    SDL_FreeSurface(empty);
    SDL_FreeSurface(s);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_long_name_stays_inside_the_field),
        cmocka_unit_test(a_short_name_starts_at_the_left),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
