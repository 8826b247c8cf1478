/*
 * test_net_wire.c - the protocol's text: every message reads back as
 * written, fields are encoded and cleaned, invite codes are read strictly,
 * and the rules' fingerprint is stable within a build.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "rb_net_invite.h"
#include "rb_net_text.h"
#include "rb_net_wire.h"

static void every_message_reads_back_as_written(void **state)
{
    (void)state;
    rb_net_msg all[] = {
        {.type = RB_MSG_HELLO,
         .proto = 1,
         .program = "rollerball/1.1.0",
         .rules = 42,
         .name = "Ann Marie",
         .token = "00112233445566778899aabbccddeeff",
         .has_game = true,
         .game = 7,
         .seen = 12},
        {.type = RB_MSG_WELCOME,
         .proto = 1,
         .program = "rollerball/1.1.0",
         .rules = 42,
         .name = "Bob %",
         .has_game = true,
         .game = 99,
         .you = RB_BLACK,
         .start = "",
         .base_ms = 180000,
         .inc_ms = 2000,
         .seen = 3,
         .resume = true,
         .ply = 17},
        {.type = RB_MSG_HELLO, .proto = 1, .program = "rollerball/1.1.0", .rules = 42, .name = "Eve", .knock = true},
        {.type = RB_MSG_WELCOME,
         .proto = 1,
         .program = "rollerball/1.1.0",
         .rules = 42,
         .name = "Al",
         .has_game = true,
         .game = 5,
         .you = RB_WHITE,
         .start = "",
         .token = "00112233445566778899aabbccddeeff"},
        {.type = RB_MSG_WAIT, .text = "asking Alice to let you in"},
        {.type = RB_MSG_BYE, .code = "quit", .text = "see you"},
        {.type = RB_MSG_ERROR, .text = "move: the ply 'x' is not a number"},
        {.type = RB_MSG_PING, .seq = 5},
        {.type = RB_MSG_PONG, .seq = 5},
        {.type = RB_MSG_ACK, .seq = 0},
        {.type = RB_MSG_MOVE, .seq = 3, .ply = 2, .move = "d6e6r", .fp = 0xfedcba9876543210ull, .clock_ms = 1234},
        {.type = RB_MSG_CLOCK, .seq = 4, .ply = 3, .clocks = {1000, -5}},
        {.type = RB_MSG_OFFER, .seq = 6, .kind = RB_OFFER_TAKEBACK2, .ply = 9},
        {.type = RB_MSG_ANSWER, .seq = 7, .kind = RB_OFFER_DRAW, .ply = 9, .yes = true},
        {.type = RB_MSG_DONE, .seq = 8, .kind = RB_OFFER_REMATCH, .ply = 40},
        {.type = RB_MSG_RESIGN, .seq = 9, .ply = 11},
        {.type = RB_MSG_ABORT, .seq = 10, .ply = 1},
        {.type = RB_MSG_FLAG, .seq = 11, .color = RB_BLACK, .ply = 30},
        {.type = RB_MSG_CLAIM, .seq = 12, .kind = RB_CLAIM_DRAW, .ply = 30},
        {.type = RB_MSG_CHAT, .seq = 13, .text = "good game \xc3\xa9"},
        {.type = RB_MSG_REFUSE, .seq = 14, .of_seq = 3, .text = "move c2b3 is for ply 4"},
        {.type = RB_MSG_PGN, .seq = 15, .index = 1, .count = 3, .text = "[White \"A b\"]\n1. c2-b3 %"},
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        char line[RB_NET_LINE_MAX + 2], err[200] = "";
        size_t n = rb_net_msg_format(&all[i], line, sizeof line);
        assert_true(n > 0);
        assert_int_equal(line[n - 1], '\n');
        line[n - 1] = '\0';
        rb_net_msg back;
        if (rb_net_msg_parse(line, &back, err, sizeof err) != 0) {
            fail_msg("'%s' does not read back: %s", line, err);
        }
        char again[RB_NET_LINE_MAX + 2];
        assert_int_equal(rb_net_msg_format(&back, again, sizeof again), n);
        again[n - 1] = '\0';
        assert_string_equal(line, again);
        assert_int_equal(back.type, all[i].type);
    }
}

static void a_knock_carries_no_token_and_reads_as_a_wrong_one_to_older_hosts(void **state)
{
    (void)state;
    rb_net_msg m = {.type = RB_MSG_HELLO, .proto = 1, .program = "p", .rules = 1, .name = "Eve", .knock = true};
    snprintf(m.token, sizeof m.token, "%s", "00112233445566778899aabbccddeeff");
    char line[RB_NET_LINE_MAX + 2], err[200];
    assert_true(rb_net_msg_format(&m, line, sizeof line) > 0);
    /* a knock never sends a token, even one the joiner holds */
    assert_null(strstr(line, "0011223344"));
    assert_non_null(strstr(line, " token=- knock=1"));
    rb_net_msg back;
    line[strlen(line) - 1] = '\0';
    assert_int_equal(rb_net_msg_parse(line, &back, err, sizeof err), 0);
    assert_true(back.knock);
    assert_string_equal(back.token, "-");
    assert_int_equal(rb_net_msg_parse("hello proto=1 program=x rules=0000000000000001 name=E token=- knock=2", &back,
                                      err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "knock"));
}

