/*
 * netplay_lobby.c - the lobby's conversation for rollerball-netplay (see
 * netplay_lobby.h and docs/network.md, "Playing through a server").
 *
 * One request at a time: send it, then read lines until its "ok" or "no",
 * taking note of the lines that come unasked on the way (a seek offered,
 * the game found). Connecting is retried for a while, so a server that is
 * restarting is waited for rather than given up on.
 */
#define _POSIX_C_SOURCE 200809L

#include "netplay_lobby.h"

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rb_net_invite.h"
#include "rb_net_text.h"
#include "rb_net_wire.h"
#include "rb_util_clock.h"
#include "rb_util_error.h"

#define CONNECT_TRIES_MS 30000

typedef struct lobby {
    int fd;
    char buf[8192];
    size_t len;
    const rb_lobby_request *rq;
    char game[RB_NET_LINE_MAX + 1]; /* the game line, once it came */
    int64_t offered;                /* a seek seen that is not ours (0: none) */
} lobby;

static int dial(const char *host, int port, char *err, size_t errlen)
{
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *res = NULL;
    int rc = getaddrinfo(host, ps, &hints, &res);
    if (rc != 0) {
        return rb_util_fail(err, errlen, "%s: %s", host, gai_strerror(rc));
    }
    int fd = -1;
    for (struct addrinfo *a = res; a != NULL && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            rb_util_fail(err, errlen, "%s port %d: %s", host, port, strerror(errno));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(res);
    return fd;
}

static int say(lobby *l, const char *line)
{
    if (l->rq->verbose) {
        fprintf(stderr, "rollerball-netplay: lobby> %s\n",
                strncmp(line, "login", 5) == 0 || strncmp(line, "register", 8) == 0 ? "(login)" : line);
    }
    size_t n = strlen(line);
    char out[RB_NET_LINE_MAX + 2];
    snprintf(out, sizeof out, "%s\n", line);
    const rb_net_transport *t = l->rq->transport;
    size_t sent = 0;
    while (sent < n + 1) {
        ssize_t w =
            t != NULL ? t->send(t->ctx, out + sent, n + 1 - sent) : send(l->fd, out + sent, n + 1 - sent, MSG_NOSIGNAL);
        if (w < 0 && errno == EAGAIN) {
            struct pollfd p = {.fd = l->fd, .events = (short)(t != NULL && !t->wants_write(t->ctx) ? POLLIN : POLLOUT)};
            poll(&p, 1, 1000);
            continue;
        }
        if (w <= 0) {
            return -1;
        }
        sent += (size_t)w;
    }
    return 0;
}

/* The next line (without its newline), waiting until deadline; -1 on a
 * closed connection or the deadline. */
static int next_line(lobby *l, char *line, size_t size, int64_t deadline)
{
    for (;;) {
        char *nl = memchr(l->buf, '\n', l->len);
        if (nl != NULL) {
            size_t n = (size_t)(nl - l->buf);
            snprintf(line, size, "%.*s", (int)n, l->buf);
            memmove(l->buf, nl + 1, l->len - n - 1);
            l->len -= n + 1;
            if (l->rq->verbose) {
                fprintf(stderr, "rollerball-netplay: lobby< %s\n", line);
            }
            return 0;
        }
        int64_t left = deadline - rb_util_now_ms();
        if (left <= 0 || l->len == sizeof l->buf) {
            return -1;
        }
        const rb_net_transport *t = l->rq->transport;
        struct pollfd p = {.fd = l->fd, .events = POLLIN};
        if (!(t != NULL && t->pending(t->ctx)) && poll(&p, 1, (int)(left > 1000 ? 1000 : left)) <= 0) {
            continue;
        }
        ssize_t r = t != NULL ? t->recv(t->ctx, l->buf + l->len, sizeof l->buf - l->len)
                              : recv(l->fd, l->buf + l->len, sizeof l->buf - l->len, 0);
        if (r < 0 && errno == EAGAIN) {
            continue;
        }
        if (r <= 0) {
            return -1;
        }
        l->len += (size_t)r;
    }
}

/* Notes what came unasked: the game, a seek to take. */
static void note(lobby *l, const char *line)
{
    if (strncmp(line, "game ", 5) == 0) {
        snprintf(l->game, sizeof l->game, "%s", line);
    } else if (strncmp(line, "seek ", 5) == 0 && l->offered == 0) {
        char copy[RB_NET_LINE_MAX + 1], *w[6];
        snprintf(copy, sizeof copy, "%s", line);
        int64_t id;
        if (rb_net_split(copy, w, 6, false) == 5 && rb_net_parse_i64(w[1], 1, INT64_MAX, &id) &&
            (l->rq->name == NULL || strcmp(w[2], l->rq->name) != 0) &&
            strcmp(w[4], l->rq->rated ? "rated" : "casual") == 0) {
            l->offered = id;
        }
    }
}

/* Sends a request and waits for its answer: 0 for ok (answer holds the
 * line), -1 for no or a dead line (err says which). */
static int request(lobby *l, const char *line, const char *what, char *answer, size_t size, int64_t deadline, char *err,
                   size_t errlen)
{
    if (say(l, line) != 0) {
        return rb_util_fail(err, errlen, "the server closed the connection");
    }
    size_t wl = strlen(what);
    for (;;) {
        if (next_line(l, answer, size, deadline) != 0) {
            return rb_util_fail(err, errlen, "no answer from the server to '%s'", what);
        }
        if (strncmp(answer, "ok ", 3) == 0 && strncmp(answer + 3, what, wl) == 0) {
            return 0;
        }
        if (strncmp(answer, "no ", 3) == 0 && strncmp(answer + 3, what, wl) == 0) {
            return rb_util_fail(err, errlen, "the server says: %s", answer + 4 + wl);
        }
        if (strncmp(answer, "bye ", 4) == 0 || (strncmp(answer, "lobby ", 6) == 0 && strcmp(what, "lobby") == 0)) {
            if (strncmp(answer, "lobby ", 6) == 0) {
                return 0;
            }
            if (strncmp(answer, "bye busy ", 9) == 0) {
                return rb_util_fail(err, errlen, "the server is busy: %s", answer + 9);
            }
            return rb_util_fail(err, errlen, "the server refused: %s", answer + 4);
        }
        note(l, answer);
    }
}

static int converse(lobby *l, char *code, size_t codelen, char *err, size_t errlen)
{
    const rb_lobby_request *rq = l->rq;
    char line[RB_NET_LINE_MAX + 1], answer[RB_NET_LINE_MAX + 1], hex[17];
    int64_t soon = rb_util_now_ms() + 15000;
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    snprintf(line, sizeof line, "lobby proto=%d program=%s rules=%s", RB_NET_PROTO, rq->program, hex);
    if (request(l, line, "lobby", answer, sizeof answer, soon, err, errlen) != 0) {
        return -1;
    }
    if (rq->name != NULL && rq->name[0] != '\0') {
        char name[3 * RB_NET_NAME_MAX + 1], password[3 * 130 + 1];
        if (rb_net_encode(rq->name, strlen(rq->name), name, sizeof name) < 0 || rq->password == NULL ||
            rb_net_encode(rq->password, strlen(rq->password), password, sizeof password) < 0) {
            return rb_util_fail(err, errlen, "the name or the password is too long");
        }
        const char *what = rq->do_register ? "register" : "login";
        snprintf(line, sizeof line, "%s %s %s", what, name, password);
        if (request(l, line, what, answer, sizeof answer, soon, err, errlen) != 0) {
            return -1;
        }
    } else if (request(l, "guest", "guest", answer, sizeof answer, soon, err, errlen) != 0) {
        return -1;
    }
    int64_t deadline = rb_util_now_ms() + rq->wait_ms;
    if (rq->seek != NULL) {
        snprintf(line, sizeof line, "seek %s %s", rq->seek, rq->rated ? "rated" : "casual");
        if (request(l, line, "seek", answer, sizeof answer, soon, err, errlen) != 0) {
            return -1;
        }
    } else {
        if (request(l, "seeks", "seeks", answer, sizeof answer, soon, err, errlen) != 0) {
            return -1;
        }
        while (l->game[0] == '\0') {
            if (l->offered == 0) {
                if (next_line(l, answer, sizeof answer, deadline) != 0) {
                    return rb_util_fail(err, errlen, "no seek to accept came in time");
                }
                note(l, answer);
                continue;
            }
            snprintf(line, sizeof line, "accept %lld", (long long)l->offered);
            l->offered = 0;
            char why[300];
            if (request(l, line, "accept", answer, sizeof answer, soon, why, sizeof why) != 0 && rq->verbose) {
                fprintf(stderr, "rollerball-netplay: %s\n", why); /* taken by someone else: wait for another */
            }
        }
    }
    while (l->game[0] == '\0') {
        if (next_line(l, answer, sizeof answer, deadline) != 0) {
            return rb_util_fail(err, errlen, "no game was found in time");
        }
        note(l, answer);
    }
    /* game GAME TOKEN COLOR OPPONENT TC KIND */
    char *w[8];
    if (rb_net_split(l->game, w, 8, false) != 7 || strlen(w[2]) != RB_NET_TOKEN_LEN) {
        return rb_util_fail(err, errlen, "the server's game line is malformed");
    }
    rb_net_invite inv = {0};
    snprintf(inv.host, sizeof inv.host, "%s", rq->host);
    inv.port = rq->port;
    snprintf(inv.token, sizeof inv.token, "%s", w[2]);
    rb_net_invite_format(&inv, code, codelen);
    if (rq->verbose) {
        fprintf(stderr, "rollerball-netplay: game %s against %s, %s as %s\n", w[1], w[4], w[5], w[3]);
    }
    return 0;
}

int rb_lobby_find_game(const rb_lobby_request *rq, char *code, size_t codelen, char *err, size_t errlen)
{
    lobby l = {.fd = -1, .rq = rq};
    int64_t until = rb_util_now_ms() + CONNECT_TRIES_MS;
    while ((l.fd = dial(rq->host, rq->port, err, errlen)) < 0) {
        if (rb_util_now_ms() > until) {
            return -1;
        }
        rb_util_sleep_ms(500);
    }
    const rb_net_transport *t = rq->transport;
    if (t != NULL && t->open(t->ctx, l.fd) != 0) {
        close(l.fd);
        return rb_util_fail(err, errlen, "TLS could not start");
    }
    int rc = converse(&l, code, codelen, err, errlen);
    if (rc == 0) {
        say(&l, "quit");
    }
    if (t != NULL) {
        t->close(t->ctx);
    }
    close(l.fd);
    return rc;
}
