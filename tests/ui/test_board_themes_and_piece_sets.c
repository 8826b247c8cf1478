/*
 * test_board_themes_and_piece_sets.c - every board theme and every piece
 * set draws: a theme's squares come out in its own colours (so the themes
 * give different boards), a piece set's pictures differ from the other
 * set's, and on every theme both colours of every set stand off both
 * squares (enough of a piece's pixels contrast 3:1 with the square under
 * it to make out its shape).
 */
#include "support.h"

#include <math.h>
#include <stdlib.h>

#include "media/assets.h"
#include "kit/theme.h"
#include "ui_fixture.h"

/* Every kind of piece of both colours on both kinds of square. */
#define POSITION "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/1P1KR2/2PBR2 w - 0 1"

static void set_look(rb_app *app, rb_ui_cmd_kind kind, int n)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(kind);
    if (kind == RB_UI_CMD_SET_THEME) {
        cmd.set_theme.theme = n;
    } else {
        cmd.set_pieces.set = n;
    }
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
    rb_ui_app_draw(app);
}

static SDL_Color pixel(rb_app *app, int x, int y)
{
    SDL_Surface *s = app->target;
    Uint32 p = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
    SDL_Color c;
    SDL_GetRGB(p, s->format, &c.r, &c.g, &c.b);
    c.a = 255;
    return c;
}

static bool same(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* A corner of the square, clear of the arrows, stars and markers. */
static SDL_Color square_colour(rb_app *app, const char *square)
{
    rb_ui_view v = rb_ui_view_of(app);
    SDL_Rect r = rb_ui_view_rect(&v, rb_sq_parse(square));
    return pixel(app, r.x + 2, r.y + r.h - 3);
}

static void each_theme_draws_its_own_squares(void **state)
{
    (void)state;
    rb_app *app = fixture_open(POSITION, 800, 600);
    for (int i = 0; i < rb_ui_theme_count; i++) {
        set_look(app, RB_UI_CMD_SET_THEME, i);
        const rb_ui_theme *t = rb_ui_theme_get(i);
        assert_ptr_equal(app->theme, t);
        if (!same(square_colour(app, "b1"), t->light) || !same(square_colour(app, "a1"), t->dark)) {
            fail_msg("the %s theme does not draw its squares in its colours", rb_ui_themes[i].key);
        }
        for (int j = 0; j < i; j++) {
            if (same(rb_ui_theme_get(j)->light, t->light) || same(rb_ui_theme_get(j)->dark, t->dark)) {
                fail_msg("the %s and %s themes share a square colour", rb_ui_themes[j].key, rb_ui_themes[i].key);
            }
        }
    }
    fixture_close(app);
}

/* The pixels of a square, as drawn now. */
static Uint32 *square_pixels(rb_app *app, const char *square, int *n)
{
    rb_ui_view v = rb_ui_view_of(app);
    SDL_Rect r = rb_ui_view_rect(&v, rb_sq_parse(square));
    Uint32 *out = malloc(sizeof *out * (size_t)(r.w * r.h));
    assert_non_null(out);
    SDL_Surface *s = app->target;
    for (int y = 0; y < r.h; y++) {
        for (int x = 0; x < r.w; x++) {
            out[y * r.w + x] = ((Uint32 *)((Uint8 *)s->pixels + (r.y + y) * s->pitch))[r.x + x];
        }
    }
    *n = r.w * r.h;
    return out;
}

static void each_piece_set_draws_its_own_pieces(void **state)
{
    (void)state;
    static const char *const squares[] = {"d2", "e1", "d1", "c1", "d6", "c7", "d7", "e7"};
    rb_app *app = fixture_open(POSITION, 800, 600);
    assert_true(rb_ui_piece_set_count >= 2);
    for (size_t k = 0; k < sizeof squares / sizeof squares[0]; k++) {
        int n0, n1;
        set_look(app, RB_UI_CMD_SET_PIECES, 0);
        assert_int_equal(app->state.settings.pieces, 0);
        Uint32 *a = square_pixels(app, squares[k], &n0);
        set_look(app, RB_UI_CMD_SET_PIECES, 1);
        assert_int_equal(app->state.settings.pieces, 1);
        assert_int_equal(app->pieces.set, 1);
        Uint32 *b = square_pixels(app, squares[k], &n1);
        assert_int_equal(n0, n1);
        if (memcmp(a, b, sizeof *a * (size_t)n0) == 0) {
            fail_msg("the piece on %s looks the same in both sets", squares[k]);
        }
        free(a);
        free(b);
    }
    fixture_close(app);
}

static double linear(double c)
{
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double luminance(SDL_Color c)
{
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

/* The share of the square's pixels that contrast at least 3:1 with the
 * square's own colour: the piece's outline, body or marks. */
static double ink(rb_app *app, const char *square, SDL_Color ground)
{
    rb_ui_view v = rb_ui_view_of(app);
    SDL_Rect r = rb_ui_view_rect(&v, rb_sq_parse(square));
    double lg = luminance(ground);
    int inked = 0;
    for (int y = r.y; y < r.y + r.h; y++) {
        for (int x = r.x; x < r.x + r.w; x++) {
            double l = luminance(pixel(app, x, y));
            double ratio = l > lg ? (l + 0.05) / (lg + 0.05) : (lg + 0.05) / (l + 0.05);
            inked += ratio >= 3.0;
        }
    }
    return (double)inked / (double)(r.w * r.h);
}

static void both_colours_stand_off_every_theme(void **state)
{
    (void)state;
    /* A white and a black piece on a light square and on a dark one. */
    static const struct {
        const char *square;
        bool light;
    } cases[] = {{"e2", true}, {"d2", false}, {"e6", true}, {"d6", false},
                 {"d1", true}, {"e1", false}, {"d7", true}, {"e7", false}};
    rb_app *app = fixture_open(POSITION, 800, 600);
    rb_ui_settings *s = &app->state.settings;
    /* Only the pieces on their squares: no aid draws on them. */
    s->flow_arrows = s->turn_squares = s->thrones = s->start_lines = s->out_flags = false;
    double least = 1.0;
    for (int p = 0; p < rb_ui_piece_set_count; p++) {
        set_look(app, RB_UI_CMD_SET_PIECES, p);
        for (int t = 0; t < rb_ui_theme_count; t++) {
            set_look(app, RB_UI_CMD_SET_THEME, t);
            for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
                const rb_ui_theme *th = rb_ui_theme_get(t);
                double share = ink(app, cases[k].square, cases[k].light ? th->light : th->dark);
                least = share < least ? share : least;
                if (share < 0.08) {
                    fail_msg("%s pieces on the %s theme: the piece on %s barely shows (%.1f%% of the square)",
                             rb_ui_piece_sets[p].key, rb_ui_themes[t].key, cases[k].square, share * 100);
                }
            }
        }
    }
    printf("the faintest piece covers %.1f%% of its square in ink\n", least * 100);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_theme_draws_its_own_squares),
        cmocka_unit_test(each_piece_set_draws_its_own_pieces),
        cmocka_unit_test(both_colours_stand_off_every_theme),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
