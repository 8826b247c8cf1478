/*
 * test_net_soak.c - engine against engine over 127.0.0.1 through the fault
 * layer: lines dropped, held back, duplicated, cut in half, connections
 * closed, at random from a seed. Every game must finish, with the same
 * record on both ends and every chat line delivered once.
 *
 * RB_NET_SOAK_GAMES sets the number of games (10 in the suite, 200 in the
 * test labelled long), RB_NET_SOAK_FAULTS=0 plays them clean (for the
 * figures), and the run prints the handshake-to-first-move time and the
 * round trip of a move (a move sent until it is acknowledged), median and
 * 99th percentile.
 */
#include "support.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_engine.h"
#include "rb_net_sock.h"
#include "rb_pgn.h"
#include "rb_util_clock.h"
#include "rb_util_random.h"

#define TOKEN "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf"
#define DRAW_AT 160 /* plies: then the host offers a draw and the joiner takes it */

typedef struct stats {
    int64_t *rtt;
    int nrtt, caprtt;
    int64_t hs[1000];
    int nhs;
    int64_t faults[RB_FAULT_COUNT];
    int reconnects;
    size_t heap_peak; /* bytes in use for both sides of a game, engines left out */
} stats;

static void add_rtt(stats *st, int64_t v)
{
    if (st->nrtt == st->caprtt) {
        st->caprtt = st->caprtt ? st->caprtt * 2 : 1024;
        st->rtt = realloc(st->rtt, (size_t)st->caprtt * sizeof *st->rtt);
        assert_non_null(st->rtt);
    }
    st->rtt[st->nrtt++] = v;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *what, int64_t *v, int n)
{
    if (n == 0) {
        return;
    }
    qsort(v, (size_t)n, sizeof *v, cmp64);
    int p99 = (int)((n - 1) * 0.99);
    print_message("%s: median %lld ms, p99 %lld ms, max %lld ms (%d samples)\n", what, (long long)v[n / 2],
                  (long long)v[p99], (long long)v[n - 1], n);
}

