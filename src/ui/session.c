/*
 * session.c - resigning and draws by agreement: who is asking and, against
 * the computer, whether it agrees.
 *
 * The rules library records how a game ended; the command that ends it is
 * apply.c's. The computer takes a draw only when it sees the game as
 * level: both its static evaluation and, when it has just searched this
 * very position, the search's score must lie within RB_UI_DRAW_MARGIN_CP of
 * zero. The test is symmetric: a losing computer declines too, because
 * accepting in a lost position would reward offering draws all game long.
 */
#include "session.h"

#include <stdlib.h>

int rb_ui_session_resigner(const rb_ui_state *st)
{
    bool human[2] = { st->players[RB_WHITE].kind == RB_UI_HUMAN, st->players[RB_BLACK].kind == RB_UI_HUMAN };
    if (human[RB_WHITE] != human[RB_BLACK])
        return human[RB_WHITE] ? RB_WHITE : RB_BLACK;
    return rb_game_pos(&st->game)->side;
}

bool rb_ui_session_can_offer_draw(const rb_ui_state *st)
{
    const rb_game *g = &st->game;
    bool any_human = st->players[0].kind == RB_UI_HUMAN || st->players[1].kind == RB_UI_HUMAN;
    return any_human && rb_game_ending(g) == RB_END_NONE && !st->browsing &&
           rb_pos_status(rb_game_pos(g)) == RB_ONGOING;
}

bool rb_ui_session_computer_accepts_draw(const rb_pos *pos, const rb_search_info *last)
{
    if (abs(rb_eval(pos)) > RB_UI_DRAW_MARGIN_CP)
        return false;
    if (last && (last->kind != RB_SCORE_CP || abs(last->score) > RB_UI_DRAW_MARGIN_CP))
        return false;
    return true;
}

bool rb_ui_session_computer_takes_draw(const rb_ui_state *st, const rb_search_info *last, uint64_t key)
{
    const rb_game *g = &st->game;
    const rb_pos *pos = rb_game_pos(g);
    /* The last search looked at the position before the human's reply (or
     * this one, if the computer is to move): its score still tells whether
     * the game is balanced; the sign does not matter for "level". */
    bool recent = last && g->ply > 0 && (key == pos->key || key == g->positions[g->ply - 1].key);
    return rb_ui_session_computer_accepts_draw(pos, recent ? last : NULL);
}
