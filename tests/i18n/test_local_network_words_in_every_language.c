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

#include "words/lan_words.h"
#include "words/lang.h"

#define NSENTENCES (RB_NET_LAN_STATE_COUNT + 9)
#define SENTENCE_MAX 512

static void sentences(char out[NSENTENCES][SENTENCE_MAX])
{
    int i = 0;
    for (int s = 0; s < RB_NET_LAN_STATE_COUNT; s++) {
        snprintf(out[i++], SENTENCE_MAX, "%s", rb_ui_lan_words_state((rb_net_lan_state)s));
    }
    rb_ui_lan_words_knock("Bob %s%n", "192.0.2.31", out[i++], SENTENCE_MAX);
    rb_ui_lan_words_knock("Bob", "", out[i++], SENTENCE_MAX);
    snprintf(out[i++], SENTENCE_MAX, "%s", rb_ui_lan_words_let_in());
    snprintf(out[i++], SENTENCE_MAX, "%s", rb_ui_lan_words_turn_away());
    rb_ui_lan_words_waiting("Alice", out[i++], SENTENCE_MAX);
    rb_ui_lan_words_waiting(NULL, out[i++], SENTENCE_MAX);
    static const char *const codes[] = {"refused", "unanswered", "busy"};
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        snprintf(out[i++], SENTENCE_MAX, "%s", rb_ui_lan_words_refusal(codes[c]));
    }
    assert_int_equal(i, NSENTENCES);
}

static const char *const langs[] = {"ru", "fr", "de", "es"};

static void every_sentence_is_translated_and_filled(void **state)
{
    (void)state;
    static char english[NSENTENCES][SENTENCE_MAX], theirs[NSENTENCES][SENTENCE_MAX];
    rb_ui_lang_use(rb_ui_lang_find("en"));
    sentences(english);
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        rb_ui_lang_use(rb_ui_lang_find(langs[l]));
        assert_string_equal(rb_ui_lang_current(), langs[l]);
        sentences(theirs);
        for (int i = 0; i < NSENTENCES; i++) {
            if (strcmp(english[i], theirs[i]) == 0) {
                fail_msg("%s: sentence %d is still English: %s", langs[l], i, theirs[i]);
            }
        }
        int knock = RB_NET_LAN_STATE_COUNT;
        assert_non_null(strstr(theirs[knock], "Bob %s%n"));
        assert_non_null(strstr(theirs[knock], "192.0.2.31"));
        assert_non_null(strstr(theirs[knock + 4], "Alice"));
        assert_non_null(strstr(theirs[RB_NET_LAN_NO_DAEMON], "avahi-daemon"));
    }
    rb_ui_lang_use(0);
}

static void a_game_of_the_list_names_its_host_and_address(void **state)
{
    (void)state;
    rb_net_lan_game g = {.name = "Alice", .host = "fe80::1%eth0", .port = 47474, .proto = 1};
    char row[SENTENCE_MAX];
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
