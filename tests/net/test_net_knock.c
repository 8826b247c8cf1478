/*
 * test_net_knock.c - a joiner without the invite's token knocks, over a
 * socketpair on a test clock: the host's person lets them in (and the
 * joiner can come back after a drop), turns them away, or does not answer
 * in time; a knock while a game is on is told busy, a host that takes no
 * knocks asks for the code, and a flood of knocks is bounded.
 */
#include "support.h"

#include "net_pair.h"

/* A pair whose joiner has no token. */
static void knock_open(pair *pr, rb_net_config *h)
{
    rb_net_config j;
    pair_configs(h, &j);
    j.token[0] = '\0';
    pair_open(pr, h, &j);
    rb_net_peer_set_remote(pr->side[0], "192.0.2.7");
    pair_flow(pr);
}

/* A fresh joiner without a token on side 1, connected to the same host. */
static void knock_again(pair *pr)
{
    pair_cut(pr);
    rb_net_peer_free(pr->side[1]);
    rb_net_config h, j;
    pair_configs(&h, &j);
    j.token[0] = '\0';
    char err[200];
    pr->side[1] = rb_net_peer_new(&j, err, sizeof err);
    assert_non_null(pr->side[1]);
    pair_connect(pr);
    pair_flow(pr);
}

static void an_admitted_knock_starts_the_game_and_can_come_back(void **state)
{
    (void)state;
    rb_net_config h;
    pair pr;
    knock_open(&pr, &h);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK, &ev));
    assert_string_equal(ev.text, "Bob");
    assert_string_equal(ev.addr, "192.0.2.7");
    assert_true(pair_event(&pr, 1, RB_NET_EV_WAITING, &ev));
    assert_non_null(strstr(ev.text, "Alice"));
    char name[64], addr[64];
    assert_true(rb_net_peer_knocking(pr.side[0], name, sizeof name, addr, sizeof addr));
    assert_string_equal(name, "Bob");
    /* the person takes longer than a handshake may: the knock stands */
    pair_wait(&pr, 30000, 1000);
    assert_true(pr.up);
    assert_false(rb_net_peer_started(pr.side[0]));
    assert_false(rb_net_peer_started(pr.side[1]));

    char err[200];
    assert_int_equal(rb_net_peer_admit(pr.side[0], true, pr.now, err, sizeof err), 0);
    pair_flow(&pr);
    assert_true(pair_event(&pr, 0, RB_NET_EV_STARTED, &ev));
    assert_true(pair_event(&pr, 1, RB_NET_EV_STARTED, &ev));
    assert_false(rb_net_peer_knocking(pr.side[0], NULL, 0, NULL, 0));
    assert_string_equal(rb_net_peer_name(pr.side[0], RB_BLACK), "Bob");
    assert_string_equal(rb_net_peer_name(pr.side[1], RB_WHITE), "Alice");
    pair_play(&pr, "c2b3");

    /* the connection drops: the joiner comes back with the token it was given */
    pair_cut(&pr);
    pr.now += 2000;
    pair_connect(&pr);
    pair_flow(&pr);
    assert_true(pair_event(&pr, 1, RB_NET_EV_RESUMED, &ev));
    assert_false(pair_event(&pr, 0, RB_NET_EV_KNOCK, &ev));
    assert_int_equal(rb_net_peer_game(pr.side[1])->ply, 1);
    pair_same_record(&pr);
    pair_close(&pr);
}

static void a_knock_turned_away_tells_the_joiner_why(void **state)
{
    (void)state;
    rb_net_config h;
    pair pr;
    knock_open(&pr, &h);
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK, NULL));
    char err[200];
    assert_int_equal(rb_net_peer_admit(pr.side[0], false, pr.now, err, sizeof err), 0);
    pair_flow(&pr);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 1, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "refused");
    assert_non_null(strstr(ev.text, "turned you away"));
    assert_true(rb_net_peer_finished(pr.side[1]));
    /* the host goes on hosting, and there is nobody left to answer */
    assert_false(rb_net_peer_finished(pr.side[0]));
    assert_false(rb_net_peer_started(pr.side[0]));
    assert_int_equal(rb_net_peer_admit(pr.side[0], true, pr.now, err, sizeof err), -1);
    assert_non_null(strstr(err, "nobody"));
    pair_close(&pr);
}

static void an_unanswered_knock_lapses_and_the_joiner_hears_it(void **state)
{
    (void)state;
    rb_net_config h;
    pair pr;
    knock_open(&pr, &h);
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK, NULL));
    pair_wait(&pr, h.knock_ms + 2000, 1000);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK_GONE, &ev));
    assert_true(pair_event(&pr, 1, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "unanswered");
    assert_non_null(strstr(ev.text, "in time"));
    char err[200];
    assert_int_equal(rb_net_peer_admit(pr.side[0], true, pr.now, err, sizeof err), -1);
    pair_close(&pr);
}

