/*
 * draw.c - the shapes of draw.h. Curves are approximated by enough
 * segments that no facet is longer than about three pixels.
 */
#include "kit/draw.h"

#include <math.h>
#include <stdbool.h>

#define PI_F 3.14159265f

static SDL_Vertex vtx(float x, float y, SDL_Color c)
{
    SDL_Vertex v = {{x, y}, c, {0, 0}};
    return v;
}

/* ---- large triangles drawn in strips -----------------------------------
 *
 * The software renderer draws a blended triangle by visiting every pixel of
 * its bounding box, through a scratch surface as large as that box, so a
 * long diagonal stroke costs the square of its length. Clipping never
 * changes a pixel it keeps: coverage and colour are worked out at each
 * pixel's own centre, and the box is only cut down to the clip. So a large
 * triangle is drawn as horizontal strips, each under a clip rectangle just
 * wider than the triangle is there: the same pixels, for a cost near the
 * triangle's area rather than its box's.
 *
 * A call's triangles are drawn one by one, in order, which is what the
 * software renderer does with them too, except that it fills two triangles
 * forming an upright rectangle as one rectangle (different edge pixels). A
 * call holding a right triangle with upright sides, which could be half of
 * such a rectangle, is therefore passed on whole. A call wholly outside the
 * clip rectangle is not passed on at all. */

#define STRIP_H 16             /* rows per strip */
#define STRIP_SLACK 2.0f       /* pixels: vertices are cut to whole pixels when drawn */
#define STRIP_MIN_AREA 4096.0f /* a triangle's box below this is drawn whole */

typedef struct box {
    float x0, y0, x1, y1;
} box;

static SDL_FPoint corner(const SDL_Vertex *v, const int *idx, int i)
{
    return v[idx ? idx[i] : i].position;
}

static box box_of(const SDL_Vertex *v, const int *idx, int k, int n)
{
    box b = {1e30f, 1e30f, -1e30f, -1e30f};
    for (int i = k; i < k + n; i++) {
        SDL_FPoint p = corner(v, idx, i);
        b.x0 = p.x < b.x0 ? p.x : b.x0;
        b.y0 = p.y < b.y0 ? p.y : b.y0;
        b.x1 = p.x > b.x1 ? p.x : b.x1;
        b.y1 = p.y > b.y1 ? p.y : b.y1;
    }
    return b;
}

static bool box_meets(box b, SDL_Rect r)
{
    return b.x1 + STRIP_SLACK >= (float)r.x && b.x0 - STRIP_SLACK <= (float)(r.x + r.w) &&
           b.y1 + STRIP_SLACK >= (float)r.y && b.y0 - STRIP_SLACK <= (float)(r.y + r.h);
}

/* Two corners share an x and two share a y: half of an upright rectangle. */
static bool upright_right_triangle(SDL_FPoint a, SDL_FPoint b, SDL_FPoint c)
{
    bool same_x = a.x == b.x || b.x == c.x || a.x == c.x;
    bool same_y = a.y == b.y || b.y == c.y || a.y == c.y;
    return same_x && same_y;
}

/* The x range of triangle p within rows y0..y1, widened by the slack;
 * false when the triangle does not reach those rows. */
static bool strip_span(const SDL_FPoint p[3], float y0, float y1, float *x0, float *x1)
{
    float lo = 1e30f, hi = -1e30f;
    y0 -= STRIP_SLACK;
    y1 += STRIP_SLACK;
    for (int e = 0; e < 3; e++) {
        SDL_FPoint a = p[e], b = p[(e + 1) % 3];
        if (a.y >= y0 && a.y <= y1) {
            lo = a.x < lo ? a.x : lo;
            hi = a.x > hi ? a.x : hi;
        }
        float ys[2] = {y0, y1};
        for (int k = 0; k < 2; k++) {
            float y = ys[k];
            if ((a.y - y) * (b.y - y) < 0) { /* the edge crosses this row */
                float x = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y);
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
            }
        }
    }
    if (lo > hi) {
        return false;
    }
    *x0 = lo - STRIP_SLACK;
    *x1 = hi + STRIP_SLACK;
    return true;
}

