/*
 * analysis_view.c - the analysis board's panel and board marks, and its
 * input.
 *
 * The panel is laid out afresh on each draw and keeps the rectangles it
 * drew for clicks, like the trainer's. The evaluation bar is the panel's
 * edge next to the board, so the layout of the window does not change when
 * the board opens. The board is the game's board view drawing the analysed
 * position (rb_ui_state_pos); moves made on it with the mouse arrive as
 * RB_UI_CMD_PLAY, which rb_ui_apply hands to analysis.c. Letters are not
 * typed moves here: the keys are the board's own (arrows, Esc, Backspace).
 */
#include "screens/analysis/analysis_view.h"
#include "words/i18n.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/analysis/analysis.h"
#include "kit/draw.h"
#include "board/input.h"
#include "kit/text.h"
#include "board/view.h"
#include "screen/view_kit.h"
#include "kit/widget.h"
#include "rb_tb.h"

typedef enum { AV_PREV, AV_NEXT, AV_BACK, AV_CLOSE, AV_COUNT } av_button;

/* The buttons' words depend on where the board was opened: on the game,
 * Back drops the variation for the game's position and Close goes back to
 * the game; opened from the position editor, Back goes to the position set
 * up there and Close to the editor. */
static const char *const av_game_labels[AV_COUNT] = {
    N_("\u25C0 Earlier"),
    N_("Later \u25B6"),
    N_("Back to game position"),
    N_("Close analysis"),
};
static const char *const av_editor_labels[AV_COUNT] = {
    N_("\u25C0 Earlier"),
    N_("Later \u25B6"),
    N_("Back to the set-up position"),
    N_("Return to the editor"),
};

static const char *const *av_labels(const rb_ui_state *st)
{
    return st->analysis.own_root ? av_editor_labels : av_game_labels;
}

struct rb_ui_analysis_view {
    const char *const *labels; /* the words drawn last */
    SDL_Rect rect;
    SDL_Rect bar;
    SDL_Rect button[AV_COUNT];
    bool enabled[AV_COUNT];
    bool shown[AV_COUNT];
    SDL_Rect line[RB_UI_ANALYSIS_LINES];
    int nline;
    /* The endgame tables' answer for the position last drawn (its key):
     * each move with its value and how its best line ends. */
    uint64_t tb_key;
    bool tb_known;
    int tb_n;
    rb_tb_move_value tb_moves[RB_MAX_MOVES];
    rb_status tb_end[RB_MAX_MOVES];
};

static struct rb_ui_analysis_view *av_get(rb_app *app)
{
    if (!app->analysis_view) {
        app->analysis_view = calloc(1, sizeof *app->analysis_view);
    }
    return app->analysis_view;
}

void rb_ui_analysis_view_free(rb_app *app)
{
    free(app->analysis_view);
    app->analysis_view = NULL;
}

bool rb_ui_analysis_view_button_rect(const rb_app *app, const char *label, SDL_Rect *r)
{
    const struct rb_ui_analysis_view *v = app->analysis_view;
    return v && v->labels && rb_ui_view_kit_label_rect(v->labels, v->button, v->shown, AV_COUNT, label, r);
}

bool rb_ui_analysis_view_bar_rect(const rb_app *app, SDL_Rect *r)
{
    const struct rb_ui_analysis_view *v = app->analysis_view;
    if (!v || v->bar.w <= 0) {
        return false;
    }
    *r = v->bar;
    return true;
}

bool rb_ui_analysis_view_line_rect(const rb_app *app, int i, SDL_Rect *r)
{
    const struct rb_ui_analysis_view *v = app->analysis_view;
    if (!v || i < 0 || i >= v->nline) {
        return false;
    }
    *r = v->line[i];
    return true;
}

/* ---- the panel --------------------------------------------------------- */

