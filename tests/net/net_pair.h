/*
 * net_pair.h - two sides of a network game joined by a socketpair, on a
 * clock the test sets, for the network tests.
 *
 * flow() moves every byte both ways until neither side has anything more
 * to say, all at the test's "now", so a delay is the test moving now on
 * between a send and its arrival. An optional fault layer (rb_net_fault.h)
 * applies to each direction's lines. Header-only: each test program is one
 * file.
 */
#ifndef RB_TEST_NET_PAIR_H
#define RB_TEST_NET_PAIR_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rb_net_fault.h"
#include "rb_net_invite.h"
#include "rb_net_peer.h"
#include "rb_notation.h"
#include "rb_pgn.h"

#define PAIR_TOKEN "00112233445566778899aabbccddeeff"

typedef struct pair {
    rb_net_peer *side[2]; /* 0 the host, 1 the joiner */
    int fd[2];
    int64_t now;
    rb_net_fault *fault[2]; /* on each side's way out */
    bool up;
} pair;

static inline void pair_configs(rb_net_config *host, rb_net_config *join)
{
    rb_net_config_defaults(host, true);
    rb_net_config_defaults(join, false);
    snprintf(host->name, sizeof host->name, "Alice");
    snprintf(join->name, sizeof join->name, "Bob");
    snprintf(host->token, sizeof host->token, PAIR_TOKEN);
    snprintf(join->token, sizeof join->token, PAIR_TOKEN);
    host->game_token = 0x1234abcd5678ef90ull;
    host->base_ms = 300000;
    host->inc_ms = 2000;
}

static inline void pair_connect(pair *pr)
{
    int fds[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        pr->fd[i] = fds[i];
    }
    pr->up = true;
    rb_net_peer_connected(pr->side[0], pr->now);
    rb_net_peer_connected(pr->side[1], pr->now);
}

static inline void pair_open(pair *pr, const rb_net_config *host, const rb_net_config *join)
{
    memset(pr, 0, sizeof *pr);
    pr->now = 1000000;
    char err[200];
    pr->side[0] = rb_net_peer_new(host, err, sizeof err);
    pr->side[1] = rb_net_peer_new(join, err, sizeof err);
    assert_non_null(pr->side[0]);
    assert_non_null(pr->side[1]);
    pair_connect(pr);
}

static inline void pair_cut(pair *pr)
{
    if (!pr->up) {
        return;
    }
    close(pr->fd[0]);
    close(pr->fd[1]);
    pr->up = false;
    rb_net_peer_disconnected(pr->side[0], pr->now);
    rb_net_peer_disconnected(pr->side[1], pr->now);
}

/* Sends side i's output through its faults; false when the connection closed. */
static inline bool pair_send(pair *pr, int i)
{
    const char *data;
    size_t n = rb_net_peer_output(pr->side[i], &data);
    size_t used = 0;
    while (used < n) {
        const char *nl = memchr(data + used, '\n', n - used);
        size_t len = nl != NULL ? (size_t)(nl - (data + used)) + 1 : n - used;
        int arg = 0;
        rb_fault_kind k = pr->fault[i] != NULL && nl != NULL ? rb_net_fault_next(pr->fault[i], &arg) : RB_FAULT_NONE;
        if (k == RB_FAULT_CLOSE) {
            rb_net_peer_sent(pr->side[i], used + len);
            pair_cut(pr);
            return false;
        }
        if (k != RB_FAULT_DROP) {
            int copies = k == RB_FAULT_DUP ? 2 : 1;
            for (int c = 0; c < copies; c++) {
                if (k == RB_FAULT_SPLIT) {
                    assert_int_equal(write(pr->fd[i], data + used, len / 2), (ssize_t)(len / 2));
                    /* the other side reads the first half alone */
                    char buf[4096];
                    ssize_t r = read(pr->fd[1 - i], buf, sizeof buf);
                    if (r > 0) {
                        rb_net_peer_feed(pr->side[1 - i], buf, (size_t)r, pr->now);
                    }
                    assert_int_equal(write(pr->fd[i], data + used + len / 2, len - len / 2), (ssize_t)(len - len / 2));
                } else {
                    assert_int_equal(write(pr->fd[i], data + used, len), (ssize_t)len);
                }
            }
        }
        used += len;
    }
    rb_net_peer_sent(pr->side[i], used);
    return true;
}

