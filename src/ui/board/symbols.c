/*
 * symbols.c - what the board's symbols mean: pointed at on the board, and
 * in the help's legend.
 *
 * Pointing is followed here from the events the board gets: the symbol
 * under the pointer (found from the same geometry the board is drawn from:
 * the rules library's thrones, turn squares and start lines, and the
 * proportions render.c draws them at) is kept in the state with the time it
 * was first pointed at. The state changes only when the symbol does, so
 * moving within one symbol draws nothing again; the event loop sleeps until
 * the wait is over (rb_ui_symbols_wake) and rb_ui_symbols_tick shows it.
 *
 * The legend is drawn by the board's own renderer (rb_ui_render_detail),
 * a square or an edge of a real position per symbol, so it cannot show a
 * symbol other than the board shows.
 */
#include "board/symbols.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/draw.h"
#include "board/input.h"
#include "board/render.h"
#include "kit/text.h"
#include "board/view.h"
#include "kit/widget.h"

static bool in_box(const SDL_Rect *r, int s, int x, int y, float x0, float y0, float x1, float y1)
{
    return x >= r->x + (int)((float)s * x0) && x < r->x + (int)((float)s * x1) && y >= r->y + (int)((float)s * y0) &&
           y < r->y + (int)((float)s * y1);
}

rb_ui_symbol rb_ui_symbols_at(const rb_app *app, const rb_ui_state *st, int x, int y, int *sq_out, int *color_out)
{
    int dummy_sq, dummy_color;
    int *psq = sq_out ? sq_out : &dummy_sq, *pc = color_out ? color_out : &dummy_color;
    *psq = -1;
    *pc = -1;
    rb_ui_view v = rb_ui_view_of(app);
    int sq = rb_ui_view_square_at(&v, x, y);
    if (sq < 0) {
        return RB_UI_SYMBOL_NONE;
    }
    const rb_pos *pos = rb_ui_state_pos(st);
    const rb_ui_settings *set = &st->settings;
    SDL_Rect r = rb_ui_view_rect(&v, sq);
    int s = v.sq;
    *psq = sq;
    /* The pennant in the top left corner of each king's square. */
    for (int c = RB_WHITE; set->out_flags && c <= RB_BLACK; c++) {
        if ((pos->by_type[RB_KING] & pos->by_color[c]) && pos->king[c] == sq &&
            in_box(&r, s, x, y, 0.0f, 0.0f, 0.36f, 0.45f)) {
            *pc = c;
            return RB_UI_SYMBOL_OUT_FLAG;
        }
    }
    /* The star: the whole square, or its corner when a piece stands there. */
    for (int c = RB_WHITE; set->thrones && c <= RB_BLACK; c++) {
        if (rb_throne(c) == sq && (!pos->board[sq] || in_box(&r, s, x, y, 0.64f, 0.0f, 1.0f, 0.36f))) {
            *pc = c;
            return RB_UI_SYMBOL_THRONE;
        }
    }
    /* The dashed line on the edge between a square behind and one ahead. */
    for (int c = RB_WHITE; set->start_lines && c <= RB_BLACK; c++) {
        rb_bb line = rb_start_line_behind(c) | rb_start_line_ahead(c);
        if (!(line >> sq & 1)) {
            continue;
        }
        for (int dx = -1; dx <= 1; dx += 2) {
            int f = rb_sq_file(sq) + dx;
            int other = rb_sq_at(f, rb_sq_rank(sq));
            if (other < 0 || !(line >> other & 1) ||
                ((rb_start_line_behind(c) >> sq & 1) == (rb_start_line_behind(c) >> other & 1))) {
                continue;
            }
            SDL_Rect o = rb_ui_view_rect(&v, other);
            int edge = o.x > r.x ? o.x : r.x;
            if (abs(x - edge) <= s / 7) {
                *pc = c;
                return RB_UI_SYMBOL_START_LINE;
            }
        }
    }
    if (set->turn_squares && rb_sq_is_turn(sq)) {
        return RB_UI_SYMBOL_TURN;
    }
    *psq = -1;
    return RB_UI_SYMBOL_NONE;
}

static void tip_clear(rb_ui_tip_state *t)
{
    memset(t, 0, sizeof *t);
    t->sq = t->color = -1;
}