/* White's share as a bar: White's part on White's side of the board. */
static void av_bar(rb_app *app, const rb_ui_state *st, SDL_Rect bar, bool across)
{
    double share = rb_ui_analysis_bar_share(&st->analysis);
    SDL_Color white = {240, 238, 232, 255}, black = {38, 38, 42, 255};
    rb_ui_draw_rect(app->renderer, bar, black);
    SDL_Rect w = bar;
    if (across) {
        w.w = (int)lround(bar.w * share);
        if (st->flipped) {
            w.x = bar.x + bar.w - w.w;
        }
    } else {
        w.h = (int)lround(bar.h * share);
        if (!st->flipped) { /* White at the bottom */
            w.y = bar.y + bar.h - w.h;
        }
    }
    rb_ui_draw_rect(app->renderer, w, white);
    SDL_Color mid = {200, 60, 60, 255};
    if (across) {
        rb_ui_draw_rect(app->renderer, (SDL_Rect){bar.x + bar.w / 2, bar.y, 1, bar.h}, mid);
    } else {
        rb_ui_draw_rect(app->renderer, (SDL_Rect){bar.x, bar.y + bar.h / 2, bar.w, 1}, mid);
    }
    rb_ui_draw_frame(app->renderer, bar, 1, app->theme->text_dim);
}

/* What is analysed: the game's position, and the variation played from it. */
void rb_ui_analysis_view_header_line(const rb_ui_state *st, char *line, size_t len)
{
    const rb_ui_analysis_state *an = &st->analysis;
    const rb_game *g = &st->game;
    if (an->own_root) {
        snprintf(line, len, "%s", _("A position from the position editor (closing comes back to it)"));
        return;
    }
    if (g->length == 0) {
        snprintf(line, len, "%s", _("The game's position (no moves played yet)"));
        return;
    }
    /* Moves as the move list numbers them (a White and a Black move are
     * one), never plies. */
    int colour, last_colour;
    unsigned last = rb_ui_state_move_number(g, g->length, &last_colour);
    unsigned first = rb_ui_state_move_number(g, 1, &colour);
    size_t moves = (size_t)(last - first + 1);
    if (an->ply == 0) {
        snprintf(line, len,
                 ngettext("The game's first position (%zu move follows)",
                          "The game's first position (%zu moves follow)", (unsigned long)moves),
                 moves);
        return;
    }
    unsigned n = rb_ui_state_move_number(g, an->ply, &colour);
    /* TRANSLATORS: "The game after move 10 (White) of 11": the move's number, then the number of the last move,
       as the move list numbers them */
    snprintf(line, len,
             colour == RB_WHITE ? _("The game after move %u (White) of %u") : _("The game after move %u (Black) of %u"),
             n, last);
}

static void av_header(rb_app *app, const rb_ui_state *st, SDL_Rect col, int *y, int px)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_analysis_state *an = &st->analysis;
    int big = px * 9 / 8, small = px * 7 / 8, gap = px / 3;
    *y += rb_ui_text_draw_wrapped(app, _("Analysis board"), big, true, t->text, col.x, *y, col.w);
    char line[512];
    rb_ui_analysis_view_header_line(st, line, sizeof line);
    *y += rb_ui_text_draw_wrapped(app, line, small, false, t->text_dim, col.x, *y, col.w);
    if (an->nvar > 0) {
        size_t k = (size_t)snprintf(line, sizeof line, "%s", _("Variation:"));
        for (int i = 0; i < an->nvar && k + 12 < sizeof line; i++) {
            char mv[16];
            rb_move_to_coord(an->var[i], mv);
            k += (size_t)snprintf(line + k, sizeof line - k, " %s", mv);
        }
        *y += rb_ui_text_draw_wrapped(app, line, small, false, t->text, col.x, *y, col.w);
    }
    *y += gap;
}

/* The evaluation in big type, then the lines, each a box that can be
 * pointed at. */
