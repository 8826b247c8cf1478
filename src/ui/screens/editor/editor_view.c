/*
 * editor_view.c - the position editor's panel and board, and its input.
 *
 * The panel is laid out afresh on each draw and keeps the rectangles it
 * drew for clicks, like the analysis board's. Its controls are one table
 * (label, what a click asks for), so a test finds a control by its label
 * and a click on it goes the way a person's does. The board is the game's
 * board drawing the position set up (rb_ui_render_position), with the
 * squares the rules library's verdict names ringed in red over it.
 *
 * The pointer: a press on a piece (the palette's or the board's) holds it;
 * moved a few pixels it is dragged, and where it is let go says what
 * happens: on a square it is put there (from the board: moved), off the
 * board a board piece is taken off. A press let go where it started is a
 * click: on the palette it picks (or drops) the piece a click on a square
 * then puts, again and again. The right button takes a piece off. The
 * centre 3x3 is no square (rb_ui_view_board_square_at gives -1 there), so nothing
 * can be put in it.
 */
#include "screens/editor/editor_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/draw.h"
#include "screens/editor/editor.h"
#include "words/i18n.h"
#include "board/render.h"
#include "kit/text.h"
#include "kit/textedit.h"
#include "board/view.h"
#include "screen/view_kit.h"
#include "kit/widget.h"

typedef enum {
    EC_CLEAR,
    EC_START,
    EC_FLIP,
    EC_WHITE_TO_MOVE,
    EC_BLACK_TO_MOVE,
    EC_OUT_WHITE,
    EC_OUT_BLACK,
    EC_FIELD,
    EC_COPY,
    EC_PLAY,
    EC_ANALYSE,
    EC_CANCEL,
    EC_COUNT
} ec_control;

static const char *const ec_labels[EC_COUNT] = {
    N_("Clear"),
    N_("Start position"),
    N_("Flip"),
    N_("White to move"),
    N_("Black to move"),
    N_("White's out flag"),
    N_("Black's out flag"),
    N_("Position string"),
    N_("Copy"),
    N_("Play from here\u2026"),
    N_("Analyse"),
    N_("Cancel"),
};

#define EV_PALETTE 8

struct rb_ui_editor_view {
    SDL_Rect rect;
    SDL_Rect control[EC_COUNT];
    bool shown[EC_COUNT];
    bool enabled[EC_COUNT];
    SDL_Rect palette[EV_PALETTE];
};

/* The palette: White's four pieces over Black's. */
static rb_piece ev_palette_piece(int i)
{
    static const int types[4] = {RB_KING, RB_ROOK, RB_BISHOP, RB_PAWN};
    return RB_PIECE(i / 4, types[i % 4]);
}

static struct rb_ui_editor_view *ev_get(rb_app *app)
{
    if (!app->editor_view) {
        app->editor_view = calloc(1, sizeof *app->editor_view);
    }
    return app->editor_view;
}

void rb_ui_editor_view_free(rb_app *app)
{
    free(app->editor_view);
    app->editor_view = NULL;
}

bool rb_ui_editor_view_control_rect(const rb_app *app, const char *label, SDL_Rect *r)
{
    const struct rb_ui_editor_view *v = app->editor_view;
    return v && rb_ui_view_kit_label_rect(ec_labels, v->control, v->shown, EC_COUNT, label, r);
}

bool rb_ui_editor_view_enabled(const rb_app *app, const char *label)
{
    const struct rb_ui_editor_view *v = app->editor_view;
    for (int i = 0; v && i < EC_COUNT; i++) {
        if (v->shown[i] && strcmp(ec_labels[i], label) == 0) {
            return v->enabled[i];
        }
    }
    return false;
}

bool rb_ui_editor_view_palette_rect(const rb_app *app, rb_piece piece, SDL_Rect *r)
{
    const struct rb_ui_editor_view *v = app->editor_view;
    for (int i = 0; v && i < EV_PALETTE; i++) {
        if (ev_palette_piece(i) == piece && v->palette[i].w > 0) {
            *r = v->palette[i];
            return true;
        }
    }
    return false;
}

/* ---- drawing ------------------------------------------------------------ */

