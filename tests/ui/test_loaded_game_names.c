/*
 * test_loaded_game_names.c - a game record opened in the window (dropped on
 * it, here) shows who played it: the names in its White and Black tags, not
 * the generic "Player". A file that is not a game gives a message naming
 * the file and where it went wrong, and the game on the board stays as it
 * was. A name too long for the panel is cut between characters; dropped
 * text that is not a file is ignored. A dialog open when a game is dropped
 * (it was about the game replaced) closes.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "dialogs/dialog.h"
#include "panel/panel.h"
#include "ui_fixture.h"

static char dir[] = "/tmp/rb-names-test-XXXXXX";

static int make_dir(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *text)
{
    fixture_write_file(path, text, strlen(text));
}

static void a_dropped_game_shows_the_names_it_was_played_by(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/named.pgn", dir);
    write_file(path, "[Event \"Club evening\"]\n[White \"Anna Ring\"]\n[Black \"Boris Bounce\"]\n"
                     "[Result \"*\"]\n\n1. c2-b3 e6-f6 *\n");
    rb_app *app = fixture_open(NULL, 800, 600);
    char who[64];
    rb_ui_panel_player_text(&app->state, RB_WHITE, who, sizeof who);
    assert_string_equal(who, "Player");

    fixture_drop_file(app, path);
    assert_int_equal(app->state.game.length, 2);
    rb_ui_panel_player_text(&app->state, RB_WHITE, who, sizeof who);
    assert_string_equal(who, "Anna Ring");
    rb_ui_panel_player_text(&app->state, RB_BLACK, who, sizeof who);
    assert_string_equal(who, "Boris Bounce");
    /* The panel draws with the names without trouble. */
    rb_ui_app_draw(app);
    fixture_close(app);
}

static void a_game_dropped_over_a_dialog_closes_it(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/over.pgn", dir);
    write_file(path, "[Result \"*\"]\n\n1. c2-b3 e6-f6 *\n");
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_dialog_open(app, RB_UI_DIALOG_NEW_GAME);
    assert_true(rb_ui_dialog_active(&app->state));
    fixture_drop_file(app, path);
    assert_int_equal(app->state.game.length, 2);
    assert_false(rb_ui_dialog_active(&app->state));
    /* A drop that fails leaves an open dialog alone. */
    rb_ui_dialog_open(app, RB_UI_DIALOG_SETTINGS);
    fixture_drop_file(app, "/no/such/game.pgn");
    assert_true(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 2);
    fixture_close(app);
}

/* True when s is well-formed UTF-8 (what the font needs to draw it). */
static bool valid_utf8(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        int more = *u < 0x80 ? 0 : (*u & 0xE0) == 0xC0 ? 1 : (*u & 0xF0) == 0xE0 ? 2 : (*u & 0xF8) == 0xF0 ? 3 : -1;
        if (more < 0) {
            return false;
        }
        u++;
        for (int i = 0; i < more; i++, u++) {
            if ((*u & 0xC0) != 0x80) {
                return false;
            }
        }
    }
    return true;
}

static void a_long_name_is_cut_between_characters(void **state)
{
    (void)state;
    char path[256], text[1024], name[301];
    /* 100 three-byte characters: any byte cut lands inside one two times in three. */
    for (int i = 0; i < 100; i++) {
        memcpy(name + 3 * i, "\u2605", 3);
    }
    name[300] = '\0';
    snprintf(path, sizeof path, "%s/long.pgn", dir);
    snprintf(text, sizeof text, "[White \"%s\"]\n[Black \"Bo\"]\n\n1. c2-b3 *\n", name);
    write_file(path, text);
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drop_file(app, path);
    assert_int_equal(app->state.game.length, 1);
    for (size_t size = 8; size <= 64; size++) {
        char who[64];
        rb_ui_panel_player_text(&app->state, RB_WHITE, who, size);
        assert_true(strlen(who) < size);
        assert_true(valid_utf8(who));
        assert_non_null(strstr(who, "\u2605"));
        assert_string_equal(who + strlen(who) - 3, "\u2026");
    }
    rb_ui_app_draw(app);
    fixture_close(app);
}

static void a_record_without_names_keeps_the_generic_words(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/anonymous.pgn", dir);
    write_file(path, "[White \"?\"]\n[Black \"\"]\n\n1. c2-b3 *\n");
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drop_file(app, path);
    assert_int_equal(app->state.game.length, 1);
    char who[64];
    rb_ui_panel_player_text(&app->state, RB_WHITE, who, sizeof who);
    assert_string_equal(who, "Player");
    rb_ui_panel_player_text(&app->state, RB_BLACK, who, sizeof who);
    assert_string_equal(who, "Player");
    fixture_close(app);
}

/* Text dragged onto the window (not a file) changes nothing; the
 * sanitizer build also checks that its copy is given back. */
static void dropped_text_is_ignored(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "c2");
    fixture_click(app, "b3");
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_DROPTEXT;
    ev.drop.file = SDL_strdup("1. c2-b3 *");
    rb_ui_app_event(app, &ev);
    assert_int_equal(app->state.game.length, 1);
    assert_int_equal(app->state.game.ply, 1);
    fixture_close(app);
}

static void a_corrupt_file_is_named_and_the_game_kept(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/broken.pgn", dir);
    write_file(path, "[White \"Anna\"]\n\n1. zz9 *\n");
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "c2");
    fixture_click(app, "b3");
    assert_int_equal(app->state.game.length, 1);
    char before[RB_POS_TEXT_MAX];
    fixture_fen(app, before, sizeof before);

    fixture_drop_file(app, path);
    assert_non_null(strstr(app->state.status, "broken.pgn"));
    assert_non_null(strstr(app->state.status, "line 3"));
    assert_int_equal(app->state.game.length, 1);
    char after[RB_POS_TEXT_MAX];
    fixture_fen(app, after, sizeof after);
    assert_string_equal(before, after);
    char who[64];
    rb_ui_panel_player_text(&app->state, RB_WHITE, who, sizeof who);
    assert_string_equal(who, "Player");
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_dropped_game_shows_the_names_it_was_played_by),
        cmocka_unit_test(a_record_without_names_keeps_the_generic_words),
        cmocka_unit_test(a_long_name_is_cut_between_characters),
        cmocka_unit_test(a_corrupt_file_is_named_and_the_game_kept),
        cmocka_unit_test(dropped_text_is_ignored),
        cmocka_unit_test(a_game_dropped_over_a_dialog_closes_it),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
