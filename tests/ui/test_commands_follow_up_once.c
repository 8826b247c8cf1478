/*
 * test_commands_follow_up_once.c - the game window's promise: whatever
 * asks for a change of the game (the board, the panel, a dialog, the
 * computer), the change is made in one place and brings the same
 * follow-ups once: the autosave is rewritten (an undo included, so a
 * resumed game goes on from the take-back), the computer starts when it is
 * to move and stops when it is not. Commands that leave the game alone
 * leave the autosave alone, and drawing a frame changes nothing at all,
 * not even the games folder the save dialog names.
 *
 * Runs in a private XDG_DATA_HOME, off screen, with the real computer
 * player on its own thread where the computer plays.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dialogs/dialog.h"
#include "files/prefs.h"
#include "files/store.h"
#include "files/settings.h"
#include "ui_fixture.h"
#include "ui_home.h"
#include "computer/worker.h"

static int make_home(void **state)
{
    (void)state;
    return fixture_private_home("commands-test");
}

static void autosave_path(rb_app *app, char *path, size_t len)
{
    char err[600];
    assert_int_equal(rb_ui_prefs_file(app, "autosave.pgn", path, len, err, sizeof err), 0);
}

/* The autosave's identity on disk: every write replaces the file (written
 * aside, then renamed over), so a rewrite shows as a new inode; 0 when
 * there is no autosave. */
static ino_t autosave_inode(rb_app *app)
{
    char path[RB_UI_PATH_MAX];
    autosave_path(app, path, sizeof path);
    struct stat st;
    return stat(path, &st) == 0 ? st.st_ino : 0;
}

/* The number of moves of the game the autosave would resume, -1 when
 * there is no autosave. */
static long autosaved_moves(rb_app *app)
{
    char path[RB_UI_PATH_MAX], err[600];
    autosave_path(app, path, sizeof path);
    if (access(path, F_OK) != 0) {
        return -1;
    }
    rb_game g;
    assert_int_equal(rb_ui_prefs_read_game(path, &g, err, sizeof err), 0);
    long n = (long)g.length;
    rb_game_free(&g);
    return n;
}

static rb_ui_cmd move_cmd(rb_app *app, const char *coord)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PLAY);
    char err[200];
    assert_int_equal(rb_move_parse_coord(rb_ui_state_pos(&app->state), coord, &cmd.play.move, err, sizeof err), 0);
    return cmd;
}

/* The first legal move of the position, to play. */
static rb_ui_cmd any_move(rb_app *app)
{
    rb_movelist list;
    rb_gen_legal(rb_ui_state_pos(&app->state), &list);
    assert_true(list.count > 0);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PLAY);
    cmd.play.move = list.moves[0];
    return cmd;
}

static rb_ui_cmd browse_cmd(int ply)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
    cmd.browse.ply = ply;
    return cmd;
}

/* Applies a command that changes the game: exactly one change is counted
 * and, when the app keeps the player's files, the autosave is rewritten. */
static void change(rb_app *app, rb_ui_cmd cmd)
{
    unsigned changes = app->state.changes;
    ino_t before = autosave_inode(app);
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
    assert_int_equal(app->state.changes, changes + 1);
    ino_t after = autosave_inode(app);
    /* rewritten, or removed when there is nothing left to resume */
    if (app->player_files) {
        assert_true(after == 0 || after != before);
    } else {
        assert_true(after == before);
    }
}

/* Applies a command that leaves the game alone: no change counted, the
 * autosave untouched. */
static void no_change(rb_app *app, rb_ui_cmd cmd)
{
    unsigned changes = app->state.changes;
    ino_t before = autosave_inode(app);
    rb_ui_apply(app, &cmd);
    assert_int_equal(app->state.changes, changes);
    assert_true(autosave_inode(app) == before);
}