/* Triangle t of the call, in strips clipped to area. */
static void triangle_in_strips(SDL_Renderer *r, const SDL_Vertex *v, int nv, const int *idx, int t, SDL_Rect area)
{
    SDL_FPoint p[3] = {corner(v, idx, 3 * t), corner(v, idx, 3 * t + 1), corner(v, idx, 3 * t + 2)};
    box b = box_of(v, idx, 3 * t, 3);
    float top = SDL_max(b.y0 - STRIP_SLACK, (float)area.y);
    float bottom = SDL_min(b.y1 + STRIP_SLACK, (float)(area.y + area.h));
    for (int y = (int)SDL_floorf(top); (float)y < bottom; y += STRIP_H) {
        float x0, x1;
        if (!strip_span(p, (float)y, (float)(y + STRIP_H), &x0, &x1)) {
            continue;
        }
        int left = (int)SDL_floorf(x0), right = (int)SDL_ceilf(x1);
        SDL_Rect strip = {left, y, right - left + 1, STRIP_H};
        if (!SDL_IntersectRect(&strip, &area, &strip)) {
            continue;
        }
        SDL_RenderSetClipRect(r, &strip);
        SDL_RenderGeometry(r, NULL, v, nv, idx ? &idx[3 * t] : NULL, idx ? 3 : 0);
    }
}

void rb_ui_draw_geometry(SDL_Renderer *r, const SDL_Vertex *v, int nv, const int *idx, int ni)
{
    int ntri = (idx ? ni : nv) / 3;
    SDL_Rect area;
    SDL_RenderGetViewport(r, &area);
    area.x = area.y = 0;
    bool clipped = SDL_RenderIsClipEnabled(r);
    SDL_Rect clip = area;
    if (clipped) {
        SDL_RenderGetClipRect(r, &clip);
        if (!SDL_IntersectRect(&clip, &area, &area)) {
            return;
        }
    }
    if (ntri == 0 || !box_meets(box_of(v, idx, 0, idx ? ni : nv), area)) {
        return;
    }
    SDL_RendererInfo info;
    bool split = SDL_GetRendererInfo(r, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE) && (idx || ntri == 1);
    bool large = false;
    for (int t = 0; t < ntri && split; t++) {
        SDL_FPoint a = corner(v, idx, 3 * t), b = corner(v, idx, 3 * t + 1), c = corner(v, idx, 3 * t + 2);
        box bb = box_of(v, idx, 3 * t, 3);
        split = !upright_right_triangle(a, b, c);
        large = large || (bb.x1 - bb.x0) * (bb.y1 - bb.y0) >= STRIP_MIN_AREA;
    }
    if (!split || !large) {
        SDL_RenderGeometry(r, NULL, v, nv, idx, ni);
        return;
    }
    for (int t = 0; t < ntri; t++) {
        box bb = box_of(v, idx, 3 * t, 3);
        if (!box_meets(bb, area)) {
            continue;
        }
        if ((bb.x1 - bb.x0) * (bb.y1 - bb.y0) < STRIP_MIN_AREA) {
            SDL_RenderSetClipRect(r, clipped ? &clip : NULL);
            SDL_RenderGeometry(r, NULL, v, nv, idx ? &idx[3 * t] : NULL, idx ? 3 : 0);
        } else {
            triangle_in_strips(r, v, nv, idx, t, area);
        }
    }
    SDL_RenderSetClipRect(r, clipped ? &clip : NULL);
}

static int segments_for(float radius)
{
    int n = (int)(radius * 2.0f);
    if (n < 12) {
        n = 12;
    }
    if (n > 96) {
        n = 96;
    }
    return n;
}

/* An opaque colour blended over anything gives the colour itself, so it is
 * filled without blending: the same pixels, but the software renderer then
 * fills whole rows at once instead of blending pixel by pixel (several times
 * faster for the squares and the panel's backgrounds). */
bool rb_ui_draw_visible(SDL_Renderer *r, SDL_Rect rect)
{
    if (!SDL_RenderIsClipEnabled(r)) {
        return true;
    }
    SDL_Rect clip;
    SDL_RenderGetClipRect(r, &clip);
    return SDL_HasIntersection(&rect, &clip);
}

void rb_ui_draw_rect(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    if (!rb_ui_draw_visible(r, rect)) {
        return;
    }
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_BlendMode mode = SDL_BLENDMODE_NONE;
    if (c.a == 255 && SDL_GetRenderDrawBlendMode(r, &mode) == 0 && mode == SDL_BLENDMODE_BLEND) {
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
        SDL_RenderFillRect(r, &rect);
        SDL_SetRenderDrawBlendMode(r, mode);
        return;
    }
    SDL_RenderFillRect(r, &rect);
}