static void a_future_version_is_read_far_enough_to_refuse_it(void **state)
{
    (void)state;
    rb_net_msg m;
    char err[200];
    assert_int_equal(rb_net_msg_parse("hello proto=9 shiny=yes colour=teal", &m, err, sizeof err), 0);
    assert_int_equal(m.proto, 9);
    assert_int_equal(rb_net_msg_parse("hello proto=1 program=x rules=0000000000000001 token=t", &m, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "no 'name=' field"));
}

static void fields_are_encoded_and_text_is_cleaned(void **state)
{
    (void)state;
    char out[64], back[64], err[100];
    assert_int_equal(rb_net_encode("a b%\n", 5, out, sizeof out), 11);
    assert_string_equal(out, "a%20b%25%0A");
    assert_int_equal(rb_net_decode(out, back, sizeof back, err, sizeof err), 5);
    assert_string_equal(back, "a b%\n");
    assert_int_equal(rb_net_decode("bad%zz", back, sizeof back, err, sizeof err), -1);
    assert_non_null(strstr(err, "two hex digits"));
    assert_int_equal(rb_net_decode("nul%00", back, sizeof back, err, sizeof err), -1);
    assert_int_equal(rb_net_encode("abcdef", 6, out, 4), -1);
    char text[] = "ok\x01\x7f\xc2\x85\xe2\x82\xac\xed\xa0\x80 end";
    rb_net_clean(text, 100);
    assert_string_equal(text, "ok????\xe2\x82\xac??? end");
    char cut[] = "\xe2\x82\xac\xe2\x82\xac";
    assert_int_equal(rb_net_clean(cut, 4), 3); /* cut between characters */
}

