/*
 * server_client.h - a server in the test's own process and clients over
 * 127.0.0.1, for the server's tests.
 *
 * The server runs one round of its loop (rb_server_step) whenever a client
 * waits, so a test is one thread and needs no sleeps: a client waits for a
 * line by stepping the server until it comes, within a few seconds.
 * Clients are either raw (lines the test writes) or a joiner's state
 * machine (rb_net_peer) pumped over the socket, as a real program plays.
 * Header-only: each test program is one file.
 */
#ifndef RB_TEST_SERVER_CLIENT_H
#define RB_TEST_SERVER_CLIENT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rb_net_invite.h"
#include "rb_net_peer.h"
#include "rb_net_text.h"
#include "rb_server.h"
#include "rb_util_clock.h"

#define WAIT_MS 4000

typedef struct client {
    int fd;
    char buf[1 << 16];
    size_t len;
} client;

static char test_dir[256];

static inline void fast_settings(rb_server_settings *s)
{
    rb_server_settings_defaults(s);
    s->port = 0;
    s->pwhash_ops = 1; /* argon2id at its least, so tests stay fast */
    s->pwhash_mem_kib = 64;
}

static inline rb_server *server_start(const rb_server_settings *s)
{
    snprintf(test_dir, sizeof test_dir, "/tmp/rb-server-test.XXXXXX");
    if (mkdtemp(test_dir) == NULL) {
        return NULL;
    }
    char err[400];
    if (rb_server_init_dir(test_dir, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return NULL;
    }
    rb_server *sv = rb_server_open(test_dir, s, err, sizeof err);
    if (sv == NULL) {
        fprintf(stderr, "%s\n", err);
    }
    return sv;
}

static inline void server_stop(rb_server *sv)
{
    rb_server_close(sv);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", test_dir);
    if (system(cmd) != 0) {
        fprintf(stderr, "could not remove %s\n", test_dir);
    }
}

static inline int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

static inline void cl_open(client *c, rb_server *sv)
{
    memset(c, 0, sizeof *c);
    c->fd = dial(rb_server_port(sv));
    rb_server_step(sv, 0); /* accepted */
}

static inline void cl_close(client *c)
{
    if (c->fd >= 0) {
        close(c->fd);
    }
    c->fd = -1;
}

static inline void cl_say(client *c, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    line[n++] = '\n';
    ssize_t w = send(c->fd, line, (size_t)n, MSG_NOSIGNAL);
    (void)w;
}

static inline void cl_read(client *c)
{
    for (;;) {
        ssize_t r = recv(c->fd, c->buf + c->len, sizeof c->buf - c->len - 1, 0);
        if (r <= 0) {
            return;
        }
        c->len += (size_t)r;
    }
}

/* The next line starting with prefix (earlier lines are passed over), the
 * server stepping meanwhile; false when none came in time. */
static inline bool cl_wait(rb_server *sv, client *c, const char *prefix, char *line, size_t size)
{
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (rb_util_now_ms() < until) {
        rb_server_step(sv, 2);
        cl_read(c);
        char *nl;
        while ((nl = memchr(c->buf, '\n', c->len)) != NULL) {
            size_t n = (size_t)(nl - c->buf);
            char got[4096];
            snprintf(got, sizeof got, "%.*s", (int)n, c->buf);
            memmove(c->buf, nl + 1, c->len - n - 1);
            c->len -= n + 1;
            if (strncmp(got, prefix, strlen(prefix)) == 0) {
                snprintf(line, size, "%s", got);
                return true;
            }
        }
    }
    snprintf(line, size, "(nothing starting with '%s')", prefix);
    return false;
}

/* Whether the server closed c's connection (within the wait). */
static inline bool cl_closed(rb_server *sv, client *c)
{
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (rb_util_now_ms() < until) {
        rb_server_step(sv, 2);
        char b[4096];
        ssize_t r = recv(c->fd, b, sizeof b, 0);
        if (r == 0) {
            return true;
        }
    }
    return false;
}

static inline void cl_greet(rb_server *sv, client *c)
{
    char hex[17], line[4096];
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    cl_say(c, "lobby proto=1 program=test rules=%s", hex);
    cl_wait(sv, c, "lobby ", line, sizeof line);
}

/* ---- a joiner's state machine over a socket ---- */

typedef struct player {
    int fd;
    rb_net_peer *peer;
} player;

static inline bool player_join(player *p, rb_server *sv, const char *token, const char *name)
{
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, false);
    snprintf(cfg.name, sizeof cfg.name, "%s", name);
    snprintf(cfg.token, sizeof cfg.token, "%.32s", token);
    char err[200];
    p->peer = rb_net_peer_new(&cfg, err, sizeof err);
    p->fd = dial(rb_server_port(sv));
    if (p->peer == NULL || p->fd < 0) {
        return false;
    }
    rb_server_step(sv, 0);
    rb_net_peer_connected(p->peer, rb_util_now_ms());
    return true;
}

