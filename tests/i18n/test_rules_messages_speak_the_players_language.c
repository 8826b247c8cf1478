/*
 * test_rules_messages_speak_the_players_language.c - what the rules
 * library says is wrong with a position string typed in the editor, a
 * move typed on the board and a game pasted in reaches the player in the
 * player's language (the game's French catalogue), with the right squares,
 * pieces and numbers in it; and a translation whose placeholder has no
 * argument (the tests' catalogue, RB_TEST_LOCALE_DIR) shows the English
 * rather than anything past the arguments.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <libintl.h>
#include <stdlib.h>
#include <string.h>

#include "lang_fixture.h"
#include "ui_fixture.h"

#include "words/lang.h"
#include "words/message_words.h"

static void say_on(const char *what, const char *said, const char *wanted)
{
    if (!strstr(said, wanted)) {
        fail_msg("%s: the window says\n  %s\nnot\n  %s", what, said, wanted);
    }
}

static void a_bad_position_string_in_the_editor_is_named_in_french(void **state)
{
    (void)state;
    rb_app *app = fixture_open_in("fr");
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_EDITOR_OPEN);
    rb_ui_apply(app, &cmd);
    cmd = rb_ui_cmd_of(RB_UI_CMD_EDITOR_TEXT);
    cmd.editor_text.text = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKQ2/2PBR2 w - 0 1";
    assert_int_not_equal(rb_ui_apply(app, &cmd), 0);
    assert_string_equal(app->state.editor.field_error,
                        "Cette chaîne de position ne peut pas être lue\u00a0: rangée 2\u00a0: "
                        "lettre de pièce inconnue 'Q' en e2.");
    cmd.editor_text.text = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 x";
    rb_ui_apply(app, &cmd);
    say_on("a bad move number", app->state.editor.field_error,
           "numéro de coup\u00a0: «\u00a0x\u00a0» n’est pas un nombre décimal.");
    fixture_close(app);
}

static void a_refused_typed_move_is_explained_in_french(void **state)
{
    (void)state;
    rb_app *app = fixture_open_in("fr");
    /* The move as typed, once, then the rules' explanation. */
    fixture_type(app, "e2d2");
    assert_string_equal(app->state.status, "e2d2\u00a0: La case d2 est déjà occupée par une pièce blanche (roi).");
    /* A piece named inside the sentence is a French word too. */
    fixture_type(app, "d6c6");
    assert_string_equal(app->state.status,
                        "d6c6\u00a0: La pièce en d6 (roi) appartient aux Noirs, et c’est aux Blancs de jouer.");
    fixture_close(app);
}

static void a_broken_pasted_game_is_named_in_french(void **state)
{
    (void)state;
    rb_app *app = fixture_open_in("fr");
    fixture_use_clipboard(app, "[Event \"x\"]\n\n1. d6c6 *\n");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    say_on("a pasted game", app->state.status,
           "ligne 3, colonne 4\u00a0: coup 1 (Blancs)\u00a0: pas de coup légal d6c6\u00a0: le roi en d6 est aux Noirs");
    fixture_use_clipboard(app, "7/7/2xxx2/2xxx2/2xxx2/7/3K3 w - 0 1");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    say_on("a pasted position", app->state.status, "les Noirs ont 0 rois, il en faut exactement 1");
    fixture_close(app);
}

static void a_translation_with_a_placeholder_too_many_shows_the_english(void **state)
{
    (void)state;
    const char *dir = getenv("RB_TEST_LOCALE_DIR");
    assert_non_null(dir);
    rb_app *app = fixture_open_in("fr");
    /* The tests' catalogue in place of the game's: its French for this
     * template has %9$s, and the message has two arguments. */
    bindtextdomain("rollerball", dir);
    assert_string_equal(gettext("no legal move %1$s: %2$s holds a piece of White's own"),
                        "pas de coup légal %9$s : %2$s");
    fixture_use_clipboard(app, "[Event \"x\"]\n\n1. e2d2 *\n");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    say_on("a pasted game", app->state.status, "no legal move e2d2: d2 holds a piece of White's own");
    rb_message why;
    rb_pos start;
    rb_pos_start(&start);
    rb_move m;
    assert_int_equal(rb_move_parse_why(&start, "e2d2", &m, &why), -1);
    char out[RB_UI_MESSAGE_TEXT_MAX];
    rb_ui_message_words_text(&why, out, sizeof out);
    assert_string_equal(out, "no legal move e2d2: d2 holds a piece of White's own");
    bindtextdomain("rollerball", rb_ui_lang_dir());
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bad_position_string_in_the_editor_is_named_in_french),
        cmocka_unit_test(a_refused_typed_move_is_explained_in_french),
        cmocka_unit_test(a_broken_pasted_game_is_named_in_french),
        cmocka_unit_test(a_translation_with_a_placeholder_too_many_shows_the_english),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
