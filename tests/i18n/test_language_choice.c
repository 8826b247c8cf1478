/*
 * test_language_choice.c - the game speaks the language it is asked to:
 * --lang, the settings (file and dialog) and the environment, in that
 * order of strength, on a system that has only the C.UTF-8 locale too.
 *
 * The catalogues are the tests' own (tests/i18n/catalogues, compiled into
 * RB_LOCALE_DIR by the build): a few French and Russian messages.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ui_fixture.h"

#include "app/args.h"
#include "dialogs/dialog.h"
#include "words/i18n.h"
#include "words/lang.h"
#include "panel/panel.h"
#include "files/settings.h"
#include "kit/text.h"

/* A clean environment: no language asked for anywhere. */
static int clear_env(void **state)
{
    (void)state;
    unsetenv("LANGUAGE");
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    unsetenv("LANG");
    rb_ui_lang_use(0);
    return 0;
}

static int lang_index(const char *code)
{
    int i = rb_ui_lang_find(code);
    assert_true(i > 0);
    return i;
}

static void lang_option_picks_the_catalogue(void **state)
{
    (void)state;
    char *argv[] = {"rollerball", "--lang", "fr", NULL};
    rb_ui_options opt;
    char err[256];
    assert_int_equal(rb_ui_args_parse(3, argv, &opt, err, sizeof err), RB_UI_ARGS_RUN);
    assert_int_equal(opt.lang, lang_index("fr"));
    rb_ui_lang_use(opt.lang);
    assert_string_equal(_("White to move"), "Aux Blancs de jouer");
    assert_string_equal(rb_ui_lang_current(), "fr");
    /* French: one for 0 and 1, the other from 2 */
    assert_string_equal(ngettext("Checkmate within %d move.", "Checkmate within %d moves.", 1),
                        "Mat en %d coup au plus.");
    assert_string_equal(ngettext("Checkmate within %d move.", "Checkmate within %d moves.", 2),
                        "Mat en %d coups au plus.");
    /* a message the catalogue lacks stays English */
    assert_string_equal(_("Black to move"), "Black to move");
}