void rb_ui_symbols_event(rb_app *app, const SDL_Event *ev, Uint32 now_ms)
{
    rb_ui_state *st = &app->state;
    rb_ui_tip_state *t = &st->tip;
    bool busy =
        st->input.state == RB_UI_PRESSED || st->input.state == RB_UI_DRAGGING || st->input.state == RB_UI_PROMOTING;
    switch (ev->type) {
    case SDL_MOUSEMOTION: {
        int sq = -1, color = -1;
        rb_ui_symbol sym =
            busy ? RB_UI_SYMBOL_NONE : rb_ui_symbols_at(app, st, ev->motion.x, ev->motion.y, &sq, &color);
        if (sym == t->symbol && sq == t->sq && color == t->color) {
            return; /* the same symbol: keep waiting, or keep showing */
        }
        tip_clear(t);
        if (sym == RB_UI_SYMBOL_NONE) {
            return;
        }
        t->symbol = sym;
        t->sq = sq;
        t->color = color;
        t->due_ms = now_ms + RB_UI_TIP_MS;
        if (t->due_ms == 0) {
            t->due_ms = 1;
        }
        return;
    }
    case SDL_MOUSEBUTTONDOWN:
    case SDL_KEYDOWN: tip_clear(t); return;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_LEAVE) {
            tip_clear(t);
        }
        return;
    default: return;
    }
}

bool rb_ui_symbols_tick(rb_ui_state *st, Uint32 now_ms)
{
    rb_ui_tip_state *t = &st->tip;
    if (t->symbol == RB_UI_SYMBOL_NONE || t->shown || !SDL_TICKS_PASSED(now_ms, t->due_ms)) {
        return false;
    }
    t->shown = true;
    return true;
}

Uint32 rb_ui_symbols_wake(const rb_ui_state *st)
{
    return st->tip.symbol != RB_UI_SYMBOL_NONE && !st->tip.shown ? st->tip.due_ms : 0;
}

void rb_ui_symbols_text(const rb_ui_state *st, char *buf, size_t len)
{
    const rb_ui_tip_state *t = &st->tip;
    bool black = t->color == RB_BLACK;
    const rb_pos *pos = rb_ui_state_pos(st);
    const char *text = "";
    switch (t->symbol) {
    case RB_UI_SYMBOL_THRONE:
        text = black ? _("Black's throne, White's king's start square: Black's king wins by reaching it after going "
                         "round the board clockwise (its out flag up).")
                     : _("White's throne, Black's king's start square: White's king wins by reaching it after going "
                         "round the board clockwise (its out flag up).");
        break;
    case RB_UI_SYMBOL_TURN:
        text = _("A turn square: the clockwise flow turns the corner here, and forward turns with it for the pieces "
                 "on it.");
        break;
    case RB_UI_SYMBOL_START_LINE:
        text = black ? _("Black's start line: Black's king crossing it clockwise raises its out flag; crossing back "
                         "lowers it.")
                     : _("White's start line: White's king crossing it clockwise raises its out flag; crossing back "
                         "lowers it.");
        break;
    case RB_UI_SYMBOL_OUT_FLAG: {
        bool out = pos->out & (black ? RB_OUT_BLACK : RB_OUT_WHITE);
        if (out) {
            text = black ? _("Black's out flag is up: its king has gone out clockwise and wins on Black's throne "
                             "(the star).")
                         : _("White's out flag is up: its king has gone out clockwise and wins on White's throne "
                             "(the star).");
        } else {
            text = black ? _("Black's out flag is down (hollow): until its king crosses its start line clockwise, "
                             "reaching Black's throne does not win.")
                         : _("White's out flag is down (hollow): until its king crosses its start line clockwise, "
                             "reaching White's throne does not win.");
        }
        break;
    }
    case RB_UI_SYMBOL_NONE:
    case RB_UI_SYMBOL_COUNT: break;
    }
    snprintf(buf, len, "%s", text);
}

void rb_ui_symbols_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_tip_state *t = &st->tip;
    if (!t->shown || t->symbol == RB_UI_SYMBOL_NONE || t->sq < 0) {
        return;
    }
    char text[640];
    rb_ui_symbols_text(st, text, sizeof text);
    rb_ui_view v = rb_ui_view_of(app);
    SDL_Rect r = rb_ui_view_rect(&v, t->sq);
    int s = v.sq, px = s / 5 > 12 ? s / 5 : 12, pad = px / 2;
    int w = s * 3 + s / 2;
    if (w > app->layout.out_w - 8) {
        w = app->layout.out_w - 8;
    }
    int h = rb_ui_text_wrapped_height(app, text, px, false, w - 2 * pad) + 2 * pad;
    /* below the square when it fits, else above; kept inside the window */
    int x = r.x + r.w / 2 - w / 2, y = r.y + r.h + s / 10;
    if (y + h > app->layout.out_h - 4) {
        y = r.y - s / 10 - h;
    }
    if (x + w > app->layout.out_w - 4) {
        x = app->layout.out_w - 4 - w;
    }
    if (x < 4) {
        x = 4;
    }
    if (y < 4) {
        y = 4;
    }
    SDL_Rect box = {x, y, w, h};
    rb_ui_draw_rect(app->renderer, (SDL_Rect){x + 3, y + 3, w, h}, (SDL_Color){0, 0, 0, 90});
    rb_ui_draw_rect(app->renderer, box, app->theme->chooser_bg);
    rb_ui_draw_frame(app->renderer, box, 1, app->theme->chooser_border);
    rb_ui_text_draw_wrapped(app, text, px, false, (SDL_Color){20, 20, 20, 255}, x + pad, y + pad, w - 2 * pad);
}

