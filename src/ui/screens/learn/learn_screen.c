/*
 * learn_screen.c - the Learn screen's entry in the table of screens: its
 * lessons, progress and commands (learn.c) and its view (learn_view.c) put
 * together as one rb_ui_screen.
 */
#include "screens/learn/learn_screen.h"

#include "screens/learn/learn.h"
#include "screens/learn/learn_view.h"

static bool is_open(const rb_ui_state *st)
{
    return st->learn.mode != RB_UI_LEARN_OFF;
}

static void draw(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    rb_ui_learn_view_draw(app, st, now_ms);
}

/* It keeps none of the game's commands (nothing of the game is in reach
 * while it is open) and has the whole window. */
const rb_ui_screen rb_ui_learn_screen = {
    .name = "learn",
    .first = RB_UI_CMD_LEARN_FIRST,
    .last = RB_UI_CMD_LEARN_LAST,
    .sets_game_aside = true,
    .below = RB_UI_BELOW_NOTHING,
    .is_open = is_open,
    .apply = rb_ui_learn_apply,
    .leave = rb_ui_learn_close,
    .draw = draw,
    .event = rb_ui_learn_view_event,
    .list = rb_ui_learn_list,
    .free = rb_ui_learn_free,
};
