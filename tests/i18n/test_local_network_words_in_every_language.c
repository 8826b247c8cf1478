/*
 * test_local_network_words_in_every_language.c - what the window says
 * about the games on the local network and about knocking, in Russian,
 * French, German and Spanish: each sentence comes out in the language, not
 * in English, with the name and the address a stranger sent filled in as
 * they are (never read as a template), and a goodbye the knock does not
 * cause is left to the window's other words.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "every_language.h"
#include "words/lan_words.h"

/* The list's states, the knock and its answers, the host's waiting line
 * and the refusals, in that order. */
static void sentences(rb_sentences *out)
{
    for (int s = 0; s < RB_NET_LAN_STATE_COUNT; s++) {
        rb_sentences_add(out, rb_ui_lan_words_state((rb_net_lan_state)s));
    }
    rb_ui_lan_words_knock("Bob %s%n", "192.0.2.31", rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_lan_words_knock("Bob", "", rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_sentences_add(out, rb_ui_lan_words_let_in());
    rb_sentences_add(out, rb_ui_lan_words_turn_away());
    rb_ui_lan_words_waiting("Alice", rb_sentences_next(out), RB_SENTENCE_MAX);
    rb_ui_lan_words_waiting(NULL, rb_sentences_next(out), RB_SENTENCE_MAX);
    static const char *const codes[] = {"refused", "unanswered", "busy"};
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        rb_sentences_add(out, rb_ui_lan_words_refusal(codes[c]));
    }
}

/* What a stranger sent stands in the sentence as sent, and the missing
 * daemon is named. */
static void filled_in(const char *lang, const rb_sentences *theirs)
{
    (void)lang;
    int knock = RB_NET_LAN_STATE_COUNT;
    assert_non_null(strstr(theirs->text[knock], "Bob %s%n"));
    assert_non_null(strstr(theirs->text[knock], "192.0.2.31"));
    assert_non_null(strstr(theirs->text[knock + 4], "Alice"));
    assert_non_null(strstr(theirs->text[RB_NET_LAN_NO_DAEMON], "avahi-daemon"));
}

static void every_sentence_is_translated_and_filled(void **state)
{
    (void)state;
    rb_sentences_translated(sentences, filled_in);
}

static void a_game_of_the_list_names_its_host_and_address(void **state)
{
    (void)state;
    rb_net_lan_game g = {.name = "Alice", .host = "fe80::1%eth0", .port = 47474, .proto = 1};
    char row[RB_SENTENCE_MAX];
    rb_ui_lan_words_game(&g, row, sizeof row);
    assert_non_null(strstr(row, "Alice"));
    assert_non_null(strstr(row, "[fe80::1%eth0]:47474"));
    snprintf(g.host, sizeof g.host, "192.0.2.2");
    rb_ui_lan_words_game(&g, row, sizeof row);
    assert_non_null(strstr(row, "192.0.2.2:47474"));
    assert_null(rb_ui_lan_words_refusal("badmoves"));
    assert_null(rb_ui_lan_words_refusal(""));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_sentence_is_translated_and_filled),
        cmocka_unit_test(a_game_of_the_list_names_its_host_and_address),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
