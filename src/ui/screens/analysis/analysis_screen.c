/*
 * analysis_screen.c - the analysis board's entry in the table of screens:
 * its commands and engine thread (analysis.c) and its panel, board marks
 * and input (analysis_view.c) put together as one rb_ui_screen.
 */
#include "screens/analysis/analysis_screen.h"

#include "board/render.h"
#include "screens/analysis/analysis.h"
#include "screens/analysis/analysis_view.h"

static bool is_open(const rb_ui_state *st)
{
    return st->analysis.active;
}

/* The game's board drawing the analysed position, the pointed line over
 * it, and the analysis panel in place of the game's. */
static void draw(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    rb_ui_render_board(app, st, now_ms);
    rb_ui_analysis_view_draw_board(app, st);
    rb_ui_analysis_view_draw_panel(app, st, app->layout.panel);
}

static void release(rb_app *app)
{
    rb_ui_analysis_free(app);
    rb_ui_analysis_view_free(app);
}

/* It does not set the game aside: looking into the game's positions is
 * thinking about the game, which its clock counts (state.h says more). */
const rb_ui_screen rb_ui_analysis_screen = {
    .name = "analysis",
    .first = RB_UI_CMD_ANALYSIS_FIRST,
    .last = RB_UI_CMD_ANALYSIS_LAST,
    .sets_game_aside = false,
    .below = RB_UI_BELOW_GAME,
    .is_open = is_open,
    .keeps = rb_ui_analysis_keeps,
    .apply = rb_ui_analysis_apply,
    .leave = rb_ui_analysis_leave,
    .draw = draw,
    .event = rb_ui_analysis_view_event,
    .engine_event = rb_ui_analysis_event,
    .free = release,
};
