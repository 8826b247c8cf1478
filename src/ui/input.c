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
 * An attempt the rules refuse is explained (RB_UI_CMD_EXPLAIN): the
 * selected piece clicked or dropped on any square that is not one of its
 * destinations (a click on another piece of one's own selects that piece
 * instead), and a typed move that is not legal.
 * Click-to-move and drag-and-drop are both always on. Moves are looked up
 * among the legal moves the rules library gave for the selected square.
 *
 * This is the board view's input half: it changes only the input state
 * (selection, drag, chooser, typed text) and hands a move on as a command;
 * playing it is rb_ui_apply()'s.
 */
#include "input.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "anim.h"
#include "explain.h"
#include "view.h"

void rb_ui_input_cancel(rb_ui_input *in)
{
    in->state = RB_UI_IDLE;
    in->sel = -1;
    in->sel_was_selected = false;
    in->moves.count = 0;
    in->promo_to = -1;
    in->promo_hover = 0;
    in->ntyped = 0;
    in->typed[0] = 0;
}

bool rb_ui_input_select(rb_ui_state *st, int sq)
{
    const rb_pos *pos = rb_ui_state_pos(st);
    if (sq < 0 || !rb_ui_state_can_move(st))
        return false;
    rb_piece p = pos->board[sq];
    if (!p || RB_COLOR(p) != pos->side)
        return false;
    rb_ui_input *in = &st->input;
    in->sel = sq;
    rb_gen_legal_from(pos, sq, &in->moves);
    in->state = RB_UI_SELECTED;
    return true;
}

rb_move rb_ui_input_move_to(const rb_ui_input *in, int to)
{
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
    in->hover = rb_ui_app_square_at(app, x, y);
    if (in->state == RB_UI_DRAGGING) {
        in->drag_x = x;
        in->drag_y = y;
    }
    if (in->state == RB_UI_PROMOTING) {
        SDL_Rect cells[2];
        SDL_Point p = { x, y };
        rb_ui_view v = rb_ui_view_of(app);
        rb_ui_view_chooser(&v, in->promo_to, cells);
        in->promo_hover = SDL_PointInRect(&p, &cells[0]) ? RB_ROOK : SDL_PointInRect(&p, &cells[1]) ? RB_BISHOP : 0;
    }
}

static rb_ui_cmd play(rb_move m)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(m == RB_MOVE_NONE ? RB_UI_CMD_NONE : RB_UI_CMD_PLAY);
    cmd.move = m;
    return cmd;
}

/* The selected piece's move to to: a command to play it, or, for a
 * promotion, the chooser opened. Returns false when to is not a
 * destination. */
static bool try_move(rb_ui_state *st, int to, rb_ui_cmd *out)
{
    rb_ui_input *in = &st->input;
    rb_move m = rb_ui_input_move_to(in, to);
    if (m == RB_MOVE_NONE)
        return false;
    if (RB_MOVE_PROMO(m)) {
        in->state = RB_UI_PROMOTING;
        in->promo_to = to;
        in->promo_hover = 0;
        rb_ui_state_say(st, false, "Promote to a rook or a bishop: click one, or press R or B. Esc cancels.");
        return true;
    }
    rb_ui_input_cancel(in);
    *out = play(m);
    return true;
}

static rb_ui_cmd promote(rb_ui_state *st, int type)
{
    rb_move m = rb_move_find(rb_ui_state_pos(st), st->input.sel, st->input.promo_to, type);
    rb_ui_input_cancel(&st->input);
    return play(m);
}

static rb_ui_cmd press(rb_app *app, int x, int y)
{
    rb_ui_state *st = &app->state;
    rb_ui_input *in = &st->input;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_pointer(app, x, y);
    if (in->state == RB_UI_PROMOTING) {
        if (in->promo_hover)
            return promote(st, in->promo_hover);
        rb_ui_input_cancel(in);
        return cmd;
    }
    int sq = in->hover;
    const rb_pos *pos = rb_ui_state_pos(st);
    if (st->browsing && sq >= 0 && pos->board[sq]) {
        rb_ui_state_say(st, false, "This is an earlier position. Press End to go back to the game.");
        return cmd;
    }
    if (in->sel >= 0 && sq >= 0 && sq != in->sel && try_move(st, sq, &cmd))
        return cmd;
    bool again = in->sel == sq && in->state == RB_UI_SELECTED;
    if (sq >= 0 && pos->board[sq] && RB_COLOR(pos->board[sq]) == pos->side && rb_ui_input_select(st, sq)) {
        in->state = RB_UI_PRESSED;
        in->sel_was_selected = again;
        in->press_x = x;
        in->press_y = y;
        return cmd;
    }
    bool attempt = in->sel >= 0 && sq >= 0 && sq != in->sel && in->state == RB_UI_SELECTED;
    int from = in->sel;
    rb_ui_input_cancel(in);
    return attempt ? rb_ui_explain_cmd(from, sq, 0) : cmd;
}

