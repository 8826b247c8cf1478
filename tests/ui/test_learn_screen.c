/*
 * test_learn_screen.c - the Learn screen: the welcome's first choice opens
 * the lesson map; --learn CHAPTER.STAGE opens a stage; a stage played to
 * its goal by clicks earns its stars, which are kept in the settings folder
 * and shown on the map at the next start; a wrong move is explained on the
 * board; the hint shows the way from the piece; retry starts afresh; and
 * --list-lessons prints a line per stage. Runs in a private XDG_DATA_HOME.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "app/args.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "screens/learn/learn.h"
#include "files/prefs.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int make_home(void **state)
{
    (void)state;
    return fixture_private_home("learn-test");
}

static rb_app *start(const char *learn)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.learn = learn;
    return fixture_start(&opt);
}

/* Lesson 2.2: the king walks round the hole to the star on f3. */
static void play_2_2(rb_app *app)
{
    static const char *const way[][2] = {{"b3", "c2"}, {"c2", "d2"}, {"d2", "e2"}, {"e2", "f3"}};
    for (size_t i = 0; i < sizeof way / sizeof way[0]; i++) {
        fixture_click(app, way[i][0]);
        fixture_click(app, way[i][1]);
    }
}

static void a_stage_finished_keeps_its_stars(void **state)
{
    (void)state;
    rb_app *app = start("2.2");
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_STAGE);
    assert_false(rb_ui_dialog_active(&app->state)); /* a lesson named: no welcome */
    play_2_2(app);
    assert_int_equal(app->state.learn.stars, 3);
    assert_true(app->state.learn.over);
    const rb_learn_set *set = rb_ui_learn_set(app);
    assert_int_equal(
        rb_learn_progress_stars(rb_ui_learn_progress(app), set->chapters[1].id, set->chapters[1].stages[1].id), 3);
    char path[RB_UI_PATH_MAX], err[600];
    assert_int_equal(rb_ui_prefs_file(app, RB_UI_LEARN_PROGRESS_FILE, path, sizeof path, err, sizeof err), 0);
    assert_int_equal(access(path, F_OK), 0);
    fixture_close(app);

    /* the next start reads them back */
    app = start(NULL);
    rb_ui_cmd map = rb_ui_cmd_of(RB_UI_CMD_LEARN);
    map.learn.chapter = -1;
    assert_int_equal(rb_ui_apply(app, &map), 0);
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
    set = rb_ui_learn_set(app);
    assert_int_equal(
        rb_learn_progress_stars(rb_ui_learn_progress(app), set->chapters[1].id, set->chapters[1].stages[1].id), 3);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* the map closes: the game is back */
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_OFF);
    fixture_close(app);
}

static void wrong_moves_are_explained_and_the_hint_shows_the_way(void **state)
{
    (void)state;
    rb_app *app = start("2.2");
    rb_ui_app_draw(app);
    fixture_click(app, "b3");
    fixture_click(app, "b5"); /* two squares away: a king steps one */
    assert_true(app->state.explain.shown);
    assert_int_equal(app->state.explain.reason, RB_EXPLAIN_UNREACHABLE);
    assert_string_equal(app->state.learn.message, app->state.explain.text);
    assert_int_equal(rb_ui_learn_session(app)->moves, 0);

    fixture_key(app, SDLK_h, KMOD_NONE);
    assert_true(app->state.learn.hint_shown);
    assert_int_equal(app->state.learn.hint.sq[0], rb_sq_parse("b3"));

    fixture_click(app, "b3");
    fixture_click(app, "a4");
    assert_int_equal(rb_ui_learn_session(app)->moves, 1);
    fixture_do(app, RB_UI_CMD_LEARN_RETRY);
    assert_int_equal(rb_ui_learn_session(app)->moves, 0);
    assert_int_equal(rb_learn_pos(rb_ui_learn_session(app))->board[rb_sq_parse("b3")], RB_PIECE(RB_WHITE, RB_KING));
    fixture_close(app);
}

static void the_welcome_leads_to_the_lesson_map(void **state)
{
    (void)state;
    rb_app *app = start(NULL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_WELCOME);
    fixture_key(app, SDLK_RETURN, KMOD_NONE); /* learn to play, the default */
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
    fixture_close(app);
}

static void command_line_names_lessons(void **state)
{
    (void)state;
    rb_ui_options opt;
    char err[300];
    char *list[] = {"rollerball", "--list-lessons", NULL};
    assert_int_equal(rb_ui_args_parse(2, list, &opt, err, sizeof err), RB_UI_ARGS_RUN);
    assert_true(opt.list_lessons);
    char *both[] = {"rollerball", "--learn", "1.1", "--fen", "7/7/2xxx2/2xxx2/2xxx2/7/7 w - 0 1", NULL};
    assert_int_equal(rb_ui_args_parse(5, both, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    char *hint[] = {"rollerball", "--learn", "3.3", "--learn-hint", NULL};
    assert_int_equal(rb_ui_args_parse(4, hint, &opt, err, sizeof err), RB_UI_ARGS_RUN);
    assert_true(opt.learn_hint);
    char *hint_alone[] = {"rollerball", "--learn-hint", NULL};
    assert_int_equal(rb_ui_args_parse(2, hint_alone, &opt, err, sizeof err), RB_UI_ARGS_ERROR);

    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    assert_int_equal(rb_ui_learn_list(NULL, out, err, sizeof err), 0);
    fclose(out);
    assert_true(strncmp(text, "1.1\t", 4) == 0);
    assert_non_null(strstr(text, "\n2.2\tNothing crosses the hole\t"));
    free(text);

    /* a stage that does not exist is refused with its name */
    rb_ui_options bad;
    memset(&bad, 0, sizeof bad);
    bad.width = 800;
    bad.height = 600;
    bad.learn = "99.1";
    rb_ui_app_defaults(&fixture_app);
    char why[1400];
    assert_int_equal(rb_ui_app_open(&fixture_app, &bad, true, why, sizeof why), -2);
    assert_non_null(strstr(why, "99.1"));
    rb_ui_app_close(&fixture_app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_stage_finished_keeps_its_stars, make_home, fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(wrong_moves_are_explained_and_the_hint_shows_the_way, make_home,
                                        fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(the_welcome_leads_to_the_lesson_map, make_home, fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(command_line_names_lessons, make_home, fixture_remove_home_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
