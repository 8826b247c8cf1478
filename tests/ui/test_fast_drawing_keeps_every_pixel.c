/*
 * test_fast_drawing_keeps_every_pixel.c - the drawing shortcuts of draw.c
 * change no pixel on the software renderer: a shape drawn with
 * rb_ui_draw_geometry (large triangles in clipped strips, shapes outside
 * the clip skipped) is the shape SDL_RenderGeometry draws, and an opaque
 * rb_ui_draw_rect (filled without blending) is the blended fill.
 *
 * Shapes are random but repeatable: long diagonal strokes (the case the
 * strips are for), thin and wide polyline quads at every angle, upright
 * rectangles (passed on whole), single triangles with one colour or three,
 * corners off the surface, with and without a clip rectangle already set,
 * over a background where any change of blending would show.
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "kit/draw.h"

#define W 640
#define H 480

typedef struct canvas {
    SDL_Surface *s;
    SDL_Renderer *r;
} canvas;

static Uint32 rng_state = 12345u;

static Uint32 rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static float frand(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng() % 100000u) / 100000.0f;
}

static SDL_Color random_color(bool opaque)
{
    SDL_Color c = {(Uint8)rng(), (Uint8)rng(), (Uint8)rng(), (Uint8)(opaque ? 255 : 1 + rng() % 255)};
    return c;
}

static canvas canvas_new(void)
{
    canvas c;
    c.s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(c.s);
    c.r = SDL_CreateSoftwareRenderer(c.s);
    assert_non_null(c.r);
    SDL_SetRenderDrawBlendMode(c.r, SDL_BLENDMODE_BLEND);
    return c;
}

static void canvas_free(canvas *c)
{
    SDL_DestroyRenderer(c->r);
    SDL_FreeSurface(c->s);
}

/* A background of varied colours, so every blend leaves a trace. */
static void paint_background(canvas *c)
{
    SDL_RenderPresent(c->r);
    for (int y = 0; y < H; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)c->s->pixels + y * c->s->pitch);
        for (int x = 0; x < W; x++) {
            row[x] =
                0xFF000000u | (Uint32)((x * 7) & 255) << 16 | (Uint32)((y * 5) & 255) << 8 | (Uint32)((x ^ y) & 255);
        }
    }
}

static void assert_same(canvas *a, canvas *b, const char *what, int n)
{
    SDL_RenderPresent(a->r);
    SDL_RenderPresent(b->r);
    for (int y = 0; y < H; y++) {
        const Uint32 *ra = (const Uint32 *)((const Uint8 *)a->s->pixels + y * a->s->pitch);
        const Uint32 *rb = (const Uint32 *)((const Uint8 *)b->s->pixels + y * b->s->pitch);
        for (int x = 0; x < W; x++) {
            if (ra[x] != rb[x]) {
                fail_msg("%s %d: pixel (%d, %d) is %08x, SDL draws %08x", what, n, x, y, rb[x], ra[x]);
            }
        }
    }
}

/* A thick polyline's quads, indexed as draw.c builds them. */
static int stroke(SDL_Vertex *v, int *idx, int points, bool upright)
{
    SDL_Color c = random_color(rng() % 4 == 0);
    float x = frand(-40, W + 40), y = frand(-40, H + 40), width = frand(1.5f, 40.0f);
    for (int i = 0; i < points; i++) {
        float dx, dy;
        if (upright) {
            bool across = rng() % 2;
            float len = frand(-300, 300);
            dx = across ? len : 0;
            dy = across ? 0 : len;
            x = SDL_floorf(x);
            y = SDL_floorf(y);
            width = SDL_floorf(width);
        } else {
            dx = frand(-400, 400);
            dy = frand(-400, 400);
        }
        float len = SDL_sqrtf(dx * dx + dy * dy) + 1e-3f;
        float nx = upright ? (dy != 0 ? width / 2 : 0) : -dy / len * width / 2;
        float ny = upright ? (dx != 0 ? width / 2 : 0) : dx / len * width / 2;
        v[2 * i] = (SDL_Vertex){{x + nx, y + ny}, c, {0, 0}};
        v[2 * i + 1] = (SDL_Vertex){{x - nx, y - ny}, c, {0, 0}};
        x += dx;
        y += dy;
    }
    int n = 0;
    for (int i = 0; i < points - 1; i++) {
        int k = 2 * i;
        int t[6] = {k, k + 1, k + 3, k, k + 3, k + 2};
        memcpy(&idx[n], t, sizeof t);
        n += 6;
    }
    return n;
}

