/*
 * test_puzzle_progress_kept.c - the player's puzzle rating and the puzzles
 * they solved are kept in the settings folder and are there at the next
 * start; the trainer never writes the game's autosave. Runs in a private
 * XDG_DATA_HOME, with the player's files on as in a real window.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files/prefs.h"
#include "files/store.h"
#include "screens/puzzles/trainer.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int make_home(void **state)
{
    (void)state;
    return fixture_private_home("puzzle-progress");
}

static rb_app *open_with_player_files(void)
{
    fixture_open_with_player_files();
    /* Carry on with a resumed game, as the question offers. */
    if (fixture_app.state.dialog.kind != RB_UI_DIALOG_NONE) {
        rb_ui_apply(&fixture_app, &(rb_ui_cmd){.kind = RB_UI_CMD_OPEN_DIALOG, .open_dialog.dialog = RB_UI_DIALOG_NONE});
    }
    return &fixture_app;
}

static void open_puzzle(rb_app *app, int id)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    cmd.puzzle_open.id = id;
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
}

/* Plays the puzzle in hand to its end, the replies shown as they come. */
static void solve(rb_app *app)
{
    rb_ui_trainer_state *tr = &app->state.trainer;
    while (!tr->session.done) {
        assert_int_equal(fixture_play(app, rb_puzzle_session_expected(&tr->session)), 0);
        while (rb_ui_trainer_waiting(&app->state)) {
            fixture_do(app, RB_UI_CMD_PUZZLE_STEP);
        }
    }
}

static char *read_all(rb_app *app, const char *name)
{
    char path[1200], err[1400];
    assert_int_equal(rb_ui_prefs_file(app, name, path, sizeof path, err, sizeof err), 0);
    char *text = NULL;
    size_t len;
    if (rb_ui_store_read(path, 1 << 20, &text, &len, err, sizeof err) != 0) {
        return NULL;
    }
    return text;
}

static void rating_and_solved_puzzles_kept_between_runs(void **state)
{
    (void)state;
    rb_app *app = open_with_player_files();
    /* A game move makes the autosave; the trainer must leave it be. */
    rb_movelist list;
    rb_gen_legal(rb_ui_state_pos(&app->state), &list);
    assert_int_equal(fixture_play(app, list.moves[0]), 0);
    char *autosave = read_all(app, "autosave.pgn");
    assert_non_null(autosave);

    open_puzzle(app, 3);
    const rb_puzzle_player *pl = rb_ui_trainer_player(app);
    assert_non_null(pl);
    assert_int_equal(pl->rating, RB_PUZZLE_PLAYER_START);
    solve(app);
    open_puzzle(app, 2);
    rb_movelist moves;
    rb_gen_legal(rb_ui_state_pos(&app->state), &moves);
    rb_move wrong =
        moves.moves[0] == rb_puzzle_session_expected(&app->state.trainer.session) ? moves.moves[1] : moves.moves[0];
    assert_int_equal(fixture_play(app, wrong), -1);
    int rating = pl->rating, attempts = pl->attempts;
    assert_int_equal(attempts, 2);
    assert_true(rb_ui_trainer_solved_before(app, 3));
    assert_false(rb_ui_trainer_solved_before(app, 2));

    char *during = read_all(app, "autosave.pgn");
    assert_non_null(during);
    assert_string_equal(during, autosave);
    free(during);
    fixture_do(app, RB_UI_CMD_PUZZLE_LEAVE);
    fixture_close(app);

    /* The next run knows the player. */
    app = open_with_player_files();
    char fen[128];
    fixture_fen(app, fen, sizeof fen);
    open_puzzle(app, 5);
    pl = rb_ui_trainer_player(app);
    assert_int_equal(pl->rating, rating);
    assert_int_equal(pl->attempts, attempts);
    assert_true(rb_ui_trainer_solved_before(app, 3));
    assert_false(rb_ui_trainer_solved_before(app, 2));
    assert_int_equal(rb_ui_trainer_solved_count(app), 1);
    fixture_do(app, RB_UI_CMD_PUZZLE_LEAVE);
    char now[128];
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    fixture_close(app);

    /* The autosave after closing is the game's, still one move long. */
    app = open_with_player_files();
    fixture_close(app);
    free(autosave);
}

static void damaged_rating_file_starts_afresh_and_says_so(void **state)
{
    (void)state;
    rb_app *app = open_with_player_files();
    char path[1200], err[1400];
    assert_int_equal(rb_ui_prefs_file(app, "puzzle-rating.txt", path, sizeof path, err, sizeof err), 0);
    const char junk[] = "this is not a rating file\n";
    fixture_write_file(path, junk, sizeof junk - 1);
    open_puzzle(app, 3);
    assert_int_equal(rb_ui_trainer_player(app)->rating, RB_PUZZLE_PLAYER_START);
    assert_non_null(strstr(app->state.status, "puzzle-rating.txt"));
    assert_non_null(strstr(app->state.status, "afresh"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rating_and_solved_puzzles_kept_between_runs),
        cmocka_unit_test(damaged_rating_file_starts_afresh_and_says_so),
    };
    return cmocka_run_group_tests(tests, make_home, fixture_remove_home_teardown);
}
