/*
 * mistakes_view.c - the panel and board marks of "learn from your
 * mistakes", and its input.
 *
 * Shaped as the puzzle trainer's view (puzzle_view.c) and sharing its
 * board half (screen/screen_board.h): moves on the board go through the
 * same input, a refused drop is explained the same way, and the missed
 * line is drawn as the trainer draws a solution. The panel is laid out afresh on each
 * draw; the button rectangles are kept in the window for clicks.
 */
#include "screens/mistakes/mistakes_view.h"
#include "words/i18n.h"

#include <stdlib.h>
#include <string.h>

#include "kit/draw.h"
#include "board/input.h"
#include "screen/screen_board.h"
#include "kit/text.h"
#include "screen/view_kit.h"
#include "kit/widget.h"

typedef enum { MV_SHOW, MV_NEXT, MV_BACK, MV_COUNT } mv_button;

static const char *const mv_labels[MV_COUNT] = {N_("Show the line"), N_("Next"), N_("Back to game")};

struct rb_ui_mistakes_view {
    SDL_Rect rect;
    SDL_Rect button[MV_COUNT];
    bool shown[MV_COUNT];
    bool enabled[MV_COUNT];
};

static struct rb_ui_mistakes_view *mv_get(rb_app *app)
{
    if (!app->mistakes_view) {
        app->mistakes_view = calloc(1, sizeof *app->mistakes_view);
    }
    return app->mistakes_view;
}

void rb_ui_mistakes_view_free(rb_app *app)
{
    free(app->mistakes_view);
    app->mistakes_view = NULL;
}

bool rb_ui_mistakes_view_button_rect(const rb_app *app, const char *label, SDL_Rect *r)
{
    const struct rb_ui_mistakes_view *v = app->mistakes_view;
    return v && rb_ui_view_kit_label_rect(mv_labels, v->button, v->shown, MV_COUNT, label, r);
}

void rb_ui_mistakes_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_mistakes_state *ms = &st->mistakes;
    rb_ui_draw_rect(app->renderer, rect, t->panel_bg);
    struct rb_ui_mistakes_view *v = mv_get(app);
    if (!v) {
        return;
    }
    int px = rb_ui_widget_font_px(app);
    int pad = px * 3 / 4, gap = px / 3, btn_h = px * 2;
    SDL_Rect col = {rect.x + pad, rect.y + pad, rect.w - 2 * pad, rect.h - 2 * pad};
    v->rect = rect;
    v->enabled[MV_SHOW] = ms->nqueue == 0 && !ms->shown;
    v->enabled[MV_NEXT] = ms->at + 1 < ms->count;
    v->enabled[MV_BACK] = true;

    int y = col.y;
    int hpx = px * 5 / 4;
    y += rb_ui_text_draw_wrapped(app, _("Learn from your mistakes"), hpx, true, t->text, col.x, y, col.w) + gap;
    char line[192];
    snprintf(line, sizeof line, _("Exercise %d of %d"), ms->at + 1, ms->count);
    rb_ui_text_draw(app, line, px * 7 / 8, false, t->text_dim, col.x, y + rb_ui_text_line_height(app, px * 7 / 8) / 2,
                    RB_UI_ALIGN_LEFT);
    y += rb_ui_text_line_height(app, px * 7 / 8) + pad;

    /* Show and Next side by side, Back under them, at the bottom. */
    int bottom = col.y + col.h;
    int w = (col.w - gap) / 2;
    int top = bottom - 2 * btn_h - gap;
    v->button[MV_SHOW] = (SDL_Rect){col.x, top, w, btn_h};
    v->button[MV_NEXT] = (SDL_Rect){col.x + w + gap, top, col.w - w - gap, btn_h};
    v->button[MV_BACK] = (SDL_Rect){col.x, bottom - btn_h, col.w, btn_h};
    for (int i = 0; i < MV_COUNT; i++) {
        v->shown[i] = true;
    }
    rb_ui_view_kit_status(app, st->status, px, col, y, top - gap);
    for (int i = 0; i < MV_COUNT; i++) {
        rb_ui_widget_button(app, v->button[i], _(mv_labels[i]), px, v->enabled[i], ms->hover_button == i,
                            i == MV_NEXT && (ms->found || ms->shown));
    }
}

void rb_ui_mistakes_view_draw_board(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_mistakes_state *ms = &st->mistakes;
    if (!ms->active || ms->ndrawn == 0) {
        return;
    }
    /* The line starts with the person's move: theirs are the even ones. */
    bool mine[RB_NOTE_LINE_MAX];
    for (int i = 0; i < ms->ndrawn; i++) {
        mine[i] = i % 2 == 0;
    }
    rb_ui_screen_board_moves(app, ms->drawn, mine, ms->ndrawn);
}

static int mv_button_at(const struct rb_ui_mistakes_view *v, int x, int y)
{
    return rb_ui_view_kit_button_at(v->button, v->shown, MV_COUNT, x, y);
}

static const rb_ui_cmd_kind mv_commands[MV_COUNT] = {
    RB_UI_CMD_MISTAKES_SHOW,
    RB_UI_CMD_MISTAKES_NEXT,
    RB_UI_CMD_MISTAKES_LEAVE,
};

static rb_ui_cmd mv_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_state *st = &app->state;
    SDL_Keycode key = k->keysym.sym;
    *used = true;
    if ((k->keysym.mod & KMOD_CTRL) && key == SDLK_m) {
        return rb_ui_cmd_of(RB_UI_CMD_MISTAKES_LEAVE);
    }
    if (rb_ui_view_kit_window_key(k)) {
        *used = false; /* the window's shortcuts */
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (key == SDLK_ESCAPE && st->input.state == RB_UI_IDLE && st->input.ntyped == 0) {
        return rb_ui_cmd_of(RB_UI_CMD_MISTAKES_LEAVE);
    }
    if (st->input.state != RB_UI_PROMOTING && st->input.ntyped == 0) {
        if (key == SDLK_s) {
            return rb_ui_cmd_of(RB_UI_CMD_MISTAKES_SHOW);
        }
        if (key == SDLK_n) {
            return rb_ui_cmd_of(RB_UI_CMD_MISTAKES_NEXT);
        }
    }
    return rb_ui_view_kit_key_to_board(app, k); /* typed moves, Esc, promotion keys */
}

rb_ui_cmd rb_ui_mistakes_view_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    struct rb_ui_mistakes_view *v = mv_get(app);
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = false;
    if (!v) {
        return none;
    }
    if (ev->type == SDL_KEYDOWN) {
        return mv_key(app, &ev->key, used);
    }
    int x, y;
    rb_ui_cmd cmd;
    if (!rb_ui_view_kit_panel_pointer(app, ev, used, &cmd, &x, &y)) {
        return cmd;
    }
    ms->hover_button = mv_button_at(v, x, y);
    if (rb_ui_view_kit_board_has_pointer(app, v->rect, ev, x, y, &ms->pressed)) {
        return rb_ui_screen_board_event(app, ev);
    }
    int b = rb_ui_view_kit_button_click(ev, &ms->pressed, ms->hover_button, v->enabled);
    return b >= 0 ? rb_ui_cmd_of(mv_commands[b]) : none;
}