static void av_lines(rb_app *app, const rb_ui_state *st, struct rb_ui_analysis_view *v, SDL_Rect col, int *y, int px)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_analysis_state *an = &st->analysis;
    int small = px * 7 / 8, gap = px / 3, lh = rb_ui_text_line_height(app, px);
    char score[32], text[256];
    v->nline = 0;
    rb_status status = rb_pos_status(&an->board);
    if (status != RB_ONGOING) {
        snprintf(text, sizeof text, "%s",
                 status == RB_CHECKMATE   ? _("The game is over here: checkmate.")
                 : status == RB_STALEMATE ? _("The game is over here: stalemate.")
                                          : _("The game is over here: the throne is won."));
        *y += rb_ui_text_draw_wrapped(app, text, px, true, t->text, col.x, *y, col.w) + gap;
        return;
    }
    if (an->nlines == 0) {
        *y +=
            rb_ui_text_draw_wrapped(app, _("The engine is thinking\u2026"), px, false, t->text_dim, col.x, *y, col.w) +
            gap;
        return;
    }
    rb_ui_analysis_score_text(an->lines[0].kind, an->lines[0].score, score, sizeof score);
    snprintf(text, sizeof text, "%s", score);
    int big = px * 2;
    int w = rb_ui_text_draw(app, text, big, true, t->text, col.x, *y + big / 2, RB_UI_ALIGN_LEFT);
    /* TRANSLATORS: after the score: it is from White's point of view, found searching %d moves deep */
    snprintf(text, sizeof text, _("for White \u00B7 depth %d"), an->lines[0].depth);
    if (rb_ui_text_width(app, text, small, false) <= col.w - w - gap * 2) {
        rb_ui_text_draw(app, text, small, false, t->text_dim, col.x + w + gap * 2, *y + big / 2, RB_UI_ALIGN_LEFT);
        *y += big + gap;
    } else {
        /* a narrow panel: under the score rather than cut at its edge */
        *y += big;
        *y += rb_ui_text_draw_wrapped(app, text, small, false, t->text_dim, col.x, *y, col.w) + gap;
    }
    int box_h = 2 * lh + gap;
    for (int i = 0; i < an->nlines; i++) {
        SDL_Rect box = {col.x, *y, col.w, box_h};
        v->line[i] = box;
        v->nline = i + 1;
        bool hot = an->hover_line == i;
        rb_ui_draw_rect(app->renderer, box,
                        rb_ui_widget_mix(t->panel_bg, hot ? t->path : t->text, hot ? 0.35f : 0.08f));
        const rb_ui_analysis_line *l = &an->lines[i];
        rb_ui_analysis_score_text(l->kind, l->score, score, sizeof score);
        snprintf(text, sizeof text, "%d.  %s", i + 1, score);
        rb_ui_text_draw(app, text, px, true, t->text, box.x + gap, box.y + gap / 2 + lh / 2, RB_UI_ALIGN_LEFT);
        char moves[200], fit[200];
        rb_ui_analysis_line_text(l, RB_UI_ANALYSIS_PV_MAX, moves, sizeof moves);
        rb_ui_text_elide(app, moves, small, false, box.w - 2 * gap, fit, sizeof fit);
        rb_ui_text_draw(app, fit, small, false, t->text, box.x + gap, box.y + gap / 2 + lh + lh / 2, RB_UI_ALIGN_LEFT);
        *y += box_h + gap;
    }
}

/* One move's exact result in words, counted in moves as the score above
 * it is ("win in 4"): the tables' plies to the end, the move itself
 * included, are the moves of the side that ends the game. */
static void av_tb_text(int value, rb_status end, char *buf, size_t len)
{
    int moves = (rb_tb_distance(value) + 1) / 2;
    if (value == RB_TB_DRAW) {
        snprintf(buf, len, "%s", _("Draw"));
    } else if (rb_tb_is_win(value)) {
        /* TRANSLATORS: an endgame table's exact result; %d counts the winner's moves */
        snprintf(buf, len, end == RB_THRONE ? _("Win: throne in %d") : _("Win: mate in %d"), moves);
    } else {
        /* TRANSLATORS: an endgame table's exact result; %d counts the winner's moves */
        snprintf(buf, len, end == RB_THRONE ? _("Loss: throne in %d") : _("Loss: mate in %d"), moves);
    }
}

