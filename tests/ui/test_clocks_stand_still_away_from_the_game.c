/*
 * test_clocks_stand_still_away_from_the_game.c - a timed game's clocks
 * stand still while a screen has set the game aside, out of sight and out
 * of reach: the puzzle trainer, learn from your mistakes, a lesson (the
 * map and a stage); going back, the side to move's time goes on from where
 * it stood, and a flag that would have fallen meanwhile has not. One such
 * screen opened from another keeps them still. Against the computer, its
 * move found meanwhile waits for the person's return. The analysis board
 * opened over a game between people is the exception: there the time of
 * the side to move runs on, as at the board. (The position editor's case
 * is proved with the editor, in test_position_editor.c.)
 *
 * The screens are opened and left by keys and clicks, as a player does;
 * the clocks read the test's own time source, so time passes exactly as
 * the test says. Runs off screen in a private XDG_DATA_HOME.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>

#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "screens/editor/editor_view.h"
#include "state/game_clock.h"
#include "screens/learn/learn.h"
#include "rb_review.h"
#include "computer/review.h"
#include "screens/puzzles/trainer.h"
#include "ui_clock.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int make_home(void **state)
{
    (void)state;
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    return fixture_private_home("away-clock-test");
}

/* Time passes, the window ticks the clocks, and no flag has fallen. */
static void pass(rb_app *app, int64_t ms)
{
    fixture_clock_ms += ms;
    assert_int_equal(fixture_do(app, RB_UI_CMD_CLOCK), 0);
    assert_int_equal(rb_game_ending_at(&app->state.game, app->state.game.length), RB_END_NONE);
}

/* The clocks stand still: nothing runs (the window sleeps), each side's
 * time as it was. */
static void assert_still(rb_app *app, int64_t white, int64_t black)
{
    assert_int_equal(rb_ui_game_clock_wait(&app->state, fixture_clock_ms), -1);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), white);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), black);
}

/* Two people on 5+3, started from the New game dialog; White moves after
 * ten seconds and Black has thought for five: White 293 s, Black 295 s
 * and running. */
static rb_app *open_game_on_the_clock(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    app->ticks = fixture_clock_ticks;
    rb_ui_trainer_use_files(app, NULL, NULL); /* the shipped puzzles, no player files */
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_MODE + RB_UI_TWO_PLAYERS);
    fixture_click_control(app, DLG_TIME + 2);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.clock.tc[RB_BLACK].base_ms, 300000);
    fixture_clock_ms += 10000;
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.ply, 1);
    fixture_clock_ms += 5000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 295000);
    return app;
}

/* Back at the board: Black's time runs on from 295 s, and Black's move
 * adds the increment to what was left. */
static void assert_black_goes_on(rb_app *app)
{
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 295000);
    assert_true(rb_ui_game_clock_wait(&app->state, fixture_clock_ms) > 0);
    fixture_clock_ms += 2000;
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 293000);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    fixture_drag(app, "c7", "b7");
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 296000); /* 293 s + 3 s */
    assert_int_equal(app->state.clock.running, RB_WHITE);
}

static void the_puzzle_trainer_stops_the_clock(void **state)
{
    (void)state;
    rb_app *app = open_game_on_the_clock();
    fixture_key(app, SDLK_p, KMOD_LCTRL);
    assert_true(app->state.trainer.active);
    /* Ten minutes over the puzzles: more than Black has. */
    pass(app, 600000);
    assert_still(app, 293000, 295000);
    /* A move tried on the puzzle presses no game clock. */
    assert_int_equal(fixture_play(app, rb_puzzle_session_expected(&app->state.trainer.session)), 0);
    pass(app, 1000);
    assert_still(app, 293000, 295000);

    fixture_key(app, SDLK_p, KMOD_LCTRL); /* back to the game */
    assert_false(app->state.trainer.active);
    assert_black_goes_on(app);
    fixture_close(app);
}

/* The trainer closed by opening the editor: the game stays set aside, and
 * comes back with the editor's Cancel. */