static void russian_has_three_plural_forms(void **state)
{
    (void)state;
    rb_ui_lang_use(lang_index("ru"));
    static const struct {
        unsigned long n;
        const char *form;
    } cases[] = {
        {1, "Мат не более чем в %d ход."},    {21, "Мат не более чем в %d ход."},  {3, "Мат не более чем в %d хода."},
        {22, "Мат не более чем в %d хода."},  {5, "Мат не более чем в %d ходов."}, {11, "Мат не более чем в %d ходов."},
        {12, "Мат не более чем в %d ходов."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_string_equal(ngettext("Checkmate within %d move.", "Checkmate within %d moves.", cases[i].n),
                            cases[i].form);
    }
}

static void english_is_the_untranslated_text(void **state)
{
    (void)state;
    rb_ui_lang_use(lang_index("fr"));
    rb_ui_lang_use(lang_index("en"));
    assert_string_equal(_("White to move"), "White to move");
    assert_string_equal(rb_ui_lang_current(), "en");
}

static void an_unknown_code_is_named_with_the_known_ones(void **state)
{
    (void)state;
    char *argv[] = {"rollerball", "--lang", "klingon", NULL};
    rb_ui_options opt;
    char err[256];
    assert_int_equal(rb_ui_args_parse(3, argv, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "'klingon'"));
    assert_non_null(strstr(err, "en, ru, fr, de, es"));
    char *missing[] = {"rollerball", "--lang", NULL};
    assert_int_equal(rb_ui_args_parse(2, missing, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "--lang"));
}

/* Debian's default: LANG=C.UTF-8 and no other locale generated. */
static void language_variable_works_under_c_utf8(void **state)
{
    (void)state;
    setenv("LANG", "C.UTF-8", 1);
    setenv("LANGUAGE", "fr", 1);
    rb_ui_lang_use(0);
    assert_string_equal(_("White to move"), "Aux Blancs de jouer");
}

/* LANG names a locale the system may not have: its language still counts. */
static void lang_variable_is_followed_without_its_locale(void **state)
{
    (void)state;
    setenv("LANG", "ru_RU.UTF-8", 1);
    rb_ui_lang_use(0);
    assert_string_equal(_("White to move"), "Ход белых");
}

/* POSIX order: LC_ALL, then LC_MESSAGES, then LANG. */
static void lc_all_comes_before_lc_messages_and_lang(void **state)
{
    (void)state;
    setenv("LANG", "fr_FR.UTF-8", 1);
    setenv("LC_MESSAGES", "ru_RU.UTF-8", 1);
    rb_ui_lang_use(0);
    assert_string_equal(_("White to move"), "Ход белых");
    setenv("LC_ALL", "fr_FR.UTF-8", 1);
    rb_ui_lang_use(0);
    assert_string_equal(_("White to move"), "Aux Blancs de jouer");
}

/* LANG=C asks for no language, as in any GNU program. */
static void the_c_locale_is_english(void **state)
{
    (void)state;
    setenv("LANG", "C", 1);
    rb_ui_lang_use(0);
    assert_string_equal(_("White to move"), "White to move");
}

/* A language chosen in the game beats the environment, and "System" goes
 * back to the environment's. */
static void a_chosen_language_beats_the_environment_until_system(void **state)
{
    (void)state;
    setenv("LANG", "C.UTF-8", 1);
    setenv("LANGUAGE", "ru", 1);
    rb_ui_lang_use(lang_index("fr"));
    assert_string_equal(_("White to move"), "Aux Blancs de jouer");
    rb_ui_lang_use(0);
    assert_string_equal(_("White to move"), "Ход белых");
    assert_string_equal(getenv("LANGUAGE"), "ru");
}

/* Numbers in files are read the same in every language. */
static void numbers_stay_in_the_c_form(void **state)
{
    (void)state;
    rb_ui_lang_use(lang_index("fr"));
    assert_true(strtod("0.5", NULL) == 0.5);
}

static void the_settings_file_keeps_the_language(void **state)
{
    (void)state;
    rb_ui_settings s;
    rb_ui_player players[2];
    rb_ui_settings_defaults(&s, players);
    assert_int_equal(s.language, 0);
    assert_int_equal(rb_ui_settings_parse("language = ru\n", &s, players), 0);
    assert_int_equal(s.language, lang_index("ru"));
    char *text = rb_ui_settings_format(&s, players);
    assert_non_null(strstr(text, "language = ru\n"));
    free(text);
    assert_int_equal(rb_ui_settings_parse("language = xx\n", &s, players), 1);
    assert_int_equal(s.language, lang_index("ru"));
    assert_int_equal(rb_ui_settings_parse("language = system\n", &s, players), 0);
    assert_int_equal(s.language, 0);
    text = rb_ui_settings_format(&s, players);
    assert_non_null(strstr(text, "language = system\n"));
    free(text);
}

/* The Settings dialog's choice changes the words on the screen at once. */
static void the_settings_dialog_switches_at_once(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    char turn[128];
    rb_ui_panel_turn_text(&app->state, turn, sizeof turn);
    assert_string_equal(turn, "White to move");
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_SET_LANGUAGE);
    cmd.set_language.lang = lang_index("ru");
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
    assert_int_equal(app->state.settings.language, cmd.set_language.lang);
    rb_ui_app_draw(app);
    char first[256];
    assert_true(rb_ui_text_drawn(app, "Ход белых", first, sizeof first) > 0);
    cmd.set_language.lang = 0;
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
    rb_ui_app_draw(app);
    assert_int_equal(rb_ui_text_drawn(app, "Ход белых", first, sizeof first), 0);
    assert_true(rb_ui_text_drawn(app, "White to move", first, sizeof first) > 0);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(lang_option_picks_the_catalogue, clear_env),
        cmocka_unit_test_setup(russian_has_three_plural_forms, clear_env),
        cmocka_unit_test_setup(english_is_the_untranslated_text, clear_env),
        cmocka_unit_test_setup(an_unknown_code_is_named_with_the_known_ones, clear_env),
        cmocka_unit_test_setup(language_variable_works_under_c_utf8, clear_env),
        cmocka_unit_test_setup(lang_variable_is_followed_without_its_locale, clear_env),
        cmocka_unit_test_setup(lc_all_comes_before_lc_messages_and_lang, clear_env),
        cmocka_unit_test_setup(the_c_locale_is_english, clear_env),
        cmocka_unit_test_setup(a_chosen_language_beats_the_environment_until_system, clear_env),
        cmocka_unit_test_setup(numbers_stay_in_the_c_form, clear_env),
        cmocka_unit_test_setup(the_settings_file_keeps_the_language, clear_env),
        cmocka_unit_test_setup(the_settings_dialog_switches_at_once, clear_env),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
