/*
 * lang_fixture.h - a window opened in a given language, for the tests that
 * read what a player of that language sees. The catalogue is chosen the
 * way Settings chooses it, so the test goes through the same path.
 */
#ifndef RB_LANG_FIXTURE_H
#define RB_LANG_FIXTURE_H

#include "words/lang.h"
#include "ui_fixture.h"

/* An 800x600 window off screen, speaking the language of code ("fr"). */
static inline rb_app *fixture_open_in(const char *code)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    int i = rb_ui_lang_find(code);
    assert_true(i > 0);
    rb_ui_lang_use(i);
    assert_string_equal(rb_ui_lang_current(), code);
    return app;
}

#endif