static void one_screen_opened_from_another_keeps_the_clock_still(void **state)
{
    (void)state;
    rb_app *app = open_game_on_the_clock();
    fixture_key(app, SDLK_p, KMOD_LCTRL);
    assert_true(app->state.trainer.active);
    pass(app, 100000);
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    assert_false(app->state.trainer.active);
    assert_true(app->state.editor.active);
    pass(app, 400000);
    assert_still(app, 293000, 295000);

    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* Cancel: back to the game */
    assert_false(app->state.editor.active);
    assert_black_goes_on(app);
    fixture_close(app);
}

/* White's last move marked a blunder, every move evaluated, a better line
 * given: the review's verdicts, written by hand (no engine needed). */
static void mark_white_blunder(rb_game *g, size_t ply)
{
    for (size_t i = 0; i < g->length; i++) {
        assert_int_equal(rb_game_set_eval(g, i, (rb_eval_mark){RB_EVAL_CP, i == ply ? -300 : 20}), 0);
    }
    rb_movelist list;
    rb_gen_legal(&g->positions[ply], &list);
    rb_move better = list.moves[0] == g->moves[ply] ? list.moves[1] : list.moves[0];
    assert_int_equal(rb_game_add_nag(g, ply, rb_review_class_nag(RB_CLASS_BLUNDER)), 0);
    assert_int_equal(rb_game_set_line(g, ply, &better, 1), 0);
}

static void learning_from_mistakes_stops_the_clock(void **state)
{
    (void)state;
    rb_app *app = open_game_on_the_clock();
    /* Black replies; White's move is then reviewed as a blunder, as a
     * review between people may be made while the game goes on. */
    fixture_drag(app, "c7", "b7");
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 298000);
    mark_white_blunder(&app->state.game, 0);
    assert_true(rb_ui_review_complete(&app->state.game));
    fixture_clock_ms += 3000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 290000);

    fixture_key(app, SDLK_m, KMOD_LCTRL);
    assert_true(app->state.mistakes.active);
    pass(app, 600000);
    assert_still(app, 290000, 298000);
    fixture_key(app, SDLK_m, KMOD_LCTRL); /* back to the game */
    assert_false(app->state.mistakes.active);

    assert_int_equal(fixture_clock_left(app, RB_WHITE), 290000);
    fixture_clock_ms += 1000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 289000);
    assert_int_equal(app->state.clock.running, RB_WHITE);
    fixture_close(app);
}

static void a_lesson_stops_the_clock(void **state)
{
    (void)state;
    rb_app *app = open_game_on_the_clock();
    /* Help, its Welcome, and "Learn to play": the lesson map. */
    fixture_key(app, SDLK_F1, KMOD_NONE);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_HELP);
    fixture_click_control(app, DLG_WELCOME);
    fixture_click_control(app, DLG_WELCOME); /* its first choice */
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
    assert_false(rb_ui_dialog_active(&app->state));
    pass(app, 400000);
    assert_still(app, 293000, 295000);

    /* The first stage, as its button on the map asks for it. */
    rb_ui_cmd stage = rb_ui_cmd_of(RB_UI_CMD_LEARN);
    stage.learn.chapter = 0;
    stage.learn.stage = 0;
    assert_int_equal(rb_ui_apply(app, &stage), 0);
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_STAGE);
    pass(app, 400000);
    assert_still(app, 293000, 295000);

    rb_ui_app_draw(app);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* the stage: back to the map */
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
    pass(app, 1000);
    assert_still(app, 293000, 295000);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* the map: back to the game */
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_OFF);
    assert_black_goes_on(app);
    fixture_close(app);
}

/* The screens of the test below, opened and left by their keys. */
enum { MISTAKES, PUZZLES, LESSONS, NSCREENS };

static void open_screen(rb_app *app, int screen)
{
    switch (screen) {
    case MISTAKES:
        mark_white_blunder(&app->state.game, app->state.game.length - 1);
        fixture_key(app, SDLK_m, KMOD_LCTRL);
        assert_true(app->state.mistakes.active);
        break;
    case PUZZLES:
        fixture_key(app, SDLK_p, KMOD_LCTRL);
        assert_true(app->state.trainer.active);
        break;
    default:
        fixture_key(app, SDLK_F1, KMOD_NONE);
        fixture_click_control(app, DLG_WELCOME);
        fixture_click_control(app, DLG_WELCOME);
        assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
        break;
    }
}