static inline bool pair_read(pair *pr, int i)
{
    char buf[65536];
    bool got = false;
    for (;;) {
        ssize_t r = read(pr->fd[i], buf, sizeof buf);
        if (r <= 0) {
            return got;
        }
        got = true;
        rb_net_peer_feed(pr->side[i], buf, (size_t)r, pr->now);
    }
}

/* Moves bytes until both sides are quiet. */
static inline void pair_flow(pair *pr)
{
    for (int round = 0; round < 1000 && pr->up; round++) {
        bool any = false;
        for (int i = 0; i < 2 && pr->up; i++) {
            rb_net_peer_tick(pr->side[i], pr->now);
            const char *data;
            if (rb_net_peer_output(pr->side[i], &data) > 0) {
                any = true;
                if (!pair_send(pr, i)) {
                    return;
                }
            }
        }
        for (int i = 0; i < 2 && pr->up; i++) {
            any = pair_read(pr, i) || any;
        }
        for (int i = 0; i < 2 && pr->up; i++) {
            if (rb_net_peer_wants_close(pr->side[i])) {
                pair_send(pr, i);
                pair_read(pr, 1 - i);
                pair_cut(pr);
                return;
            }
        }
        if (!any) {
            return;
        }
    }
}

/* Lets time pass in steps of step ms, flowing after each. */
static inline void pair_wait(pair *pr, int64_t ms, int64_t step)
{
    for (int64_t t = 0; t < ms; t += step) {
        pr->now += step;
        pair_flow(pr);
    }
}

static inline void pair_close(pair *pr)
{
    if (pr->up) {
        close(pr->fd[0]);
        close(pr->fd[1]);
        pr->up = false;
    }
    rb_net_peer_free(pr->side[0]);
    rb_net_peer_free(pr->side[1]);
}

/* The first event of type on side i, dropping the others before it. */
static inline bool pair_event(pair *pr, int i, rb_net_event_type type, rb_net_event *out)
{
    rb_net_event ev;
    while (rb_net_peer_poll(pr->side[i], &ev)) {
        if (ev.type == type) {
            if (out != NULL) {
                *out = ev;
            }
            return true;
        }
    }
    return false;
}

static inline void pair_drain(pair *pr)
{
    rb_net_event ev;
    for (int i = 0; i < 2; i++) {
        while (rb_net_peer_poll(pr->side[i], &ev)) {
        }
    }
}

/* Plays the move in coordinates for whoever is to move. */
static inline void pair_play(pair *pr, const char *coord)
{
    const rb_game *g = rb_net_peer_game(pr->side[0]);
    int side = rb_game_pos(g)->side == rb_net_peer_color(pr->side[0]) ? 0 : 1;
    const rb_game *mine = rb_net_peer_game(pr->side[side]);
    rb_move m;
    char err[200];
    assert_int_equal(rb_move_parse_coord(rb_game_pos(mine), coord, &m, err, sizeof err), 0);
    assert_int_equal(rb_net_peer_move(pr->side[side], m, pr->now, err, sizeof err), 0);
    pair_flow(pr);
}

/* Both records as PGN are the same text. */
static inline void pair_same_record(pair *pr)
{
    char *a = rb_pgn_write(rb_net_peer_game(pr->side[0]));
    char *b = rb_pgn_write(rb_net_peer_game(pr->side[1]));
    assert_non_null(a);
    assert_non_null(b);
    if (strcmp(a, b) != 0) {
        fprintf(stderr, "host:\n%s\njoiner:\n%s\n", a, b);
    }
    assert_string_equal(a, b);
    free(a);
    free(b);
}

#endif
