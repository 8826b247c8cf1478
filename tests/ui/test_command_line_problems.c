/*
 * test_command_line_problems.c - a game file or position on the command
 * line that cannot be read does not stop the game: it starts as usual and
 * the message shows in a dialog over the board; a game whose moves go
 * wrong part-way opens at its last good move, with the message. The
 * program then exits 0 (a --screenshot draws the board with the message);
 * only usage errors exit 2. A position from the command line starts with
 * both sides played by people unless --white/--black say otherwise.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dialogs/dialog.h"
#include "ui_fixture.h"

static char dir[] = "/tmp/rb-cli-test-XXXXXX";

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Opens the game as the command line would (no players given). Returns
 * rb_ui_app_open's answer. */
static int open_with(const char *fen, const char *file, char *err, size_t errlen)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.fen = fen;
    opt.pgn_file = file;
    opt.width = 800;
    opt.height = 600;
    rb_ui_app_defaults(&fixture_app);
    fixture_app.state.settings.animation = false;
    return rb_ui_app_open(&fixture_app, &opt, true, err, errlen);
}

static void a_bad_position_starts_the_game_with_a_message(void **state)
{
    (void)state;
    char err[1400];
    assert_int_equal(open_with("8/8/8 w", NULL, err, sizeof err), 0);
    rb_app *app = &fixture_app;
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    assert_non_null(strstr(app->state.dialog.text, "--fen"));
    /* The board holds the start position, ready to play. */
    rb_pos start;
    rb_pos_start(&start);
    assert_int_equal(rb_ui_state_pos(&app->state)->key, start.key);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    fixture_type(app, "c2b3");
    assert_int_equal(app->state.game.length, 1);
    fixture_close(app);
}

static void a_missing_file_starts_the_game_with_a_message(void **state)
{
    (void)state;
    char err[1400], path[256];
    snprintf(path, sizeof path, "%s/nowhere.pgn", dir);
    assert_int_equal(open_with(NULL, path, err, sizeof err), 0);
    rb_app *app = &fixture_app;
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    assert_non_null(strstr(app->state.dialog.text, "nowhere.pgn"));
    assert_int_equal(app->state.game.length, 0);
    fixture_close(app);
}

static void a_game_gone_wrong_part_way_opens_at_its_last_good_move(void **state)
{
    (void)state;
    char err[1400], path[256];
    snprintf(path, sizeof path, "%s/cut.pgn", dir);
    const char *text = "[Event \"x\"]\n\n1. c2-b3 e6-f5 2. zz9-b4 *\n";
    fixture_write_file(path, text, strlen(text));
    assert_int_equal(open_with(NULL, path, err, sizeof err), 0);
    rb_app *app = &fixture_app;
    assert_int_equal(app->state.game.length, 2);
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    assert_non_null(strstr(app->state.dialog.title, "Part of the game"));
    assert_non_null(strstr(app->state.dialog.text, "cut.pgn"));
    assert_non_null(strstr(app->state.dialog.text, "line 3"));
    assert_non_null(strstr(app->state.dialog.text, "last good move"));
    fixture_close(app);
}

/* The program next to this test, run with args; returns its exit status. */
static int run_program(const char *args)
{
    char self[1024], cmd[2048];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    assert_true(n > 0);
    self[n] = '\0';
    *strrchr(self, '/') = '\0';
    snprintf(cmd, sizeof cmd, "'%s/rollerball' %s >/dev/null 2>&1", self, args);
    int st = system(cmd);
    assert_true(WIFEXITED(st));
    return WEXITSTATUS(st);
}

static void the_program_runs_on_and_only_usage_errors_exit_2(void **state)
{
    (void)state;
    char args[600], png[256], bad[256];
    snprintf(bad, sizeof bad, "%s/cut2.pgn", dir);
    const char *text = "1. c2-b3 e6-f5 2. nonsense *\n";
    fixture_write_file(bad, text, strlen(text));
    snprintf(png, sizeof png, "%s/shot.png", dir);
    snprintf(args, sizeof args, "'%s' --screenshot '%s'", bad, png);
    assert_int_equal(run_program(args), 0);
    assert_int_equal(access(png, F_OK), 0);
    unlink(png);
    snprintf(args, sizeof args, "--fen 'not a position' --screenshot '%s'", png);
    assert_int_equal(run_program(args), 0);
    assert_int_equal(access(png, F_OK), 0);
    assert_int_equal(run_program("--no-such-option"), 2);
    assert_int_equal(run_program("--size 3x3"), 2);
}

static void a_position_from_the_command_line_is_played_by_people(void **state)
{
    (void)state;
    /* A window remembers who played last (here the computer as Black); a
     * position given on the command line starts with people on both
     * sides, so nothing moves before the player has looked. */
    setenv("XDG_DATA_HOME", dir, 1);
    char conf[300];
    snprintf(conf, sizeof conf, "%s/rollerball", dir);
    mkdir(conf, 0700);
    snprintf(conf, sizeof conf, "%s/rollerball/rollerball", dir);
    mkdir(conf, 0700);
    strcat(conf, "/settings.conf");
    const char *settings = "white = human\nblack = computer\nblack_level = 6\n";
    fixture_write_file(conf, settings, strlen(settings));

    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b - 0 1";
    opt.width = 800;
    opt.height = 600;
    opt.player_files = true;
    opt.keep_players = true;
    rb_ui_app_defaults(&fixture_app);
    char err[1400];
    assert_int_equal(rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err), 0);
    assert_int_equal(fixture_app.state.players[RB_WHITE].kind, RB_UI_HUMAN);
    assert_int_equal(fixture_app.state.players[RB_BLACK].kind, RB_UI_HUMAN);
    fixture_close(&fixture_app);

    /* ... unless the command line says who plays. */
    opt.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 3};
    opt.players_given[RB_BLACK] = true;
    rb_ui_app_defaults(&fixture_app);
    assert_int_equal(rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err), 0);
    assert_int_equal(fixture_app.state.players[RB_WHITE].kind, RB_UI_HUMAN);
    assert_int_equal(fixture_app.state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    fixture_close(&fixture_app);

    /* Without a position, the remembered players stay. */
    fixture_write_file(conf, settings, strlen(settings));
    opt.fen = NULL;
    opt.players_given[RB_BLACK] = false;
    rb_ui_app_defaults(&fixture_app);
    assert_int_equal(rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err), 0);
    assert_int_equal(fixture_app.state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    assert_int_equal(fixture_app.state.players[RB_BLACK].level, 6);
    fixture_close(&fixture_app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bad_position_starts_the_game_with_a_message),
        cmocka_unit_test(a_missing_file_starts_the_game_with_a_message),
        cmocka_unit_test(a_game_gone_wrong_part_way_opens_at_its_last_good_move),
        cmocka_unit_test(the_program_runs_on_and_only_usage_errors_exit_2),
        cmocka_unit_test(a_position_from_the_command_line_is_played_by_people),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