static SDL_Color ev_red(const rb_app *app)
{
    SDL_Color red = app->theme->check_glow;
    red.a = 255;
    return red;
}

/* A piece's picture centred on c, size pixels wide, faded by alpha. */
static void ev_piece(rb_app *app, rb_piece p, SDL_FPoint c, int size, Uint8 alpha)
{
    SDL_Texture *tex = app->pieces.board.tex[RB_COLOR(p) & 1][RB_TYPE(p)];
    if (!tex || p == RB_EMPTY) {
        return;
    }
    SDL_Rect r = {(int)(c.x - (float)size / 2), (int)(c.y - (float)size / 2), size, size};
    SDL_SetTextureAlphaMod(tex, alpha);
    SDL_RenderCopy(app->renderer, tex, NULL, &r);
    SDL_SetTextureAlphaMod(tex, 255);
}

void rb_ui_editor_view_draw_board(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_editor_state *ed = &st->editor;
    rb_pos shown = ed->pos;
    bool dragging = ed->hand == RB_UI_EDITOR_DRAGGING;
    if (dragging && ed->held_from >= 0) {
        rb_pos_remove(&shown, ed->held_from); /* lifted off its square */
    }
    rb_ui_render_position(app, &st->settings, &shown, RB_MOVE_NONE, -1, NULL, 0, -1);
    rb_ui_view view = rb_ui_view_of(app);
    float s = (float)view.sq;
    /* The squares at fault, ringed. */
    for (rb_bb b = ed->verdict.squares; b; b &= b - 1) {
        SDL_FPoint c = rb_ui_view_center(&view, rb_lsb(b));
        rb_ui_draw_ring(app->renderer, c, s * 0.40f, s * 0.49f, ev_red(app));
    }
    /* Where the piece in hand would go, or the brush's piece, faint. */
    if (ed->hover >= 0 && (dragging || (ed->hand == RB_UI_EDITOR_IDLE && ed->brush))) {
        SDL_Rect r = rb_ui_view_rect(&view, ed->hover);
        rb_ui_draw_frame(app->renderer, r, view.sq / 14 + 1, app->theme->path);
        if (!dragging && !ed->pos.board[ed->hover]) {
            ev_piece(app, ed->brush, rb_ui_view_center(&view, ed->hover), view.sq, 110);
        }
    }
    if (dragging) {
        ev_piece(app, ed->held, (SDL_FPoint){(float)ed->drag_x, (float)ed->drag_y}, view.sq * 27 / 25, 255);
    }
}

/* Buttons side by side across w, each as wide as its label asks, sharing
 * what is left over. */
static void ev_row(struct rb_ui_editor_view *v, rb_app *app, const int *ids, int n, SDL_Rect row, int px, int gap)
{
    int want[4], total = 0;
    for (int i = 0; i < n; i++) {
        want[i] = rb_ui_text_width(app, _(ec_labels[ids[i]]), px, false) + px;
        total += want[i];
    }
    int room = row.w - (n - 1) * gap, x = row.x;
    for (int i = 0; i < n; i++) {
        int w = i == n - 1 ? row.x + row.w - x : (total > 0 ? room * want[i] / total : room / n);
        if (total < room && i < n - 1) {
            w = want[i] + (room - total) / n;
        }
        v->control[ids[i]] = (SDL_Rect){x, row.y, w, row.h};
        v->shown[ids[i]] = true;
        x += w + gap;
    }
}

static void ev_enable(struct rb_ui_editor_view *v, const rb_ui_state *st)
{
    bool playable = rb_ui_state_editor_playable(st);
    for (int i = 0; i < EC_COUNT; i++) {
        v->enabled[i] = true;
    }
    v->enabled[EC_PLAY] = playable;
    v->enabled[EC_ANALYSE] = rb_ui_state_editor_can_analyse(st, NULL, 0);
}

/* The palette's eight cells, White's row over Black's; the brush's cell
 * marked. Returns the y below. */
