/*
 * test_computer_moves_are_seen.c - the computer's move is shown only once
 * the person has seen their own: after it has slid and a pause, and then it
 * slides in full; a game between computers goes at no more than a move per
 * watch_move_ms and can be held and stepped; looking back at earlier moves
 * during the computer's turn leaves it thinking, and its move waits for the
 * person's return.
 *
 * The computer really thinks (its own thread, results as SDL events); the
 * app's clock is the test's, moved by hand, so "after the pause" is exact.
 */
#include "support.h"

#include "board/anim.h"
#include "state/pace.h"
#include "ui_fixture.h"
#include "computer/worker.h"

static Uint32 fake_ms;

static Uint32 fake_ticks(void *ctx)
{
    (void)ctx;
    return fake_ms;
}

/* Off screen on the test's clock, with the computer player running. */
static rb_app *open_paced(rb_ui_player white, rb_ui_player black)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    fake_ms = 100000;
    app->ticks = fake_ticks;
    app->state.settings.animation = true;
    app->state.settings.reply_pause_ms = 400;
    app->state.settings.watch_move_ms = 1000;
    char err[400];
    if (rb_ui_worker_init(app, err, sizeof err) != 0) {
        fail_msg("cannot start the computer player: %s", err);
    }
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    assert_int_equal(rb_game_init(&g, &start), 0);
    rb_ui_cmd set = rb_ui_cmd_of(RB_UI_CMD_SET_GAME);
    set.set_game.players[RB_WHITE] = white;
    set.set_game.players[RB_BLACK] = black;
    set.set_game.game = &g;
    rb_ui_apply(app, &set);
    return app;
}

