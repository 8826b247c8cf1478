/*
 * test_colour_blind_theme_contrast.c - the colour-blind-safe theme keeps
 * the marks a player must tell apart apart by lightness, not by hue: for
 * each pair that matters, on both the light and the dark square, the WCAG
 * contrast ratio of the two colours as they are drawn (blended over the
 * square by their alpha) is at least 2:1, and each mark stands off the
 * square it lies on. Red against green fails this however different the
 * hues look to a trichromat; so does any pair a protanope or a deuteranope
 * could only tell apart by hue. The figures come from the theme table
 * itself, so a change of palette is checked the moment it is made.
 */
#include "support.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "kit/theme.h"

/* sRGB channel to linear light. */
static double linear(double c)
{
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* Relative luminance (WCAG 2) of an opaque colour given as doubles. */
static double luminance(const double rgb[3])
{
    return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

/* c drawn over the opaque square colour. */
static void over(SDL_Color c, SDL_Color square, double out[3])
{
    double a = c.a / 255.0;
    out[0] = c.r * a + square.r * (1 - a);
    out[1] = c.g * a + square.g * (1 - a);
    out[2] = c.b * a + square.b * (1 - a);
}

static double contrast(SDL_Color a, SDL_Color b, SDL_Color square)
{
    double x[3], y[3];
    over(a, square, x);
    over(b, square, y);
    double la = luminance(x), lb = luminance(y);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

typedef struct pair {
    const char *what;
    size_t a, b;  /* offsets of the two colours in rb_ui_theme */
    double least; /* the smallest contrast ratio allowed */
} pair;

#define AT(field) offsetof(rb_ui_theme, field)
/* A colour drawn exactly as the square under it: a mark's own square. */
#define SQUARE ((size_t)-1)

static const pair pairs[] = {
    {"a move's dot and a capture's ring", AT(dest_dot), AT(dest_ring), 2.0},
    {"the last move and check", AT(last_to), AT(check_glow), 2.0},
    {"the selected square and the last move", AT(selected), AT(last_to), 2.0},
    {"the pointed path and the last move's path", AT(path), AT(last_path), 2.0},
    {"the pointed path and a premove", AT(path), AT(premove), 2.0},
    {"a path and its rebound mark", AT(path), AT(rebound_mark), 2.0},
    {"a puzzle's reply and the solver's move", AT(reply), AT(path), 2.0},
    {"a puzzle's reply and check", AT(reply), AT(check_glow), 2.0},
    {"a move's dot on its square", AT(dest_dot), SQUARE, 3.0},
    {"a capture's ring on its square", AT(dest_ring), SQUARE, 2.0},
    {"the last move's path on its square", AT(last_path), SQUARE, 3.0},
};

static SDL_Color colour(const rb_ui_theme *t, size_t offset, SDL_Color square)
{
    return offset == SQUARE ? square : *(const SDL_Color *)((const char *)t + offset);
}

static void the_theme_is_the_one_named_for_colour_blindness(void **state)
{
    (void)state;
    assert_int_equal(rb_ui_theme_find("colour-blind"), RB_UI_THEME_COLOUR_BLIND);
    assert_ptr_equal(rb_ui_theme_get(RB_UI_THEME_COLOUR_BLIND), &rb_ui_themes[RB_UI_THEME_COLOUR_BLIND].colours);
}

static void marks_to_tell_apart_differ_in_lightness(void **state)
{
    (void)state;
    const rb_ui_theme *t = rb_ui_theme_get(RB_UI_THEME_COLOUR_BLIND);
    const SDL_Color squares[2] = {t->light, t->dark};
    static const char *const square_names[2] = {"light", "dark"};
    int failures = 0;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        for (int s = 0; s < 2; s++) {
            double r = contrast(colour(t, pairs[i].a, squares[s]), colour(t, pairs[i].b, squares[s]), squares[s]);
            printf("%-45s on the %-5s square: %.2f:1\n", pairs[i].what, square_names[s], r);
            if (r < pairs[i].least) {
                print_error("%s on the %s square: %.2f:1, less than %.1f:1\n", pairs[i].what, square_names[s], r,
                            pairs[i].least);
                failures++;
            }
        }
    }
    assert_int_equal(failures, 0);
}

/* The check can fail: red and green of equal lightness, as an ordinary
 * theme might pick them, are refused. */
static void red_and_green_of_one_lightness_are_refused(void **state)
{
    (void)state;
    SDL_Color red = {220, 60, 60, 255}, green = {40, 150, 40, 255}, square = {240, 240, 240, 255};
    assert_true(contrast(red, green, square) < 2.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_theme_is_the_one_named_for_colour_blindness),
        cmocka_unit_test(marks_to_tell_apart_differ_in_lightness),
        cmocka_unit_test(red_and_green_of_one_lightness_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
