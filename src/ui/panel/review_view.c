/*
 * review_view.c - the review's progress bar, evaluation graph and move
 * marks (review_view.h).
 *
 * The graph is drawn a pixel column at a time: White's share from the
 * bottom up to the curve in a light colour, Black's above it in a dark
 * one, as players know it from chess sites; the ply on the board is a
 * vertical line, and mistakes and blunders are dots in their mark's
 * colour, so the eye finds where the game turned.
 */
#include "panel/review_view.h"
#include "words/i18n.h"

#include <stdio.h>

#include "kit/draw.h"
#include "computer/review.h"
#include "kit/text.h"
#include "kit/widget.h"

/* The marks' colours: warmer the worse. */
static const SDL_Color mark_colour[RB_CLASS_BLUNDER + 1] = {
    {60, 160, 80, 255},  /* best (not drawn) */
    {90, 150, 200, 255}, /* good (not drawn) */
    {215, 165, 20, 255}, /* inaccuracy ?! */
    {230, 110, 30, 255}, /* mistake ? */
    {210, 40, 40, 255},  /* blunder ?? */
};
static const char *const mark_text[RB_CLASS_BLUNDER + 1] = {NULL, NULL, "?!", "?", "??"};

static int graph_y(SDL_Rect r, double chance)
{
    return r.y + (int)((1.0 - chance) * 0.5 * (r.h - 1) + 0.5);
}

static void draw_graph(rb_app *app, const rb_ui_state *st, SDL_Rect r)
{
    const rb_ui_theme *t = app->theme;
    const rb_game *g = &st->game;
    SDL_Renderer *ren = app->renderer;
    rb_ui_draw_rect(ren, r, (SDL_Color){70, 70, 74, 255});
    SDL_SetRenderDrawColor(ren, 235, 235, 228, 255);
    size_t n = g->length;
    for (int x = 0; x < r.w; x++) {
        /* The chance at this column, between the plies on either side. */
        double at = r.w > 1 ? (double)x * (double)n / (double)(r.w - 1) : 0.0;
        size_t lo = (size_t)at;
        size_t hi = lo < n ? lo + 1 : lo;
        double f = at - (double)lo;
        double c = rb_ui_review_white_chance(g, lo) * (1.0 - f) + rb_ui_review_white_chance(g, hi) * f;
        SDL_RenderDrawLine(ren, r.x + x, graph_y(r, c), r.x + x, r.y + r.h - 1);
    }
    SDL_Color mid = rb_ui_widget_mix(t->text_dim, t->panel_bg, 0.4f);
    rb_ui_draw_rect(ren, (SDL_Rect){r.x, graph_y(r, 0.0), r.w, 1}, mid);
    /* The ply on the board. */
    int cx = r.x + (n > 0 ? (int)((double)g->ply * (r.w - 1) / (double)n + 0.5) : 0);
    SDL_Color now = t->path;
    now.a = 255;
    rb_ui_draw_rect(ren, (SDL_Rect){cx - 1, r.y, 2, r.h}, now);
    float dot = (float)r.h / 18.0f + 1.5f;
    for (size_t k = 0; k < n; k++) {
        rb_move_class c = rb_ui_review_class(g, k);
        if (c < RB_CLASS_MISTAKE) {
            continue;
        }
        float x = (float)r.x + (float)(k + 1) * (float)(r.w - 1) / (float)n;
        float y = (float)graph_y(r, rb_ui_review_white_chance(g, k + 1));
        rb_ui_draw_disc(ren, (SDL_FPoint){x, y}, dot + 1.0f, (SDL_Color){30, 30, 30, 255});
        rb_ui_draw_disc(ren, (SDL_FPoint){x, y}, dot, mark_colour[c]);
    }
    rb_ui_draw_frame(ren, r, 1, rb_ui_widget_mix(t->text_dim, t->panel_bg, 0.3f));
}

