/*
 * dlg.c - what every dialog is drawn with: the dimmed window and
 * the box, the title, buttons, and the list of clickable areas the last
 * frame recorded. Kept apart from the dialogs themselves so each dialog
 * file depends on the kit and the kit on none of them.
 */
#include "dialogs/dlg.h"

#include <stdio.h>

#include "kit/draw.h"
#include "kit/text.h"
#include "kit/widget.h"

int rb_ui_dlg_pad(const rb_app *app)
{
    return rb_ui_widget_font_px(app);
}

int rb_ui_dlg_button_h(const rb_app *app)
{
    return rb_ui_widget_font_px(app) * 2;
}

static int dlg_clamp(int v, int lo, int hi)
{
    return v > hi ? (hi > lo ? hi : lo) : v < lo ? lo : v;
}

SDL_Rect rb_ui_dlg_frame(rb_app *app, int w, int h)
{
    const rb_ui_theme *t = app->theme;
    int ow = app->layout.out_w, oh = app->layout.out_h;
    rb_ui_draw_rect(app->renderer, (SDL_Rect){0, 0, ow, oh}, (SDL_Color){0, 0, 0, 150});
    int margin = rb_ui_dlg_pad(app) / 2;
    if (w > ow - 2 * margin) {
        w = ow - 2 * margin;
    }
    if (h > oh - 2 * margin) {
        h = oh - 2 * margin;
    }
    SDL_Rect box = {(ow - w) / 2, (oh - h) / 2, w, h};
    struct rb_ui_dialog *d = app->dialog;
    if (d && (d->shift.x || d->shift.y)) {
        /* Off the centre to keep a control in place, never off the window. */
        box.x = dlg_clamp(box.x + d->shift.x, margin, ow - w - margin);
        box.y = dlg_clamp(box.y + d->shift.y, margin, oh - h - margin);
    }
    if (d) {
        d->box = box;
    }
    /* A soft shadow, then the box with a frame that stands out from the
     * dimmed board in both themes. */
    rb_ui_draw_rect(app->renderer, (SDL_Rect){box.x + 4, box.y + 6, w, h}, (SDL_Color){0, 0, 0, 90});
    rb_ui_draw_rect(app->renderer, box, t->panel_bg);
    rb_ui_draw_frame(app->renderer, box, 2, rb_ui_widget_mix(t->panel_bg, t->text, 0.5f));
    return box;
}

int rb_ui_dlg_title(rb_app *app, SDL_Rect box, const char *title)
{
    int px = rb_ui_widget_font_px(app);
    int pad = rb_ui_dlg_pad(app);
    int big = px * 4 / 3;
    int lh = rb_ui_text_line_height(app, big);
    rb_ui_text_draw(app, title, big, true, app->theme->text, box.x + pad, box.y + pad + lh / 2, RB_UI_ALIGN_LEFT);
    return box.y + pad + lh + pad / 2;
}

void rb_ui_dlg_hit(rb_app *app, SDL_Rect r, int id)
{
    struct rb_ui_dialog *d = app->dialog;
    if (d->nhits < DLG_HITS_MAX) {
        d->hits[d->nhits++] = (dlg_hit){r, id, ""};
    }
}

void rb_ui_dlg_label_set(rb_app *app, int id, const char *label)
{
    struct rb_ui_dialog *d = app->dialog;
    for (int i = d->nhits - 1; i >= 0; i--) {
        if (d->hits[i].id == id) {
            snprintf(d->hits[i].label, sizeof d->hits[i].label, "%s", label ? label : "");
            return;
        }
    }
}

const char *rb_ui_dlg_label(const rb_app *app, int id)
{
    const struct rb_ui_dialog *d = app->dialog;
    for (int i = 0; d && i < d->nhits; i++) {
        if (d->hits[i].id == id) {
            return d->hits[i].label;
        }
    }
    return NULL;
}

bool rb_ui_dlg_hover(const rb_app *app, SDL_Rect r)
{
    return rb_ui_widget_point_in(r, app->dialog->mouse_x, app->dialog->mouse_y);
}

int rb_ui_dlg_hit_at(const rb_app *app, int x, int y)
{
    const struct rb_ui_dialog *d = app->dialog;
    /* Last drawn wins: controls drawn over others come later. */
    for (int i = d->nhits - 1; i >= 0; i--) {
        if (rb_ui_widget_point_in(d->hits[i].r, x, y)) {
            return d->hits[i].id;
        }
    }
    return DLG_NONE;
}

void rb_ui_dlg_button(rb_app *app, SDL_Rect r, const char *label, int id, bool enabled, bool primary)
{
    rb_ui_widget_button(app, r, label, rb_ui_widget_font_px(app), enabled, enabled && rb_ui_dlg_hover(app, r), primary);
    struct rb_ui_dialog *d = app->dialog;
    if (d && id != DLG_NONE && id == d->anchor_id) {
        /* kept in place even while disabled (+ at the largest size) */
        d->anchor_rect = r;
        d->anchor_drawn = true;
    }
    if (enabled) {
        rb_ui_dlg_hit(app, r, id);
        rb_ui_dlg_label_set(app, id, label);
    }
}

