/*
 * widget.c - buttons, check boxes, choices and a text field.
 *
 * Colours come from the theme by mixing its panel background with its text
 * colour, so the controls follow both the normal and the high-contrast
 * theme without colours of their own. State never rests on colour alone:
 * a disabled button has dimmed text and no border, a chosen option a thick
 * frame, a checked box a tick.
 */
#include "kit/widget.h"

#include "kit/draw.h"
#include "kit/text.h"

#include <stdlib.h>
#include <string.h>

int rb_ui_widget_font_px(const rb_app *app)
{
    if (app->layout.font_px > 0) {
        return app->layout.font_px; /* layout.c: display scale and interface size */
    }
    /* About 1/40 of the window's height in window coordinates, scaled to
     * pixels; never so small it cannot be read nor so large the panel
     * overflows. A narrow, tall window (panel below the board) goes by its
     * width, or the buttons would leave the move list no room. */
    float scale = app->layout.px_per_win_y > 0 ? app->layout.px_per_win_y : 1.0f;
    int win_h = (int)((float)app->layout.out_h / scale);
    int win_w = (int)((float)app->layout.out_w / scale);
    int px = win_h / 40 < win_w / 34 ? win_h / 40 : win_w / 34;
    /* A small window's panel is small too (the board keeps its share,
     * layout.c): the text scales down with it, to a size still read. */
    if (px < 11) {
        px = 11;
    }
    if (px > 22) {
        px = 22;
    }
    return (int)((float)px * scale + 0.5f);
}

SDL_Color rb_ui_widget_mix(SDL_Color a, SDL_Color b, float t)
{
    SDL_Color c = {
        (Uint8)((float)a.r + ((float)b.r - (float)a.r) * t),
        (Uint8)((float)a.g + ((float)b.g - (float)a.g) * t),
        (Uint8)((float)a.b + ((float)b.b - (float)a.b) * t),
        a.a,
    };
    return c;
}

