/*
 * test_net_loopback.c - network games over 127.0.0.1 through the socket
 * layer: a whole game, a second connection turned away, and a short game
 * whose connection is closed at every one of its messages in turn, from
 * either side, and resumes to the same record each time.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_net_sock.h"
#include "rb_notation.h"
#include "rb_pgn.h"
#include "rb_util_clock.h"
#include "rb_util_random.h"

#define TOKEN "0f1e2d3c4b5a69788796a5b4c3d2e1f0"

typedef struct game {
    rb_net_peer *peer[2];
    rb_net_session s[2];
    rb_net_fault fault[2];
    uint64_t seed;
    int plies; /* then White resigns; 0: play to the end */
} game;

static void open_game(game *g, int plies, uint64_t seed)
{
    memset(g, 0, sizeof *g);
    rb_net_config h, j;
    rb_net_config_defaults(&h, true);
    rb_net_config_defaults(&j, false);
    snprintf(h.token, sizeof h.token, TOKEN);
    snprintf(j.token, sizeof j.token, TOKEN);
    h.game_token = 77;
    h.base_ms = 600000;
    h.inc_ms = 1000;
    h.resend_ms = j.resend_ms = 300;
    char err[300];
    g->peer[0] = rb_net_peer_new(&h, err, sizeof err);
    g->peer[1] = rb_net_peer_new(&j, err, sizeof err);
    assert_non_null(g->peer[0]);
    assert_non_null(g->peer[1]);
    if (rb_net_session_host(&g->s[0], g->peer[0], "127.0.0.1", 0, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    rb_net_fault_init(&g->fault[0], seed);
    rb_net_fault_init(&g->fault[1], seed + 1);
    g->s[0].fault = &g->fault[0];
    if (rb_net_session_join(&g->s[1], g->peer[1], "127.0.0.1", g->s[0].port, 2000, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    g->s[1].fault = &g->fault[1];
    g->s[1].retry_ms = 20;
    g->seed = seed;
    g->plies = plies;
}

static void close_game(game *g)
{
    for (int i = 0; i < 2; i++) {
        rb_net_session_close(&g->s[i]);
        rb_net_peer_free(g->peer[i]);
    }
}

/* Runs the loop until both sides are settled or ms pass; true when settled. */
static bool run(game *g, int64_t ms)
{
    int64_t end = rb_util_now_ms() + ms;
    while (rb_util_now_ms() < end) {
        for (int i = 0; i < 2; i++) {
            rb_net_session_poll(&g->s[i], 1);
            rb_net_event ev;
            while (rb_net_peer_poll(g->peer[i], &ev)) {
            }
            rb_net_peer *p = g->peer[i];
            const rb_game *rec = rb_net_peer_game(p);
            if (rec == NULL || rb_net_peer_over(p) || rb_game_pos(rec)->side != rb_net_peer_color(p)) {
                continue;
            }
            char err[200];
            if (g->plies > 0 && (int)rec->ply >= g->plies) {
                rb_net_peer_resign(p, rb_util_now_ms(), err, sizeof err);
                continue;
            }
            rb_movelist list;
            int n = rb_gen_legal(rb_game_pos(rec), &list);
            uint64_t s = g->seed + rec->ply;
            rb_move m = list.moves[rb_util_splitmix64(&s) % (uint64_t)n];
            if (rb_net_peer_move(p, m, rb_util_now_ms(), err, sizeof err) != 0) {
                fail_msg("%s", err);
            }
        }
        if (rb_net_peer_settled(g->peer[0]) && rb_net_peer_settled(g->peer[1])) {
            return true;
        }
    }
    return false;
}

static void same_record(game *g)
{
    char *a = rb_pgn_write(rb_net_peer_game(g->peer[0]));
    char *b = rb_pgn_write(rb_net_peer_game(g->peer[1]));
    if (strcmp(a, b) != 0) {
        fprintf(stderr, "host:\n%s\njoiner:\n%s\n", a, b);
    }
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void a_whole_game_over_loopback(void **state)
{
    (void)state;
    game g;
    open_game(&g, 0, 11);
    assert_true(run(&g, 60000));
    same_record(&g);
    assert_true(g.s[0].connections == 1);
    close_game(&g);
}

static void a_second_connection_is_told_the_game_is_busy(void **state)
{
    (void)state;
    game g;
    open_game(&g, 0, 12);
    for (int i = 0; i < 50; i++) {
        rb_net_session_poll(&g.s[0], 1);
        rb_net_session_poll(&g.s[1], 1);
    }
    assert_true(rb_net_peer_connected_now(g.peer[0]));
    rb_net_config j;
    rb_net_config_defaults(&j, false);
    snprintf(j.token, sizeof j.token, TOKEN);
    char err[300];
    rb_net_peer *third = rb_net_peer_new(&j, err, sizeof err);
    rb_net_session s3;
    assert_int_equal(rb_net_session_join(&s3, third, "127.0.0.1", g.s[0].port, 2000, err, sizeof err), 0);
    bool told = false;
    for (int i = 0; i < 400 && !told; i++) {
        rb_net_session_poll(&g.s[0], 1);
        rb_net_session_poll(&s3, 1);
        rb_net_event ev;
        while (rb_net_peer_poll(third, &ev)) {
            if (ev.type == RB_NET_EV_BYE) {
                assert_string_equal(ev.code, "busy");
                told = true;
            }
        }
    }
    assert_true(told);
    assert_true(rb_net_peer_connected_now(g.peer[0])); /* the game goes on */
    rb_net_session_close(&s3);
    rb_net_peer_free(third);
    assert_true(run(&g, 60000));
    same_record(&g);
    close_game(&g);
}

static void a_connection_closed_at_any_message_resumes_to_the_same_record(void **state)
{
    (void)state;
    /* how many lines each side sends in a clean short game */
    game g;
    open_game(&g, 8, 21);
    assert_true(run(&g, 20000));
    int64_t lines[2] = {g.fault[0].lines, g.fault[1].lines};
    same_record(&g);
    close_game(&g);
    int cases = 0;
    for (int side = 0; side < 2; side++) {
        for (int64_t k = 1; k <= lines[side]; k++) {
            open_game(&g, 8, 21);
            rb_net_fault_at(&g.fault[side], k, RB_FAULT_CLOSE, 0);
            if (!run(&g, 20000)) {
                fail_msg("closed by side %d at line %lld: the game did not finish", side, (long long)k);
            }
            assert_true(g.fault[side].made[RB_FAULT_CLOSE] == 1);
            same_record(&g);
            assert_int_equal(rb_game_ending(rb_net_peer_game(g.peer[1])), RB_END_RESIGNATION);
            close_game(&g);
            cases++;
        }
    }
    print_message("%d closes, each resumed\n", cases);
    assert_true(cases > 20);
}

/* Polls both sides for ms, keeping their events; true when cond held. */
static void pump(game *g, int64_t ms, rb_net_event *evs[2], int *nev)
{
    int64_t end = rb_util_now_ms() + ms;
    while (rb_util_now_ms() < end) {
        for (int i = 0; i < 2; i++) {
            rb_net_session_poll(&g->s[i], 1);
            rb_net_event ev;
            while (rb_net_peer_poll(g->peer[i], &ev)) {
                if (nev[i] < 64) {
                    evs[i][nev[i]++] = ev;
                }
            }
        }
    }
}

static bool saw(rb_net_event *evs, int n, rb_net_event_type type, const char *text)
{
    for (int i = 0; i < n; i++) {
        if (evs[i].type == type && (text == NULL || strcmp(evs[i].text, text) == 0)) {
            return true;
        }
    }
    return false;
}

/* One side's move chosen from the seed, once it is its turn (the other's
 * move may still be on the way). */
static void move_for(game *g, int i, rb_net_event *evs[2], int *nev)
{
    const rb_game *rec = rb_net_peer_game(g->peer[i]);
    for (int t = 0; t < 500 && rb_game_pos(rec)->side != rb_net_peer_color(g->peer[i]); t++) {
        pump(g, 10, evs, nev);
    }
    assert_int_equal(rb_game_pos(rec)->side, rb_net_peer_color(g->peer[i]));
    rb_movelist list;
    int n = rb_gen_legal(rb_game_pos(rec), &list);
    uint64_t s = g->seed + rec->ply;
    char err[200];
    assert_int_equal(rb_net_peer_move(g->peer[i], list.moves[rb_util_splitmix64(&s) % (uint64_t)n], rb_util_now_ms(),
                                      err, sizeof err),
                     0);
}

static void a_timed_game_with_offers_chat_and_a_reconnect_in_the_middle(void **state)
{
    (void)state;
    game g;
    open_game(&g, 0, 31);
    g.s[1].retry_ms = 100;
    rb_net_event buf0[64], buf1[64], *evs[2] = {buf0, buf1};
    int nev[2] = {0, 0};
    char err[200];
    pump(&g, 300, evs, nev);
    assert_true(saw(evs[0], nev[0], RB_NET_EV_STARTED, NULL) && saw(evs[1], nev[1], RB_NET_EV_STARTED, NULL));
    rb_net_peer_set_chat_in(g.peer[0], true);
    rb_net_peer_set_chat_in(g.peer[1], true);
    for (int ply = 0; ply < 6; ply++) {
        move_for(&g, ply % 2 == 0 ? 0 : 1, evs, nev); /* the host is White */
        pump(&g, 60, evs, nev);
    }
    assert_int_equal(rb_net_peer_chat(g.peer[1], "nice opening", rb_util_now_ms(), err, sizeof err), 0);
    assert_int_equal(rb_net_peer_offer(g.peer[1], RB_OFFER_DRAW, rb_util_now_ms(), err, sizeof err), 0);
    pump(&g, 500, evs, nev);
    assert_true(saw(evs[0], nev[0], RB_NET_EV_CHAT, "nice opening"));
    assert_true(saw(evs[0], nev[0], RB_NET_EV_OFFER, NULL));
    assert_int_equal(rb_net_peer_answer(g.peer[0], false, rb_util_now_ms(), err, sizeof err), 0);
    pump(&g, 500, evs, nev);
    assert_true(saw(evs[1], nev[1], RB_NET_EV_ANSWER, NULL));
    /* the cable is pulled in the middle; White moves into the void */
    rb_net_session_cut(&g.s[1]);
    move_for(&g, 0, evs, nev);
    pump(&g, 2500, evs, nev);
    assert_true(saw(evs[0], nev[0], RB_NET_EV_LOST, NULL));
    assert_true(saw(evs[0], nev[0], RB_NET_EV_RESUMED, NULL));
    assert_int_equal(rb_net_peer_game(g.peer[1])->ply, 7);
    /* Black moves, then asks to take it back, and White agrees */
    move_for(&g, 1, evs, nev);
    pump(&g, 500, evs, nev);
    assert_int_equal(rb_net_peer_offer(g.peer[1], RB_OFFER_TAKEBACK1, rb_util_now_ms(), err, sizeof err), 0);
    pump(&g, 500, evs, nev);
    assert_int_equal(rb_net_peer_answer(g.peer[0], true, rb_util_now_ms(), err, sizeof err), 0);
    pump(&g, 300, evs, nev);
    assert_int_equal(rb_net_peer_game(g.peer[0])->ply, 7);
    assert_int_equal(rb_net_peer_game(g.peer[1])->ply, 7);
    assert_true(rb_net_peer_lag(g.peer[0]) >= 0);
    /* and the game is played out */
    assert_true(run(&g, 60000));
    same_record(&g);
    assert_true(g.s[0].connections == 2);
    const rb_annotation *a = rb_game_annotation(rb_net_peer_game(g.peer[1]), 0);
    assert_true(a != NULL && a->clock_ms != RB_CLOCK_NONE);
    close_game(&g);
}

static void a_joiner_keeps_trying_without_blocking_until_the_host_listens(void **state)
{
    (void)state;
    char err[300];
    rb_net_config h, j;
    rb_net_config_defaults(&h, true);
    rb_net_config_defaults(&j, false);
    snprintf(h.token, sizeof h.token, TOKEN);
    snprintf(j.token, sizeof j.token, TOKEN);
    rb_net_peer *host = rb_net_peer_new(&h, err, sizeof err), *joiner = rb_net_peer_new(&j, err, sizeof err);
    /* a free port, closed again: nobody listens there yet */
    rb_net_session hs, js;
    assert_int_equal(rb_net_session_host(&hs, host, "127.0.0.1", 0, err, sizeof err), 0);
    int port = hs.port;
    rb_net_session_close(&hs);
    assert_int_equal(rb_net_session_join(&js, joiner, "127.0.0.1", port, 0, err, sizeof err), 0);
    js.retry_ms = 50;
    int64_t longest = 0;
    for (int i = 0; i < 30; i++) {
        int64_t t = rb_util_now_ms();
        rb_net_session_poll(&js, 0);
        longest = rb_util_now_ms() - t > longest ? rb_util_now_ms() - t : longest;
        rb_util_sleep_ms(5);
    }
    assert_false(rb_net_peer_started(joiner));
    assert_non_null(strstr(js.error, "cannot connect"));
    assert_true(longest < 100);
    assert_int_equal(rb_net_session_host(&hs, host, "127.0.0.1", port, err, sizeof err), 0);
    for (int i = 0; i < 400 && !rb_net_peer_started(joiner); i++) {
        rb_net_session_poll(&js, 1);
        rb_net_session_poll(&hs, 1);
    }
    assert_true(rb_net_peer_started(joiner));
    assert_true(rb_net_peer_started(host));
    rb_net_session_close(&js);
    rb_net_session_close(&hs);
    rb_net_peer_free(host);
    rb_net_peer_free(joiner);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_whole_game_over_loopback),
        cmocka_unit_test(a_second_connection_is_told_the_game_is_busy),
        cmocka_unit_test(a_connection_closed_at_any_message_resumes_to_the_same_record),
        cmocka_unit_test(a_timed_game_with_offers_chat_and_a_reconnect_in_the_middle),
        cmocka_unit_test(a_joiner_keeps_trying_without_blocking_until_the_host_listens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
