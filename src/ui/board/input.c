/*
 * input.c - the board's input state machine.
 *
 *   IDLE --press on own piece--> PRESSED --moves 3 px--> DRAGGING
 *   PRESSED --release--> SELECTED (or IDLE when the piece was already
 *   selected: a second click cancels)
 *   SELECTED --press on a destination--> move played (click-to-move)
 *   DRAGGING --release on a destination--> move played; elsewhere the
 *   piece snaps back and stays selected
 *   any --Esc or right button--> IDLE (a premove dropped too)
 *   a promotion, however chosen, opens the chooser: PROMOTING
 * An attempt the rules refuse is explained (RB_UI_CMD_EXPLAIN, which also
 * sounds the refusal): the selected piece clicked or dropped on any square
 * that is not one of its destinations (a click on another piece of one's
 * own selects that piece instead), and a typed move that is not legal
 * (RB_UI_CMD_ILLEGAL when the text names no squares).
 * During the computer's turn the same clicks and drags choose one premove
 * (settings.premoves): the person's pieces are picked, their moves shown as
 * if it were their turn, and the move is kept in st->premove until the
 * turn comes (pace.c); a click elsewhere drops it.
 * Click-to-move and drag-and-drop are both always on. Moves are looked up
 * among the legal moves the rules library gave for the selected square.
 *
 * This is the board view's input half: it changes only the input state
 * (selection, drag, chooser, typed text) and hands a move on as a command;
 * playing it is rb_ui_apply()'s.
 */
#include "board/input.h"
#include "words/i18n.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "board/anim.h"
#include "board/explain.h"
#include "words/message_words.h"
#include "board/view.h"

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
    in->premove_select = false;
}

void rb_ui_input_forget_typed(rb_ui_input *in)
{
    in->ntyped = 0;
    in->typed[0] = 0;
}

/* Picks the person's piece on sq during the computer's turn: its moves are
 * listed as if it were the person's turn now (the computer's move may yet
 * change them; the premove is checked again when it is played). */
static bool select_premove(rb_ui_state *st, int sq)
{
    if (sq < 0 || !rb_ui_state_premove_allowed(st)) {
        return false;
    }
    rb_pos pos = *rb_ui_state_live_pos(st);
    rb_piece p = pos.board[sq];
    if (!p || RB_COLOR(p) == pos.side) {
        return false;
    }
    pos.side ^= 1;
    rb_ui_input *in = &st->input;
    rb_gen_legal_from(&pos, sq, &in->moves);
    in->sel = sq;
    in->state = RB_UI_SELECTED;
    in->premove_select = true;
    return true;
}

bool rb_ui_input_select(rb_ui_state *st, int sq)
{
    const rb_pos *pos = rb_ui_state_pos(st);
    if (sq < 0 || !rb_ui_state_can_move(st)) {
        return false;
    }
    rb_piece p = pos->board[sq];
    if (!p || RB_COLOR(p) != pos->side) {
        return false;
    }
    rb_ui_input *in = &st->input;
    in->sel = sq;
    rb_gen_legal_from(pos, sq, &in->moves);
    rb_ui_state_status_forget(st, RB_UI_STATUS_REFUSED); /* the next try */
    in->state = RB_UI_SELECTED;
    return true;
}

rb_move rb_ui_input_move_to(const rb_ui_input *in, int to)
{
    if (in->sel < 0 || to < 0) {
        return RB_MOVE_NONE;
    }
    for (int i = 0; i < in->moves.count; i++) {
        if (RB_MOVE_TO(in->moves.moves[i]) == to) {
            return in->moves.moves[i];
        }
    }
    return RB_MOVE_NONE;
}

void rb_ui_input_pointer(rb_app *app, int x, int y)
{
    rb_ui_input *in = &app->state.input;
    in->hover = rb_ui_view_board_square_at(app, x, y);
    if (in->state == RB_UI_DRAGGING) {
        in->drag_x = x;
        in->drag_y = y;
    }
    if (in->state == RB_UI_PROMOTING) {
        SDL_Rect cells[2];
        SDL_Point p = {x, y};
        rb_ui_view v = rb_ui_view_of(app);
        rb_ui_view_chooser(&v, in->promo_to, cells);
        in->promo_hover = SDL_PointInRect(&p, &cells[0]) ? RB_ROOK : SDL_PointInRect(&p, &cells[1]) ? RB_BISHOP : 0;
    }
}

static rb_ui_cmd play(rb_move m)
{
    return m == RB_MOVE_NONE ? rb_ui_cmd_of(RB_UI_CMD_NONE) : rb_ui_cmd_play(m);
}