static void a_knocker_who_leaves_takes_the_question_away(void **state)
{
    (void)state;
    rb_net_config h;
    pair pr;
    knock_open(&pr, &h);
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK, NULL));
    pair_cut(&pr);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK_GONE, &ev));
    assert_non_null(strstr(ev.text, "Bob"));
    assert_false(rb_net_peer_knocking(pr.side[0], NULL, 0, NULL, 0));
    char err[200];
    assert_int_equal(rb_net_peer_admit(pr.side[0], true, pr.now, err, sizeof err), -1);
    pair_close(&pr);
}

static void a_knock_while_a_game_is_on_is_told_busy(void **state)
{
    (void)state;
    rb_net_config h, j;
    pair_configs(&h, &j);
    pair pr;
    pair_open(&pr, &h, &j);
    pair_flow(&pr);
    assert_true(rb_net_peer_started(pr.side[0]));
    knock_again(&pr);
    rb_net_event ev = {0};
    assert_false(pair_event(&pr, 0, RB_NET_EV_KNOCK, &ev));
    assert_true(pair_event(&pr, 1, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "busy");
    assert_non_null(strstr(ev.text, "already being played"));
    pair_close(&pr);
}

static void a_host_that_takes_no_knocks_asks_for_the_code(void **state)
{
    (void)state;
    rb_net_config h, j;
    pair_configs(&h, &j);
    h.knocks = false;
    j.token[0] = '\0';
    pair pr;
    pair_open(&pr, &h, &j);
    pair_flow(&pr);
    rb_net_event ev = {0};
    assert_false(pair_event(&pr, 0, RB_NET_EV_KNOCK, &ev));
    assert_true(pair_event(&pr, 1, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "token");
    assert_non_null(strstr(ev.text, "invite code"));
    pair_close(&pr);
}

static void a_flood_of_knocks_is_bounded_to_a_few_a_minute(void **state)
{
    (void)state;
    rb_net_config h;
    pair pr;
    knock_open(&pr, &h);
    int asked = 0, busy = 0;
    rb_net_event ev = {0};
    for (int i = 0; i < 40; i++) {
        if (i > 0) {
            pr.now += 100;
            knock_again(&pr);
        }
        if (pair_event(&pr, 0, RB_NET_EV_KNOCK, &ev)) {
            asked++;
        } else if (pair_event(&pr, 1, RB_NET_EV_BYE, &ev)) {
            assert_string_equal(ev.code, "busy");
            assert_non_null(strstr(ev.text, "too many"));
            busy++;
        }
    }
    /* the host's person is asked six times in the minute; the rest hear why not */
    assert_int_equal(asked, h.knocks_per_minute);
    assert_int_equal(busy, 40 - h.knocks_per_minute);
    /* a minute on, a knock is heard again */
    pr.now += 61000;
    knock_again(&pr);
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK, &ev));
    pair_close(&pr);
}

static void a_second_hello_while_knocking_changes_nothing(void **state)
{
    (void)state;
    rb_net_config h;
    pair pr;
    knock_open(&pr, &h);
    assert_true(pair_event(&pr, 0, RB_NET_EV_KNOCK, NULL));
    static const char hello[] = "hello proto=1 program=x rules=0000000000000000 name=Eve token=- knock=1\n";
    rb_net_peer_feed(pr.side[0], hello, sizeof hello - 1, pr.now);
    pair_flow(&pr);
    assert_false(pair_event(&pr, 0, RB_NET_EV_KNOCK, NULL));
    char name[64];
    assert_true(rb_net_peer_knocking(pr.side[0], name, sizeof name, NULL, 0));
    assert_string_equal(name, "Bob");
    pair_close(&pr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_admitted_knock_starts_the_game_and_can_come_back),
        cmocka_unit_test(a_knock_turned_away_tells_the_joiner_why),
        cmocka_unit_test(an_unanswered_knock_lapses_and_the_joiner_hears_it),
        cmocka_unit_test(a_knocker_who_leaves_takes_the_question_away),
        cmocka_unit_test(a_knock_while_a_game_is_on_is_told_busy),
        cmocka_unit_test(a_host_that_takes_no_knocks_asks_for_the_code),
        cmocka_unit_test(a_flood_of_knocks_is_bounded_to_a_few_a_minute),
        cmocka_unit_test(a_second_hello_while_knocking_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