void rb_ui_draw_frame(SDL_Renderer *r, SDL_Rect rect, int width, SDL_Color c)
{
    rb_ui_draw_rect(r, (SDL_Rect){rect.x, rect.y, rect.w, width}, c);
    rb_ui_draw_rect(r, (SDL_Rect){rect.x, rect.y + rect.h - width, rect.w, width}, c);
    rb_ui_draw_rect(r, (SDL_Rect){rect.x, rect.y + width, width, rect.h - 2 * width}, c);
    rb_ui_draw_rect(r, (SDL_Rect){rect.x + rect.w - width, rect.y + width, width, rect.h - 2 * width}, c);
}

/* A fan around the centre whose rim vertices may carry another colour. */
static void fan(SDL_Renderer *r, SDL_FPoint c, float radius, SDL_Color centre, SDL_Color rim)
{
    SDL_Vertex v[97 + 1];
    int idx[96 * 3];
    int n = segments_for(radius);
    v[0] = vtx(c.x, c.y, centre);
    for (int i = 0; i <= n; i++) {
        float a = 2.0f * PI_F * (float)i / (float)n;
        v[i + 1] = vtx(c.x + radius * cosf(a), c.y + radius * sinf(a), rim);
    }
    for (int i = 0; i < n; i++) {
        idx[3 * i] = 0;
        idx[3 * i + 1] = i + 1;
        idx[3 * i + 2] = i + 2;
    }
    rb_ui_draw_geometry(r, v, n + 2, idx, 3 * n);
}

void rb_ui_draw_disc(SDL_Renderer *r, SDL_FPoint c, float radius, SDL_Color col)
{
    fan(r, c, radius, col, col);
}

void rb_ui_draw_glow(SDL_Renderer *r, SDL_FPoint c, float radius, SDL_Color col)
{
    SDL_Color rim = col;
    rim.a = 0;
    fan(r, c, radius, col, rim);
}

void rb_ui_draw_ring(SDL_Renderer *r, SDL_FPoint c, float r_in, float r_out, SDL_Color col)
{
    SDL_Vertex v[2 * 97];
    int idx[96 * 6];
    int n = segments_for(r_out);
    for (int i = 0; i <= n; i++) {
        float a = 2.0f * PI_F * (float)i / (float)n;
        float ca = cosf(a), sa = sinf(a);
        v[2 * i] = vtx(c.x + r_in * ca, c.y + r_in * sa, col);
        v[2 * i + 1] = vtx(c.x + r_out * ca, c.y + r_out * sa, col);
    }
    for (int i = 0; i < n; i++) {
        int k = 2 * i;
        int *t = &idx[6 * i];
        t[0] = k;
        t[1] = k + 1;
        t[2] = k + 3;
        t[3] = k;
        t[4] = k + 3;
        t[5] = k + 2;
    }
    rb_ui_draw_geometry(r, v, 2 * n + 2, idx, 6 * n);
}

void rb_ui_draw_triangle(SDL_Renderer *r, SDL_FPoint a, SDL_FPoint b, SDL_FPoint c, SDL_Color col)
{
    SDL_Vertex v[3] = {vtx(a.x, a.y, col), vtx(b.x, b.y, col), vtx(c.x, c.y, col)};
    rb_ui_draw_geometry(r, v, 3, NULL, 0);
}

static SDL_FPoint unit(float x, float y)
{
    float len = sqrtf(x * x + y * y);
    if (len < 1e-6f) {
        return (SDL_FPoint){0, 0};
    }
    return (SDL_FPoint){x / len, y / len};
}

#define POLY_MAX 128

