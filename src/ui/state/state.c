/*
 * state.c - questions every view and the command code ask of the window's
 * state. Each reads only; the one writer here is the status line, which
 * input handlers and commands both set.
 */
#include "state/state.h"

#include <stdarg.h>
#include <stdio.h>

#include "words/i18n.h"

const rb_pos *rb_ui_state_pos(const rb_ui_state *st)
{
    if (st->learn.mode == RB_UI_LEARN_STAGE) { /* over every other screen */
        return &st->learn.board;
    }
    if (st->analysis.active) {
        return &st->analysis.board;
    }
    if (st->editor.active) {
        return &st->editor.pos;
    }
    if (st->mistakes.active) {
        return &st->mistakes.board;
    }
    if (st->trainer.active && st->trainer.have_session) {
        return &st->trainer.board; /* (without puzzles, the game's, read-only) */
    }
    return rb_game_pos(&st->game);
}

size_t rb_ui_state_live_ply(const rb_ui_state *st)
{
    return rb_ui_state_browsing(st) ? st->game.length : st->game.ply;
}

const rb_pos *rb_ui_state_live_pos(const rb_ui_state *st)
{
    return &st->game.positions[rb_ui_state_live_ply(st)];
}

bool rb_ui_state_computer_to_move(const rb_ui_state *st)
{
    return st->players[rb_ui_state_live_pos(st)->side].kind == RB_UI_COMPUTER;
}

bool rb_ui_state_vs_computer(const rb_ui_state *st)
{
    return st->players[0].kind != st->players[1].kind;
}

bool rb_ui_state_game_set_aside(const rb_ui_state *st)
{
    /* A screen that sets the game aside takes the board and the panel, and
     * keeps the game's moves off the game: no one can play on, so no one's
     * time may run, and the computer's move would be made unseen. */
    return st->game_set_aside;
}

bool rb_ui_state_analysis_allowed(const rb_ui_state *st)
{
    bool computer = st->players[0].kind == RB_UI_COMPUTER || st->players[1].kind == RB_UI_COMPUTER;
    if (st->trainer.active || st->learn.mode != RB_UI_LEARN_OFF) {
        return false;
    }
    return !computer || rb_game_ending(&st->game) != RB_END_NONE ||
           rb_game_ending_at(&st->game, st->game.length) != RB_END_NONE;
}

bool rb_ui_state_editor_playable(const rb_ui_state *st)
{
    return st->editor.active && st->editor.verdict.problem == RB_POS_VALID;
}

bool rb_ui_state_editor_can_analyse(const rb_ui_state *st, char *why, size_t len)
{
    const char *no = NULL;
    if (!rb_ui_state_editor_playable(st)) {
        no = _("The position cannot be played: see the reason above.");
    } else if (!rb_ui_state_analysis_allowed(st)) {
        no = _("The analysis board opens once the game against the computer is over.");
    }
    if (why && len) {
        snprintf(why, len, "%s", no ? no : "");
    }
    return no == NULL;
}

unsigned rb_ui_state_move_number(const rb_game *g, size_t ply, int *colour)
{
    int first = g->positions[0].side;
    unsigned moveno0 = g->positions[0].moveno ? g->positions[0].moveno : 1;
    *colour = first ^ (int)((ply - 1) & 1);
    return moveno0 + (unsigned)((ply - 1 + (size_t)first) / 2);
}

bool rb_ui_state_browsing(const rb_ui_state *st)
{
    return st->browsing && st->game.ply < st->game.length;
}

