/*
 * speak_keys.c - the spoken mode's keys: the board walked with a focus
 * square, a piece selected and played from it, and single letters that
 * ask about the position, each answer spoken.
 *
 * Two ways to walk: as on a grid (the arrows go up, down, left and right,
 * over the hole), or along the rings (Left and Right follow the ring
 * counter-clockwise and clockwise, the way the flow runs; Up steps to the
 * inner ring, Down to the outer), which is how Rollerball's pieces think.
 * The letters are none of the files a..g (typed moves keep working), nor
 * h and t (the hint and the threat), nor r and b (promotion): l m k s o v
 * x i z u, Shift with K R B P, and the question mark.
 */
#include "app/speak.h"

#include <stdio.h>
#include <string.h>

#include "board/explain.h"
#include "app/screens.h"
#include "board/input.h"
#include "files/settings.h"
#include "panel/panel.h"
#include "rb_learn.h"
#include "screens/learn/learn.h"
#include "screens/learn/learn_view.h"
#include "state/clock.h"
#include "words/i18n.h"
#include "words/speech_words.h"

#define SPEAK_TOGGLE_KEY SDLK_F6

static bool on_stage(const rb_app *app)
{
    return app->state.learn.mode == RB_UI_LEARN_STAGE && rb_ui_learn_session(app) != NULL;
}

/* The position the focus walks on: the lesson's, or the board's. */
static const rb_pos *shown(const rb_app *app)
{
    return on_stage(app) ? rb_learn_pos(rb_ui_learn_session(app)) : rb_ui_state_pos(&app->state);
}

static rb_ui_speech_verbosity verbosity(const rb_app *app)
{
    return app->state.settings.speech_full ? RB_UI_SPEECH_FULL : RB_UI_SPEECH_SHORT;
}

/* The moves of the selected piece (a lesson's board takes the game's
 * input, so its selection is the game's too). */
static const rb_movelist *selected_moves(const rb_app *app, int *sel)
{
    *sel = app->state.input.sel;
    return &app->state.input.moves;
}

static rb_move move_to(const rb_movelist *moves, int sel, int to)
{
    if (sel < 0) {
        return RB_MOVE_NONE;
    }
    for (int i = 0; i < moves->count; i++) {
        if (RB_MOVE_TO(moves->moves[i]) == to) {
            return moves->moves[i];
        }
    }
    return RB_MOVE_NONE;
}