static rb_ui_cmd release(rb_app *app, int x, int y)
{
    rb_ui_state *st = &app->state;
    rb_ui_input *in = &st->input;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    rb_ui_input_pointer(app, x, y);
    if (in->state == RB_UI_DRAGGING) {
        int sq = in->hover;
        if (sq != in->sel && try_move(st, sq, &cmd))
            return cmd;
        in->state = RB_UI_SELECTED; /* snap back, still selected */
        if (sq >= 0 && sq != in->sel)
            return rb_ui_explain_cmd(in->sel, sq, 0);
    } else if (in->state == RB_UI_PRESSED) {
        if (in->sel_was_selected)
            rb_ui_input_cancel(in);
        else
            in->state = RB_UI_SELECTED;
    }
    return cmd;
}

static void motion(rb_app *app, int x, int y)
{
    rb_ui_input *in = &app->state.input;
    if (in->state == RB_UI_PRESSED && (abs(x - in->press_x) > RB_UI_DRAG_SLOP || abs(y - in->press_y) > RB_UI_DRAG_SLOP))
        in->state = RB_UI_DRAGGING;
    rb_ui_input_pointer(app, x, y);
}

/* The piece type a typed move's fifth letter asks for, or 0. */
static int typed_promo(const char *text)
{
    return text[4] == 'r' ? RB_ROOK : text[4] == 'b' ? RB_BISHOP : 0;
}

/* Typed coordinate moves: "c2b3" plays as soon as it is complete; a
 * promotion waits for its letter ("d6e6r"); Enter plays what is typed,
 * Backspace edits. */
static rb_ui_cmd typed_key(rb_ui_state *st, SDL_Keycode key)
{
    rb_ui_input *in = &st->input;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (key == SDLK_BACKSPACE && in->ntyped > 0) {
        in->typed[--in->ntyped] = 0;
        return cmd;
    }
    bool enter = key == SDLK_RETURN || key == SDLK_KP_ENTER;
    if (!enter) {
        if (key > 127 || !isalnum((int)key))
            return cmd;
        char ch = (char)tolower((int)key);
        bool ok = in->ntyped == 0 || in->ntyped == 2 ? (ch >= 'a' && ch <= 'g')
                : in->ntyped == 1 || in->ntyped == 3 ? (ch >= '1' && ch <= '7')
                : in->ntyped == 4 ? (ch == 'r' || ch == 'b')
                : false;
        if (!ok) {
            rb_ui_state_say(st, false, "Type a move as from-square and to-square, like c2b3");
            in->ntyped = 0;
            in->typed[0] = 0;
            return cmd;
        }
        in->typed[in->ntyped++] = ch;
        in->typed[in->ntyped] = 0;
    }
    if (in->ntyped < 4 || !rb_ui_state_can_move(st))
        return cmd;
    const rb_pos *pos = rb_ui_state_pos(st);
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
        return cmd; /* wait for r or b */
    char err[160];
    rb_move m;
    char text[8];
    SDL_strlcpy(text, in->typed, sizeof text);
    if (rb_move_parse_coord(pos, text, &m, err, sizeof err) != 0) {
        if (promo && in->ntyped == 4) {
            /* Enter on a promotion without its letter: show the chooser */
            rb_ui_input_cancel(in);
            if (rb_ui_input_select(st, from))
                try_move(st, to, &cmd);
            return cmd;
        }
        rb_ui_state_say(st, false, "%s: %s", text, err);
        rb_ui_input_cancel(in);
        if (from >= 0 && to >= 0) /* and the rules say why, on the board */
            return rb_ui_explain_cmd(from, to, typed_promo(text));
        return cmd;
    }
    rb_ui_input_cancel(in);
    return play(m);
}

rb_ui_cmd rb_ui_input_event(rb_app *app, const SDL_Event *ev)
{
    rb_ui_state *st = &app->state;
    rb_ui_input *in = &st->input;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    switch (ev->type) {
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button == SDL_BUTTON_LEFT)
            return press(app, ev->button.x, ev->button.y);
        if (ev->button.button == SDL_BUTTON_RIGHT)
            rb_ui_input_cancel(in);
        return none;
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button == SDL_BUTTON_LEFT)
            return release(app, ev->button.x, ev->button.y);
        return none;
    case SDL_MOUSEMOTION:
        motion(app, ev->motion.x, ev->motion.y);
        return none;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_LEAVE && in->state != RB_UI_DRAGGING)
            in->hover = -1;
        return none;
    case SDL_KEYDOWN: {
        SDL_Keycode key = ev->key.keysym.sym;
        if (ev->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))
            return none;
        if (key == SDLK_ESCAPE) {
            rb_ui_input_cancel(in);
            return none;
        }
        if (in->state == RB_UI_PROMOTING && (key == SDLK_r || key == SDLK_b))
            return promote(st, key == SDLK_r ? RB_ROOK : RB_BISHOP);
        return typed_key(st, key);
    }
    default:
        return none;
    }
}
