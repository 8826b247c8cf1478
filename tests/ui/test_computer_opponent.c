/*
 * test_computer_opponent.c - playing against the computer as a player
 * sees it: it answers, "move now" makes it answer at once, undo takes back
 * the pair, and a search that undo or a new game cancelled never plays its
 * move into the game. Also the draw offer: the computer takes a draw only
 * in a level position, two people agree through a question.
 *
 * The app is off screen with the real computer player (its own thread);
 * results arrive as SDL events, which the tests hand to the app's event
 * handler as the event loop would.
 */
#include "support.h"

#include "dialogs/dialog.h"
#include "panel/panel.h"
#include "state/session.h"
#include "ui_fixture.h"
#include "computer/worker.h"

/* Off screen, White played by a person and Black by the computer. */
static rb_app *open_vs_computer(const char *fen, int level)
{
    rb_app *app = fixture_open(fen, 800, 600);
    char err[400];
    if (rb_ui_worker_init(app, err, sizeof err) != 0) {
        fail_msg("cannot start the computer player: %s", err);
    }
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, level};
    return app;
}

static double ms_now(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* Hands the app its events for ms milliseconds, or until done() holds. */
static void pump_until(rb_app *app, double ms, bool (*done)(const rb_app *))
{
    double end = ms_now() + ms;
    while (ms_now() < end && !(done && done(app))) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
}

/* The person's first move, made with two clicks. */
static void human_plays_c2_b3(rb_app *app)
{
    fixture_click(app, "c2");
    fixture_click(app, "b3");
}

static bool white_to_move(const rb_app *app)
{
    return rb_ui_state_pos(&app->state)->side == RB_WHITE;
}

static void computer_answers_a_move_played_with_the_mouse(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, 1);
    human_plays_c2_b3(app);
    assert_int_equal(app->state.game.ply, 1);
    pump_until(app, 10000, white_to_move);
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    assert_false(rb_ui_worker_busy(app));
    fixture_close(app);
}

static void move_now_makes_the_computer_answer_at_once(void **state)
{
    (void)state;
    /* Level 10 thinks for seconds; "move now" must cut that short. */
    rb_app *app = open_vs_computer(NULL, 10);
    human_plays_c2_b3(app);
    pump_until(app, 100, NULL);
    assert_true(rb_ui_worker_busy(app));
    double t = ms_now();
    rb_ui_worker_move_now(app);
    pump_until(app, 10000, white_to_move);
    assert_int_equal(app->state.game.ply, 2);
    assert_true(ms_now() - t < (double)rb_ui_worker_level_movetime_ms(10));
    fixture_close(app);
}

/* "Move now" before the search has finished a single iteration: the
 * computer still plays a legal move instead of never answering. */
static void move_now_at_once_still_plays_a_legal_move(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, 10);
    human_plays_c2_b3(app);
    rb_ui_worker_move_now(app);
    pump_until(app, 10000, white_to_move);
    assert_int_equal(app->state.game.ply, 2);
    assert_false(rb_ui_worker_busy(app));
    fixture_close(app);
}

static void undo_after_the_answer_takes_back_both_moves(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, 1);
    human_plays_c2_b3(app);
    pump_until(app, 10000, white_to_move);
    assert_int_equal(app->state.game.ply, 2);
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    /* The person is to move again: the computer must not start over. */
    assert_false(rb_ui_worker_busy(app));
    pump_until(app, 300, NULL);
    assert_int_equal(app->state.game.ply, 0);
    fixture_close(app);
}

static void undo_while_the_computer_thinks_drops_its_move(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, 10);
    human_plays_c2_b3(app);
    pump_until(app, 150, NULL);
    assert_true(rb_ui_worker_busy(app));
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 0);
    /* The cancelled search stops at once and still posts its result: long
     * enough for that result to arrive and be (wrongly) played. */
    pump_until(app, 1500, NULL);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    /* Redo brings back the person's move, not a computer reply. */
    assert_int_equal(app->state.game.length, 1);
    fixture_close(app);
}

static void a_new_game_during_the_search_is_not_played_into(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, 10);
    human_plays_c2_b3(app);
    pump_until(app, 150, NULL);
    assert_true(rb_ui_worker_busy(app));
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    assert_int_equal(rb_game_init(&g, &start), 0);
    fixture_set_game(app, &g);
    assert_false(rb_ui_worker_busy(app));
    pump_until(app, 1500, NULL);
    assert_int_equal(app->state.game.length, 0);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    fixture_close(app);
}

static void resigning_ends_the_game_for_the_person(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, 1);
    rb_ui_app_draw(app);
    SDL_Rect r;
    assert_true(rb_ui_panel_button_rect(app, "Resign", &r));
    fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
    /* Resigning is asked about first: a slip of the mouse loses nothing. */
    assert_true(rb_ui_dialog_active(&app->state));
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_RESIGNATION);
    assert_int_equal(rb_game_result(&app->state.game), RB_RESULT_BLACK);
    char words[256];
    rb_ui_panel_status_text(&app->state, words, sizeof words);
    assert_non_null(strstr(words, "White resigned"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(computer_answers_a_move_played_with_the_mouse),
        cmocka_unit_test(move_now_makes_the_computer_answer_at_once),
        cmocka_unit_test(move_now_at_once_still_plays_a_legal_move),
        cmocka_unit_test(undo_after_the_answer_takes_back_both_moves),
        cmocka_unit_test(undo_while_the_computer_thinks_drops_its_move),
        cmocka_unit_test(a_new_game_during_the_search_is_not_played_into),
        cmocka_unit_test(resigning_ends_the_game_for_the_person),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