/* ---- the legend ---------------------------------------------------------- */

typedef struct legend_item {
    const char *position;
    const char *square; /* the square shown */
    float shift;        /* squares to the left: 0.5 shows the edge to its left */
    const char *select; /* the piece selected, its moves marked, or NULL */
    const char *text;
} legend_item;

static const legend_item legend_items[] = {
    {"7/2k4/2xxx2/2xxx2/2xxx2/5K1/7 w - 0 1", "d6", 0, NULL,
     N_("Throne: a king wins on the enemy king's start square, after going round clockwise.")},
    {NULL, "d6", 0, NULL, N_("Throne with a piece on it: the small star in the corner.")},
    {NULL, "a4", 0, NULL, N_("Flow: forward on this square. Everything turns clockwise.")},
    {NULL, "b2", 0, NULL, N_("Turn square: the flow turns the corner here.")},
    {"7/2k4/2xxx2/2xxx2/2xxx2/5K1/7 w - 0 1", "d1", 0.5f, NULL,
     N_("Start line: a king crossing it clockwise raises its out flag.")},
    {NULL, "d2", 0, NULL, N_("Out flag down (hollow): this king has not gone out yet.")},
    {"7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6", 0, NULL, N_("Out flag up: this king wins on its throne.")},
    {"7/2k4/2xxx2/2xxx2/2xxx2/1Kr4/7 w - 0 1", "a1", 0, "b2", N_("Dot: the selected piece may move here.")},
    {"7/2k4/2xxx2/2xxx2/2xxx2/1Kr4/7 w - 0 1", "c2", 0, "b2", N_("Ring: the selected piece may take this piece.")},
    {"7/2k4/2xxx2/2xxx2/2xxx2/1K2r2/7 w - 0 1", "b2", 0, NULL, N_("Glow: this king is in check.")},
};

#define LEGEND_N ((int)(sizeof legend_items / sizeof legend_items[0]))

void rb_ui_symbols_legend(rb_app *app, const rb_ui_state *st, SDL_Rect area)
{
    int cols = area.w > area.h ? 2 : 1;
    int rows = (LEGEND_N + cols - 1) / cols;
    int row_h = area.h / rows, col_w = area.w / cols;
    int cell = row_h - row_h / 8;
    int px = rb_ui_widget_font_px(app);
    for (int i = 0; i < LEGEND_N; i++) {
        const legend_item *it = &legend_items[i];
        rb_pos pos;
        char err[200];
        if (!it->position) {
            rb_pos_start(&pos);
        } else if (rb_pos_parse(&pos, it->position, err, sizeof err) != 0) {
            continue;
        }
        rb_movelist list;
        list.count = 0;
        int sel = it->select ? rb_sq_parse(it->select) : -1;
        if (sel >= 0) {
            rb_gen_legal_from(&pos, sel, &list);
        }
        int c = i / rows, r = i % rows;
        SDL_Rect box = {area.x + c * col_w, area.y + r * row_h, cell, cell};
        rb_ui_render_detail(app, &st->settings, &pos, rb_sq_parse(it->square), it->shift, box, list.moves, list.count,
                            sel);
        rb_ui_draw_frame(app->renderer, box, 1, app->theme->text_dim);
        int tx = box.x + cell + cell / 4, tw = col_w - cell - cell / 2;
        int size = px;
        while (size > 9 && rb_ui_text_wrapped_height(app, _(it->text), size, false, tw) > row_h) {
            size--;
        }
        int th = rb_ui_text_wrapped_height(app, _(it->text), size, false, tw);
        rb_ui_text_draw_wrapped(app, _(it->text), size, false, app->theme->text, tx, box.y + (cell - th) / 2, tw);
    }
}
