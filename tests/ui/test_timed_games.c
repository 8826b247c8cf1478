/*
 * test_timed_games.c - games on a clock as a player meets them: the time of
 * the side to move runs, a move adds the increment, the warning sounds once
 * as the time runs low, a fallen flag ends the game as a loss on time with
 * the reason in words, the computer is given its time and increment, the
 * clocks pause while the window is minimised against the computer, and a
 * saved, loaded, resumed or taken-back game has its clocks as they were
 * (TimeControl tag and [%clk] comments).
 *
 * The clocks read the test's own time source, so time passes exactly as
 * the test says. Runs off screen in a private XDG_DATA_HOME.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "state/game_clock.h"
#include "files/games.h"
#include "panel/panel.h"
#include "rb_pgn.h"
#include "media/sound.h"
#include "ui_clock.h"
#include "ui_fixture.h"
#include "ui_home.h"
#include "computer/worker.h"

static int make_home(void **state)
{
    (void)state;
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    return fixture_private_home("timed-test");
}

static const rb_ui_time_control five_three = {300000, 3000};

/* A new game on the clocks white and black, as the new-game dialog starts
 * it; human_side < 0: two people. */
static void new_timed_game(rb_app *app, rb_ui_time_control white, rb_ui_time_control black, int human_side, int level)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    cmd.new_game.tc[RB_WHITE] = white;
    cmd.new_game.tc[RB_BLACK] = black;
    cmd.new_game.person = human_side;
    cmd.new_game.replace = true; /* the game before goes without a question */
    for (int c = 0; c < 2; c++) {
        cmd.new_game.players[c] =
            (rb_ui_player){human_side < 0 || c == human_side ? RB_UI_HUMAN : RB_UI_COMPUTER, level};
    }
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
}

static rb_app *open_timed(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    app->ticks = fixture_clock_ticks;
    app->sound = rb_ui_sound_open(app->data_dir);
    rb_ui_apply_sound_settings(app);
    new_timed_game(app, five_three, five_three, -1, 1);
    return app;
}

static void tick(rb_app *app)
{
    assert_int_equal(fixture_do(app, RB_UI_CMD_CLOCK), 0);
}

static void clock_runs_for_the_side_to_move_and_adds_the_increment(void **state)
{
    (void)state;
    rb_app *app = open_timed();
    assert_int_equal(app->state.clock.running, RB_WHITE);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 300000);
    fixture_clock_ms += 10000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 290000);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 300000);
    /* The window sleeps until the time shown changes: a second at most. */
    int64_t wait = rb_ui_game_clock_wait(&app->state, fixture_clock_ms);
    assert_true(wait > 0 && wait <= 1000);

    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000); /* 290 s + 3 s */
    assert_int_equal(rb_game_annotation(&app->state.game, 0)->clock_ms, 293000);
    assert_int_equal(app->state.clock.running, RB_BLACK);
    fixture_clock_ms += 4000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 296000);
    fixture_drag(app, "c7", "b7");
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 299000);
    assert_int_equal(rb_game_annotation(&app->state.game, 1)->clock_ms, 299000);

    /* An undo gives each side its time as it was at that move. */
    fixture_clock_ms += 20000;
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(app->state.clock.running, RB_BLACK);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 300000);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    rb_ui_app_draw(app); /* the panel draws the clocks */
    fixture_close(app);
}

static void a_fallen_flag_loses_the_game_on_time(void **state)
{
    (void)state;
    rb_app *app = open_timed();
    fixture_drag(app, "c2", "b3");
    /* Black thinks until 9 s are left: the warning sounds, once. */
    fixture_clock_ms += 300000 - 9000;
    tick(app);
    assert_int_equal(rb_ui_sound_asked(app->sound, RB_UI_SOUND_LOW_TIME), 1);
    assert_true(rb_ui_clock_low(&app->state.clock, RB_BLACK, fixture_clock_ms));
    fixture_clock_ms += 100;
    tick(app);
    assert_int_equal(rb_ui_sound_asked(app->sound, RB_UI_SOUND_LOW_TIME), 1);
    /* In the last ten seconds the clock wakes the window every tenth. */
    assert_true(rb_ui_game_clock_wait(&app->state, fixture_clock_ms) <= 100);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);

    fixture_clock_ms += 8900;
    tick(app);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_TIME_FORFEIT);
    assert_int_equal(rb_game_result(&app->state.game), RB_RESULT_WHITE);
    char text[200];
    rb_ui_panel_status_text(&app->state, text, sizeof text);
    assert_string_equal(text, "Black ran out of time. White wins.");
    assert_int_equal(rb_ui_sound_asked(app->sound, RB_UI_SOUND_GAME_END), 1);
    assert_int_equal(app->state.clock.flagged, RB_BLACK);
    assert_int_equal(rb_ui_game_clock_wait(&app->state, fixture_clock_ms), -1); /* nothing runs: the window sleeps */
    /* The game is over: no move, and the record says why. */
    fixture_drag(app, "c7", "b7");
    assert_int_equal(app->state.game.ply, 1);
    char *pgn = rb_pgn_write(&app->state.game);
    assert_non_null(strstr(pgn, "[Termination \"time forfeit\"]"));
    assert_non_null(strstr(pgn, "1-0"));
    free(pgn);
    fixture_close(app);
}

