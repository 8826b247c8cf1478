/*
 * state.c - questions every view and the command code ask of the window's
 * state. Each reads only; the one writer here is the status line, which
 * input handlers and commands both set.
 */
#include "state.h"

#include <stdarg.h>
#include <stdio.h>

const rb_pos *rb_ui_state_pos(const rb_ui_state *st)
{
    if (st->trainer.active && st->trainer.have_session)
        return &st->trainer.board; /* (without puzzles, the game's, read-only) */
    return rb_game_pos(&st->game);
}

bool rb_ui_state_computer_to_move(const rb_ui_state *st)
{
    return st->players[rb_ui_state_pos(st)->side].kind == RB_UI_COMPUTER;
}

bool rb_ui_state_vs_computer(const rb_ui_state *st)
{
    return st->players[0].kind != st->players[1].kind;
}

bool rb_ui_state_browsing(const rb_ui_state *st)
{
    return st->browsing && st->game.ply < st->game.length;
}

bool rb_ui_state_can_move(const rb_ui_state *st)
{
    const rb_ui_trainer_state *tr = &st->trainer;
    if (tr->active) /* the puzzle's solver, and no one without puzzles */
        return tr->have_session && !tr->session.done && tr->nqueue == 0 &&
               tr->board.side == tr->session.pos.side;
    const rb_game *g = &st->game;
    if (st->browsing || rb_game_ending(g) != RB_END_NONE || rb_ui_state_computer_to_move(st))
        return false;
    return rb_pos_status(rb_game_pos(g)) == RB_ONGOING;
}

void rb_ui_state_say(rb_ui_state *st, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->status, sizeof st->status, fmt, ap);
    va_end(ap);
    if (error)
        fprintf(stderr, "rollerball: %s\n", st->status);
}
