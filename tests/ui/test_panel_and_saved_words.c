/*
 * test_panel_and_saved_words.c - what the panel and a saved game say, as a
 * player reads them: the check line is a plain sentence; once the game is
 * over the disc shows the winner, not the side that would move; the result
 * ends the move list; a resignation is told once; browsing counts moves as
 * the list numbers them; a saved game carries its real date and its
 * players' names; a saved game's name too long for the list ends in an
 * ellipsis, cut between characters.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dialogs/dialog.h"
#include "files/games.h"
#include "panel/panel.h"
#include "kit/text.h"
#include "ui_fixture.h"
#include "ui_home.h"
#include "kit/widget.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("words-test");
}

/* Draws a frame from an empty text cache, so what the cache holds is what
 * this frame drew. */
static void draw_fresh(rb_app *app)
{
    rb_ui_text_flush(app);
    rb_ui_app_draw(app);
}

static void the_check_line_is_a_plain_sentence(void **state)
{
    (void)state;
    /* White's rook on a7 gives check to the black king. */
    rb_app *app = fixture_open("R2k3/7/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1", 800, 600);
    char words[256];
    rb_ui_panel_status_text(&app->state, words, sizeof words);
    if (!strstr(words, "in check")) {
        fail_msg("the position is not check: '%s'", words);
    }
    draw_fresh(app);
    char first[256];
    assert_int_equal(rb_ui_text_drawn(app, "is in check", first, sizeof first), 1);
    assert_string_equal(first, "Black is in check.");
    assert_int_equal(rb_ui_text_drawn(app, " !", NULL, 0), 0);
    fixture_close(app);
}

/* Counts pixels of a colour in the panel's top-left corner, where the
 * disc is. */
static int disc_pixels(rb_app *app, Uint8 v)
{
    SDL_Rect p = app->layout.panel;
    int n = 0, size = rb_ui_widget_font_px(app) * 3;
    SDL_Surface *s = app->target;
    for (int y = p.y; y < p.y + size && y < s->h; y++) {
        for (int x = p.x; x < p.x + size && x < s->w; x++) {
            Uint32 px = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
            Uint8 r, g, b;
            SDL_GetRGB(px, s->format, &r, &g, &b);
            if (abs(r - v) < 6 && abs(g - v) < 6 && abs(b - v) < 12) {
                n++;
            }
        }
    }
    return n;
}

static void after_a_win_the_disc_shows_the_winner_and_the_list_the_result(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    /* Black to move resigns: White wins. */
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    cmd.resign.color = RB_BLACK;
    rb_ui_apply(app, &cmd);
    assert_int_equal(rb_game_result(&app->state.game), RB_RESULT_WHITE);
    assert_int_equal(rb_ui_panel_disc_colour(&app->state), RB_WHITE);
    draw_fresh(app);
    assert_true(disc_pixels(app, 250) > 20);   /* White's disc ... */
    assert_int_equal(disc_pixels(app, 15), 0); /* ... not Black's */
    /* The result closes the move list, as on a score sheet. */
    assert_int_equal(rb_ui_text_drawn(app, "1-0", NULL, 0), 2); /* header and list */
    char first[64];
    rb_ui_text_drawn(app, "Game over", first, sizeof first);
    assert_string_equal(first, "Game over: 1-0");
    /* Told once: the panel's sentence, not the status line again. */
    assert_string_equal(app->state.status, "");
    assert_int_equal(rb_ui_text_drawn(app, "resigned", first, sizeof first), 1);
    assert_non_null(strstr(first, "Black resigned."));
    fixture_close(app);
}