static void invite_codes_are_read_strictly(void **state)
{
    (void)state;
    rb_net_invite inv;
    char err[200], back[RB_NET_INVITE_MAX];
    assert_int_equal(
        rb_net_invite_parse(" rb1:192.168.1.20:47474:00112233445566778899AABBCCDDEEFF\n", &inv, err, sizeof err), 0);
    assert_string_equal(inv.host, "192.168.1.20");
    assert_int_equal(inv.port, 47474);
    assert_string_equal(inv.token, "00112233445566778899aabbccddeeff");
    rb_net_invite_format(&inv, back, sizeof back);
    assert_string_equal(back, "rb1:192.168.1.20:47474:00112233445566778899aabbccddeeff");
    assert_int_equal(rb_net_invite_parse("rb1:[::1]:5:00112233445566778899aabbccddeeff", &inv, err, sizeof err), 0);
    assert_string_equal(inv.host, "::1");
    rb_net_invite_format(&inv, back, sizeof back);
    assert_string_equal(back, "rb1:[::1]:5:00112233445566778899aabbccddeeff");
    static const struct {
        const char *code, *says;
    } bad[] = {
        {"rb2:h:1:00112233445566778899aabbccddeeff", "starts with 'rb1:'"},
        {"rb1::1:00112233445566778899aabbccddeeff", "no host"},
        {"rb1:h;rm -rf:1:00112233445566778899aabbccddeeff", "not part of a host name"},
        {"rb1:h:0:00112233445566778899aabbccddeeff", "port"},
        {"rb1:h:70000:00112233445566778899aabbccddeeff", "port"},
        {"rb1:h:1:0011", "not 32"},
        {"rb1:h:1:0011223344556677889xaabbccddeeff", "hex digit"},
        {"rb1:[::1:1:00112233445566778899aabbccddeeff", "not closed"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(rb_net_invite_parse(bad[i].code, &inv, err, sizeof err), -1);
        if (strstr(err, bad[i].says) == NULL) {
            fail_msg("'%s': '%s'", bad[i].code, err);
        }
    }
}

static void bare_addresses_are_read_with_or_without_a_port(void **state)
{
    (void)state;
    rb_net_invite inv;
    char err[200];
    assert_int_equal(rb_net_address_parse("192.168.1.20", &inv, err, sizeof err), 0);
    assert_string_equal(inv.host, "192.168.1.20");
    assert_int_equal(inv.port, RB_NET_DEFAULT_PORT);
    assert_string_equal(inv.token, "");
    assert_int_equal(rb_net_address_parse(" box.local:5000\n", &inv, err, sizeof err), 0);
    assert_string_equal(inv.host, "box.local");
    assert_int_equal(inv.port, 5000);
    assert_int_equal(rb_net_address_parse("[2001:db8::5]:47475", &inv, err, sizeof err), 0);
    assert_string_equal(inv.host, "2001:db8::5");
    assert_int_equal(inv.port, 47475);
    assert_int_equal(rb_net_address_parse("fe80::1%eth0", &inv, err, sizeof err), 0);
    assert_string_equal(inv.host, "fe80::1%eth0");
    assert_int_equal(inv.port, RB_NET_DEFAULT_PORT);
    assert_int_equal(rb_net_address_parse("host:0", &inv, err, sizeof err), -1);
    assert_non_null(strstr(err, "port"));
    assert_int_equal(rb_net_address_parse("host:99999", &inv, err, sizeof err), -1);
    assert_int_equal(rb_net_address_parse("a;rm -rf", &inv, err, sizeof err), -1);
    assert_non_null(strstr(err, "';'"));
    assert_int_equal(rb_net_address_parse("[::1", &inv, err, sizeof err), -1);
    assert_non_null(strstr(err, "']'"));
    assert_int_equal(rb_net_address_parse("[::1]x", &inv, err, sizeof err), -1);
    assert_int_equal(rb_net_address_parse("", &inv, err, sizeof err), -1);
    assert_non_null(strstr(err, "no host"));
}

static void the_rules_fingerprint_is_the_same_each_time(void **state)
{
    (void)state;
    uint64_t a = rb_net_rules_fingerprint();
    assert_true(a != 0);
    assert_true(a == rb_net_rules_fingerprint());
}

static void words_are_split_at_single_spaces(void **state)
{
    (void)state;
    char line[] = "a b c d";
    char *w[4];
    assert_int_equal(rb_net_split(line, w, 2, true), 2);
    assert_string_equal(w[1], "b c d");
    char two[] = "a  b";
    assert_int_equal(rb_net_split(two, w, 4, false), -1);
    char trail[] = "a b ";
    assert_int_equal(rb_net_split(trail, w, 4, false), -1);
    int64_t v;
    assert_false(rb_net_parse_i64("007", 0, 100, &v));
    assert_false(rb_net_parse_i64("+7", 0, 100, &v));
    assert_true(rb_net_parse_i64("-7", -10, 100, &v) && v == -7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_message_reads_back_as_written),
        cmocka_unit_test(a_knock_carries_no_token_and_reads_as_a_wrong_one_to_older_hosts),
        cmocka_unit_test(a_future_version_is_read_far_enough_to_refuse_it),
        cmocka_unit_test(fields_are_encoded_and_text_is_cleaned),
        cmocka_unit_test(invite_codes_are_read_strictly),
        cmocka_unit_test(bare_addresses_are_read_with_or_without_a_port),
        cmocka_unit_test(the_rules_fingerprint_is_the_same_each_time),
        cmocka_unit_test(words_are_split_at_single_spaces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