static void say_focus(rb_app *app)
{
    int sq = app->state.input.focus;
    const rb_pos *pos = shown(app);
    char line[600];
    size_t n = rb_ui_speech_words_square(pos, sq, verbosity(app), line, sizeof line);
    int sel;
    const rb_movelist *moves = selected_moves(app, &sel);
    rb_move m = move_to(moves, sel, sq);
    if (m != RB_MOVE_NONE && n < sizeof line) {
        rb_path path;
        rb_move_path(m, &path);
        if (path.rebound > 0 && path.rebound < path.len - 1) {
            /* TRANSLATORS: after a square spoken: the selected piece can go there, rebounding on a square */
            snprintf(line + n, sizeof line - n, _(", a destination by %s"), rb_sq_name(path.sq[path.rebound]));
        } else {
            snprintf(line + n, sizeof line - n, "%s", _(", a destination"));
        }
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

/* The next square from sq a step (df, dr) on the grid, over the hole; sq
 * itself at the edge. */
static int grid_step(int sq, int df, int dr)
{
    int f = rb_sq_file(sq), r = rb_sq_rank(sq);
    for (;;) {
        f += df;
        r += dr;
        if (f < 0 || f >= RB_NFILES || r < 0 || r >= RB_NRANKS) {
            return sq;
        }
        int n = rb_sq_at(f, r);
        if (n >= 0) {
            return n;
        }
    }
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Along the rings: dir +1 clockwise, -1 counter-clockwise; in (Up) to the
 * inner ring, out (Down) to the outer, the nearest square. */
static int ring_step(int sq, int dir, int in)
{
    int f = rb_sq_file(sq), r = rb_sq_rank(sq);
    if (in > 0) {
        return rb_sq_is_outer(sq) ? rb_sq_at(clamp(f, 1, 5), clamp(r, 1, 5)) : sq;
    }
    if (in < 0) {
        if (rb_sq_is_outer(sq)) {
            return sq;
        }
        return rb_sq_at(f == 1 ? 0 : f == 5 ? 6 : f, r == 1 ? 0 : r == 5 ? 6 : r);
    }
    int ring[RB_UI_SPEECH_RING_OUTER];
    int n = rb_ui_speech_ring(rb_sq_is_outer(sq), ring);
    for (int i = 0; i < n; i++) {
        if (ring[i] == sq) {
            return ring[(i + dir + n) % n];
        }
    }
    return sq;
}

static void move_focus(rb_app *app, SDL_Keycode key)
{
    rb_ui_input *in = &app->state.input;
    const rb_pos *pos = shown(app);
    if (in->focus < 0 || in->focus >= RB_NSQ) {
        /* the first arrow lands on the king of the side to move */
        in->focus = pos->king[pos->side];
        say_focus(app);
        return;
    }
    int sq = in->focus;
    if (in->focus_rings) {
        sq = key == SDLK_RIGHT  ? ring_step(sq, 1, 0)
             : key == SDLK_LEFT ? ring_step(sq, -1, 0)
             : key == SDLK_UP   ? ring_step(sq, 0, 1)
                                : ring_step(sq, 0, -1);
    } else {
        sq = key == SDLK_RIGHT  ? grid_step(sq, 1, 0)
             : key == SDLK_LEFT ? grid_step(sq, -1, 0)
             : key == SDLK_UP   ? grid_step(sq, 0, 1)
                                : grid_step(sq, 0, -1);
    }
    if (sq == in->focus) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Edge of the board."));
        return;
    }
    in->focus = sq;
    say_focus(app);
}

static void say_moves_of(rb_app *app, int sq)
{
    char line[RB_SPEECH_TEXT_MAX];
    rb_ui_speech_words_moves_of(shown(app), sq, line, sizeof line);
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

/* Space or Enter on the focus square: select the piece, or play the
 * selected piece's move there (a refused one is explained, and the
 * explanation spoken). */
static rb_ui_cmd choose(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_input *in = &st->input;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    int sq = in->focus;
    if (sq < 0) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Move the focus with the arrow keys first."));
        return none;
    }
    const rb_pos *pos = rb_ui_state_pos(st);
    if (in->state == RB_UI_SELECTED && in->sel >= 0 && sq != in->sel) {
        rb_ui_cmd cmd = none;
        if (rb_ui_input_try(st, sq, &cmd)) {
            return cmd;
        }
        if (pos->board[sq] && RB_COLOR(pos->board[sq]) == pos->side && rb_ui_input_select(st, sq)) {
            say_moves_of(app, sq);
            return none;
        }
        int from = in->sel;
        rb_ui_input_cancel(in);
        return rb_ui_explain_cmd(from, sq, 0);
    }
    if (in->state == RB_UI_SELECTED && sq == in->sel) {
        rb_ui_input_cancel(in);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Cancelled."));
        return none;
    }
    if (rb_ui_input_select(st, sq)) {
        say_moves_of(app, sq);
        return none;
    }
    char line[600];
    if (!rb_ui_state_can_move(st)) {
        snprintf(line, sizeof line, "%s", _("It is not your move now."));
    } else if (!pos->board[sq]) {
        /* TRANSLATORS: the spoken mode: Enter on an empty square with nothing selected */
        snprintf(line, sizeof line, _("%s is empty. Select a piece of yours first."), rb_sq_name(sq));
    } else {
        /* TRANSLATORS: the spoken mode: Enter on the opponent's piece */
        snprintf(line, sizeof line, _("%s is not yours to move."), rb_ui_speech_words_piece(pos->board[sq]));
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
    return none;
}

static void say_last_move(rb_app *app)
{
    const rb_ui_state *st = &app->state;
    char move[1024], line[1200];
    if (on_stage(app)) {
        snprintf(line, sizeof line, "%s", st->learn.message[0] ? st->learn.message : _("No move has been played yet."));
    } else if (st->game.ply == 0) {
        snprintf(line, sizeof line, "%s", _("No move has been played yet."));
    } else {
        const rb_game *g = &st->game;
        rb_ui_speech_words_move(&g->positions[g->ply - 1], g->moves[g->ply - 1], verbosity(app), move, sizeof move);
        /* TRANSLATORS: the spoken mode: the last move, in words, follows */
        snprintf(line, sizeof line, _("Last move: %s"), move);
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

static void say_state(rb_app *app)
{
    const rb_ui_state *st = &app->state;
    char turn[200], status[RB_UI_EXPLAIN_TEXT_MAX], line[RB_SPEECH_TEXT_MAX];
    if (on_stage(app)) {
        const rb_pos *pos = shown(app);
        snprintf(turn, sizeof turn, "%s", pos->side == RB_WHITE ? _("White to move") : _("Black to move"));
        status[0] = 0;
    } else {
        rb_ui_panel_turn_text(st, turn, sizeof turn);
        rb_ui_panel_status_text(st, status, sizeof status);
    }
    /* TRANSLATORS: the spoken mode: whose move it is, and the move's number */
    int n = snprintf(line, sizeof line, _("%s. Move %u."), turn, (unsigned)shown(app)->moveno);
    if (status[0] && n > 0 && (size_t)n < sizeof line) {
        snprintf(line + n, sizeof line - (size_t)n, " %s", status);
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

static void say_clocks(rb_app *app)
{
    const rb_ui_state *st = &app->state;
    char line[300];
    if (st->clock.tc[RB_WHITE].base_ms == 0 && st->clock.tc[RB_BLACK].base_ms == 0) {
        snprintf(line, sizeof line, "%s", _("This game has no clocks."));
    } else {
        char w[RB_UI_CLOCK_TEXT_MAX], b[RB_UI_CLOCK_TEXT_MAX];
        int64_t now = rb_ui_window_now_ms(app);
        rb_ui_clock_format(rb_ui_clock_left(&st->clock, RB_WHITE, now), w, sizeof w);
        rb_ui_clock_format(rb_ui_clock_left(&st->clock, RB_BLACK, now), b, sizeof b);
        /* TRANSLATORS: the spoken mode: the time left on each clock, like 4:32 */
        snprintf(line, sizeof line, _("Clocks: White %s, Black %s."), w, b);
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

/* Tab and Shift+Tab: the next panel button that can be pressed, said;
 * past the last (or the first) the focus goes back to the board. */
static void tab(rb_app *app, int dir)
{
    rb_ui_input *in = &app->state.input;
    int n = rb_ui_panel_button_count();
    const char *label;
    for (int i = in->panel_focus < 0 ? (dir > 0 ? 0 : n - 1) : in->panel_focus + dir; i >= 0 && i < n; i += dir) {
        if (rb_ui_panel_button_usable(app, i, &label)) {
            in->panel_focus = i;
            char line[200];
            /* TRANSLATORS: the spoken mode, Tab on a button of the panel: its label */
            snprintf(line, sizeof line, _("%s button"), label);
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
            return;
        }
    }
    in->panel_focus = -1;
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Back on the board."));
}

static rb_ui_cmd browse(rb_app *app, int step)
{
    const rb_ui_state *st = &app->state;
    size_t ply = st->game.ply;
    size_t end = rb_ui_state_live_ply(st);
    if ((step < 0 && ply == 0) || (step > 0 && ply >= end)) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, step < 0 ? _("The start of the game.") : _("The end of the game."));
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
    c.browse.ply = (int)ply + step;
    return c;
}

rb_ui_cmd rb_ui_speak_toggle_key(const SDL_KeyboardEvent *k)
{
    rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (k->keysym.sym != SPEAK_TOGGLE_KEY || (k->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) || k->repeat) {
        return c;
    }
    for (int i = 0; i < rb_ui_setting_count; i++) {
        if (rb_ui_setting_infos[i].offset == offsetof(rb_ui_settings, speech)) {
            c.kind = RB_UI_CMD_SET_SETTING;
            c.set_setting.index = i;
            return c; /* .on is filled in by the caller, from the state */
        }
    }
    return c;
}

static rb_ui_cmd speak_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used);

rb_ui_cmd rb_ui_speak_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    const rb_ui_state *st = &app->state;
    *used = false;
    if (!st->settings.speech) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (st->editor.active && !st->analysis.active && st->editor.field_focus) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE); /* the position string has the keys */
    }
    rb_ui_cmd cmd = rb_ui_speak_screens_key(app, k, used);
    if (*used) {
        return cmd;
    }
    cmd = speak_key(app, k, used);
    /* a lesson's board takes the game's keys, but its moves are the lesson's to judge */
    return on_stage(app) ? rb_ui_learn_view_to_stage(cmd) : cmd;
}

static rb_ui_cmd speak_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = false;
    if (!st->settings.speech || (k->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
        return none;
    }
    bool board = on_stage(app) || st->learn.mode == RB_UI_LEARN_OFF;
    if (!board) {
        return none; /* the lesson map has keys of its own */
    }
    bool shift = k->keysym.mod & KMOD_SHIFT;
    bool panel = rb_ui_screens_top(st) == NULL; /* the game's own panel is on screen */
    SDL_Keycode key = k->keysym.sym;
    const rb_pos *pos = shown(app);
    char line[RB_SPEECH_TEXT_MAX];
    *used = true;
    if (shift) {
        int type = key == SDLK_k   ? RB_KING
                   : key == SDLK_r ? RB_ROOK
                   : key == SDLK_b ? RB_BISHOP
                   : key == SDLK_p ? RB_PAWN
                                   : 0;
        if (type) {
            rb_ui_speech_words_pieces(pos, type, line, sizeof line);
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
            return none;
        }
        if (key == SDLK_SLASH) {
            rb_ui_speech_words_help(" ", line, sizeof line);
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
            return none;
        }
    }
    if (st->input.state == RB_UI_PROMOTING && (key == SDLK_r || key == SDLK_b)) {
        *used = false; /* the chooser's letters */
        return none;
    }
    int focus = st->input.focus >= 0 && st->input.focus < RB_NSQ ? st->input.focus : -1;
    switch (key) {
    case SDLK_UP:
    case SDLK_DOWN:
    case SDLK_LEFT:
    case SDLK_RIGHT:
        st->input.panel_focus = -1;
        move_focus(app, key);
        return none;
    case SDLK_TAB:
        if (!panel) {
            *used = false;
            return none;
        }
        tab(app, shift ? -1 : 1);
        return none;
    case SDLK_SPACE:
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        if (panel && st->input.panel_focus >= 0) {
            int b = st->input.panel_focus;
            st->input.panel_focus = -1; /* pressed: the keys are the board's again */
            return rb_ui_panel_button_press(app, b);
        }
        if (st->input.ntyped > 0 && (key != SDLK_SPACE)) {
            *used = false; /* Enter ends a typed move */
            return none;
        }
        return choose(app);
    case SDLK_ESCAPE:
        if ((st->analysis.active || st->editor.active) && st->input.state == RB_UI_IDLE) {
            *used = false; /* nothing to cancel: the screen's Escape closes it */
            return none;
        }
        rb_ui_input_cancel(&st->input);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Cancelled."));
        return none;
    case SDLK_u:
        st->input.focus_rings = !st->input.focus_rings;
        rb_ui_speak(app, RB_SPEECH_INTERRUPT,
                    st->input.focus_rings ? _("Rings: Left and Right follow the ring, Up steps in, Down steps out.")
                                          : _("Grid: the arrows move up, down, left and right, over the hole."));
        return none;
    case SDLK_l: say_last_move(app); return none;
    case SDLK_s: say_state(app); return none;
    case SDLK_k: say_clocks(app); return none;
    case SDLK_o:
        rb_ui_speech_words_kings(pos, line, sizeof line);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return none;
    case SDLK_m:
        rb_ui_speech_words_material(pos, line, sizeof line);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return none;
    case SDLK_v:
        rb_ui_speech_words_board(pos, line, sizeof line);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return none;
    case SDLK_x:
    case SDLK_i:
        if (focus < 0) {
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Move the focus with the arrow keys first."));
        } else if (key == SDLK_x) {
            rb_ui_speech_words_attackers(pos, focus, line, sizeof line);
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        } else {
            say_moves_of(app, focus);
        }
        return none;
    case SDLK_z: rb_ui_speak_again(app); return none;
    case SDLK_SLASH:
    case SDLK_QUESTION:
    case SDLK_F2:
        rb_ui_speech_words_help(" ", line, sizeof line);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return none;
    case SDLK_COMMA: return on_stage(app) ? none : browse(app, -1);
    case SDLK_PERIOD: return on_stage(app) ? none : browse(app, 1);
    default: *used = false; return none;
    }
}
