/*
 * session.c - resigning and draws by agreement: who is asking and, against
 * the computer, whether it agrees.
 *
 * The rules library records how a game ended; the command that ends it is
 * apply.c's. The computer takes a draw only from a real, level position
 * after the opening (session.h has the numbers): early on every position
 * looks level, and a static evaluation or the last search at a weak level
 * misses tactics, so the position offered is searched afresh at a fixed
 * depth and full strength, the game's earlier positions given so a
 * repetition counts. The test is symmetric: a losing computer declines too,
 * because accepting in a lost position would reward offering draws all
 * game long.
 */
#include "state/session.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rb_ui_session_resigner(const rb_ui_state *st)
{
    bool human[2] = {st->players[RB_WHITE].kind == RB_UI_HUMAN, st->players[RB_BLACK].kind == RB_UI_HUMAN};
    if (human[RB_WHITE] != human[RB_BLACK]) {
        return human[RB_WHITE] ? RB_WHITE : RB_BLACK;
    }
    return rb_game_pos(&st->game)->side;
}

bool rb_ui_session_can_offer_draw(const rb_ui_state *st)
{
    const rb_game *g = &st->game;
    bool any_human = st->players[0].kind == RB_UI_HUMAN || st->players[1].kind == RB_UI_HUMAN;
    return any_human && rb_game_ending(g) == RB_END_NONE && !st->browsing &&
           rb_pos_status(rb_game_pos(g)) == RB_ONGOING;
}

bool rb_ui_session_computer_takes_draw(const rb_game *g, char *why, size_t whylen)
{
    if (g->ply < RB_UI_DRAW_MIN_PLY) {
        snprintf(
            why, whylen,
            ngettext(
                "The computer declines the draw: it is too early in the game (a draw may be agreed after %d move each).",
                "The computer declines the draw: it is too early in the game (a draw may be agreed after %d moves each).",
                RB_UI_DRAW_MIN_PLY / 2),
            RB_UI_DRAW_MIN_PLY / 2);
        return false;
    }
    rb_engine *e = rb_engine_new(16);
    uint64_t *history = malloc((g->ply + 1) * sizeof *history);
    if (!e || !history) {
        rb_engine_free(e);
        free(history);
        snprintf(why, whylen, "%s", _("The computer declines the draw: out of memory to think it over."));
        return false;
    }
    for (size_t i = 0; i < g->ply; i++) {
        history[i] = g->positions[i].key;
    }
    rb_engine_set_level(e, RB_LEVEL_MAX);
    rb_limits limits = {.depth = RB_UI_DRAW_DEPTH};
    rb_search_info info;
    memset(&info, 0, sizeof info);
    rb_engine_search(e, rb_game_pos(g), history, g->ply, &limits, NULL, NULL, &info);
    rb_engine_free(e);
    free(history);
    bool level = info.kind == RB_SCORE_CP && abs(info.score) <= RB_UI_DRAW_MARGIN_CP;
    if (!level) {
        snprintf(why, whylen, "%s", _("The computer declines the draw: it sees the game as not level."));
    } else {
        snprintf(why, whylen, "%s", _("The computer accepts the draw."));
    }
    return level;
}
