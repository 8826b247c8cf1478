/*
 * input.c - the board's input state machine.
 *
 *   IDLE --press on own piece--> PRESSED --moves 3 px--> DRAGGING
 *   PRESSED --release--> SELECTED (or IDLE when the piece was already
 *   selected: a second click cancels)
 *   SELECTED --press on a destination--> move played (click-to-move)
 *   DRAGGING --release on a destination--> move played; elsewhere the
 *   piece snaps back and stays selected
 *   any --Esc or right button--> IDLE
 *   a promotion, however chosen, opens the chooser: PROMOTING
 * Click-to-move and drag-and-drop are both always on. Moves are looked up
 * among the legal moves the rules library gave for the selected square.
 */
#include "input.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "anim.h"
#include "view.h"

bool rb_ui_input_can_move(const rb_app *app)
{
    const rb_game *g = &app->state.game;
    if (app->state.browsing || rb_game_ending(g) != RB_END_NONE || rb_ui_app_computer_to_move(app))
        return false;
    return rb_pos_status(rb_game_pos(g)) == RB_ONGOING;
}

void rb_ui_input_cancel(rb_app *app)
{
    rb_ui_input *in = &app->state.input;
    if (in->state != RB_UI_IDLE || in->sel >= 0 || in->ntyped)
        app->dirty = true;
    in->state = RB_UI_IDLE;
    in->sel = -1;
    in->sel_was_selected = false;
    in->moves.count = 0;
    in->promo_to = -1;
    in->promo_hover = 0;
    in->ntyped = 0;
    in->typed[0] = 0;
}

bool rb_ui_input_select(rb_app *app, int sq)
{
    const rb_pos *pos = rb_ui_app_pos(app);
    if (sq < 0 || !rb_ui_input_can_move(app))
        return false;
    rb_piece p = pos->board[sq];
    if (!p || RB_COLOR(p) != pos->side)
        return false;
    rb_ui_input *in = &app->state.input;
    in->sel = sq;
    rb_gen_legal_from(pos, sq, &in->moves);
    in->state = RB_UI_SELECTED;
    app->dirty = true;
    return true;
}

rb_move rb_ui_input_move_to(const rb_app *app, int to)
{
    const rb_ui_input *in = &app->state.input;
    if (in->sel < 0 || to < 0)
        return RB_MOVE_NONE;
    for (int i = 0; i < in->moves.count; i++)
        if (RB_MOVE_TO(in->moves.moves[i]) == to)
            return in->moves.moves[i];
    return RB_MOVE_NONE;
}

void rb_ui_input_pointer(rb_app *app, int x, int y)
{
    rb_ui_input *in = &app->state.input;
    int sq = rb_ui_app_square_at(app, x, y);
    if (sq != in->hover)
        app->dirty = true;
    in->hover = sq;
    in->ptr_x = x;
    in->ptr_y = y;
    if (in->state == RB_UI_PROMOTING) {
        SDL_Rect cells[2];
        SDL_Point p = { x, y };
        rb_ui_view v = rb_ui_view_of(app);
        rb_ui_view_chooser(&v, in->promo_to, cells);
        int h = SDL_PointInRect(&p, &cells[0]) ? RB_ROOK : SDL_PointInRect(&p, &cells[1]) ? RB_BISHOP : 0;
        if (h != in->promo_hover)
            app->dirty = true;
        in->promo_hover = h;
    }
}

/* Plays the selected piece's move to to; a promotion opens the chooser.
 * Returns false when to is not a destination. */
static bool try_move(rb_app *app, int to)
{
    rb_move m = rb_ui_input_move_to(app, to);
    if (m == RB_MOVE_NONE)
        return false;
    if (RB_MOVE_PROMO(m)) {
        app->state.input.state = RB_UI_PROMOTING;
        app->state.input.promo_to = to;
        app->state.input.promo_hover = 0;
        rb_ui_app_message(app, false, "Promote to a rook or a bishop: click one, or press R or B. Esc cancels.");
        return true;
    }
    rb_ui_input_cancel(app);
    rb_ui_app_play(app, m);
    return true;
}

static void promote(rb_app *app, int type)
{
    const rb_pos *pos = rb_ui_app_pos(app);
    rb_move m = rb_move_find(pos, app->state.input.sel, app->state.input.promo_to, type);
    rb_ui_input_cancel(app);
    if (m != RB_MOVE_NONE)
        rb_ui_app_play(app, m);
}

static void press(rb_app *app, int x, int y)
{
    rb_ui_input *in = &app->state.input;
    rb_ui_anim_stop(app);
    rb_ui_input_pointer(app, x, y);
    if (in->state == RB_UI_PROMOTING) {
        if (in->promo_hover)
            promote(app, in->promo_hover);
        else
            rb_ui_input_cancel(app);
        return;
    }
    int sq = in->hover;
    const rb_pos *pos = rb_ui_app_pos(app);
    if (app->state.browsing && sq >= 0 && pos->board[sq]) {
        rb_ui_app_message(app, false, "This is an earlier position. Press End to go back to the game.");
        return;
    }
    if (in->sel >= 0 && sq >= 0 && sq != in->sel && try_move(app, sq))
        return;
    bool again = in->sel == sq && in->state == RB_UI_SELECTED;
    if (sq >= 0 && pos->board[sq] && RB_COLOR(pos->board[sq]) == pos->side && rb_ui_input_select(app, sq)) {
        in->state = RB_UI_PRESSED;
        in->sel_was_selected = again;
        in->press_x = x;
        in->press_y = y;
        return;
    }
    rb_ui_input_cancel(app);
}

