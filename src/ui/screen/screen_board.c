/*
 * screen_board.c - the board half of the screens that play on a board of
 * their own (the puzzle trainer, learn from your mistakes): a line of
 * moves drawn numbered with their paths, and the board's input with a
 * refused press or drop explained in the status line.
 */
#include "screen/screen_board.h"

#include <math.h>
#include <stdio.h>

#include "board/input.h"
#include "board/explain.h"
#include "kit/draw.h"
#include "kit/text.h"
#include "rb_explain.h"

void rb_ui_screen_board_path(rb_app *app, const rb_ui_view *view, const rb_path *path, float width, SDL_Color col)
{
    if (path->len < 2) {
        return;
    }
    const rb_ui_theme *t = app->theme;
    SDL_FPoint pts[RB_PATH_MAX];
    for (int i = 0; i < path->len; i++) {
        pts[i] = rb_ui_view_center(view, path->sq[i]);
    }
    int n = path->len;
    SDL_FPoint tip = pts[n - 1], prev = pts[n - 2];
    float dx = tip.x - prev.x, dy = tip.y - prev.y, len = sqrtf(dx * dx + dy * dy);
    SDL_FPoint dir = len > 0 ? (SDL_FPoint){dx / len, dy / len} : (SDL_FPoint){0, 0};
    float head = width * 2.6f;
    pts[n - 1] = (SDL_FPoint){tip.x - dir.x * head * 0.8f, tip.y - dir.y * head * 0.8f};
    float o = width * 0.25f + 1.0f;
    rb_ui_draw_polyline(app->renderer, pts, n, width + 2 * o, t->path_outline);
    rb_ui_draw_arrowhead(app->renderer, (SDL_FPoint){tip.x + dir.x * o * 1.8f, tip.y + dir.y * o * 1.8f}, dir,
                         head + o * 3.0f, width * 3.0f + o * 3.0f, t->path_outline);
    rb_ui_draw_polyline(app->renderer, pts, n, width, col);
    rb_ui_draw_arrowhead(app->renderer, tip, dir, head, width * 3.0f, col);
    if (path->rebound > 0 && path->rebound < n - 1) {
        SDL_FPoint r = rb_ui_view_center(view, path->sq[path->rebound]);
        rb_ui_draw_disc(app->renderer, r, width * 1.1f, t->path_outline);
        rb_ui_draw_disc(app->renderer, r, width * 0.8f, t->rebound_mark);
    }
}

void rb_ui_screen_board_moves(rb_app *app, const rb_move *moves, const bool *solver, int n)
{
    const rb_ui_theme *t = app->theme;
    rb_ui_view view = rb_ui_view_of(app);
    float s = (float)view.sq;
    /* The moves, numbered; the solver's in the path colour, the replies in
     * their own, darker one (a check's path is drawn in red beside them). */
    for (int i = 0; i < n; i++) {
        rb_path path;
        rb_move_path(moves[i], &path);
        SDL_Color col = solver[i] ? t->path : t->reply;
        col.a = 220;
        rb_ui_screen_board_path(app, &view, &path, s * 0.08f, col);
        SDL_Rect r = rb_ui_view_rect(&view, RB_MOVE_TO(moves[i]));
        SDL_FPoint c = {(float)r.x + s * 0.18f, (float)r.y + s * 0.18f};
        rb_ui_draw_disc(app->renderer, c, s * 0.15f, t->path_outline);
        rb_ui_draw_disc(app->renderer, c, s * 0.13f, col);
        char num[12];
        snprintf(num, sizeof num, "%d", i + 1);
        rb_ui_text_draw(app, num, (int)(s * 0.2f), true, (SDL_Color){255, 255, 255, 255}, (int)c.x, (int)c.y,
                        RB_UI_ALIGN_CENTER);
    }
}

/* The board's own input; a press or drop where the selected piece cannot
 * go is explained by the rules library. */
rb_ui_cmd rb_ui_screen_board_event(rb_app *app, const SDL_Event *ev)
{
    rb_ui_state *st = &app->state;
    rb_ui_input before = st->input;
    bool can = rb_ui_state_can_move(st);
    rb_ui_cmd cmd = rb_ui_input_event(app, ev);
    /* A refusal is heard (RB_UI_CMD_ILLEGAL) and explained here, in the
     * screen's status line rather than over the game's board. */
    if (cmd.kind == RB_UI_CMD_EXPLAIN) {
        cmd = rb_ui_cmd_of(RB_UI_CMD_ILLEGAL);
    }
    if ((cmd.kind != RB_UI_CMD_NONE && cmd.kind != RB_UI_CMD_ILLEGAL) || !can || before.sel < 0 ||
        ev->type == SDL_MOUSEMOTION) {
        return cmd;
    }
    bool drop = ev->type == SDL_MOUSEBUTTONUP && ev->button.button == SDL_BUTTON_LEFT && before.state == RB_UI_DRAGGING;
    bool click =
        ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT && before.state == RB_UI_SELECTED;
    int to = st->input.hover;
    const rb_pos *pos = rb_ui_state_pos(st);
    if ((!drop && !click) || to < 0 || to == before.sel || rb_ui_input_move_to(&before, to) != RB_MOVE_NONE) {
        return cmd;
    }
    if (click && pos->board[to] && RB_COLOR(pos->board[to]) == pos->side) {
        return cmd; /* another piece of one's own: simply selected */
    }
    rb_explanation e;
    char why[RB_UI_EXPLAIN_TEXT_MAX];
    if (rb_explain_move(pos, before.sel, to, 0, &e) == 0 && e.reason != RB_EXPLAIN_LEGAL) {
        rb_ui_explain_words(&e, why, sizeof why);
        rb_ui_state_say(st, false, "%s", why);
    }
    return cmd;
}