static int ev_palette(rb_app *app, const rb_ui_state *st, struct rb_ui_editor_view *v, SDL_Rect col, int y, int gap,
                      int px, int most)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_editor_state *ed = &st->editor;
    int cell = (col.w - 3 * gap) / 4;
    if (cell > most) {
        cell = most;
    }
    if (cell > app->layout.sq) {
        cell = app->layout.sq;
    }
    if (cell > px * 4) {
        cell = px * 4;
    }
    for (int i = 0; i < EV_PALETTE; i++) {
        SDL_Rect r = {col.x + (i % 4) * (cell + gap), y + (i / 4) * (cell + gap), cell, cell};
        v->palette[i] = r;
        rb_piece p = ev_palette_piece(i);
        bool brush = ed->brush == p;
        bool hot = rb_ui_widget_point_in(r, ed->drag_x, ed->drag_y) && ed->hand == RB_UI_EDITOR_IDLE;
        rb_ui_draw_rect(app->renderer, r, rb_ui_widget_mix(t->panel_bg, (i + i / 4) % 2 ? t->light : t->dark, 0.7f));
        if (brush || hot) {
            rb_ui_draw_frame(app->renderer, r, brush ? px / 5 + 1 : 1, brush ? t->path : t->text_dim);
        }
        bool lifted = ed->hand == RB_UI_EDITOR_DRAGGING && ed->held_from < 0 && ed->held == p;
        ev_piece(app, p, (SDL_FPoint){(float)r.x + (float)cell / 2, (float)r.y + (float)cell / 2}, cell * 9 / 10,
                 lifted ? 90 : 255);
    }
    return y + 2 * cell + gap;
}

/* What the editor says of the position: the verdict's reason in red, or
 * that it is ready; then the field's complaint and the status line. */
static int ev_verdict(rb_app *app, const rb_ui_state *st, SDL_Rect col, int y, int px)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_editor_state *ed = &st->editor;
    char text[512];
    int small = px * 7 / 8;
    if (ed->verdict.problem != RB_POS_VALID) {
        rb_ui_editor_reason(&ed->verdict, text, sizeof text);
        y += rb_ui_text_draw_wrapped(app, text, small, true, ev_red(app), col.x, y, col.w);
    } else {
        rb_status status = rb_pos_status(&ed->pos);
        bool white = ed->pos.side == RB_WHITE;
        const char *say =
            status == RB_CHECKMATE
                ? (white ? _("A legal position: White is checkmated.") : _("A legal position: Black is checkmated."))
            : status == RB_STALEMATE
                ? (white ? _("A legal position: White is stalemated.") : _("A legal position: Black is stalemated."))
            : status == RB_THRONE
                ? (white ? _("A legal position: Black has won by throne.")
                         : _("A legal position: White has won by throne."))
                : (white ? _("A legal position, White to move.") : _("A legal position, Black to move."));
        y += rb_ui_text_draw_wrapped(app, say, small, false, t->text, col.x, y, col.w);
    }
    if (ed->field_error[0]) {
        y +=
            rb_ui_text_draw_wrapped(app, ed->field_error, small, false, ev_red(app), col.x, y + px / 4, col.w) + px / 4;
    }
    if (st->status[0]) {
        y += rb_ui_text_draw_wrapped(app, st->status, small, false, t->text_dim, col.x, y + px / 4, col.w) + px / 4;
    }
    return y;
}