static double real_ms(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* Hands the app the computer's events (real time) until its move is found
 * and waiting, or 10 s; the app's clock stands still meanwhile. */
static void until_the_reply_is_found(rb_app *app)
{
    double end = real_ms() + 10000;
    while (real_ms() < end && !app->state.pacing.reply_ready) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_true(app->state.pacing.reply_ready);
}

static void at(rb_app *app, Uint32 ms)
{
    fake_ms = ms;
    rb_ui_app_tick(app);
}

static void the_reply_waits_for_the_persons_slide_and_the_pause(void **state)
{
    (void)state;
    rb_app *app = open_paced((rb_ui_player){RB_UI_HUMAN, 1}, (rb_ui_player){RB_UI_COMPUTER, 1});
    Uint32 t0 = fake_ms;
    fixture_click(app, "c2");
    fixture_click(app, "b3");
    assert_int_equal(app->state.game.ply, 1);
    assert_true(app->state.anim.active);
    /* Level 1 answers within milliseconds: found, not shown. */
    until_the_reply_is_found(app);
    assert_int_equal(app->state.game.ply, 1);
    /* The person's move slides its full 200 ms, then 400 ms of pause. */
    at(app, t0 + RB_UI_ANIM_MS);
    assert_int_equal(app->state.game.ply, 1);
    at(app, t0 + RB_UI_ANIM_MS + 399);
    assert_int_equal(app->state.game.ply, 1);
    at(app, t0 + RB_UI_ANIM_MS + 400);
    assert_int_equal(app->state.game.ply, 2);
    /* The computer's move then slides in full, and stays marked as the
     * last move. */
    assert_true(app->state.anim.active);
    assert_int_equal(app->state.anim.start_ms, t0 + RB_UI_ANIM_MS + 400);
    assert_false(rb_ui_anim_over(&app->state.anim, fake_ms + RB_UI_ANIM_MS - 1));
    assert_int_equal(app->state.anim.move, app->state.game.moves[1]);
    fixture_close(app);
}

/* With the pause set to 0 and no slide, the reply shows as soon as found. */
static void the_pause_is_a_setting(void **state)
{
    (void)state;
    rb_app *app = open_paced((rb_ui_player){RB_UI_HUMAN, 1}, (rb_ui_player){RB_UI_COMPUTER, 1});
    app->state.settings.animation = false;
    app->state.settings.reply_pause_ms = 0;
    fixture_type(app, "c2b3");
    double end = real_ms() + 10000;
    while (real_ms() < end && app->state.game.ply < 2) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_int_equal(app->state.game.ply, 2);
    fixture_close(app);
}

static void computers_play_no_faster_than_the_least_time_per_move(void **state)
{
    (void)state;
    rb_app *app = open_paced((rb_ui_player){RB_UI_COMPUTER, 1}, (rb_ui_player){RB_UI_COMPUTER, 1});
    assert_true(rb_ui_pace_watching(&app->state));
    for (int ply = 0; ply < 3; ply++) {
        Uint32 t = fake_ms;
        until_the_reply_is_found(app);
        at(app, t + 999);
        assert_int_equal(app->state.game.ply, (size_t)ply);
        at(app, t + 1000);
        assert_int_equal(app->state.game.ply, (size_t)ply + 1);
    }
    fixture_close(app);
}

static void a_watched_game_pauses_steps_and_resumes(void **state)
{
    (void)state;
    rb_app *app = open_paced((rb_ui_player){RB_UI_COMPUTER, 1}, (rb_ui_player){RB_UI_COMPUTER, 1});
    rb_ui_cmd pause = rb_ui_cmd_of(RB_UI_CMD_PAUSE);
    pause.pause.on = true;
    rb_ui_apply(app, &pause);
    /* Held: a found move is not shown, however long one waits. */
    until_the_reply_is_found(app);
    at(app, fake_ms + 60000);
    assert_int_equal(app->state.game.ply, 0);
    /* Step: one move, at once, and held again. */
    fixture_do(app, RB_UI_CMD_STEP);
    rb_ui_app_tick(app);
    assert_int_equal(app->state.game.ply, 1);
    until_the_reply_is_found(app);
    at(app, fake_ms + 60000);
    assert_int_equal(app->state.game.ply, 1);
    fixture_do(app, RB_UI_CMD_STEP);
    rb_ui_app_tick(app);
    assert_int_equal(app->state.game.ply, 2);
    /* A step asked for before the move is found shows it when it is. */
    assert_false(app->state.pacing.reply_ready);
    fixture_do(app, RB_UI_CMD_STEP);
    until_the_reply_is_found(app);
    rb_ui_app_tick(app);
    assert_int_equal(app->state.game.ply, 3);
    /* Resume: the game goes on at its pace. */
    pause.pause.on = false;
    rb_ui_apply(app, &pause);
    Uint32 t = fake_ms;
    until_the_reply_is_found(app);
    at(app, t + 1000);
    assert_int_equal(app->state.game.ply, 4);
    fixture_close(app);
}

static void looking_back_leaves_the_computer_thinking(void **state)
{
    (void)state;
    rb_app *app = open_paced((rb_ui_player){RB_UI_HUMAN, 1}, (rb_ui_player){RB_UI_COMPUTER, 10});
    fixture_type(app, "c2b3");
    assert_true(rb_ui_worker_busy(app));
    rb_ui_cmd browse = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
    browse.browse.ply = 0;
    rb_ui_apply(app, &browse);
    assert_true(rb_ui_state_browsing(&app->state));
    /* Still thinking about the game, and the player is told so. */
    assert_true(rb_ui_worker_busy(app));
    assert_non_null(strstr(app->state.status, "thinking"));
    assert_true(rb_ui_state_computer_to_move(&app->state));
    /* Its move, when found, waits while earlier moves are shown ... */
    rb_ui_worker_move_now(app);
    until_the_reply_is_found(app);
    at(app, fake_ms + 60000);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(app->state.game.length, 1);
    /* ... and is shown on the person's return to the game. */
    browse.browse.ply = 1;
    rb_ui_apply(app, &browse);
    rb_ui_app_tick(app);
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_reply_waits_for_the_persons_slide_and_the_pause),
        cmocka_unit_test(the_pause_is_a_setting),
        cmocka_unit_test(computers_play_no_faster_than_the_least_time_per_move),
        cmocka_unit_test(a_watched_game_pauses_steps_and_resumes),
        cmocka_unit_test(looking_back_leaves_the_computer_thinking),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