static inline void player_pump(player *p)
{
    int64_t now = rb_util_now_ms();
    if (p->fd >= 0) {
        char b[8192];
        ssize_t r;
        while ((r = recv(p->fd, b, sizeof b, 0)) > 0) {
            rb_net_peer_feed(p->peer, b, (size_t)r, now);
        }
        if (r == 0) {
            close(p->fd);
            p->fd = -1;
            rb_net_peer_disconnected(p->peer, now);
        }
    }
    rb_net_peer_tick(p->peer, now);
    const char *out;
    size_t n = rb_net_peer_output(p->peer, &out);
    if (n > 0 && p->fd >= 0) {
        ssize_t w = send(p->fd, out, n, MSG_NOSIGNAL);
        if (w > 0) {
            rb_net_peer_sent(p->peer, (size_t)w);
        }
    } else if (p->fd < 0) {
        rb_net_peer_sent(p->peer, n); /* nobody to send to: the peer resends later */
    }
}

/* Steps the server (when there is one: NULL while it is down) and pumps
 * both players for ms. */
static inline void run_for(rb_server *sv, player *a, player *b, int ms)
{
    int64_t until = rb_util_now_ms() + ms;
    do {
        if (sv != NULL) {
            rb_server_step(sv, 1);
        } else {
            usleep(1000);
        }
        if (a != NULL) {
            player_pump(a);
        }
        if (b != NULL) {
            player_pump(b);
        }
    } while (rb_util_now_ms() < until);
}

static inline void player_free(player *p)
{
    if (p->fd >= 0) {
        close(p->fd);
    }
    rb_net_peer_free(p->peer);
}

/* Two players meet in the lobby, registering as names[0] and names[1]
 * (NULL: as guests), and play a game of kind ("casual", "rated"):
 * tokens[c] is the token of colour c's seat. */
static inline bool meet_as(rb_server *sv, const char *const names[2], const char *tc, const char *kind,
                           char tokens[2][64], long long *game_id)
{
    client a, b;
    char line[4096];
    cl_open(&a, sv);
    cl_open(&b, sv);
    cl_greet(sv, &a);
    cl_greet(sv, &b);
    if (names == NULL) {
        cl_say(&a, "guest");
        cl_say(&b, "guest");
    } else {
        cl_say(&a, "register %s secret-%s", names[0], names[0]);
        cl_say(&b, "register %s secret-%s", names[1], names[1]);
    }
    if (!cl_wait(sv, &a, "ok ", line, sizeof line) || !cl_wait(sv, &b, "ok ", line, sizeof line)) {
        return false;
    }
    cl_say(&a, "seek %s %s", tc, kind);
    if (!cl_wait(sv, &a, "ok seek ", line, sizeof line)) {
        return false;
    }
    cl_say(&b, "accept %s", line + 8);
    client *both[2] = {&a, &b};
    for (int k = 0; k < 2; k++) {
        if (!cl_wait(sv, both[k], "game ", line, sizeof line)) {
            return false;
        }
        char id[32], token[64], color[16];
        if (sscanf(line, "game %31s %63s %15s", id, token, color) != 3) {
            return false;
        }
        snprintf(tokens[strcmp(color, "white") == 0 ? 0 : 1], 64, "%s", token);
        *game_id = atoll(id);
    }
    cl_close(&a);
    cl_close(&b);
    return true;
}

static inline bool meet(rb_server *sv, const char *tc, char tokens[2][64], long long *game_id)
{
    return meet_as(sv, NULL, tc, "casual", tokens, game_id);
}

#endif
