/*
 * test_spoken_words_in_every_language.c - the spoken mode's sentences in
 * Russian, French, German and Spanish: each comes out in the language, not
 * in English (so every part of it was found in the catalogue and fitted
 * its arguments), and, where espeak-ng is installed, each language's
 * sentences synthesise to sound (skipped cleanly where it is not).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "app/speak.h"
#include "every_language.h"
#include "rb_speech.h"
#include "words/speech_words.h"

/* One of each kind of sentence, on a position with a rebound, a capture
 * and a check to say. */
static void sentences(rb_sentences *out)
{
    rb_pos p;
    char err[200];
    assert_int_equal(rb_pos_parse(&p, "1k5/7/2xxx2/2xxx2/2xxx2/4K2/p5R w - 0 1", err, sizeof err), 0);
    rb_pos start;
    rb_pos_start(&start);
    rb_move rebound = rb_move_find(&p, rb_sq_parse("g1"), rb_sq_parse("a1"), 0);
    assert_true(rebound != RB_MOVE_NONE);
    rb_ui_speech_words_square(&start, rb_sq_parse("d2"), RB_UI_SPEECH_FULL, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_square(&start, rb_sq_parse("a1"), RB_UI_SPEECH_FULL, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_move(&p, rebound, RB_UI_SPEECH_SHORT, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_move(&p, rebound, RB_UI_SPEECH_FULL, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_moves_of(&p, rb_sq_parse("g1"), rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_pieces(&start, RB_ROOK, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_attackers(&start, rb_sq_parse("e1"), rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_attackers(&start, rb_sq_parse("b4"), rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_kings(&start, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_material(&start, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_board(&start, rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_speech_words_help(" ", rb_sentences_next(out), RB_SENTENCE_MAX);
}

/* No English template word is left inside a translated sentence. */
static void no_english_inside(const char *lang, const rb_sentences *theirs)
{
    static const char *const words[] = {" ring", "flow ", " to ", "rebound", "attacked", "clockwise"};
    for (int i = 0; i < theirs->n; i++) {
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            if (strstr(theirs->text[i], words[w])) {
                fail_msg("%s: sentence %d keeps the English '%s': %s", lang, i, words[w], theirs->text[i]);
            }
        }
    }
}

static void every_sentence_is_translated(void **state)
{
    (void)state;
    rb_sentences_translated(sentences, no_english_inside);
}

static void every_language_is_spoken(void **state)
{
    (void)state;
    char why[300];
    if (rb_speech_espeak_samples("en", "check", why, sizeof why) < 0) {
        skip(); /* espeak-ng is not installed here */
    }
    static rb_sentences theirs;
    for (int l = 0; l < RB_OTHER_LANGS; l++) {
        rb_sentences_in(rb_other_langs[l], sentences, &theirs);
        for (int i = 0; i < theirs.n; i++) {
            long n = rb_speech_espeak_samples(rb_other_langs[l], theirs.text[i], why, sizeof why);
            if (n <= 0) {
                fail_msg("%s: no sound for '%s' (%s)", rb_other_langs[l], theirs.text[i], n < 0 ? why : "0 samples");
            }
        }
    }
    rb_ui_lang_use(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_sentence_is_translated),
        cmocka_unit_test(every_language_is_spoken),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