static void release(rb_app *app, int x, int y)
{
    rb_ui_input *in = &app->state.input;
    rb_ui_input_pointer(app, x, y);
    if (in->state == RB_UI_DRAGGING) {
        int sq = in->hover;
        if (sq != in->sel && try_move(app, sq))
            return;
        in->state = RB_UI_SELECTED; /* snap back, still selected */
        app->dirty = true;
    } else if (in->state == RB_UI_PRESSED) {
        if (in->sel_was_selected)
            rb_ui_input_cancel(app);
        else
            in->state = RB_UI_SELECTED;
        app->dirty = true;
    }
}

static void motion(rb_app *app, int x, int y)
{
    rb_ui_input *in = &app->state.input;
    rb_ui_input_pointer(app, x, y);
    if (in->state == RB_UI_PRESSED && (abs(x - in->press_x) > RB_UI_DRAG_SLOP || abs(y - in->press_y) > RB_UI_DRAG_SLOP))
        in->state = RB_UI_DRAGGING;
    if (in->state == RB_UI_DRAGGING)
        app->dirty = true;
}

/* Typed coordinate moves: "c2b3" plays as soon as it is complete; a
 * promotion waits for its letter ("d6e6r"); Enter plays what is typed,
 * Backspace edits. */
static bool typed_key(rb_app *app, SDL_Keycode key)
{
    rb_ui_input *in = &app->state.input;
    if (key == SDLK_BACKSPACE && in->ntyped > 0) {
        in->typed[--in->ntyped] = 0;
        app->dirty = true;
        return true;
    }
    bool enter = key == SDLK_RETURN || key == SDLK_KP_ENTER;
    if (!enter) {
        if (key > 127 || !isalnum((int)key))
            return false;
        char ch = (char)tolower((int)key);
        bool ok = in->ntyped == 0 || in->ntyped == 2 ? (ch >= 'a' && ch <= 'g')
                : in->ntyped == 1 || in->ntyped == 3 ? (ch >= '1' && ch <= '7')
                : in->ntyped == 4 ? (ch == 'r' || ch == 'b')
                : false;
        if (!ok) {
            rb_ui_app_message(app, false, "Type a move as from-square and to-square, like c2b3");
            in->ntyped = 0;
            in->typed[0] = 0;
            app->dirty = true;
            return true;
        }
        in->typed[in->ntyped++] = ch;
        in->typed[in->ntyped] = 0;
        app->dirty = true;
    }
    if (in->ntyped < 4 || !rb_ui_input_can_move(app))
        return true;
    const rb_pos *pos = rb_ui_app_pos(app);
    int from = rb_sq_parse(in->typed), to = rb_sq_parse(in->typed + 2);
    rb_movelist list;
    bool promo = false;
    if (from >= 0 && pos->board[from] && RB_COLOR(pos->board[from]) == pos->side) {
        rb_gen_legal_from(pos, from, &list);
        for (int i = 0; i < list.count; i++)
            if (RB_MOVE_TO(list.moves[i]) == to && RB_MOVE_PROMO(list.moves[i]))
                promo = true;
    }
    if (promo && in->ntyped == 4 && !enter)
        return true; /* wait for r or b */
    char err[160];
    rb_move m;
    char text[8];
    SDL_strlcpy(text, in->typed, sizeof text);
    if (rb_move_parse_coord(pos, text, &m, err, sizeof err) != 0) {
        if (promo && in->ntyped == 4) {
            /* Enter on a promotion without its letter: show the chooser */
            rb_ui_input_cancel(app);
            if (rb_ui_input_select(app, from))
                try_move(app, to);
            return true;
        }
        rb_ui_app_message(app, false, "%s: %s", text, err);
        rb_ui_input_cancel(app);
        return true;
    }
    rb_ui_input_cancel(app);
    rb_ui_app_play(app, m);
    return true;
}

bool rb_ui_input_event(rb_app *app, const SDL_Event *ev)
{
    rb_ui_input *in = &app->state.input;
    switch (ev->type) {
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button == SDL_BUTTON_LEFT)
            press(app, ev->button.x, ev->button.y);
        else if (ev->button.button == SDL_BUTTON_RIGHT)
            rb_ui_input_cancel(app);
        return true;
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button == SDL_BUTTON_LEFT)
            release(app, ev->button.x, ev->button.y);
        return true;
    case SDL_MOUSEMOTION:
        motion(app, ev->motion.x, ev->motion.y);
        return true;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_LEAVE && in->state != RB_UI_DRAGGING) {
            if (in->hover >= 0)
                app->dirty = true;
            in->hover = -1;
        }
        return false;
    case SDL_KEYDOWN: {
        SDL_Keycode key = ev->key.keysym.sym;
        if (ev->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))
            return false;
        if (key == SDLK_ESCAPE) {
            bool had = in->state != RB_UI_IDLE || in->ntyped;
            rb_ui_input_cancel(app);
            return had;
        }
        if (in->state == RB_UI_PROMOTING && (key == SDLK_r || key == SDLK_b)) {
            promote(app, key == SDLK_r ? RB_ROOK : RB_BISHOP);
            return true;
        }
        return typed_key(app, key);
    }
    default:
        return false;
    }
}