void rb_ui_dlg_buttons(rb_app *app, SDL_Rect box, const char *primary, const char *secondary)
{
    int pad = rb_ui_dlg_pad(app), bh = rb_ui_dlg_button_h(app), px = rb_ui_widget_font_px(app);
    int w1 = rb_ui_text_width(app, primary, px, false) + 2 * px;
    int w2 = secondary ? rb_ui_text_width(app, secondary, px, false) + 2 * px : 0;
    if (w1 < 6 * px) {
        w1 = 6 * px;
    }
    if (secondary && w2 < 6 * px) {
        w2 = 6 * px;
    }
    SDL_Rect ok = {box.x + box.w - pad - w1, box.y + box.h - pad - bh, w1, bh};
    rb_ui_dlg_button(app, ok, primary, DLG_OK, true, true);
    if (secondary) {
        rb_ui_dlg_button(app, (SDL_Rect){ok.x - pad / 2 - w2, ok.y, w2, bh}, secondary, DLG_CANCEL, true, false);
    }
}

void rb_ui_dlg_close(rb_ui_state *st)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (d->kind == RB_UI_DIALOG_SAVE || d->kind == RB_UI_DIALOG_NEW_GAME) {
        SDL_StopTextInput();
    }
    d->kind = RB_UI_DIALOG_NONE;
    d->pressed = DLG_NONE;
    d->hover = DLG_NONE;
}

/* Lists and their rows are one focus stop (the list), not one per row. */
static bool dlg_focusable(int id)
{
    return id != DLG_NONE && id < DLG_ENTRY;
}

bool rb_ui_dlg_focus_rect(const rb_app *app, int id, SDL_Rect *r)
{
    const struct rb_ui_dialog *d = app->dialog;
    for (int i = 0; d && id != DLG_NONE && i < d->nhits; i++) {
        if (d->hits[i].id == id) {
            *r = d->hits[i].r;
            return true;
        }
    }
    return false;
}

int rb_ui_dlg_focus_next(const rb_app *app, int focus, int dir)
{
    const struct rb_ui_dialog *d = app->dialog;
    int order[DLG_HITS_MAX], n = 0, at = -1;
    for (int i = 0; d && i < d->nhits; i++) {
        if (!dlg_focusable(d->hits[i].id)) {
            continue;
        }
        bool seen = false;
        for (int k = 0; k < n; k++) {
            seen = seen || order[k] == d->hits[i].id;
        }
        if (seen) {
            continue;
        }
        if (d->hits[i].id == focus) {
            at = n;
        }
        order[n++] = d->hits[i].id;
    }
    if (n == 0) {
        return focus;
    }
    if (at < 0) { /* nothing focused yet: the first or the last */
        return order[dir > 0 ? 0 : n - 1];
    }
    return order[((at + dir) % n + n) % n];
}

void rb_ui_dlg_anchor(rb_app *app, int id)
{
    struct rb_ui_dialog *d = app->dialog;
    SDL_Rect r;
    if (!d || !rb_ui_dlg_focus_rect(app, id, &r) || r.w <= 0 || r.h <= 0) {
        return;
    }
    SDL_Point p = {d->mouse_x, d->mouse_y};
    if (!SDL_PointInRect(&p, &r)) { /* from the keyboard: its middle */
        p = (SDL_Point){r.x + r.w / 2, r.y + r.h / 2};
    }
    d->anchor_id = id;
    d->anchor_at = p;
    d->anchor_fx = (float)(p.x - r.x) / (float)r.w;
    d->anchor_fy = (float)(p.y - r.y) / (float)r.h;
    /* the window may grow to its new least size a moment later */
    d->warp_until = SDL_GetTicks() + 1000;
}

bool rb_ui_dlg_settle(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    if (!d || d->anchor_id == DLG_NONE || !d->anchor_drawn) {
        return false;
    }
    SDL_Rect r = d->anchor_rect;
    SDL_Point now = {r.x + (int)(d->anchor_fx * (float)r.w), r.y + (int)(d->anchor_fy * (float)r.h)};
    int dx = d->anchor_at.x - now.x, dy = d->anchor_at.y - now.y;
    if (dx == 0 && dy == 0) {
        return false;
    }
    /* Where the box can go: the shift that would bring the control back,
     * as rb_ui_dlg_frame will clamp it. */
    int margin = rb_ui_dlg_pad(app) / 2, ow = app->layout.out_w, oh = app->layout.out_h;
    int cx = (ow - d->box.w) / 2, cy = (oh - d->box.h) / 2;
    int x = dlg_clamp(d->box.x + dx, margin, ow - d->box.w - margin);
    int y = dlg_clamp(d->box.y + dy, margin, oh - d->box.h - margin);
    SDL_Point shift = {x - cx, y - cy};
    bool moved = shift.x != d->shift.x || shift.y != d->shift.y;
    d->shift = shift;
    if (!moved) {
        /* The box is against the window's edge: the pointer follows the
         * control instead, soon after the click (a real window only; in
         * window coordinates), and the control stays where it is now. */
        if (app->window && !SDL_TICKS_PASSED(SDL_GetTicks(), d->warp_until) && app->layout.px_per_win_x > 0 &&
            app->layout.px_per_win_y > 0) {
            SDL_WarpMouseInWindow(app->window, (int)((float)now.x / app->layout.px_per_win_x),
                                  (int)((float)now.y / app->layout.px_per_win_y));
            d->mouse_x = now.x;
            d->mouse_y = now.y;
        }
        d->anchor_at = now;
    }
    return moved;
}
