/*
 * fuzz_net.c - fuzzes the network protocol's reader and one side's state
 * machine (rb_net_peer.h) in-process.
 *
 * The input is a script for a peer that is the host or the joiner (the
 * first byte says which): records of an operation byte, a length byte and
 * that many bytes. Most records feed their bytes to the peer as if they had
 * come from the other side; the others let time pass (pings, resends, the
 * host's flag, the grace), make a legal move of our own, offer, answer,
 * resign, abort, claim, chat, or drop and restore the connection, so the
 * other side's lines meet every state. The seeds begin with a correct
 * handshake (the token below) so the fuzzer starts inside a game. With bit
 * 32 of the first byte set, a joiner has no token and knocks; a host's
 * record of operation 15 lets the knocker in or turns them away.
 *
 * With bit 16 of the first byte set, the rest of the input is instead a
 * saved state (rb_net_peer_save's text) to restore: whatever it holds, the
 * restore either refuses it with a message or gives a peer whose own save
 * restores again.
 *
 * Whatever comes in, every line the peer sends must be one the protocol's
 * own parser reads, no longer than the protocol's bound; the record must
 * stay a legal game (each position checked as the other targets do); and
 * the peer must not hold more than a bounded amount of output.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rb_net_peer.h"
#include "rb_net_wire.h"

#define TOKEN "0123456789abcdef0123456789abcdef"

static void check_output(rb_net_peer *p)
{
    const char *data;
    size_t n = rb_net_peer_output(p, &data);
    if (n > (8u << 20)) {
        rb_fuzz_fail("%zu bytes of output held", n);
    }
    size_t at = 0;
    while (at < n) {
        const char *nl = memchr(data + at, '\n', n - at);
        if (nl == NULL) {
            rb_fuzz_fail("output ends without a newline");
        }
        size_t len = (size_t)(nl - (data + at));
        if (len > RB_NET_LINE_MAX) {
            rb_fuzz_fail("an output line of %zu bytes", len);
        }
        char line[RB_NET_LINE_MAX + 1];
        memcpy(line, data + at, len);
        line[len] = '\0';
        rb_net_msg m;
        char err[200];
        if (rb_net_msg_parse(line, &m, err, sizeof err) != 0) {
            rb_fuzz_fail("the peer wrote '%s', which does not read: %s", line, err);
        }
        at += len + 1;
    }
    rb_net_peer_sent(p, n);
}

static void check_game(const rb_net_peer *p)
{
    const rb_game *g = rb_net_peer_game(p);
    if (g == NULL) {
        return;
    }
    if (g->ply > g->length) {
        rb_fuzz_fail("the cursor %zu is past the record's %zu moves", g->ply, g->length);
    }
    for (size_t i = 0; i < g->length; i++) {
        if (!rb_move_is_legal(&g->positions[i], g->moves[i])) {
            rb_fuzz_fail("move %zu of the record is not legal", i);
        }
    }
    rb_fuzz_check_position(rb_game_pos(g));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) {
        return 0;
    }
    rb_net_config cfg;
    bool host = (data[0] & 1) != 0;
    rb_net_config_defaults(&cfg, host);
    snprintf(cfg.token, sizeof cfg.token, "%s", !host && (data[0] & 32) ? "" : TOKEN);
    cfg.chat_in = (data[0] & 2) != 0;
    cfg.base_ms = (data[0] & 4) ? 60000 : 0;
    cfg.inc_ms = 1000;
    cfg.game_token = 42;
    cfg.host_color = (data[0] & 8) ? 1 : 0;
    cfg.rules = 0x1111111111111111ull; /* the seeds say this; computing the real one each run is slow */
    char err[200];
    if (data[0] & 16) {
        char text[8192];
        size_t n = size - 1 < sizeof text - 1 ? size - 1 : sizeof text - 1;
        memcpy(text, data + 1, n);
        text[n] = '\0';
        rb_net_peer *r = rb_net_peer_restore(&cfg, text, 5000, err, sizeof err);
        if (r == NULL) {
            if (err[0] == '\0') {
                rb_fuzz_fail("a refused restore says nothing");
            }
            return 0;
        }
        check_game(r);
        char *again = rb_net_peer_save(r);
        rb_net_peer *r2 = again != NULL ? rb_net_peer_restore(&cfg, again, 5000, err, sizeof err) : NULL;
        if (again != NULL && r2 == NULL) {
            rb_fuzz_fail("a peer's own save does not restore: %s\n%s", err, again);
        }
        rb_net_peer_connected(r, 6000);
        check_output(r);
        rb_net_peer_free(r2);
        free(again);
        rb_net_peer_free(r);
        return 0;
    }
    rb_net_peer *p = rb_net_peer_new(&cfg, err, sizeof err);
    if (p == NULL) {
        rb_fuzz_fail("no peer: %s", err);
    }
    int64_t now = 1000;
    rb_net_peer_connected(p, now);
    size_t i = 1;
    while (i + 2 <= size) {
        uint8_t op = data[i], len = data[i + 1];
        i += 2;
        size_t n = len;
        if (n > size - i) {
            n = size - i;
        }
        const rb_game *g = rb_net_peer_game(p);
        int kind = op % 16;
        if (kind == 15 && !host) {
            kind = 0; /* a joiner feeds these bytes */
        }
        switch (kind) {
        case 8:
            now += (int64_t)len * 97;
            rb_net_peer_tick(p, now);
            break;
        case 9:
            if (g != NULL) {
                rb_movelist list;
                int count = rb_gen_legal(rb_game_pos(g), &list);
                if (count > 0) {
                    rb_net_peer_move(p, list.moves[len % count], now, err, sizeof err);
                }
            }
            break;
        case 10: rb_net_peer_offer(p, (rb_net_offer)(len % RB_OFFER_COUNT), now, err, sizeof err); break;
        case 11: rb_net_peer_answer(p, (len & 1) != 0, now, err, sizeof err); break;
        case 12:
            switch (len % 4) {
            case 0: rb_net_peer_resign(p, now, err, sizeof err); break;
            case 1: rb_net_peer_abort(p, now, err, sizeof err); break;
            case 2: rb_net_peer_claim(p, (rb_net_claim)(len / 4 % 2), now, err, sizeof err); break;
            default: rb_net_peer_set_chat_in(p, (len & 8) != 0); break;
            }
            break;
        case 13: {
            char text[256];
            memcpy(text, data + i, n < 255 ? n : 255);
            text[n < 255 ? n : 255] = '\0';
            rb_net_peer_chat(p, text, now, err, sizeof err);
            i += n;
            break;
        }
        case 14:
            rb_net_peer_disconnected(p, now);
            rb_net_peer_connected(p, now);
            break;
        case 15: rb_net_peer_admit(p, (len & 1) != 0, now, err, sizeof err); break;
        default:
            /* bytes from the other side, in pieces of a size from op */
            for (size_t at = 0; at < n;) {
                size_t piece = 1 + (op >> 4);
                piece = piece < n - at ? piece : n - at;
                rb_net_peer_feed(p, (const char *)data + i + at, piece, now);
                at += piece;
            }
            i += n;
            break;
        }
        check_output(p);
        if (rb_net_peer_wants_close(p)) {
            rb_net_peer_disconnected(p, now);
            rb_net_peer_connected(p, now);
        }
        rb_net_event ev;
        while (rb_net_peer_poll(p, &ev)) {
            if (strlen(ev.text) > RB_NET_TEXT_MAX) {
                rb_fuzz_fail("an event's text of %zu bytes", strlen(ev.text));
            }
            for (const char *s = ev.text; *s != '\0'; s++) {
                if ((unsigned char)*s < 0x20 || *s == 0x7f) {
                    rb_fuzz_fail("a control character in an event's text");
                }
            }
        }
    }
    check_game(p);
    rb_net_peer_free(p);
    return 0;
}