/* With few enough men, the endgame tables' exact result of every legal
 * move, best first, as lichess shows its tablebase: as many rows as fit
 * above the buttons. Worked out once per position. */
static void av_tables(rb_app *app, const rb_ui_state *st, struct rb_ui_analysis_view *v, SDL_Rect col, int *y, int px,
                      int bottom)
{
    const rb_pos *pos = &st->analysis.board;
    if (app->tables == NULL || rb_pos_status(pos) != RB_ONGOING) {
        return;
    }
    if (!v->tb_known || v->tb_key != pos->key) {
        v->tb_key = pos->key;
        v->tb_known = true;
        v->tb_n = rb_tb_probe_moves(app->tables, pos, v->tb_moves, RB_MAX_MOVES);
        for (int i = 0; i < v->tb_n; i++) {
            rb_pos child;
            rb_pos_make(pos, v->tb_moves[i].move, &child);
            v->tb_end[i] = rb_pos_status(&child);
            if (v->tb_end[i] == RB_ONGOING) {
                v->tb_end[i] = rb_tb_line_end(app->tables, &child);
            }
        }
    }
    if (v->tb_n <= 0) {
        return;
    }
    const rb_ui_theme *t = app->theme;
    int small = px * 7 / 8, gap = px / 3, lh = rb_ui_text_line_height(app, small);
    *y += rb_ui_text_draw_wrapped(app, _("Endgame tables: every move's exact result"), px, true, t->text, col.x, *y,
                                  col.w);
    for (int i = 0; i < v->tb_n && *y + lh <= bottom; i++) {
        char mv[RB_MOVE_TEXT_MAX + 8], result[96];
        rb_move_to_display(pos, v->tb_moves[i].move, mv);
        av_tb_text(v->tb_moves[i].value, v->tb_end[i], result, sizeof result);
        rb_ui_text_draw(app, mv, small, false, t->text, col.x, *y + lh / 2, RB_UI_ALIGN_LEFT);
        rb_ui_text_draw(app, result, small, false, t->text, col.x + col.w, *y + lh / 2, RB_UI_ALIGN_RIGHT);
        *y += lh;
    }
    *y += gap;
}

int rb_ui_analysis_view_tables(const rb_app *app, rb_tb_move_value *moves, char (*texts)[96], int max)
{
    const struct rb_ui_analysis_view *v = app->analysis_view;
    if (v == NULL || !v->tb_known || v->tb_n <= 0) {
        return 0;
    }
    for (int i = 0; i < v->tb_n && i < max; i++) {
        moves[i] = v->tb_moves[i];
        if (texts != NULL) {
            av_tb_text(v->tb_moves[i].value, v->tb_end[i], texts[i], sizeof texts[i]);
        }
    }
    return v->tb_n;
}

static void av_enable(struct rb_ui_analysis_view *v, const rb_ui_state *st)
{
    const rb_ui_analysis_state *an = &st->analysis;
    v->enabled[AV_PREV] = an->ply > 0;
    v->enabled[AV_NEXT] = !an->own_root && an->ply < st->game.length;
    v->enabled[AV_BACK] = an->nvar > 0;
    v->enabled[AV_CLOSE] = true;
}