void rb_ui_editor_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_editor_state *ed = &st->editor;
    rb_ui_draw_rect(app->renderer, rect, t->panel_bg);
    struct rb_ui_editor_view *v = ev_get(app);
    if (!v) {
        return;
    }
    v->rect = rect;
    memset(v->shown, 0, sizeof v->shown);
    ev_enable(v, st);
    int px = rb_ui_widget_font_px(app), small = px * 7 / 8;
    int pad = px * 3 / 4, gap = px / 3, btn_h = px * 2, lh = rb_ui_text_line_height(app, small);
    /* A short, wide panel (below the board) gets two columns: the pieces
     * and the switches on the left, the string and the verdict on the
     * right. */
    bool two = rect.w > rect.h * 3 / 2 && rect.w >= 30 * px;
    SDL_Rect a = {rect.x + pad, rect.y + pad, rect.w - 2 * pad, rect.h - 2 * pad}, b = a;
    if (two) {
        a.w = (rect.w - 3 * pad) / 2;
        b.x = a.x + a.w + pad;
        b.w = rect.x + rect.w - pad - b.x;
    }
    int y = a.y, check_h = lh + gap * 2;
    y += rb_ui_text_draw_wrapped(app, _("Set up a position"), px * 9 / 8, true, t->text, a.x, y, a.w) + gap;
    /* Two rows of buttons under the palette, and the out flags unless they
     * go to the second column: the palette takes what height is left. */
    int below = 2 * btn_h + 4 * gap + (two ? 0 : 2 * check_h + gap);
    y = ev_palette(app, st, v, a, y, gap, px, (a.y + a.h - y - below - 2 * gap) / 2) + gap;
    static const int row1[3] = {EC_CLEAR, EC_START, EC_FLIP};
    ev_row(v, app, row1, 3, (SDL_Rect){a.x, y, a.w, btn_h}, small, gap);
    y += btn_h + gap * 2;
    static const int sides[2] = {EC_WHITE_TO_MOVE, EC_BLACK_TO_MOVE};
    ev_row(v, app, sides, 2, (SDL_Rect){a.x, y, a.w, btn_h}, small, gap);
    y += btn_h + gap;
    if (two) {
        y = b.y;
    }
    v->control[EC_OUT_WHITE] = (SDL_Rect){b.x, y, b.w, check_h};
    v->control[EC_OUT_BLACK] = (SDL_Rect){b.x, y + check_h, b.w, check_h};
    v->shown[EC_OUT_WHITE] = v->shown[EC_OUT_BLACK] = true;
    y += 2 * check_h + gap;

    /* The string field with Copy beside it. */
    int copy_w = rb_ui_text_width(app, _(ec_labels[EC_COPY]), small, false) + px * 3 / 2;
    v->control[EC_FIELD] = (SDL_Rect){b.x, y, b.w - copy_w - gap, btn_h};
    v->control[EC_COPY] = (SDL_Rect){b.x + b.w - copy_w, y, copy_w, btn_h};
    v->shown[EC_FIELD] = v->shown[EC_COPY] = true;
    y += btn_h + gap * 2;

    /* Play and Analyse, then Cancel, at the bottom. */
    int bottom = b.y + b.h;
    static const int play[2] = {EC_PLAY, EC_ANALYSE};
    ev_row(v, app, play, 2, (SDL_Rect){b.x, bottom - 2 * btn_h - gap, b.w, btn_h}, small, gap);
    v->control[EC_CANCEL] = (SDL_Rect){b.x, bottom - btn_h, b.w, btn_h};
    v->shown[EC_CANCEL] = true;

    /* The verdict and, where there is room, what the out flag means. */
    int top = bottom - 2 * btn_h - 2 * gap;
    SDL_Rect clip = {b.x, y, b.w, top - y > 0 ? top - y : 0};
    SDL_RenderSetClipRect(app->renderer, &clip);
    y = ev_verdict(app, st, b, y, px) + gap;
    const char *about = _("A king's out flag is set once it has left its start line clockwise; only then does "
                          "reaching the enemy throne (d6 for White, d2 for Black) win.");
    if (y + rb_ui_text_wrapped_height(app, about, small * 7 / 8, false, b.w) <= top) {
        rb_ui_text_draw_wrapped(app, about, small * 7 / 8, false, t->text_dim, b.x, y, b.w);
    }
    SDL_RenderSetClipRect(app->renderer, NULL);

    for (int i = 0; i < EC_COUNT; i++) {
        if (!v->shown[i]) {
            continue;
        }
        SDL_Rect r = v->control[i];
        bool hot = ed->hover_control == i;
        const char *label = _(ec_labels[i]);
        switch ((ec_control)i) {
        case EC_WHITE_TO_MOVE:
        case EC_BLACK_TO_MOVE:
            rb_ui_widget_choice(app, r, label, small, ed->pos.side == (i == EC_BLACK_TO_MOVE), hot);
            break;
        case EC_OUT_WHITE:
        case EC_OUT_BLACK:
            rb_ui_widget_check(app, r, label, small, ed->pos.out & rb_out_flag(i == EC_OUT_WHITE ? RB_WHITE : RB_BLACK),
                               hot);
            break;
        case EC_FIELD:
            if (ed->field_focus) {
                rb_ui_widget_edit(app, r, ed->text, small, true, ed->caret, ed->anchor);
            } else {
                rb_ui_widget_field(app, r, ed->text, small, false);
            }
            if (ed->field_error[0]) {
                rb_ui_draw_frame(app->renderer, r, px / 8 + 1, ev_red(app));
            }
            break;
        default: rb_ui_widget_button(app, r, label, small, v->enabled[i], hot, i == EC_PLAY); break;
        }
    }
}