void rb_ui_input_set_premove(rb_ui_state *st, rb_move m)
{
    char text[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(m, text);
    st->premove = m;
    /* TRANSLATORS: %s is a move, like c2b3 */
    rb_ui_state_say(st, false, _("Premove %s: played when your turn comes. A right click or Esc cancels it."), text);
}

static void drop_premove(rb_ui_state *st)
{
    if (st->premove == RB_MOVE_NONE) {
        return;
    }
    st->premove = RB_MOVE_NONE;
    rb_ui_state_say(st, false, "%s", _("Premove cancelled."));
}

void rb_ui_input_promote_to(rb_ui_state *st, int to)
{
    rb_ui_input *in = &st->input;
    in->state = RB_UI_PROMOTING;
    in->promo_to = to;
    in->promo_hover = 0;
    rb_ui_state_say(st, false, "%s", _("Promote to a rook or a bishop: click one, or press R or B. Esc cancels."));
}

/* The selected piece's move to to: a command to play it, or, for a
 * promotion, the chooser opened; during the computer's turn, the premove
 * set (a promotion chooses its piece when it is played). Returns false
 * when to is not a destination. */
bool rb_ui_input_try(rb_ui_state *st, int to, rb_ui_cmd *out)
{
    rb_ui_input *in = &st->input;
    rb_move m = rb_ui_input_move_to(in, to);
    if (m == RB_MOVE_NONE) {
        return false;
    }
    if (in->premove_select) {
        rb_ui_input_cancel(in);
        rb_ui_input_set_premove(st, m);
        return true;
    }
    if (RB_MOVE_PROMO(m)) {
        rb_ui_input_promote_to(st, to);
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
        if (in->promo_hover) {
            return promote(st, in->promo_hover);
        }
        rb_ui_input_cancel(in);
        return cmd;
    }
    /* A move made with the mouse leaves no typed text behind. */
    rb_ui_input_forget_typed(in);
    int sq = in->hover;
    const rb_pos *pos = rb_ui_state_pos(st);
    if (st->browsing && sq >= 0 && pos->board[sq]) {
        rb_ui_state_say(st, false, "%s", _("This is an earlier position. Press End to go back to the game."));
        return cmd;
    }
    bool tried = in->sel >= 0 && sq >= 0 && sq != in->sel;
    if (tried && rb_ui_input_try(st, sq, &cmd)) {
        return cmd;
    }
    bool again = in->sel == sq && in->state == RB_UI_SELECTED;
    /* During the computer's turn a click on the person's own piece starts
     * a premove; a click anywhere else drops the one set. */
    if (rb_ui_state_premove_allowed(st)) {
        drop_premove(st);
        if (select_premove(st, sq)) {
            in->state = RB_UI_PRESSED;
            in->sel_was_selected = again;
            in->press_x = x;
            in->press_y = y;
            return cmd;
        }
        rb_ui_input_cancel(in);
        return cmd;
    }
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
        if (sq != in->sel && rb_ui_input_try(st, sq, &cmd)) {
            return cmd;
        }
        in->state = RB_UI_SELECTED; /* snap back, still selected */
        if (sq >= 0 && sq != in->sel) {
            return rb_ui_explain_cmd(in->sel, sq, 0);
        }
    } else if (in->state == RB_UI_PRESSED) {
        if (in->sel_was_selected) {
            rb_ui_input_cancel(in);
        } else {
            in->state = RB_UI_SELECTED;
        }
    }
    return cmd;
}

static void motion(rb_app *app, int x, int y)
{
    rb_ui_input *in = &app->state.input;
    if (in->state == RB_UI_PRESSED &&
        (abs(x - in->press_x) > RB_UI_DRAG_SLOP || abs(y - in->press_y) > RB_UI_DRAG_SLOP)) {
        in->state = RB_UI_DRAGGING;
    }
    rb_ui_input_pointer(app, x, y);
}

/* Whether ch may stand at place i of a typed move. */
static bool typed_fits(int i, char ch)
{
    switch (i) {
    case 0:
    case 2: return ch >= 'a' && ch <= 'g';
    case 1:
    case 3: return ch >= '1' && ch <= '7';
    case 4: return ch == 'r' || ch == 'b';
    default: return false;
    }
}

/* The piece type a typed move's fifth letter asks for, or 0. */
static int typed_promo(const char *text)
{
    return text[4] == 'r' ? RB_ROOK : text[4] == 'b' ? RB_BISHOP : 0;
}

/* Typed coordinate moves: "c2b3" plays as soon as it is complete; a
 * promotion waits for its letter ("d6e6r"); Enter plays what is typed,
 * Backspace edits. A letter that does not fit where it is typed but can
 * start a move starts one, so a stray key never leaves a half move hidden
 * in front of the next. During the computer's turn the move becomes the
 * premove. */