void rb_ui_analysis_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect)
{
    const rb_ui_theme *t = app->theme;
    rb_ui_draw_rect(app->renderer, rect, t->panel_bg);
    struct rb_ui_analysis_view *v = av_get(app);
    if (!v) {
        return;
    }
    v->rect = rect;
    v->labels = av_labels(st);
    memset(v->shown, 0, sizeof v->shown);
    av_enable(v, st);
    int px = rb_ui_widget_font_px(app);
    int pad = px * 3 / 4, gap = px / 3, btn_h = px * 2, bar_w = px * 3 / 2;
    bool across = app->layout.panel_below;
    SDL_Rect bar = across ? (SDL_Rect){rect.x + pad, rect.y + pad / 2, rect.w - 2 * pad, bar_w / 2}
                          : (SDL_Rect){rect.x + pad / 2, app->layout.board.y, bar_w, app->layout.board.h};
    av_bar(app, st, bar, across);
    v->bar = bar;
    SDL_Rect col =
        across ? (SDL_Rect){rect.x + pad, bar.y + bar.h + pad, rect.w - 2 * pad, 0}
               : (SDL_Rect){bar.x + bar.w + pad, rect.y + pad, rect.x + rect.w - pad - (bar.x + bar.w + pad), 0};
    col.h = rect.y + rect.h - pad - col.y;
    int y = col.y;
    av_header(app, st, col, &y, px);
    av_lines(app, st, v, col, &y, px);

    /* The buttons at the bottom: the game's positions, then back and close. */
    int bottom = col.y + col.h;
    int top = bottom - 3 * btn_h - 2 * gap;
    av_tables(app, st, v, col, &y, px, top - gap);
    int half = (col.w - gap) / 2;
    v->button[AV_PREV] = (SDL_Rect){col.x, top, half, btn_h};
    v->button[AV_NEXT] = (SDL_Rect){col.x + half + gap, top, col.w - half - gap, btn_h};
    v->button[AV_BACK] = (SDL_Rect){col.x, top + btn_h + gap, col.w, btn_h};
    v->button[AV_CLOSE] = (SDL_Rect){col.x, top + 2 * (btn_h + gap), col.w, btn_h};
    if (top - gap > y) {
        rb_ui_view_kit_status(app, st->status, px * 7 / 8, col, y, top - gap);
    }
    for (int i = 0; i < AV_COUNT; i++) {
        v->shown[i] = true;
        rb_ui_widget_button(app, v->button[i], _(v->labels[i]), px, v->enabled[i], st->analysis.hover_button == i,
                            false);
    }
}

/* ---- the board mark ---------------------------------------------------- */

void rb_ui_analysis_view_draw_board(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_analysis_state *an = &st->analysis;
    if (!an->active || an->hover_line < 0 || an->hover_line >= an->nlines || an->lines[an->hover_line].pvlen == 0) {
        return;
    }
    const rb_ui_theme *t = app->theme;
    rb_ui_view view = rb_ui_view_of(app);
    float s = (float)view.sq, width = s * 0.10f;
    rb_path path;
    rb_move_path(an->lines[an->hover_line].pv[0], &path);
    if (path.len < 2) {
        return;
    }
    SDL_FPoint pts[RB_PATH_MAX];
    for (int i = 0; i < path.len; i++) {
        pts[i] = rb_ui_view_center(&view, path.sq[i]);
    }
    int n = path.len;
    SDL_FPoint tip = pts[n - 1], prev = pts[n - 2];
    float dx = tip.x - prev.x, dy = tip.y - prev.y, len = sqrtf(dx * dx + dy * dy);
    SDL_FPoint dir = len > 0 ? (SDL_FPoint){dx / len, dy / len} : (SDL_FPoint){0, 0};
    float head = width * 2.6f, o = width * 0.25f + 1.0f;
    pts[n - 1] = (SDL_FPoint){tip.x - dir.x * head * 0.8f, tip.y - dir.y * head * 0.8f};
    rb_ui_draw_polyline(app->renderer, pts, n, width + 2 * o, t->path_outline);
    rb_ui_draw_arrowhead(app->renderer, (SDL_FPoint){tip.x + dir.x * o * 1.8f, tip.y + dir.y * o * 1.8f}, dir,
                         head + o * 3.0f, width * 3.0f + o * 3.0f, t->path_outline);
    rb_ui_draw_polyline(app->renderer, pts, n, width, t->path);
    rb_ui_draw_arrowhead(app->renderer, tip, dir, head, width * 3.0f, t->path);
    if (path.rebound > 0 && path.rebound < n - 1) {
        SDL_FPoint r = rb_ui_view_center(&view, path.sq[path.rebound]);
        rb_ui_draw_disc(app->renderer, r, width * 1.1f, t->path_outline);
        rb_ui_draw_disc(app->renderer, r, width * 0.8f, t->rebound_mark);
    }
}

