/*
 * mistakes_screen.c - learn from your mistakes' entry in the table of
 * screens: its commands (mistakes.c) and its panel, board marks and input
 * (mistakes_view.c) put together as one rb_ui_screen.
 */
#include "screens/mistakes/mistakes_screen.h"

#include "board/render.h"
#include "screens/mistakes/mistakes.h"
#include "screens/mistakes/mistakes_view.h"

static bool is_open(const rb_ui_state *st)
{
    return st->mistakes.active;
}

/* The game's board drawing the exercise's position, the missed line over
 * it, and the exercises' panel in place of the game's. */
static void draw(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    rb_ui_render_board(app, st, now_ms);
    rb_ui_mistakes_view_draw_board(app, st);
    rb_ui_mistakes_view_draw_panel(app, st, app->layout.panel);
}

static void release(rb_app *app)
{
    rb_ui_mistakes_free(app);
    rb_ui_mistakes_view_free(app);
}

const rb_ui_screen rb_ui_mistakes_screen = {
    .name = "mistakes",
    .first = RB_UI_CMD_MISTAKES_FIRST,
    .last = RB_UI_CMD_MISTAKES_LAST,
    .sets_game_aside = true,
    .below = RB_UI_BELOW_GAME,
    .is_open = is_open,
    .keeps = rb_ui_mistakes_keeps,
    .apply = rb_ui_mistakes_apply,
    .leave = rb_ui_mistakes_leave,
    .draw = draw,
    .event = rb_ui_mistakes_view_event,
    .tick = rb_ui_mistakes_tick,
    .moving = rb_ui_mistakes_waiting,
    .free = release,
};