static rb_ui_cmd typed_key(rb_app *app, SDL_Keycode key)
{
    rb_ui_state *st = &app->state;
    rb_ui_input *in = &st->input;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (key == SDLK_BACKSPACE && in->ntyped > 0) {
        rb_ui_state_status_forget(st, RB_UI_STATUS_REFUSED);
        in->typed[--in->ntyped] = 0;
        in->typed_ms = rb_ui_window_now(app);
        return cmd;
    }
    bool enter = key == SDLK_RETURN || key == SDLK_KP_ENTER;
    if (!enter) {
        if (key > 127 || !isalnum((int)key)) {
            return cmd;
        }
        char ch = (char)tolower((int)key);
        if (!typed_fits(in->ntyped, ch)) {
            rb_ui_input_forget_typed(in);
            if (!typed_fits(0, ch)) {
                rb_ui_state_say(st, false, "%s", _("Type a move as from-square and to-square, like c2b3"));
                return cmd;
            }
        }
        rb_ui_state_status_forget(st, RB_UI_STATUS_REFUSED); /* the next try */
        in->typed[in->ntyped++] = ch;
        in->typed[in->ntyped] = 0;
        in->typed_ms = rb_ui_window_now(app);
    }
    if (in->ntyped < 4) {
        return cmd;
    }
    bool can = rb_ui_state_can_move(st);
    if (!can && !rb_ui_state_premove_allowed(st)) {
        /* TRANSLATORS: %s is what was typed, like c2b3 */
        rb_ui_state_say(st, false, _("%s: it is not your move now."), in->typed);
        rb_ui_input_forget_typed(in);
        return cmd;
    }
    bool wants_letter;
    rb_move m = rb_ui_state_typed_move(st, &wants_letter);
    if (wants_letter && !enter) {
        return cmd; /* wait for r or b */
    }
    char text[8];
    SDL_strlcpy(text, in->typed, sizeof text);
    if (!can) {
        rb_ui_input_cancel(in);
        if (m == RB_MOVE_NONE) {
            rb_ui_state_say(st, false, _("%s: your piece cannot go there."), text);
        } else {
            rb_ui_input_set_premove(st, m);
        }
        return cmd;
    }
    const rb_pos *pos = rb_ui_state_pos(st);
    rb_message why;
    if (rb_move_parse_coord_why(pos, text, &m, &why) != 0) {
        if (wants_letter) {
            /* Enter on a promotion without its letter: show the chooser */
            rb_ui_input_cancel(in);
            if (rb_ui_input_select(st, rb_sq_parse(text))) {
                rb_ui_input_try(st, rb_sq_parse(text + 2), &cmd);
            }
            return cmd;
        }
        rb_ui_input_cancel(in);
        int from = rb_sq_parse(text), to = rb_sq_parse(text + 2);
        rb_explanation e;
        if (from >= 0 && to >= 0 && rb_explain_move(pos, from, to, typed_promo(text), &e) == 0 &&
            e.reason != RB_EXPLAIN_LEGAL) {
            /* The rules' explanation, said once with the move as typed, and
             * shown on the board. */
            rb_ui_explain_say_refused(st, text, &e);
            return rb_ui_explain_cmd(from, to, typed_promo(text));
        }
        char err[RB_UI_MESSAGE_TEXT_MAX];
        rb_ui_message_words_text(&why, err, sizeof err);
        /* a square that is none, like the hole's: the reading's own words */
        rb_ui_state_say(st, false, _("%s: %s"), text, err);
        return rb_ui_cmd_of(RB_UI_CMD_ILLEGAL);
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
        if (ev->button.button == SDL_BUTTON_LEFT) {
            return press(app, ev->button.x, ev->button.y);
        }
        if (ev->button.button == SDL_BUTTON_RIGHT) {
            rb_ui_input_cancel(in);
            drop_premove(st);
        }
        return none;
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button == SDL_BUTTON_LEFT) {
            return release(app, ev->button.x, ev->button.y);
        }
        return none;
    case SDL_MOUSEMOTION: motion(app, ev->motion.x, ev->motion.y); return none;
    case SDL_WINDOWEVENT:
        if (ev->window.event == SDL_WINDOWEVENT_LEAVE && in->state != RB_UI_DRAGGING) {
            in->hover = -1;
        }
        return none;
    case SDL_KEYDOWN: {
        SDL_Keycode key = ev->key.keysym.sym;
        if (ev->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) {
            return none;
        }
        if (key == SDLK_ESCAPE) {
            rb_ui_input_cancel(in);
            drop_premove(st);
            return none;
        }
        if (in->state == RB_UI_PROMOTING && (key == SDLK_r || key == SDLK_b)) {
            return promote(st, key == SDLK_r ? RB_ROOK : RB_BISHOP);
        }
        /* h and t are no square's letter (files a..g): they never clash
         * with a typed move. The threat shows while t is held. */
        if (key == SDLK_h) {
            return ev->key.repeat ? none : rb_ui_cmd_of(RB_UI_CMD_HINT);
        }
        if (key == SDLK_t) {
            rb_ui_cmd threat = rb_ui_cmd_of(RB_UI_CMD_THREAT);
            threat.threat.show = true;
            return ev->key.repeat ? none : threat;
        }
        return typed_key(app, key);
    }
    case SDL_KEYUP:
        if (ev->key.keysym.sym == SDLK_t) {
            return rb_ui_cmd_of(RB_UI_CMD_THREAT); /* off */
        }
        return none;
    default: return none;
    }
}