static void play_one(int index, bool faults, stats *st)
{
    uint64_t seed = 0x50a1c0de + (uint64_t)index * 7919;
    rb_net_config cfg[2];
    rb_net_config_defaults(&cfg[0], true);
    rb_net_config_defaults(&cfg[1], false);
    for (int i = 0; i < 2; i++) {
        snprintf(cfg[i].token, sizeof cfg[i].token, TOKEN);
        cfg[i].resend_ms = 250;
        cfg[i].handshake_ms = 1000;
        cfg[i].chat_in = true;
        cfg[i].ping_ms = 500;
    }
    snprintf(cfg[0].name, sizeof cfg[0].name, "Engine A");
    snprintf(cfg[1].name, sizeof cfg[1].name, "Engine B");
    cfg[0].game_token = seed;
    cfg[0].base_ms = 600000;
    cfg[0].inc_ms = 1000;
    cfg[0].host_color = index % 2 == 0 ? RB_WHITE : RB_BLACK;
    char err[300];
    rb_net_peer *peer[2];
    rb_net_session s[2];
    rb_net_fault fault[2];
    rb_engine *engine[2];
    for (int i = 0; i < 2; i++) {
        engine[i] = rb_engine_new(1);
        assert_non_null(engine[i]);
    }
    size_t heap_before = mallinfo2().uordblks;
    for (int i = 0; i < 2; i++) {
        peer[i] = rb_net_peer_new(&cfg[i], err, sizeof err);
        assert_non_null(peer[i]);
        rb_engine_set_seed(engine[i], seed + (uint64_t)i);
        rb_net_fault_init(&fault[i], seed * 31 + (uint64_t)i);
        if (faults) {
            fault[i].spare = 2;
            fault[i].per_mille[RB_FAULT_DROP] = 15;
            fault[i].per_mille[RB_FAULT_DELAY] = 30;
            fault[i].per_mille[RB_FAULT_DUP] = 20;
            fault[i].per_mille[RB_FAULT_SPLIT] = 30;
            fault[i].per_mille[RB_FAULT_CLOSE] = 4;
            fault[i].delay_max_ms = 150;
            fault[i].closes_max = 2;
        }
    }
    int64_t t0 = rb_util_now_ms();
    assert_int_equal(rb_net_session_host(&s[0], peer[0], "127.0.0.1", 0, err, sizeof err), 0);
    assert_int_equal(rb_net_session_join(&s[1], peer[1], "127.0.0.1", s[0].port, 2000, err, sizeof err), 0);
    s[1].retry_ms = 20;
    for (int i = 0; i < 2; i++) {
        s[i].fault = &fault[i];
    }
    int chats_sent[2] = {0, 0}, chats_got[2] = {0, 0};
    int64_t sent_at[2] = {0, 0};
    bool first_move_seen = false;
    uint64_t nodes_seed = seed;
    int64_t deadline = rb_util_now_ms() + 120000;
    bool done = false;
    while (!done && rb_util_now_ms() < deadline) {
        for (int i = 0; i < 2; i++) {
            rb_net_session_poll(&s[i], 1);
            rb_net_event ev;
            while (rb_net_peer_poll(peer[i], &ev)) {
                if (ev.type == RB_NET_EV_CHAT) {
                    chats_got[i]++;
                } else if (ev.type == RB_NET_EV_MOVE && !first_move_seen) {
                    first_move_seen = true;
                    if (st->nhs < 1000) {
                        st->hs[st->nhs++] = rb_util_now_ms() - t0;
                    }
                } else if (ev.type == RB_NET_EV_OFFER && ev.kind == RB_OFFER_DRAW) {
                    rb_net_peer_answer(peer[i], true, rb_util_now_ms(), err, sizeof err);
                }
            }
            if (sent_at[i] != 0 && rb_net_peer_unacked(peer[i]) == 0) {
                add_rtt(st, rb_util_now_ms() - sent_at[i]);
                sent_at[i] = 0;
            }
            const rb_game *g = rb_net_peer_game(peer[i]);
            if (g == NULL || rb_net_peer_over(peer[i]) || rb_game_pos(g)->side != rb_net_peer_color(peer[i])) {
                continue;
            }
            if (i == 0 && g->ply >= DRAW_AT && !rb_net_peer_my_offer(peer[0], NULL)) {
                rb_net_peer_offer(peer[0], RB_OFFER_DRAW, rb_util_now_ms(), err, sizeof err);
                continue;
            }
            if (i == 0 && g->ply >= DRAW_AT) {
                continue;
            }
            if (g->ply % 40 == (unsigned)(10 + 10 * i) &&
                rb_net_peer_chat(peer[i], "still here", rb_util_now_ms(), err, sizeof err) == 0) {
                chats_sent[i]++;
            }
            rb_limits lim = {.nodes = 300 + rb_util_splitmix64(&nodes_seed) % 1500};
            uint64_t history[1024];
            size_t nh = 0;
            for (size_t k = 0; k < g->ply && nh < 1024; k++) {
                history[nh++] = g->positions[k].key;
            }
            rb_move m = rb_engine_search(engine[i], rb_game_pos(g), history, nh, &lim, NULL, NULL, NULL);
            assert_true(m != RB_MOVE_NONE);
            assert_int_equal(rb_net_peer_move(peer[i], m, rb_util_now_ms(), err, sizeof err), 0);
            if (rb_net_peer_connected_now(peer[i]) && sent_at[i] == 0) {
                sent_at[i] = rb_util_now_ms();
            }
        }
        done = rb_net_peer_settled(peer[0]) && rb_net_peer_settled(peer[1]);
    }
    if (!done) {
        fail_msg("game %d (seed %llu) did not finish: plies %zu / %zu, over %d %d", index, (unsigned long long)seed,
                 rb_net_peer_game(peer[0]) ? rb_net_peer_game(peer[0])->ply : 0,
                 rb_net_peer_game(peer[1]) ? rb_net_peer_game(peer[1])->ply : 0, rb_net_peer_over(peer[0]),
                 rb_net_peer_over(peer[1]));
    }
    size_t heap = mallinfo2().uordblks - heap_before;
    st->heap_peak = heap > st->heap_peak ? heap : st->heap_peak;
    char *a = rb_pgn_write(rb_net_peer_game(peer[0]));
    char *b = rb_pgn_write(rb_net_peer_game(peer[1]));
    if (strcmp(a, b) != 0) {
        fprintf(stderr, "game %d: host:\n%s\njoiner:\n%s\n", index, a, b);
    }
    assert_string_equal(a, b);
    free(a);
    free(b);
    assert_int_equal(chats_got[1], chats_sent[0]);
    assert_int_equal(chats_got[0], chats_sent[1]);
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < RB_FAULT_COUNT; k++) {
            st->faults[k] += fault[i].made[k];
        }
    }
    st->reconnects += s[0].connections - 1;
    for (int i = 0; i < 2; i++) {
        rb_net_session_close(&s[i]);
        rb_net_peer_free(peer[i]);
        rb_engine_free(engine[i]);
    }
}

static void every_game_finishes_with_the_same_record_on_both_ends(void **state)
{
    (void)state;
    const char *env = getenv("RB_NET_SOAK_GAMES");
    int games = env != NULL ? atoi(env) : 10;
    games = games > 0 ? games : 10;
    const char *fenv = getenv("RB_NET_SOAK_FAULTS");
    bool faults = fenv == NULL || strcmp(fenv, "0") != 0;
    stats st = {0};
    for (int i = 0; i < games; i++) {
        play_one(i, faults, &st);
    }
    print_message("%d games %s faults; faults made:", games, faults ? "with" : "without");
    for (int k = RB_FAULT_DROP; k < RB_FAULT_COUNT; k++) {
        print_message(" %s %lld", rb_net_fault_name((rb_fault_kind)k), (long long)st.faults[k]);
    }
    print_message("; reconnections %d\n", st.reconnects);
    report("handshake to first move", st.hs, st.nhs);
    report("round trip of a move", st.rtt, st.nrtt);
    print_message("memory of a network game, both sides, sockets included: at most %zu KiB of heap at its end\n",
                  st.heap_peak / 1024);
    if (faults) {
        assert_true(st.faults[RB_FAULT_DROP] > 0 && st.faults[RB_FAULT_DUP] > 0 && st.faults[RB_FAULT_SPLIT] > 0);
    }
    free(st.rtt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_finishes_with_the_same_record_on_both_ends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
