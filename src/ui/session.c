/*
 * session.c - resigning and draws by agreement.
 *
 * The rules library records how a game ended; this module decides who is
 * asking and, against the computer, whether it agrees. The computer takes
 * a draw only when it sees the game as level: both its static evaluation
 * and, when it has just searched this very position, the search's score
 * must lie within RB_UI_DRAW_MARGIN_CP of zero. The test is symmetric: a
 * losing computer declines too, because accepting in a lost position would
 * reward offering draws all game long.
 */
#include "session.h"

#include <stdlib.h>

#include "panel.h"
#include "worker.h"

bool rb_ui_session_against_computer(const rb_app *app)
{
    int side = rb_ui_app_pos(app)->side;
    return app->state.players[side ^ 1].kind == RB_UI_COMPUTER || app->state.players[side].kind == RB_UI_COMPUTER;
}

int rb_ui_session_resigner(const rb_app *app)
{
    bool human[2] = { app->state.players[RB_WHITE].kind == RB_UI_HUMAN,
                      app->state.players[RB_BLACK].kind == RB_UI_HUMAN };
    if (human[RB_WHITE] != human[RB_BLACK])
        return human[RB_WHITE] ? RB_WHITE : RB_BLACK;
    return rb_game_pos(&app->state.game)->side;
}

static void session_ended(rb_app *app)
{
    rb_ui_worker_cancel(app);
    rb_ui_panel_game_changed(app);
    rb_ui_app_changed(app);
}

void rb_ui_session_resign(rb_app *app, int color)
{
    if (rb_game_ending(&app->state.game) != RB_END_NONE)
        return;
    rb_game_resign(&app->state.game, color);
    rb_ui_app_message(app, false, "%s resigned.", color == RB_WHITE ? "White" : "Black");
    session_ended(app);
}

bool rb_ui_session_can_offer_draw(const rb_app *app)
{
    const rb_game *g = &app->state.game;
    bool any_human = app->state.players[0].kind == RB_UI_HUMAN || app->state.players[1].kind == RB_UI_HUMAN;
    return any_human && rb_game_ending(g) == RB_END_NONE && !app->state.browsing &&
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

bool rb_ui_session_offer_draw_to_computer(rb_app *app)
{
    const rb_pos *pos = rb_game_pos(&app->state.game);
    rb_search_info last;
    uint64_t key = 0;
    bool have = rb_ui_worker_last_score(app, &last, &key);
    /* The last search looked at the position before the human's reply (or
     * this one, if the computer is to move): its score still tells whether
     * the game is balanced; the sign does not matter for "level". */
    bool recent = have && app->state.game.ply > 0 &&
                  (key == pos->key || key == app->state.game.positions[app->state.game.ply - 1].key);
    if (rb_ui_session_computer_accepts_draw(pos, recent ? &last : NULL)) {
        rb_ui_session_agree_draw(app);
        rb_ui_app_message(app, false, "The computer accepts the draw.");
        return true;
    }
    rb_ui_app_message(app, false, "The computer declines the draw: it sees the game as not level.");
    app->dirty = true;
    return false;
}

void rb_ui_session_agree_draw(rb_app *app)
{
    if (rb_game_ending(&app->state.game) != RB_END_NONE)
        return;
    rb_game_agree_draw(&app->state.game);
    session_ended(app);
}
