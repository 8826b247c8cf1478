/*
 * puzzles_screen.c - the puzzle trainer's entry in the table of screens: its
 * commands and files (trainer.c) and its panel, board marks and input
 * (puzzle_view.c) put together as one rb_ui_screen.
 */
#include "screens/puzzles/puzzles_screen.h"

#include "board/render.h"
#include "screens/puzzles/puzzle_view.h"
#include "screens/puzzles/trainer.h"

static bool is_open(const rb_ui_state *st)
{
    return st->trainer.active;
}

/* The game's board drawing the trainer's position, its marks over it, and
 * the trainer's panel in place of the game's. */
static void draw(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    rb_ui_render_board(app, st, now_ms);
    rb_ui_puzzle_view_draw_board(app, st);
    rb_ui_puzzle_view_draw_panel(app, st, app->layout.panel);
}

static void release(rb_app *app)
{
    rb_ui_trainer_free(app);
    rb_ui_puzzle_view_free(app);
}

const rb_ui_screen rb_ui_puzzles_screen = {
    .name = "puzzles",
    .first = RB_UI_CMD_PUZZLE_FIRST,
    .last = RB_UI_CMD_PUZZLE_LAST,
    .sets_game_aside = true,
    .below = RB_UI_BELOW_GAME,
    .is_open = is_open,
    .keeps = rb_ui_trainer_keeps,
    .apply = rb_ui_trainer_apply,
    .leave = rb_ui_trainer_leave,
    .draw = draw,
    .event = rb_ui_puzzle_view_event,
    .tick = rb_ui_puzzle_view_tick,
    .moving = rb_ui_trainer_waiting,
    .list = rb_ui_trainer_list,
    .free = release,
};