static void draw_both(canvas *a, canvas *b, const SDL_Vertex *v, int nv, const int *idx, int ni)
{
    SDL_RenderGeometry(a->r, NULL, v, nv, idx, ni);
    rb_ui_draw_geometry(b->r, v, nv, idx, ni);
}

static void set_clip_both(canvas *a, canvas *b, const SDL_Rect *clip)
{
    SDL_RenderSetClipRect(a->r, clip);
    SDL_RenderSetClipRect(b->r, clip);
}

static void strokes_and_triangles_are_drawn_as_sdl_draws_them(void **state)
{
    (void)state;
    canvas a = canvas_new(), b = canvas_new();
    int rounds = rb_test_sanitized() ? 60 : 240;
    for (int n = 0; n < rounds; n++) {
        paint_background(&a);
        paint_background(&b);
        SDL_Rect clip = {(int)(rng() % W) - 50, (int)(rng() % H) - 50, 60 + (int)(rng() % W), 60 + (int)(rng() % H)};
        bool clipped = n % 3 == 2;
        set_clip_both(&a, &b, clipped ? &clip : NULL);

        SDL_Vertex v[2 * 8];
        int idx[6 * 7];
        int points = 2 + (int)(rng() % 7);
        int ni = stroke(v, idx, points, n % 5 == 4);
        draw_both(&a, &b, v, 2 * points, idx, ni);

        SDL_Vertex t[3];
        bool gradient = rng() % 2;
        SDL_Color c = random_color(rng() % 3 == 0);
        for (int i = 0; i < 3; i++) {
            t[i] =
                (SDL_Vertex){{frand(-100, W + 100), frand(-100, H + 100)}, gradient ? random_color(false) : c, {0, 0}};
        }
        draw_both(&a, &b, t, 3, NULL, 0);
        assert_same(&a, &b, clipped ? "clipped round" : "round", n);
        SDL_RenderSetClipRect(a.r, NULL);
        SDL_RenderSetClipRect(b.r, NULL);
    }
    canvas_free(&a);
    canvas_free(&b);
}

static void opaque_rectangles_fill_as_blending_would(void **state)
{
    (void)state;
    canvas a = canvas_new(), b = canvas_new();
    paint_background(&a);
    paint_background(&b);
    for (int n = 0; n < 200; n++) {
        SDL_Rect r = {(int)(rng() % (W + 100)) - 50, (int)(rng() % (H + 100)) - 50, (int)(rng() % 300),
                      (int)(rng() % 300)};
        SDL_Color c = random_color(n % 2 == 0);
        SDL_SetRenderDrawColor(a.r, c.r, c.g, c.b, c.a);
        SDL_RenderFillRect(a.r, &r);
        rb_ui_draw_rect(b.r, r, c);
    }
    assert_same(&a, &b, "rectangles", 200);
    /* the renderer's blend mode is left as it was */
    SDL_BlendMode mode;
    SDL_GetRenderDrawBlendMode(b.r, &mode);
    assert_int_equal(mode, SDL_BLENDMODE_BLEND);
    canvas_free(&a);
    canvas_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strokes_and_triangles_are_drawn_as_sdl_draws_them),
        cmocka_unit_test(opaque_rectangles_fill_as_blending_would),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