static void every_game_change_is_autosaved_and_nothing_else_is(void **state)
{
    (void)state;
    rb_app *app = fixture_open_with_player_files();
    rb_ui_cmd first = move_cmd(app, "c2b3");
    change(app, first);
    assert_int_equal(autosaved_moves(app), 1);
    change(app, move_cmd(app, "e7f7"));
    change(app, move_cmd(app, "e1f1"));
    assert_int_equal(autosaved_moves(app), 3);

    /* An undo is saved: the game resumes from the take-back. */
    change(app, rb_ui_cmd_of(RB_UI_CMD_UNDO));
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(autosaved_moves(app), 2);
    change(app, rb_ui_cmd_of(RB_UI_CMD_REDO));
    assert_int_equal(autosaved_moves(app), 3);

    /* Browsing loses nothing: the whole game stays saved. */
    change(app, browse_cmd(1));
    assert_true(app->state.browsing);
    assert_int_equal(autosaved_moves(app), 3);
    change(app, browse_cmd(3));
    assert_false(app->state.browsing);

    /* The window's own business leaves the game and its autosave alone. */
    no_change(app, rb_ui_cmd_of(RB_UI_CMD_FLIP));
    rb_ui_cmd setting = rb_ui_cmd_of(RB_UI_CMD_SET_SETTING);
    setting.set_setting.index = 0;
    setting.set_setting.on = !rb_ui_settings_get(&app->state.settings, 0);
    no_change(app, setting);
    rb_ui_cmd help = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    help.open_dialog.dialog = RB_UI_DIALOG_HELP;
    no_change(app, help);
    help.open_dialog.dialog = RB_UI_DIALOG_NONE;
    no_change(app, help);
    no_change(app, browse_cmd(3)); /* already there */

    /* A move the rules refuse here (the first, played again) changes
     * nothing either. */
    unsigned changes = app->state.changes;
    assert_int_equal(rb_ui_apply(app, &first), -1);
    assert_int_equal(app->state.changes, changes);
    assert_int_equal(app->state.game.length, 3);

    /* Ending the game ends the autosave: there is nothing to resume. */
    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_WHITE;
    change(app, resign);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_RESIGNATION);
    assert_int_equal(autosaved_moves(app), -1);

    rb_ui_cmd fresh = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    fresh.new_game.players[0] = fresh.new_game.players[1] = (rb_ui_player){RB_UI_HUMAN, 3};
    fresh.new_game.person = -1;
    change(app, fresh);
    assert_int_equal(app->state.game.length, 0);
    change(app, move_cmd(app, "c2b3"));
    assert_int_equal(autosaved_moves(app), 1);
    fixture_close(app);
}

static double ms_now(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* Hands the app its events until the computer has moved (or 10 s). */
static void until_the_computer_moved(rb_app *app)
{
    double end = ms_now() + 10000;
    size_t length = app->state.game.length;
    while (ms_now() < end && app->state.game.length == length) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_int_equal(app->state.game.length, length + 1);
}

static void the_computer_starts_and_stops_with_each_change(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    char err[400];
    if (rb_ui_worker_init(app, err, sizeof err) != 0) {
        fail_msg("cannot start the computer player: %s", err);
    }
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 10};

    /* The person moves: the computer is to move and thinks. */
    change(app, move_cmd(app, "c2b3"));
    assert_true(rb_ui_worker_busy(app));
    /* Undo while it thinks: back to the person, the search cancelled. */
    change(app, rb_ui_cmd_of(RB_UI_CMD_UNDO));
    assert_int_equal(app->state.game.ply, 0);
    assert_false(rb_ui_worker_busy(app));
    /* Redo: the computer is to move again and thinks again. */
    change(app, rb_ui_cmd_of(RB_UI_CMD_REDO));
    assert_true(rb_ui_worker_busy(app));
    /* Looking back leaves it thinking about the game; so does going back. */
    change(app, browse_cmd(0));
    assert_true(rb_ui_worker_busy(app));
    change(app, browse_cmd(1));
    assert_true(rb_ui_worker_busy(app));
    /* Its answer comes back as a command, and is played once. */
    rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_MOVE_NOW});
    until_the_computer_moved(app);
    assert_int_equal(app->state.game.length, 2);
    assert_false(rb_ui_worker_busy(app));
    /* The person resigns: nobody is to move, nothing thinks. */
    change(app, any_move(app));
    assert_true(rb_ui_worker_busy(app));
    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_WHITE;
    change(app, resign);
    assert_false(rb_ui_worker_busy(app));
    /* A new game with the computer as White: it starts at once. */
    rb_ui_cmd fresh = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    fresh.new_game.players[RB_WHITE] = (rb_ui_player){RB_UI_COMPUTER, 10};
    fresh.new_game.players[RB_BLACK] = (rb_ui_player){RB_UI_HUMAN, 10};
    fresh.new_game.person = RB_BLACK;
    change(app, fresh);
    assert_true(rb_ui_worker_busy(app));
    fixture_close(app);
}