static void draw_progress(rb_app *app, SDL_Rect r, size_t done, size_t total, int px)
{
    const rb_ui_theme *t = app->theme;
    char line[192];
    snprintf(
        line, sizeof line,
        ngettext("Reviewing\u2026 %zu of %zu position", "Reviewing\u2026 %zu of %zu positions", (unsigned long)total),
        done, total);
    int lh = rb_ui_text_line_height(app, px);
    rb_ui_text_draw(app, line, px, false, t->text, r.x, r.y + lh / 2, RB_UI_ALIGN_LEFT);
    SDL_Rect bar = {r.x, r.y + lh + 2, r.w, r.h - lh - 2};
    rb_ui_draw_rect(app->renderer, bar, rb_ui_widget_mix(t->panel_bg, t->background, 0.6f));
    SDL_Rect fill = bar;
    fill.w = total > 0 ? (int)((double)bar.w * (double)done / (double)total) : 0;
    SDL_Color c = t->path;
    c.a = 255;
    rb_ui_draw_rect(app->renderer, fill, c);
    rb_ui_draw_frame(app->renderer, bar, 1, t->text_dim);
}

/* The graph's least height: enough to read where the game turned. */
static int graph_least(int px)
{
    return px * 3;
}

int rb_ui_review_view_wanted(rb_app *app, const rb_ui_state *st, int px)
{
    size_t done, total;
    if (rb_ui_review_progress(app, &done, &total)) {
        return rb_ui_text_line_height(app, px) + px + px / 2;
    }
    return rb_ui_review_complete(&st->game) ? graph_least(px) + px / 2 : 0;
}

SDL_Rect rb_ui_review_view_draw(rb_app *app, const rb_ui_state *st, SDL_Rect area, int px)
{
    app->review_graph = (SDL_Rect){0, 0, 0, 0};
    size_t done, total;
    int gap = px / 2;
    if (rb_ui_review_progress(app, &done, &total)) {
        int h = rb_ui_text_line_height(app, px) + px;
        if (area.h < 3 * h) {
            return area;
        }
        draw_progress(app, (SDL_Rect){area.x, area.y, area.w, h}, done, total, px);
        area.y += h + gap;
        area.h -= h + gap;
        return area;
    }
    if (!rb_ui_review_complete(&st->game)) {
        return area;
    }
    /* A third of the room, between its least height and six lines tall;
     * where even the least does not leave three lines of moves, the graph
     * keeps it and the list what is left. Only a room smaller than the
     * least has no graph. */
    int h = area.h / 3;
    if (h > 6 * px) {
        h = 6 * px;
    }
    if (h < graph_least(px)) {
        h = graph_least(px);
    }
    if (h > area.h) {
        return area;
    }
    SDL_Rect r = {area.x, area.y, area.w, h};
    draw_graph(app, st, r);
    app->review_graph = r;
    area.y += h + gap;
    area.h -= h + gap;
    return area;
}

void rb_ui_review_view_mark(rb_app *app, const rb_game *g, size_t k, const char *text, bool bold, int x, int cy, int px)
{
    if (k >= g->length || rb_game_annotation(g, k)->nnags == 0) {
        return;
    }
    rb_move_class c = rb_ui_review_class(g, k);
    if (mark_text[c] == NULL) {
        return;
    }
    int w = rb_ui_text_width(app, text, px, bold);
    rb_ui_text_draw(app, mark_text[c], px, true, mark_colour[c], x + w + px / 6, cy, RB_UI_ALIGN_LEFT);
}

rb_ui_cmd rb_ui_review_view_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = false;
    SDL_Rect r = app->review_graph;
    if (ev->type != SDL_MOUSEBUTTONDOWN || ev->button.button != SDL_BUTTON_LEFT || r.w <= 1 ||
        !rb_ui_widget_point_in(r, ev->button.x, ev->button.y)) {
        return cmd;
    }
    const rb_game *g = &app->state.game;
    *used = true;
    long ply = (long)(((double)(ev->button.x - r.x) * (double)g->length) / (double)(r.w - 1) + 0.5);
    if (ply < 0) {
        ply = 0;
    }
    if ((size_t)ply > g->length) {
        ply = (long)g->length;
    }
    cmd.kind = RB_UI_CMD_BROWSE;
    cmd.browse.ply = (int)ply;
    return cmd;
}

bool rb_ui_review_view_graph_rect(const rb_app *app, SDL_Rect *out)
{
    *out = app->review_graph;
    return out->w > 0;
}
