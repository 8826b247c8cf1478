/*
 * test_clipboard_copy_paste.c - Ctrl+C copies the position string,
 * Ctrl+Shift+C the game as PGN; Ctrl+V pastes either (told apart by their
 * form) with the same messages as loading a file, and asks before
 * replacing an unfinished game. An app without a video device (off screen)
 * has no clipboard: the tests put one in memory in SDL's place, and a copy
 * that SDL refuses is reported. (The real clipboard is tested under X in
 * test_real_display.c.)
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include "dialogs/dialog.h"
#include "ui_fixture.h"

static void ctrl_c_copies_the_position_and_shift_the_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_use_clipboard(app, "");
    fixture_type(app, "c2b3");
    fixture_key(app, SDLK_c, KMOD_LCTRL);
    char fen[RB_POS_TEXT_MAX];
    fixture_fen(app, fen, sizeof fen);
    assert_string_equal(fixture_clipboard, fen);
    fixture_key(app, SDLK_c, KMOD_LCTRL | KMOD_LSHIFT);
    assert_non_null(strstr(fixture_clipboard, "[Variant \"Rollerball\"]"));
    assert_non_null(strstr(fixture_clipboard, "1. c2-b3"));
    fixture_close(app);
}

static void ctrl_v_pastes_a_position_or_a_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    const char *fen = "R2k3/7/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1";
    fixture_use_clipboard(app, fen);
    app->state.players[RB_BLACK].kind = RB_UI_COMPUTER;
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    char now[RB_POS_TEXT_MAX];
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    /* A position is looked at by people: nothing moves by itself. */
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_HUMAN);

    fixture_use_clipboard(app, "\n[Event \"Pasted\"]\n\n1. c2-b3 e6-f6 2. b3-b4 *\n");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_int_equal(app->state.game.length, 3);
    /* Moves on one line, even ending in a drawn result, are a game too. */
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    assert_int_equal(rb_game_init(&g, &start), 0);
    fixture_set_game(app, &g);
    fixture_use_clipboard(app, "1. c2-b3 e6-f6 *");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_int_equal(app->state.game.length, 2);
    fixture_close(app);
}

static void bad_pasted_text_is_named_and_the_game_kept(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    static const struct {
        const char *text, *says;
    } bad[] = {
        {"2rbp2/2rkp2/2xxx2 w - 0 1", "not a position"},
        {"[Event \"x\"]\n1. e4 e5 *\n", "the pasted text"},
        {"   ", "nothing to paste"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fixture_use_clipboard(app, bad[i].text);
        app->state.status[0] = '\0';
        fixture_key(app, SDLK_v, KMOD_LCTRL);
        if (!strstr(app->state.status, bad[i].says)) {
            fail_msg("'%s': the message is '%s'", bad[i].text, app->state.status);
        }
        assert_int_equal(app->state.game.length, 1);
        assert_false(rb_ui_dialog_active(&app->state));
    }
    fixture_close(app);
}

static void pasting_over_an_unfinished_game_asks_first(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    fixture_use_clipboard(app, "R2k3/7/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_REPLACE);
    assert_int_equal(app->state.game.length, 1);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_int_equal(app->state.game.length, 1);
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(app->state.game.length, 0);
    assert_true(rb_pos_in_check(rb_ui_state_pos(&app->state)));
    fixture_close(app);
}

static void without_a_clipboard_the_copy_says_so(void **state)
{
    (void)state;
    /* Off screen SDL has no video device, so no clipboard to put text on. */
    rb_app *app = fixture_open(NULL, 800, 600);
    int sdl_says = SDL_SetClipboardText("x");
    fixture_key(app, SDLK_c, KMOD_LCTRL);
    if (sdl_says < 0) {
        assert_non_null(strstr(app->state.status, "Could not copy"));
    } else {
        assert_non_null(strstr(app->state.status, "Copied"));
    }
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ctrl_c_copies_the_position_and_shift_the_game),
        cmocka_unit_test(ctrl_v_pastes_a_position_or_a_game),
        cmocka_unit_test(bad_pasted_text_is_named_and_the_game_kept),
        cmocka_unit_test(pasting_over_an_unfinished_game_asks_first),
        cmocka_unit_test(without_a_clipboard_the_copy_says_so),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