static void a_move_after_the_flag_fell_comes_too_late(void **state)
{
    (void)state;
    rb_app *app = open_timed();
    fixture_clock_ms += 300001; /* no tick came in between */
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_TIME_FORFEIT);
    assert_int_equal(rb_game_result(&app->state.game), RB_RESULT_BLACK);
    char text[200];
    rb_ui_panel_status_text(&app->state, text, sizeof text);
    assert_string_equal(text, "White ran out of time. Black wins.");
    fixture_close(app);
}

static bool white_to_move(const rb_app *app)
{
    return rb_ui_state_pos(&app->state)->side == RB_WHITE;
}

static void the_computer_plays_within_its_time(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    app->ticks = fixture_clock_ticks;
    char err[400];
    if (rb_ui_worker_init(app, err, sizeof err) != 0) {
        fail_msg("cannot start the computer player: %s", err);
    }
    /* The computer (Black) gets one minute and 1 s a move; the person 5+3. */
    rb_ui_time_control one_one = {60000, 1000};
    new_timed_game(app, five_three, one_one, RB_WHITE, 1);
    assert_string_equal(rb_game_tag(&app->state.game, "TimeControl"), "?");
    fixture_clock_ms += 7000;
    fixture_drag(app, "c2", "b3");
    rb_limits limits;
    assert_true(rb_ui_worker_started_limits(app, &limits));
    assert_int_equal(limits.time_left_ms, 60000);
    assert_int_equal(limits.increment_ms, 1000);
    assert_true(limits.movetime_ms > 0); /* the level's own pace still caps it */
    /* The limits follow the clock: after 20 s of Black's time, 40 s left. */
    rb_ui_worker_limits(&app->state, fixture_clock_ms + 20000, &limits);
    assert_int_equal(limits.time_left_ms, 40000);
    /* Its answer presses its clock like any move. */
    for (int i = 0; i < 1000 && !white_to_move(app); i++) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 61000);
    assert_int_equal(app->state.clock.running, RB_WHITE);
    fixture_close(app);
}

static void minimised_clocks_pause_against_the_computer(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    app->ticks = fixture_clock_ticks;
    new_timed_game(app, five_three, five_three, RB_WHITE, 1);
    assert_true(app->state.settings.pause_minimised);
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_WINDOWEVENT;
    ev.window.event = SDL_WINDOWEVENT_MINIMIZED;
    rb_ui_app_event(app, &ev);
    assert_true(app->state.minimised);
    fixture_clock_ms += 60000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 300000);
    assert_int_equal(rb_ui_game_clock_wait(&app->state, fixture_clock_ms), -1);
    ev.window.event = SDL_WINDOWEVENT_RESTORED;
    rb_ui_app_event(app, &ev);
    fixture_clock_ms += 1000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 299000);

    /* Between two people a minimised window is no pause. */
    new_timed_game(app, five_three, five_three, -1, 1);
    ev.window.event = SDL_WINDOWEVENT_MINIMIZED;
    rb_ui_app_event(app, &ev);
    fixture_clock_ms += 1000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 299000);
    fixture_close(app);
}

static void saved_games_keep_their_clocks(void **state)
{
    (void)state;
    rb_app *app = open_timed();
    fixture_clock_ms += 7000;
    fixture_drag(app, "c2", "b3"); /* White 296 s */
    fixture_clock_ms += 1500;
    fixture_drag(app, "c7", "b7"); /* Black 301.5 s */
    fixture_clock_ms += 2000;
    rb_ui_cmd save = rb_ui_cmd_of(RB_UI_CMD_SAVE);
    save.save.name = "clocks";
    assert_int_equal(rb_ui_apply(app, &save), 0);

    char dir[RB_UI_PATH_MAX], err[300], path[RB_UI_PATH_MAX + 20];
    assert_int_equal(rb_ui_games_dir(app, dir, sizeof dir, err, sizeof err), 0);
    snprintf(path, sizeof path, "%sclocks.pgn", dir);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    assert_non_null(strstr(text, "[TimeControl \"300+3\"]"));
    assert_non_null(strstr(text, "{[%clk 0:04:56]}"));
    assert_non_null(strstr(text, "{[%clk 0:05:01"));
    /* White's move in progress has taken 2 s: the file says so. */
    assert_non_null(strstr(text, "[ClockToMove \"0:04:54\"]"));
    assert_null(rb_game_tag(&app->state.game, "ClockToMove")); /* only in the file */

    /* Loaded back into a fresh untimed game: the same clocks. */
    new_timed_game(app, (rb_ui_time_control){0, 0}, (rb_ui_time_control){0, 0}, -1, 1);
    assert_false(rb_ui_game_clock_timed(&app->state));
    rb_ui_cmd load = rb_ui_cmd_of(RB_UI_CMD_LOAD);
    load.load.path = path;
    assert_int_equal(rb_ui_apply(app, &load), 0);
    assert_true(rb_ui_game_clock_timed(&app->state));
    assert_int_equal(app->state.clock.tc[RB_BLACK].increment_ms, 3000);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 294000);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 301500); /* the reading keeps its fraction */
    assert_int_equal(app->state.clock.running, RB_WHITE);
    assert_null(rb_game_tag(&app->state.game, "ClockToMove"));
    fixture_clock_ms += 1000;
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    fixture_close(app);
}