static void browsing_counts_moves_as_the_list_does(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    fixture_type(app, "e6f6");
    fixture_type(app, "b3b4");
    fixture_type(app, "f6f5");
    assert_int_equal(app->state.game.length, 4);
    fixture_key(app, SDLK_LEFT, KMOD_NONE); /* to ply 3: White's second move */
    char words[256];
    rb_ui_panel_viewing_text(&app->state, words, sizeof words);
    assert_non_null(strstr(words, "Viewing move 2 (White) of 2."));
    draw_fresh(app);
    assert_int_equal(rb_ui_text_drawn(app, "of 4", NULL, 0), 0);
    fixture_key(app, SDLK_HOME, KMOD_NONE);
    rb_ui_panel_viewing_text(&app->state, words, sizeof words);
    assert_non_null(strstr(words, "start position"));
    fixture_close(app);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void a_saved_game_has_its_date_and_players(void **state)
{
    (void)state;
    setenv("USER", "anna", 1);
    rb_app *app = fixture_open(NULL, 800, 600);
    /* A new game against the computer, as the dialog starts one. */
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    cmd.new_game.players[RB_WHITE] = (rb_ui_player){RB_UI_HUMAN, 4};
    cmd.new_game.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 4};
    cmd.new_game.person = RB_WHITE;
    rb_ui_apply(app, &cmd);
    app->state.players[RB_BLACK].kind = RB_UI_HUMAN; /* the test plays both */
    fixture_type(app, "c2b3");
    app->state.players[RB_BLACK].kind = RB_UI_COMPUTER;
    char err[RB_UI_PATH_MAX + 300];
    assert_int_equal(rb_ui_games_save(app, "dated", err, sizeof err), 0);
    char dir[RB_UI_PATH_MAX], path[RB_UI_PATH_MAX + 32];
    assert_int_equal(rb_ui_games_folder(app, dir, sizeof dir, err, sizeof err), 0);
    snprintf(path, sizeof path, "%sdated.pgn", dir);
    const char *text = read_all(path);
    char today[40];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(today, sizeof today, "[Date \"%Y.%m.%d\"]", &tm);
    if (!strstr(text, today)) {
        fail_msg("no %s in:\n%s", today, text);
    }
    assert_null(strstr(text, "????"));
    assert_non_null(strstr(text, "[White \"anna\"]"));
    assert_non_null(strstr(text, "[Black \"Computer (level 4)\"]"));
    /* The person's own name is not shown back as a stranger's. */
    char who[64];
    rb_ui_panel_player_text(&app->state, RB_WHITE, who, sizeof who);
    assert_string_equal(who, "You");
    fixture_close(app);

    /* Two people at one screen are White and Black. */
    app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    assert_int_equal(rb_ui_games_save(app, "two", err, sizeof err), 0);
    snprintf(path, sizeof path, "%stwo.pgn", dir);
    text = read_all(path);
    assert_non_null(strstr(text, "[White \"White\"]"));
    assert_non_null(strstr(text, "[Black \"Black\"]"));
    assert_null(strstr(text, "????"));
    fixture_close(app);
}

static void a_long_saved_name_ends_in_an_ellipsis(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    /* Many two-byte letters: a cut mid-letter would show as a box. */
    char name[200] = "Partie ";
    for (int i = 0; i < 30; i++) {
        strcat(name, "\xc3\xa9t\xc3\xa9");
    }
    char err[RB_UI_PATH_MAX + 300];
    assert_int_equal(rb_ui_games_save(app, name, err, sizeof err), 0);
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    open.open_dialog.dialog = RB_UI_DIALOG_LOAD;
    rb_ui_apply(app, &open);
    assert_true(app->state.dialog.nentries >= 1);
    draw_fresh(app);
    char shown[256];
    int drawn = rb_ui_text_drawn(app, "Partie ", shown, sizeof shown);
    if (drawn != 1) {
        fail_msg("%d strings with the name, one '%s'", drawn, shown);
    }
    size_t n = strlen(shown);
    assert_true(n > 3 && n < strlen(name));
    assert_string_equal(shown + n - 3, "\xe2\x80\xa6"); /* the ellipsis */
    assert_memory_equal(shown, name, n - 3);            /* a start of the name */
    unsigned char last = (unsigned char)shown[n - 4];
    assert_true(last < 0x80 || (last & 0xC0) == 0x80); /* the letter before it whole */
    assert_false(last == 0xc3);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_check_line_is_a_plain_sentence),
        cmocka_unit_test(after_a_win_the_disc_shows_the_winner_and_the_list_the_result),
        cmocka_unit_test(browsing_counts_moves_as_the_list_does),
        cmocka_unit_test(a_saved_game_has_its_date_and_players),
        cmocka_unit_test(a_long_saved_name_ends_in_an_ellipsis),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
