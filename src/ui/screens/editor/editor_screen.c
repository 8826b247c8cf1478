/*
 * editor_screen.c - the position editor's entry in the table of screens:
 * its commands (editor.c) and its board, panel and input (editor_view.c)
 * put together as one rb_ui_screen.
 */
#include "screens/editor/editor_screen.h"

#include "screens/editor/editor.h"
#include "screens/editor/editor_view.h"

static bool is_open(const rb_ui_state *st)
{
    return st->editor.active;
}

/* Its own board (pieces in hand, the palette's squares) and its panel. */
static void draw(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    (void)now_ms;
    rb_ui_editor_view_draw_board(app, st);
    rb_ui_editor_view_draw_panel(app, st, app->layout.panel);
}

/* Only the window's shortcuts see what it leaves: nothing of the game's
 * panel or board lies under it. */
const rb_ui_screen rb_ui_editor_screen = {
    .name = "editor",
    .first = RB_UI_CMD_EDITOR_FIRST,
    .last = RB_UI_CMD_EDITOR_LAST,
    .sets_game_aside = true,
    .below = RB_UI_BELOW_WINDOW_KEYS,
    .is_open = is_open,
    .keeps = rb_ui_editor_keeps,
    .apply = rb_ui_editor_apply,
    .leave = rb_ui_editor_leave,
    .draw = draw,
    .event = rb_ui_editor_view_event,
    .free = rb_ui_editor_view_free,
};