/* Off screen with the player's files (settings, autosave). */
static rb_app *open_with_player_files(void)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 800;
    opt.height = 600;
    opt.player_files = true;
    rb_ui_app_defaults(&fixture_app);
    fixture_app.ticks = fixture_clock_ticks;
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    fixture_app.state.settings.animation = false;
    return &fixture_app;
}

static void a_resumed_game_has_its_clocks(void **state)
{
    (void)state;
    rb_app *app = open_with_player_files();
    new_timed_game(app, five_three, (rb_ui_time_control){180000, 2000}, -1, 1);
    fixture_clock_ms += 5000;
    fixture_drag(app, "c2", "b3"); /* White 298 s */
    fixture_clock_ms += 30000;
    fixture_drag(app, "c7", "b7"); /* Black 152 s */
    fixture_clock_ms += 40000;     /* White thinks, then the window is closed */
    fixture_close(app);

    app = open_with_player_files();
    assert_int_equal(app->state.game.ply, 2);
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_WHITE], five_three));
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_BLACK], (rb_ui_time_control){180000, 2000}));
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 258000); /* the 40 s are not given back */
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 152000);
    assert_int_equal(app->state.clock.running, RB_WHITE);
    fixture_close(app);
}

static void the_new_game_dialog_takes_a_custom_clock_per_side(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    app->ticks = fixture_clock_ticks;
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    open.open_dialog.dialog = RB_UI_DIALOG_NEW_GAME;
    rb_ui_apply(app, &open);
    rb_ui_dialog_state *d = &app->state.dialog;
    assert_int_equal(d->time_choice, 0); /* untimed by default */
    d->mode = RB_UI_TWO_PLAYERS;
    d->time_choice = RB_UI_TC_NPRESETS; /* "Custom" */
    rb_ui_app_draw(app);
    for (int i = 0; i < 10; i++) {
        fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    }
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_TEXTINPUT;
    SDL_strlcpy(ev.text.text, "0+x", sizeof ev.text.text);
    rb_ui_app_event(app, &ev);
    assert_string_equal(d->time_custom, "0+"); /* only what a control is made of */
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(d->kind, RB_UI_DIALOG_NEW_GAME); /* refused, with the reason */
    assert_true(d->error[0] != '\0');
    rb_ui_app_draw(app);

    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    SDL_strlcpy(ev.text.text, "1+0 / 2+1", sizeof ev.text.text);
    rb_ui_app_event(app, &ev);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(d->kind, RB_UI_DIALOG_NONE);
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_WHITE], (rb_ui_time_control){60000, 0}));
    assert_true(rb_ui_tc_equal(app->state.clock.tc[RB_BLACK], (rb_ui_time_control){120000, 1000}));
    assert_string_equal(rb_game_tag(&app->state.game, "WhiteTimeControl"), "60");
    assert_string_equal(rb_game_tag(&app->state.game, "BlackTimeControl"), "120+1");

    /* A preset, chosen the same way, for both sides. */
    rb_ui_apply(app, &open);
    d->time_choice = 2;
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_string_equal(rb_ui_tc_presets[2].name, "5+3");
    assert_string_equal(rb_game_tag(&app->state.game, "TimeControl"), "300+3");
    /* And untimed: no clock, no tag. */
    rb_ui_apply(app, &open);
    d->time_choice = 0;
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_game_clock_timed(&app->state));
    assert_null(rb_game_tag(&app->state.game, "TimeControl"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clock_runs_for_the_side_to_move_and_adds_the_increment),
        cmocka_unit_test(a_fallen_flag_loses_the_game_on_time),
        cmocka_unit_test(a_move_after_the_flag_fell_comes_too_late),
        cmocka_unit_test(the_computer_plays_within_its_time),
        cmocka_unit_test(minimised_clocks_pause_against_the_computer),
        cmocka_unit_test(saved_games_keep_their_clocks),
        cmocka_unit_test(a_resumed_game_has_its_clocks),
        cmocka_unit_test(the_new_game_dialog_takes_a_custom_clock_per_side),
    };
    return cmocka_run_group_tests(tests, make_home, fixture_remove_home_teardown);
}