/* ---- input -------------------------------------------------------------- */

static rb_ui_cmd av_goto(long ply)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_GOTO);
    cmd.analysis_goto.ply = (int)ply;
    return cmd;
}

static rb_ui_cmd av_click(const rb_ui_state *st, int b)
{
    const rb_ui_analysis_state *an = &st->analysis;
    switch ((av_button)b) {
    case AV_PREV: return av_goto((long)an->ply - 1);
    case AV_NEXT: return av_goto((long)an->ply + 1);
    case AV_BACK: return av_goto((long)an->ply);
    case AV_CLOSE: return rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_LEAVE);
    case AV_COUNT: break;
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

static rb_ui_cmd av_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_state *st = &app->state;
    const rb_ui_analysis_state *an = &st->analysis;
    SDL_Keycode key = k->keysym.sym;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = true;
    if (key == SDLK_F5) {
        return rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_LEAVE);
    }
    if (rb_ui_view_kit_window_key(k)) {
        *used = false; /* the window's shortcuts */
        return none;
    }
    if (st->input.state == RB_UI_PROMOTING) {
        return rb_ui_view_kit_key_to_board(app, k); /* R, B or Esc for the chooser */
    }
    switch (key) {
    case SDLK_ESCAPE:
        if (st->input.state != RB_UI_IDLE) {
            rb_ui_input_cancel(&st->input);
            return none;
        }
        return rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_LEAVE);
    case SDLK_LEFT: return an->ply > 0 ? av_goto((long)an->ply - 1) : none;
    case SDLK_RIGHT: return !an->own_root && an->ply < st->game.length ? av_goto((long)an->ply + 1) : none;
    case SDLK_HOME: return av_goto(0);
    case SDLK_END: return av_goto(an->own_root ? 0 : (long)st->game.length);
    case SDLK_BACKSPACE: return rb_ui_cmd_of(RB_UI_CMD_UNDO);
    default: return none;
    }
}

static int av_button_at(const struct rb_ui_analysis_view *v, int x, int y)
{
    return rb_ui_view_kit_button_at(v->button, v->shown, AV_COUNT, x, y);
}

static int av_line_at(const struct rb_ui_analysis_view *v, int x, int y)
{
    for (int i = 0; i < v->nline; i++) {
        if (rb_ui_widget_point_in(v->line[i], x, y)) {
            return i;
        }
    }
    return -1;
}

rb_ui_cmd rb_ui_analysis_view_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_analysis_state *an = &st->analysis;
    struct rb_ui_analysis_view *v = av_get(app);
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = false;
    if (!v) {
        return none;
    }
    if (ev->type == SDL_KEYDOWN) {
        return av_key(app, &ev->key, used);
    }
    if (ev->type == SDL_TEXTINPUT) {
        *used = true; /* no typed moves on the analysis board */
        return none;
    }
    int x, y;
    rb_ui_cmd cmd;
    if (!rb_ui_view_kit_panel_pointer(app, ev, used, &cmd, &x, &y)) {
        return cmd;
    }
    an->hover_button = av_button_at(v, x, y);
    an->hover_line = av_line_at(v, x, y);
    if (rb_ui_view_kit_board_has_pointer(app, v->rect, ev, x, y, &an->pressed)) {
        /* No rule explanations over the analysis board: a refusal is
         * only heard. */
        cmd = rb_ui_input_event(app, ev);
        return cmd.kind == RB_UI_CMD_EXPLAIN ? rb_ui_cmd_of(RB_UI_CMD_ILLEGAL) : cmd;
    }
    int b = rb_ui_view_kit_button_click(ev, &an->pressed, an->hover_button, v->enabled);
    return b >= 0 ? av_click(st, b) : none;
}
