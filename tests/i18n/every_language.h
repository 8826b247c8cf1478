/*
 * every_language.h - a set of the window's sentences said in English and
 * again in each of the game's other languages, for the tests that prove a
 * family of sentences is translated. A test lists its sentences once, in a
 * function that fills an rb_sentences in the language in use; the loop
 * over the languages, and the check that no translation came out as the
 * English, are here so every such test checks them the same way.
 */
#ifndef RB_EVERY_LANGUAGE_H
#define RB_EVERY_LANGUAGE_H

#include <stdio.h>
#include <string.h>

#include "words/lang.h"

#define RB_SENTENCES_MAX 32  /* sentences a test says */
#define RB_SENTENCE_MAX 2048 /* bytes of one, its end included */

typedef struct rb_sentences {
    int n;
    char text[RB_SENTENCES_MAX][RB_SENTENCE_MAX];
} rb_sentences;

/* The game's languages besides English, as po/LINGUAS has them. */
static const char *const rb_other_langs[] = {"ru", "fr", "de", "es"};
#define RB_OTHER_LANGS ((int)(sizeof rb_other_langs / sizeof rb_other_langs[0]))

/* Room for the next sentence (RB_SENTENCE_MAX bytes), for a words function
 * that writes into a buffer of the caller's. */
static inline char *rb_sentences_next(rb_sentences *s)
{
    assert_true(s->n < RB_SENTENCES_MAX);
    s->text[s->n][0] = '\0';
    return s->text[s->n++];
}

/* A sentence a words function returns, kept. */
static inline void rb_sentences_add(rb_sentences *s, const char *text)
{
    snprintf(rb_sentences_next(s), RB_SENTENCE_MAX, "%s", text);
}

/* The sentences fill says in the language code names, which must be one
 * the game has. */
static inline void rb_sentences_in(const char *code, void (*fill)(rb_sentences *), rb_sentences *out)
{
    rb_ui_lang_use(rb_ui_lang_find(code));
    assert_string_equal(rb_ui_lang_current(), code);
    out->n = 0;
    fill(out);
}

/* Fails where a sentence of fill's comes out in a language as it is in
 * English (a template the catalogue lacks, or one that did not fit its
 * arguments); each language's sentences then go to check, when given, for
 * what the test asks of them besides. The language is English again after. */
static inline void rb_sentences_translated(void (*fill)(rb_sentences *),
                                           void (*check)(const char *lang, const rb_sentences *))
{
    static rb_sentences english, theirs;
    rb_sentences_in("en", fill, &english);
    for (int l = 0; l < RB_OTHER_LANGS; l++) {
        rb_sentences_in(rb_other_langs[l], fill, &theirs);
        assert_int_equal(theirs.n, english.n);
        for (int i = 0; i < theirs.n; i++) {
            if (strcmp(english.text[i], theirs.text[i]) == 0) {
                fail_msg("%s: sentence %d is still English: %s", rb_other_langs[l], i, theirs.text[i]);
            }
        }
        if (check) {
            check(rb_other_langs[l], &theirs);
        }
    }
    rb_ui_lang_use(0);
}

#endif