bool rb_ui_state_can_move(const rb_ui_state *st)
{
    if (st->learn.mode != RB_UI_LEARN_OFF) { /* the person's side, until the stage is over */
        return st->learn.mode == RB_UI_LEARN_STAGE && !st->learn.over;
    }
    if (st->analysis.active) { /* either side, in the variation */
        return rb_pos_status(&st->analysis.board) == RB_ONGOING;
    }
    if (st->editor.active) { /* pieces are set up, not moved */
        return false;
    }
    const rb_ui_mistakes_state *ms = &st->mistakes;
    if (ms->active) { /* the mistake's side, until found or shown */
        return !ms->found && !ms->shown && rb_pos_status(&ms->board) == RB_ONGOING;
    }
    const rb_ui_trainer_state *tr = &st->trainer;
    if (tr->active) { /* the puzzle's solver, and no one without puzzles */
        return tr->have_session && !tr->session.done && tr->nqueue == 0 && tr->board.side == tr->session.pos.side;
    }
    const rb_game *g = &st->game;
    if (st->browsing || rb_game_ending(g) != RB_END_NONE || rb_ui_state_computer_to_move(st)) {
        return false;
    }
    /* A network game: only my own side, once both are in and until it ends. */
    if (st->net.active && (!st->net.started || st->net.over || rb_game_pos(g)->side != st->net.color)) {
        return false;
    }
    return rb_pos_status(rb_game_pos(g)) == RB_ONGOING;
}

bool rb_ui_state_premove_allowed(const rb_ui_state *st)
{
    const rb_pos *pos = rb_ui_state_live_pos(st);
    return st->settings.premoves && st->learn.mode == RB_UI_LEARN_OFF && !st->analysis.active && !st->editor.active &&
           !rb_ui_state_browsing(st) && rb_ui_state_computer_to_move(st) &&
           st->players[pos->side ^ 1].kind == RB_UI_HUMAN &&
           rb_game_ending_at(&st->game, rb_ui_state_live_ply(st)) == RB_END_NONE && rb_pos_status(pos) == RB_ONGOING;
}

/* The legal moves from the typed from-square, and whether the typed
 * text (4 letters) names a promotion. For a premove, the person's moves as
 * if it were their turn. */
static bool typed_moves(const rb_ui_state *st, const char *typed, rb_movelist *list)
{
    list->count = 0;
    int from = rb_sq_parse(typed);
    if (from < 0) {
        return false;
    }
    /* the board's own position (a screen's), or the game's for a premove */
    bool can = rb_ui_state_can_move(st);
    rb_pos pos = *(can ? rb_ui_state_pos(st) : rb_ui_state_live_pos(st));
    if (!can) {
        if (!rb_ui_state_premove_allowed(st)) {
            return false;
        }
        pos.side ^= 1;
    }
    if (!pos.board[from] || RB_COLOR(pos.board[from]) != pos.side) {
        return false;
    }
    rb_gen_legal_from(&pos, from, list);
    return true;
}

rb_move rb_ui_state_typed_move(const rb_ui_state *st, bool *wants_letter)
{
    const rb_ui_input *in = &st->input;
    *wants_letter = false;
    if (in->ntyped < 4) {
        return RB_MOVE_NONE;
    }
    rb_movelist list;
    if (!typed_moves(st, in->typed, &list)) {
        return RB_MOVE_NONE;
    }
    int to = rb_sq_parse(in->typed + 2);
    int want = in->ntyped > 4 ? (in->typed[4] == 'r' ? RB_ROOK : RB_BISHOP) : 0;
    for (int i = 0; i < list.count; i++) {
        rb_move m = list.moves[i];
        if (RB_MOVE_TO(m) != to || (want && RB_MOVE_PROMO(m) != want)) {
            continue;
        }
        *wants_letter = RB_MOVE_PROMO(m) && in->ntyped == 4;
        return m;
    }
    return RB_MOVE_NONE;
}

void rb_ui_state_say(rb_ui_state *st, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->status, sizeof st->status, fmt, ap);
    va_end(ap);
    st->status_about = RB_UI_STATUS_OTHER;
    if (error) {
        fprintf(stderr, "rollerball: %s\n", st->status);
    }
}

void rb_ui_state_status_forget(rb_ui_state *st, rb_ui_status_about about)
{
    if (st->status_about == about) {
        st->status[0] = '\0';
        st->status_about = RB_UI_STATUS_OTHER;
    }
}

bool rb_ui_state_unfinished(const rb_ui_state *st)
{
    const rb_game *g = &st->game;
    return g->length > 0 && rb_game_result_at(g, g->length) == RB_RESULT_NONE;
}