bool rb_ui_widget_point_in(SDL_Rect r, int x, int y)
{
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

/* The smallest a label may shrink to fit its control. */
static int widget_least_px(int px)
{
    int least = px * 3 / 4;
    return least > 9 ? least : 9;
}

static SDL_Color widget_accent(const rb_app *app)
{
    SDL_Color c = app->theme->path;
    c.a = 255;
    return c;
}

/* A control's label centred in r, its box: on one line, a little smaller
 * if need be (down to widget_least_px); when even that is too wide, on two
 * lines broken at the space nearest the middle. room: the width it may
 * take. */
/* The space of label nearest its middle, NULL for none. */
static const char *widget_middle_space(const char *label)
{
    const char *space = NULL;
    long half = (long)strlen(label) / 2;
    for (const char *s = strchr(label, ' '); s; s = strchr(s + 1, ' ')) {
        if (!space || labs((long)(s - label) - half) < labs((long)(space - label) - half)) {
            space = s;
        }
    }
    return space && space - label < 256 ? space : NULL;
}

/* How label goes in a control r with room for a line room wide: the size,
 * and *split, the space where it breaks into two lines (NULL: one line).
 * Returns false when it does not fit even so. */
static bool widget_label_fit(rb_app *app, SDL_Rect r, const char *label, int px, bool bold, int room, int *size,
                             const char **split)
{
    int least = widget_least_px(px);
    int s = px;
    while (s > least && (rb_ui_text_width(app, label, s, bold) > room || rb_ui_text_line_height(app, s) > r.h)) {
        s--;
    }
    *size = s;
    *split = NULL;
    if (rb_ui_text_width(app, label, s, bold) <= room) {
        return rb_ui_text_line_height(app, s) <= r.h + 1;
    }
    const char *space = widget_middle_space(label);
    if (!space) {
        return false;
    }
    char first[256];
    memcpy(first, label, (size_t)(space - label));
    first[space - label] = '\0';
    s = px;
    while (s > least &&
           (rb_ui_text_width(app, first, s, bold) > room || rb_ui_text_width(app, space + 1, s, bold) > room ||
            2 * rb_ui_text_line_height(app, s) > r.h)) {
        s--;
    }
    *size = s;
    *split = space;
    return rb_ui_text_width(app, first, s, bold) <= room && rb_ui_text_width(app, space + 1, s, bold) <= room &&
           2 * rb_ui_text_line_height(app, s) <= r.h;
}

static void widget_label(rb_app *app, SDL_Rect r, const char *label, int px, bool bold, SDL_Color ink, int room)
{
    int size;
    const char *space;
    widget_label_fit(app, r, label, px, bold, room, &size, &space);
    SDL_Rect outer = rb_ui_text_box_begin(app, r);
    if (space) {
        char first[256];
        memcpy(first, label, (size_t)(space - label));
        first[space - label] = '\0';
        int lh = rb_ui_text_line_height(app, size);
        int top = r.y + r.h / 2 - lh; /* both lines inside r */
        rb_ui_text_draw(app, first, size, bold, ink, r.x + r.w / 2, top + lh / 2, RB_UI_ALIGN_CENTER);
        rb_ui_text_draw(app, space + 1, size, bold, ink, r.x + r.w / 2, top + lh + lh / 2, RB_UI_ALIGN_CENTER);
    } else {
        rb_ui_text_draw(app, label, size, bold, ink, r.x + r.w / 2, r.y + r.h / 2, RB_UI_ALIGN_CENTER);
    }
    rb_ui_text_box_end(app, outer);
}

bool rb_ui_widget_choice_fits(rb_app *app, SDL_Rect r, const char *label, int px)
{
    int size;
    const char *space;
    return widget_label_fit(app, r, label, px, false, r.w - px / 3, &size, &space) &&
           widget_label_fit(app, r, label, px, true, r.w - px / 3, &size, &space);
}

SDL_Color rb_ui_widget_button_fill(const rb_app *app, bool enabled, bool hovered, bool primary)
{
    const rb_ui_theme *t = app->theme;
    if (primary && enabled) {
        SDL_Color fill = widget_accent(app);
        return hovered ? rb_ui_widget_mix(fill, t->text, 0.2f) : fill;
    }
    return rb_ui_widget_mix(t->panel_bg, t->text, enabled && hovered ? 0.24f : 0.12f);
}

void rb_ui_widget_button(rb_app *app, SDL_Rect r, const char *label, int px, bool enabled, bool hovered, bool primary)
{
    const rb_ui_theme *t = app->theme;
    SDL_Color fill = rb_ui_widget_button_fill(app, enabled, hovered, primary);
    SDL_Color ink = enabled ? t->text : rb_ui_widget_mix(t->panel_bg, t->text_dim, 0.6f);
    if (primary && enabled) {
        ink = (SDL_Color){255, 255, 255, 255};
    }
    rb_ui_draw_rect(app->renderer, r, fill);
    if (enabled) {
        int bw = px / 12 > 1 ? px / 12 : 1;
        rb_ui_draw_frame(app->renderer, r, hovered ? bw * 2 : bw, rb_ui_widget_mix(t->panel_bg, t->text, 0.45f));
    }
    /* A label a little too long for its button is drawn a little smaller,
     * never smaller than three quarters of the size asked for, or on two
     * lines: past that the layout must give the button room (the check of
     * fit, text.h). */
    widget_label(app, r, label, px, false, ink, r.w - px / 2);
}

static void widget_tick(rb_app *app, SDL_Rect box, SDL_Color c)
{
    float x = (float)box.x, y = (float)box.y, s = (float)box.w;
    SDL_FPoint pts[3] = {
        {x + s * 0.22f, y + s * 0.52f},
        {x + s * 0.42f, y + s * 0.72f},
        {x + s * 0.78f, y + s * 0.28f},
    };
    rb_ui_draw_polyline(app->renderer, pts, 3, s * 0.14f, c);
}

void rb_ui_widget_check(rb_app *app, SDL_Rect r, const char *label, int px, bool on, bool hovered)
{
    const rb_ui_theme *t = app->theme;
    if (hovered) {
        rb_ui_draw_rect(app->renderer, r, rb_ui_widget_mix(t->panel_bg, t->text, 0.08f));
    }
    int s = px + px / 3;
    SDL_Rect box = {r.x + px / 3, r.y + (r.h - s) / 2, s, s};
    if (on) {
        rb_ui_draw_rect(app->renderer, box, widget_accent(app));
        widget_tick(app, box, (SDL_Color){255, 255, 255, 255});
    } else {
        rb_ui_draw_rect(app->renderer, box, rb_ui_widget_mix(t->panel_bg, t->text, 0.08f));
        rb_ui_draw_frame(app->renderer, box, px / 8 > 1 ? px / 8 : 1, rb_ui_widget_mix(t->panel_bg, t->text, 0.6f));
    }
    SDL_Rect outer = rb_ui_text_box_begin(app, r);
    rb_ui_text_draw(app, label, px, false, t->text, box.x + s + px / 2, r.y + r.h / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, outer);
}

void rb_ui_widget_choice(rb_app *app, SDL_Rect r, const char *label, int px, bool on, bool hovered)
{
    const rb_ui_theme *t = app->theme;
    SDL_Color fill = on ? widget_accent(app) : rb_ui_widget_mix(t->panel_bg, t->text, hovered ? 0.2f : 0.08f);
    rb_ui_draw_rect(app->renderer, r, fill);
    int bw = px / 12 > 1 ? px / 12 : 1;
    rb_ui_draw_frame(app->renderer, r, on ? bw * 3 : bw, on ? t->text : rb_ui_widget_mix(t->panel_bg, t->text, 0.4f));
    widget_label(app, r, label, px, on, on ? (SDL_Color){255, 255, 255, 255} : t->text, r.w - px / 3);
}

void rb_ui_widget_field(rb_app *app, SDL_Rect r, const char *text, int px, bool focused)
{
    const rb_ui_theme *t = app->theme;
    rb_ui_draw_rect(app->renderer, r, rb_ui_widget_mix(t->panel_bg, t->background, 0.6f));
    int bw = px / 12 > 1 ? px / 12 : 1;
    rb_ui_draw_frame(app->renderer, r, focused ? bw * 2 : bw,
                     focused ? widget_accent(app) : rb_ui_widget_mix(t->panel_bg, t->text, 0.4f));
    /* Text longer than the field scrolls left, so the end being typed and
     * the caret stay in view; nothing is drawn outside the field. */
    int room = r.w - px;
    int tw = rb_ui_text_width(app, text, px, false);
    int x = r.x + px / 2 - (tw > room ? tw - room : 0);
    SDL_Rect outer;
    bool clipped = SDL_RenderIsClipEnabled(app->renderer);
    SDL_RenderGetClipRect(app->renderer, &outer);
    SDL_Rect inside = r;
    if (clipped && !SDL_IntersectRect(&outer, &r, &inside)) {
        return;
    }
    SDL_RenderSetClipRect(app->renderer, &inside);
    SDL_Rect box = rb_ui_text_box_begin(app, (SDL_Rect){0, 0, 0, 0}); /* scrolls on purpose */
    int w = rb_ui_text_draw(app, text, px, false, t->text, x, r.y + r.h / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, box);
    if (focused) {
        SDL_Rect caret = {x + w + 1, r.y + r.h / 5, px / 10 > 1 ? px / 10 : 1, r.h - 2 * (r.h / 5)};
        rb_ui_draw_rect(app->renderer, caret, t->text);
    }
    SDL_RenderSetClipRect(app->renderer, clipped ? &outer : NULL);
}

/* Width of the first n bytes of text. */
static int widget_prefix_width(rb_app *app, const char *text, int n, int px)
{
    char part[512];
    if (n <= 0) {
        return 0;
    }
    if ((size_t)n >= sizeof part) {
        n = (int)sizeof part - 1;
    }
    memcpy(part, text, (size_t)n);
    part[n] = '\0';
    return rb_ui_text_width(app, part, px, false);
}

void rb_ui_widget_edit(rb_app *app, SDL_Rect r, const char *text, int px, bool focused, int caret, int anchor)
{
    const rb_ui_theme *t = app->theme;
    rb_ui_draw_rect(app->renderer, r, rb_ui_widget_mix(t->panel_bg, t->background, 0.6f));
    int bw = px / 12 > 1 ? px / 12 : 1;
    rb_ui_draw_frame(app->renderer, r, focused ? bw * 2 : bw,
                     focused ? widget_accent(app) : rb_ui_widget_mix(t->panel_bg, t->text, 0.4f));
    /* The text scrolls left just far enough to keep the caret in view. */
    int room = r.w - px;
    int caret_x = widget_prefix_width(app, text, caret, px);
    int shift = caret_x > room ? caret_x - room : 0;
    int x = r.x + px / 2 - shift;
    SDL_Rect outer;
    bool clipped = SDL_RenderIsClipEnabled(app->renderer);
    SDL_RenderGetClipRect(app->renderer, &outer);
    SDL_Rect inside = r;
    if (clipped && !SDL_IntersectRect(&outer, &r, &inside)) {
        return;
    }
    SDL_RenderSetClipRect(app->renderer, &inside);
    int inner_h = r.h - 2 * (r.h / 5);
    if (anchor != caret) {
        int ax = widget_prefix_width(app, text, anchor, px);
        int from = ax < caret_x ? ax : caret_x, to = ax < caret_x ? caret_x : ax;
        SDL_Color sel = widget_accent(app);
        sel.a = focused ? 110 : 50;
        rb_ui_draw_rect(app->renderer, (SDL_Rect){x + from, r.y + r.h / 5, to - from, inner_h}, sel);
    }
    SDL_Rect box = rb_ui_text_box_begin(app, (SDL_Rect){0, 0, 0, 0}); /* scrolls on purpose */
    rb_ui_text_draw(app, text, px, false, t->text, x, r.y + r.h / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, box);
    if (focused) {
        SDL_Rect c = {x + caret_x, r.y + r.h / 5, px / 10 > 1 ? px / 10 : 1, inner_h};
        rb_ui_draw_rect(app->renderer, c, t->text);
    }
    SDL_RenderSetClipRect(app->renderer, clipped ? &outer : NULL);
}

void rb_ui_widget_focus_ring(rb_app *app, SDL_Rect r, int px)
{
    /* Apart from the control by a gap in the background colour, so it is
     * not taken for a chosen option's thick frame. */
    int w = px / 7 > 2 ? px / 7 : 2, gap = w;
    SDL_Rect outer = {r.x - gap - w, r.y - gap - w, r.w + 2 * (gap + w), r.h + 2 * (gap + w)};
    SDL_Rect between = {r.x - gap, r.y - gap, r.w + 2 * gap, r.h + 2 * gap};
    rb_ui_draw_frame(app->renderer, between, gap, app->theme->panel_bg);
    rb_ui_draw_frame(app->renderer, outer, w, app->theme->text);
}
