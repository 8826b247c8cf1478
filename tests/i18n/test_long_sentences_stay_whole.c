/*
 * test_long_sentences_stay_whole.c - a refused move's explanation reaches
 * the puzzle trainer's status line whole in a language whose letters take
 * two bytes each. The Russian sentence for a bishop's refused move, with
 * its slide filled in, is longer than 256 bytes; the status line (and the
 * copies of the game's status kept while the trainer, the mistakes and the
 * analysis board are open) has room for any explanation, so it is neither
 * cut short nor cut in the middle of a letter.
 *
 * The catalogue is the tests' own (tests/i18n/catalogues/ru.po, compiled
 * into RB_LOCALE_DIR by the build).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ui_fixture.h"

#include "words/lang.h"

/* Puzzle 6: White's bishop on d1, whose one slide runs north-west and
 * rebounds at a4. d1-d2 is a step north, which a bishop never makes. */
enum { PUZZLE = 6 };
static const char *const opening = "Слон скользит только по диагоналям вперёд";
static const char *const slide = "с d1 — на северо-запад с отскоком на a4";
static const char *const ending = "в остальном — шаг по диагонали назад.";

/* The bytes of the UTF-8 character that starts with c; 0 when c cannot
 * start one (it continues a character). */
static int utf8_length(unsigned char c)
{
    if (c < 0x80) {
        return 1;
    }
    if ((c & 0xE0) == 0xC0) {
        return 2;
    }
    if ((c & 0xF0) == 0xE0) {
        return 3;
    }
    return (c & 0xF8) == 0xF0 ? 4 : 0;
}

/* Every byte sequence is a whole UTF-8 character: no letter is cut. */
static bool whole_utf8(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int n = utf8_length(*p);
        if (n == 0) {
            return false;
        }
        for (int i = 1; i < n; i++) {
            if ((p[i] & 0xC0) != 0x80) {
                return false;
            }
        }
        p += n;
    }
    return true;
}

static void is_the_whole_sentence(const char *said)
{
    size_t n = strlen(said), m = strlen(ending);
    if (!strstr(said, opening) || !strstr(said, slide) || n < m || strcmp(said + n - m, ending) != 0) {
        fail_msg("not the whole sentence: \"%s\"", said);
    }
    assert_true(n > 255); /* longer than the status line once held */
    assert_true(whole_utf8(said));
}

static rb_app *russian_puzzle(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    int ru = rb_ui_lang_find("ru");
    assert_true(ru > 0);
    rb_ui_lang_use(ru); /* after opening, which speaks the settings' language */
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    cmd.puzzle_open.id = PUZZLE;
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
    assert_true(app->state.trainer.active);
    return app;
}

static void a_dropped_bishop_is_explained_whole(void **state)
{
    (void)state;
    rb_app *app = russian_puzzle();
    fixture_drag(app, "d1", "d2");
    is_the_whole_sentence(app->state.status);
    fixture_close(app);
    rb_ui_lang_use(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_dropped_bishop_is_explained_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
