/*
 * test_file_problems_speak_the_players_language.c - what the lessons' and
 * the puzzles' file readers say is wrong with a file reaches the player in
 * the player's language (the game's catalogues), with the file named whole
 * and the line and numbers in place: a damaged progress file of the
 * lessons, a damaged puzzle rating, a puzzle file with a broken line and
 * no puzzle file at all. In English the window says word for word what the
 * libraries' own English says.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang_fixture.h"
#include "ui_fixture.h"

#include "words/lang.h"
#include "screens/learn/learn.h"
#include "files/prefs.h"
#include "rb_learn.h"
#include "rb_puzzle.h"
#include "screens/puzzles/trainer.h"

static char folder[64];

static int make_folder(void **state)
{
    (void)state;
    snprintf(folder, sizeof folder, "/tmp/rb-file-words-XXXXXX");
    if (!mkdtemp(folder)) {
        return -1;
    }
    return setenv("XDG_DATA_HOME", folder, 1);
}

static int remove_folder(void **state)
{
    (void)state;
    char cmd[100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", folder);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

static void say_on(const char *what, const char *said, const char *wanted)
{
    if (!strstr(said, wanted)) {
        fail_msg("%s: the window says\n  %s\nnot\n  %s", what, said, wanted);
    }
}

/* The trainer opened on these files; what it says is in the status or
 * (no puzzles) its problem. */
static void open_trainer(rb_app *app, const char *puzzle_file, const char *player_dir)
{
    rb_ui_trainer_use_files(app, puzzle_file, player_dir);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    cmd.puzzle_open.id = 2;
    rb_ui_apply(app, &cmd);
}

/* The lessons' progress file, damaged on its second line. */
static void write_damaged_progress(rb_app *app, char *path, size_t len)
{
    char err[RB_UI_PATH_MAX + 200];
    app->player_files = true;
    assert_int_equal(rb_ui_prefs_file(app, RB_UI_LEARN_PROGRESS_FILE, path, len, err, sizeof err), 0);
    write_file(path, "rollerball-lessons 1\nstars of the show\n");
}

static void open_learn_map(rb_app *app)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_LEARN);
    cmd.learn.chapter = -1;
    rb_ui_apply(app, &cmd);
}

static void a_damaged_lessons_progress_file_is_named_in_german(void **state)
{
    (void)state;
    rb_app *app = fixture_open_in("de");
    char path[RB_UI_PATH_MAX], wanted[RB_UI_PATH_MAX + 200];
    write_damaged_progress(app, path, sizeof path);
    open_learn_map(app);
    snprintf(wanted, sizeof wanted,
             "%s:2: erwartet wurde \u201estars CHAPTER/STAGE N\u201c mit N von 1 bis 3; die Zeile wird verworfen",
             path);
    say_on("a damaged progress file", app->state.status, wanted);
    app->player_files = false; /* leaves the folder as the test made it */
    fixture_close(app);
}

static void a_damaged_puzzle_rating_is_named_in_french(void **state)
{
    (void)state;
    rb_app *app = fixture_open_in("fr");
    char dir[100], path[160], wanted[400];
    snprintf(dir, sizeof dir, "%s/", folder);
    snprintf(path, sizeof path, "%spuzzle-rating.txt", dir);
    write_file(path, "rollerball-puzzle-player 1\nrating many\n");
    open_trainer(app, NULL, dir);
    snprintf(wanted, sizeof wanted,
             "%s\u00a0: ligne 2\u00a0: le classement n\u2019est pas un nombre de 100 \u00e0 3500 "
             "(votre classement aux probl\u00e8mes repart de z\u00e9ro)",
             path);
    say_on("a damaged puzzle rating", app->state.status, wanted);
    fixture_close(app);
}

static void a_broken_or_missing_puzzle_file_is_named_in_russian(void **state)
{
    (void)state;
    rb_app *app = fixture_open_in("ru");
    char path[160], wanted[400];
    snprintf(path, sizeof path, "%s/puzzles.txt", folder);
    write_file(path, "# puzzles\n1\t1500\tmate\t7/7/2xxx2 w - 0 1\tc2b3\t-\n");
    open_trainer(app, path, NULL);
    assert_true(app->state.trainer.unavailable);
    snprintf(wanted, sizeof wanted,
             "%s: \u0441\u0442\u0440\u043e\u043a\u0430 2: "
             "\u043f\u043e\u0437\u0438\u0446\u0438\u044f: ",
             path); /* "строка 2: позиция: " */
    say_on("a broken puzzle line", rb_ui_trainer_problem(app), wanted);
    fixture_close(app);

    app = fixture_open_in("ru");
    snprintf(path, sizeof path, "%s/no-such-folder/puzzles.txt", folder);
    open_trainer(app, path, NULL);
    assert_true(app->state.trainer.unavailable);
    snprintf(wanted, sizeof wanted,
             "%s: \u043d\u0435 \u0443\u0434\u0430\u0451\u0442\u0441\u044f "
             "\u043e\u0442\u043a\u0440\u044b\u0442\u044c (",
             path); /* "не удаётся открыть (" */
    say_on("a missing puzzle file", rb_ui_trainer_problem(app), wanted);
    fixture_close(app);
}

/* In English the window's sentence is the library's own, word for word. */
static void in_english_the_window_says_what_the_libraries_say(void **state)
{
    (void)state;
    rb_app *app = fixture_open_in("en");
    char path[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + 400];
    write_damaged_progress(app, path, sizeof path);
    rb_learn_progress progress;
    assert_int_equal(rb_learn_progress_load(&progress, path, err, sizeof err), 1);
    open_learn_map(app);
    assert_string_equal(app->state.status, err);
    app->player_files = false;
    fixture_close(app);

    app = fixture_open_in("en");
    snprintf(path, sizeof path, "%s/puzzles.txt", folder);
    write_file(path, "# puzzles\n1\t1500\tmate\t7/7/2xxx2 w - 0 1\tc2b3\t-\n");
    rb_puzzle_set set;
    assert_int_equal(rb_puzzle_set_load(&set, path, err, sizeof err), -1);
    open_trainer(app, path, NULL);
    say_on("a broken puzzle line", rb_ui_trainer_problem(app), err);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_damaged_lessons_progress_file_is_named_in_german),
        cmocka_unit_test(a_damaged_puzzle_rating_is_named_in_french),
        cmocka_unit_test(a_broken_or_missing_puzzle_file_is_named_in_russian),
        cmocka_unit_test(in_english_the_window_says_what_the_libraries_say),
    };
    return cmocka_run_group_tests(tests, make_folder, remove_folder);
}