void rb_ui_draw_polyline(SDL_Renderer *r, const SDL_FPoint *pts, int n, float width, SDL_Color col)
{
    SDL_Vertex v[2 * POLY_MAX];
    int idx[6 * POLY_MAX];
    if (n < 2) {
        return;
    }
    if (n > POLY_MAX) {
        n = POLY_MAX;
    }
    float h = width * 0.5f;
    for (int i = 0; i < n; i++) {
        /* Normal of the incoming and outgoing segments; the corner's
         * offset runs along their bisector, lengthened so both edges keep
         * the full width (a mitre), capped at twice the half width. */
        SDL_FPoint din = i > 0 ? unit(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y)
                               : unit(pts[1].x - pts[0].x, pts[1].y - pts[0].y);
        SDL_FPoint dout = i < n - 1 ? unit(pts[i + 1].x - pts[i].x, pts[i + 1].y - pts[i].y) : din;
        SDL_FPoint nin = {-din.y, din.x}, nout = {-dout.y, dout.x};
        SDL_FPoint m = unit(nin.x + nout.x, nin.y + nout.y);
        float cosang = m.x * nin.x + m.y * nin.y;
        float len = cosang > 0.5f ? h / cosang : 2.0f * h;
        if (m.x == 0 && m.y == 0) { /* a U-turn: use the incoming normal */
            m = nin;
            len = h;
        }
        v[2 * i] = vtx(pts[i].x + m.x * len, pts[i].y + m.y * len, col);
        v[2 * i + 1] = vtx(pts[i].x - m.x * len, pts[i].y - m.y * len, col);
    }
    for (int i = 0; i < n - 1; i++) {
        int k = 2 * i;
        int *t = &idx[6 * i];
        t[0] = k;
        t[1] = k + 1;
        t[2] = k + 3;
        t[3] = k;
        t[4] = k + 3;
        t[5] = k + 2;
    }
    rb_ui_draw_geometry(r, v, 2 * n, idx, 6 * (n - 1));
}

void rb_ui_draw_dashed(SDL_Renderer *r, SDL_FPoint a, SDL_FPoint b, float width, float dash, SDL_Color col)
{
    float dx = b.x - a.x, dy = b.y - a.y;
    float len = sqrtf(dx * dx + dy * dy);
    if (len < 1.0f || dash < 1.0f) {
        return;
    }
    /* Whole dash-gap periods, the line starting and ending with a dash. */
    int periods = (int)((len + dash) / (2.0f * dash));
    if (periods < 1) {
        periods = 1;
    }
    float step = len / (float)(2 * periods - 1);
    for (int i = 0; i < 2 * periods - 1; i += 2) {
        float t0 = step * (float)i / len, t1 = step * (float)(i + 1) / len;
        SDL_FPoint seg[2] = {{a.x + dx * t0, a.y + dy * t0}, {a.x + dx * t1, a.y + dy * t1}};
        rb_ui_draw_polyline(r, seg, 2, width, col);
    }
}

void rb_ui_draw_star(SDL_Renderer *r, SDL_FPoint c, float r_out, float r_in, SDL_Color col)
{
    SDL_Vertex v[12];
    int idx[30];
    v[0] = vtx(c.x, c.y, col);
    for (int i = 0; i <= 10; i++) {
        float a = -PI_F / 2.0f + PI_F * (float)i / 5.0f;
        float rad = (i % 2) ? r_in : r_out;
        v[i + 1] = vtx(c.x + rad * cosf(a), c.y + rad * sinf(a), col);
    }
    for (int i = 0; i < 10; i++) {
        idx[3 * i] = 0;
        idx[3 * i + 1] = i + 1;
        idx[3 * i + 2] = i + 2;
    }
    rb_ui_draw_geometry(r, v, 12, idx, 30);
}

void rb_ui_draw_arrowhead(SDL_Renderer *r, SDL_FPoint tip, SDL_FPoint dir, float length, float width, SDL_Color col)
{
    SDL_FPoint base = {tip.x - dir.x * length, tip.y - dir.y * length};
    SDL_FPoint n = {-dir.y * width * 0.5f, dir.x * width * 0.5f};
    rb_ui_draw_triangle(r, tip, (SDL_FPoint){base.x + n.x, base.y + n.y}, (SDL_FPoint){base.x - n.x, base.y - n.y},
                        col);
}

void rb_ui_draw_arc(SDL_Renderer *r, SDL_FPoint c, float radius, float a0, float a1, float width, SDL_Color col)
{
    SDL_FPoint pts[64];
    int n = (int)(fabsf(a1 - a0) * radius / 3.0f) + 2;
    if (n > 64) {
        n = 64;
    }
    for (int i = 0; i < n; i++) {
        float a = a0 + (a1 - a0) * (float)i / (float)(n - 1);
        pts[i] = (SDL_FPoint){c.x + radius * cosf(a), c.y + radius * sinf(a)};
    }
    rb_ui_draw_polyline(r, pts, n, width, col);
}