/* ---- input -------------------------------------------------------------- */

static rb_ui_cmd ev_put(int sq, rb_piece piece, int from)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_EDITOR_PUT);
    cmd.editor_put.sq = sq;
    cmd.editor_put.piece = piece;
    cmd.editor_put.from = from;
    return cmd;
}

static rb_ui_cmd ev_play(const rb_ui_state *st)
{
    if (!rb_ui_state_editor_playable(st)) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    cmd.open_dialog.dialog = RB_UI_DIALOG_NEW_GAME; /* it starts the game from the editor's position */
    return cmd;
}

/* The analysis board over the editor, on its position. What is in hand
 * goes back and the field lets go first, as the board comes back to the
 * editor with nothing half done. */
static rb_ui_cmd ev_analyse(rb_ui_state *st)
{
    if (rb_ui_state_editor_can_analyse(st, NULL, 0)) {
        st->editor.hand = RB_UI_EDITOR_IDLE;
        st->editor.field_focus = false;
    }
    return rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_OVER_EDITOR);
}

static rb_ui_cmd ev_click(rb_ui_state *st, int id)
{
    rb_ui_editor_state *ed = &st->editor;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    switch ((ec_control)id) {
    case EC_CLEAR: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_CLEAR);
    case EC_START: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_START);
    case EC_FLIP: return rb_ui_cmd_of(RB_UI_CMD_FLIP);
    case EC_WHITE_TO_MOVE:
    case EC_BLACK_TO_MOVE:
        cmd.kind = RB_UI_CMD_EDITOR_SIDE;
        cmd.editor_side.color = id == EC_BLACK_TO_MOVE ? RB_BLACK : RB_WHITE;
        return cmd;
    case EC_OUT_WHITE:
    case EC_OUT_BLACK:
        cmd.kind = RB_UI_CMD_EDITOR_OUT;
        cmd.editor_out.color = id == EC_OUT_BLACK ? RB_BLACK : RB_WHITE;
        cmd.editor_out.on = !(ed->pos.out & rb_out_flag(cmd.editor_out.color));
        return cmd;
    case EC_FIELD: return cmd; /* focused on the press */
    case EC_COPY: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_COPY);
    case EC_PLAY: return ev_play(st);
    case EC_ANALYSE: return ev_analyse(st);
    case EC_CANCEL: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_LEAVE);
    case EC_COUNT: break;
    }
    return cmd;
}

static rb_ui_edit ev_edit(rb_ui_editor_state *ed)
{
    return (rb_ui_edit){ed->text, sizeof ed->text, &ed->caret, &ed->anchor};
}

static rb_ui_cmd ev_text_changed(rb_ui_editor_state *ed)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_EDITOR_TEXT);
    cmd.editor_text.text = ed->text; /* read at once by the apply that follows */
    return cmd;
}

static void ev_focus(rb_ui_editor_state *ed, bool on)
{
    if (on == ed->field_focus) {
        return;
    }
    ed->field_focus = on;
    if (on) {
        rb_ui_textedit_select_all(ev_edit(ed)); /* typing or pasting replaces it */
        SDL_StartTextInput();
    } else {
        ed->anchor = ed->caret;
    }
}