static void leave_screen(rb_app *app, int screen)
{
    rb_ui_app_draw(app);
    fixture_key(app,
                screen == MISTAKES  ? SDLK_m
                : screen == PUZZLES ? SDLK_p
                                    : SDLK_ESCAPE,
                screen == LESSONS ? KMOD_NONE : KMOD_LCTRL);
    assert_false(rb_ui_state_game_set_aside(&app->state));
}

/* A legal move in the game's position (the first the rules give). */
static rb_move some_move(rb_app *app)
{
    rb_movelist list;
    rb_gen_legal(rb_game_pos(&app->state.game), &list);
    assert_true(list.count > 0);
    return list.moves[0];
}

/* Against the computer, each screen opened while the computer is to move:
 * its time stands still too, and its move, found meanwhile, waits for the
 * person's return (nothing is due, the window sleeps), then presses its
 * clock like any move. No engine runs here: the computer's move is handed
 * in as the engine's thread hands it in. */
static void against_the_computer_its_time_and_its_move_wait_for_the_return(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    app->ticks = fixture_clock_ticks;
    rb_ui_trainer_use_files(app, NULL, NULL);
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    fixture_click_control(app, DLG_MODE + RB_UI_VS_COMPUTER);
    fixture_click_control(app, DLG_SIDE + RB_WHITE);
    fixture_click_control(app, DLG_TIME + 2);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    assert_int_equal(app->state.clock.tc[RB_BLACK].base_ms, 300000);
    for (int screen = 0; screen < NSCREENS; screen++) {
        assert_int_equal(fixture_play(app, some_move(app)), 0);
        size_t length = app->state.game.length;
        int64_t white = fixture_clock_left(app, RB_WHITE), black = fixture_clock_left(app, RB_BLACK) - 1000;
        fixture_clock_ms += 1000;
        assert_int_equal(app->state.clock.running, RB_BLACK);
        open_screen(app, screen);
        pass(app, 600000);
        assert_still(app, white, black);

        rb_ui_cmd reply = rb_ui_cmd_of(RB_UI_CMD_REPLY);
        reply.reply.ply = (int)length;
        reply.reply.move = some_move(app);
        assert_int_equal(rb_ui_apply(app, &reply), 0);
        assert_true(rb_ui_app_tick(app) > 0); /* nothing due: the loop may sleep */
        assert_int_equal(app->state.game.length, length);
        assert_still(app, white, black);

        leave_screen(app, screen);
        rb_ui_app_tick(app);
        assert_int_equal(app->state.game.length, length + 1);
        assert_int_equal(fixture_clock_left(app, RB_BLACK), black + 3000);
        assert_int_equal(app->state.clock.running, RB_WHITE);
    }
    fixture_close(app);
}

/* The exception: the analysis board over a game between people shows the
 * game's own positions, and thinking there is thinking about the game. */
static void the_analysis_board_over_the_game_leaves_the_clock_running(void **state)
{
    (void)state;
    rb_app *app = open_game_on_the_clock();
    fixture_key(app, SDLK_F5, KMOD_NONE);
    assert_true(app->state.analysis.active);
    fixture_clock_ms += 20000;
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 275000);
    assert_true(rb_ui_game_clock_wait(&app->state, fixture_clock_ms) > 0);
    fixture_key(app, SDLK_F5, KMOD_NONE);
    assert_false(app->state.analysis.active);
    fixture_clock_ms += 1000;
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 274000);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_puzzle_trainer_stops_the_clock),
        cmocka_unit_test(one_screen_opened_from_another_keeps_the_clock_still),
        cmocka_unit_test(learning_from_mistakes_stops_the_clock),
        cmocka_unit_test(a_lesson_stops_the_clock),
        cmocka_unit_test(against_the_computer_its_time_and_its_move_wait_for_the_return),
        cmocka_unit_test(the_analysis_board_over_the_game_leaves_the_clock_running),
    };
    int failed = cmocka_run_group_tests(tests, make_home, NULL);
    fixture_remove_home();
    return failed;
}