/* Draws a frame and checks it changed nothing the window shows. */
static void draw_changes_nothing(rb_app *app)
{
    rb_ui_state before = app->state;
    rb_ui_app_draw(app);
    assert_memory_equal(&before, &app->state, sizeof before);
}

static void drawing_a_frame_changes_nothing(void **state)
{
    (void)state;
    rb_app *app = fixture_open_with_player_files();
    /* The first test left a game to resume: answer "New game" and start
     * one between two people. */
    if (app->state.dialog.kind == RB_UI_DIALOG_MESSAGE) {
        fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    }
    rb_ui_cmd fresh = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    fresh.new_game.players[0] = fresh.new_game.players[1] = (rb_ui_player){RB_UI_HUMAN, 3};
    fresh.new_game.person = -1;
    fresh.new_game.replace = true; /* over the resumed game, without the question */
    rb_ui_apply(app, &fresh);
    fixture_type(app, "c2b3");
    fixture_type(app, "e7f7");
    assert_int_equal(app->state.game.length, 2);
    /* A selection with a hovered destination, a browsed move list. */
    fixture_click(app, "d1");
    assert_true(app->state.input.sel >= 0);
    fixture_motion(app, fixture_center(app, "c2"), false);
    draw_changes_nothing(app);
    fixture_key(app, SDLK_LEFT, KMOD_NONE);
    assert_true(app->state.browsing);
    draw_changes_nothing(app);
    fixture_key(app, SDLK_END, KMOD_NONE);

    /* The save dialog says where games go without making the folder:
     * neither opening it, nor typing, nor any frame does; saving does. */
    char games[RB_UI_PATH_MAX], err[600];
    assert_int_equal(rb_ui_prefs_file(app, "games", games, sizeof games, err, sizeof err), 0);
    rmdir(games);
    assert_int_not_equal(access(games, F_OK), 0);
    fixture_key(app, SDLK_s, KMOD_CTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_SAVE);
    assert_non_null(strstr(app->state.dialog.where, "games"));
    SDL_Event text;
    memset(&text, 0, sizeof text);
    text.type = SDL_TEXTINPUT;
    strcpy(text.text.text, "x");
    rb_ui_app_event(app, &text);
    for (int i = 0; i < 3; i++) {
        draw_changes_nothing(app);
    }
    assert_int_not_equal(access(games, F_OK), 0);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NONE);
    assert_int_equal(access(games, F_OK), 0);

    /* Each dialog drawn from the same state twice over: no change. */
    static const rb_ui_dialog_kind kinds[] = {RB_UI_DIALOG_NEW_GAME, RB_UI_DIALOG_LOAD, RB_UI_DIALOG_SETTINGS,
                                              RB_UI_DIALOG_HELP};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
        open.open_dialog.dialog = kinds[i];
        rb_ui_apply(app, &open);
        draw_changes_nothing(app);
        draw_changes_nothing(app);
    }
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_change_is_autosaved_and_nothing_else_is),
        cmocka_unit_test(the_computer_starts_and_stops_with_each_change),
        cmocka_unit_test(drawing_a_frame_changes_nothing),
    };
    return cmocka_run_group_tests(tests, make_home, fixture_remove_home_teardown);
}