/* A key while the string field has the keyboard. */
static rb_ui_cmd ev_field_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_editor_state *ed = &app->state.editor;
    rb_ui_edit e = ev_edit(ed);
    SDL_Keycode key = k->keysym.sym;
    bool shift = k->keysym.mod & KMOD_SHIFT, ctrl = k->keysym.mod & KMOD_CTRL;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = true;
    if (ctrl) {
        int from, to;
        switch (key) {
        case SDLK_a: rb_ui_textedit_select_all(e); return none;
        case SDLK_v: {
            char *clip = app->clip_get ? app->clip_get() : NULL;
            bool changed = clip && rb_ui_textedit_insert(e, clip);
            SDL_free(clip);
            return changed ? ev_text_changed(ed) : none;
        }
        case SDLK_c:
        case SDLK_x:
            if (!rb_ui_textedit_selection(e, &from, &to)) {
                return key == SDLK_c ? rb_ui_cmd_of(RB_UI_CMD_EDITOR_COPY) : none;
            }
            {
                char part[RB_UI_EDITOR_TEXT_MAX];
                snprintf(part, sizeof part, "%.*s", to - from, ed->text + from);
                if (app->clip_set) {
                    app->clip_set(part);
                }
            }
            return key == SDLK_x && rb_ui_textedit_delete(e, -1) ? ev_text_changed(ed) : none;
        default:
            *used = false; /* the window's shortcuts */
            return none;
        }
    }
    switch (key) {
    case SDLK_LEFT: rb_ui_textedit_move(e, -1, shift); return none;
    case SDLK_RIGHT: rb_ui_textedit_move(e, 1, shift); return none;
    case SDLK_HOME: rb_ui_textedit_move(e, -2, shift); return none;
    case SDLK_END: rb_ui_textedit_move(e, 2, shift); return none;
    case SDLK_BACKSPACE:
    case SDLK_DELETE: return rb_ui_textedit_delete(e, key == SDLK_DELETE ? 1 : -1) ? ev_text_changed(ed) : none;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_ESCAPE:
    case SDLK_TAB: ev_focus(ed, false); return none;
    default: return none; /* letters arrive as text */
    }
}

static rb_ui_cmd ev_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_editor_state *ed = &st->editor;
    SDL_Keycode key = k->keysym.sym;
    bool ctrl = k->keysym.mod & KMOD_CTRL;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (ed->field_focus) {
        rb_ui_cmd cmd = ev_field_key(app, k, used);
        if (*used) {
            return cmd;
        }
    }
    *used = true;
    if (ctrl) {
        switch (key) {
        case SDLK_e: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_LEAVE);
        case SDLK_c: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_COPY);
        case SDLK_v: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_PASTE);
        case SDLK_n: return ev_play(st);
        case SDLK_f:
        case SDLK_q:
        case SDLK_COMMA: *used = false; return none; /* flip, quit, settings */
        default: return none;
        }
    }
    switch (key) {
    case SDLK_ESCAPE:
        if (ed->hand != RB_UI_EDITOR_IDLE) {
            ed->hand = RB_UI_EDITOR_IDLE; /* the piece in hand goes back */
            return none;
        }
        if (ed->brush) {
            ed->brush = RB_EMPTY;
            return none;
        }
        return rb_ui_cmd_of(RB_UI_CMD_EDITOR_LEAVE);
    case SDLK_F5: return ev_analyse(st);
    case SDLK_TAB: ev_focus(ed, true); return none; /* the string field, selected */
    case SDLK_F1: *used = false; return none;       /* help */
    default: return none;
    }
}

static int ev_control_at(const struct rb_ui_editor_view *v, int x, int y)
{
    return rb_ui_view_kit_button_at(v->control, v->shown, EC_COUNT, x, y);
}

static int ev_palette_at(const struct rb_ui_editor_view *v, int x, int y)
{
    for (int i = 0; i < EV_PALETTE; i++) {
        if (rb_ui_widget_point_in(v->palette[i], x, y)) {
            return i;
        }
    }
    return -1;
}

/* The piece in hand let go at (x, y). */
static rb_ui_cmd ev_release(rb_app *app, int x, int y)
{
    rb_ui_editor_state *ed = &app->state.editor;
    bool dragged = ed->hand == RB_UI_EDITOR_DRAGGING;
    ed->hand = RB_UI_EDITOR_IDLE;
    int sq = rb_ui_view_board_square_at(app, x, y);
    if (dragged) {
        if (sq >= 0) {
            return ev_put(sq, ed->held, ed->held_from); /* put, or moved */
        }
        if (ed->held_from >= 0) {
            return ev_put(ed->held_from, RB_EMPTY, -1); /* dragged off the board */
        }
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    /* A click: the palette's piece becomes the brush (or stops being it);
     * a board piece clicked with a brush in hand is replaced by it. */
    if (ed->held_from < 0) {
        ed->brush = ed->brush == ed->held ? RB_EMPTY : ed->held;
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (ed->brush && ed->brush != ed->held) {
        return ev_put(ed->held_from, ed->brush, -1);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

static rb_ui_cmd ev_press(rb_app *app, struct rb_ui_editor_view *v, int x, int y)
{
    rb_ui_editor_state *ed = &app->state.editor;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    int control = ev_control_at(v, x, y);
    ev_focus(ed, control == EC_FIELD);
    if (control >= 0) {
        ed->pressed_control = control;
        return none;
    }
    int cell = ev_palette_at(v, x, y), sq = rb_ui_view_board_square_at(app, x, y);
    rb_piece on_board = sq >= 0 ? ed->pos.board[sq] : RB_EMPTY;
    if (cell < 0 && on_board == RB_EMPTY) {
        /* An empty square with a brush in hand gets its piece. */
        return sq >= 0 && ed->brush ? ev_put(sq, ed->brush, -1) : none;
    }
    ed->hand = RB_UI_EDITOR_PRESSED;
    ed->held = cell >= 0 ? ev_palette_piece(cell) : on_board;
    ed->held_from = cell >= 0 ? -1 : sq;
    ed->press_x = ed->drag_x = x;
    ed->press_y = ed->drag_y = y;
    return none;
}

rb_ui_cmd rb_ui_editor_view_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_editor_state *ed = &st->editor;
    struct rb_ui_editor_view *v = ev_get(app);
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = true;
    if (!v) {
        return none;
    }
    if (ev->type == SDL_KEYDOWN) {
        return ev_key(app, &ev->key, used);
    }
    if (ev->type == SDL_TEXTINPUT) {
        if (ed->field_focus && rb_ui_textedit_insert(ev_edit(ed), ev->text.text)) {
            return ev_text_changed(ed);
        }
        return none;
    }
    if (ev->type == SDL_WINDOWEVENT && ev->window.event == SDL_WINDOWEVENT_LEAVE) {
        ed->hover = -1;
        ed->hover_control = -1;
        return none;
    }
    int x, y;
    if (!rb_ui_view_kit_pointer(ev, &x, &y)) {
        *used = ev->type == SDL_MOUSEWHEEL;
        return none;
    }
    ed->hover = rb_ui_view_board_square_at(app, x, y);
    ed->hover_control = ed->hand == RB_UI_EDITOR_IDLE ? ev_control_at(v, x, y) : -1;
    if (ev->type == SDL_MOUSEMOTION) {
        if (ed->hand == RB_UI_EDITOR_PRESSED && abs(x - ed->press_x) + abs(y - ed->press_y) > RB_UI_DRAG_SLOP) {
            ed->hand = RB_UI_EDITOR_DRAGGING;
        }
        ed->drag_x = x;
        ed->drag_y = y;
        return none;
    }
    Uint8 button = ev->button.button;
    if (ev->type == SDL_MOUSEBUTTONDOWN && button == SDL_BUTTON_RIGHT) {
        /* The right button takes a piece off, or drops what is in hand. */
        if (ed->hand != RB_UI_EDITOR_IDLE) {
            ed->hand = RB_UI_EDITOR_IDLE;
            return none;
        }
        if (ed->hover >= 0 && ed->pos.board[ed->hover]) {
            return ev_put(ed->hover, RB_EMPTY, -1);
        }
        ed->brush = RB_EMPTY;
        return none;
    }
    if (button != SDL_BUTTON_LEFT) {
        return none;
    }
    if (ev->type == SDL_MOUSEBUTTONDOWN) {
        return ev_press(app, v, x, y);
    }
    /* Let go. */
    if (ed->hand != RB_UI_EDITOR_IDLE) {
        return ev_release(app, x, y);
    }
    int b = rb_ui_view_kit_release(&ed->pressed_control, ev_control_at(v, x, y), v->enabled);
    return b >= 0 ? ev_click(st, b) : none;
}
