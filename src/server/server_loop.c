/*
 * server_loop.c - the one event loop: every connection in one process,
 * non-blocking sockets under epoll.
 *
 * A round reads what arrived, lets the lobby or the referee handle it,
 * commits everything the round changed in one transaction, and only then
 * writes the answers, so nothing is acknowledged before it is on disk and
 * a busy round costs one fsync, not one a move. Every connection has
 * bounded buffers: a line longer than the limit is refused, output that a
 * client does not read beyond out_max drops that client, and a client that
 * sends too fast is sent away, so one slow or hostile client costs the rest
 * nothing but its own bytes.
 */
#define _GNU_SOURCE

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rb_net_invite.h"
#include "rb_util_clock.h"
#include "rb_util_error.h"
#include "server_account.h"
#include "server_checkpoint.h"
#include "server_internal.h"
#include "server_log.h"

#define READ_CHUNK 16384
#define FIRST_LINE_MS 10000 /* a new connection says what it is within this */
/* Every game's timers (pings, resends, flags, the grace) are looked at this
 * often, not every round: a busy server has a round for each few lines that
 * arrive, and walking a thousand games each time was a good share of its
 * work. A game whose player sent something is served in that round all the
 * same. */
#define TICK_MS 10
#define CHECKPOINT_MS 200 /* between checkpoints of the database's log */
#define REFUSALS_MAX 16   /* TLS connections being told "bye busy" at once */

static void watch(rb_server *sv, conn *c, bool out)
{
    struct epoll_event ev = {.events = EPOLLIN | (out ? EPOLLOUT : 0), .data.ptr = c};
    epoll_ctl(sv->epfd, EPOLL_CTL_MOD, c->fd, &ev);
    c->epoll_out = out;
}

void rb_srv_send(conn *c, const char *fmt, ...)
{
    if (c->dead) {
        return;
    }
    char line[RB_NET_LINE_MAX + 2];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0) {
        return;
    }
    size_t len = (size_t)n < sizeof line - 2 ? (size_t)n : sizeof line - 2;
    line[len++] = '\n';
    if (c->out_len + len > c->out_cap) {
        size_t cap = c->out_cap ? c->out_cap * 2 : 4096;
        while (cap < c->out_len + len) {
            cap *= 2;
        }
        char *o = realloc(c->out, cap);
        if (o == NULL) {
            c->dead = true;
            return;
        }
        c->out = o;
        c->out_cap = cap;
    }
    memcpy(c->out + c->out_len, line, len);
    c->out_len += len;
}

void rb_srv_close(rb_server *sv, conn *c, const char *why)
{
    (void)sv;
    if (!c->dead) {
        rb_server_log(RB_LOG_DEBUG, "connection %llu from %s closed: %s", (unsigned long long)c->id, c->addr, why);
    }
    c->dead = true;
}

conn *rb_srv_conn_by_id(rb_server *sv, uint64_t id)
{
    for (int i = 0; i < sv->nconns; i++) {
        if (sv->conns[i]->id == id && !sv->conns[i]->dead) {
            return sv->conns[i];
        }
    }
    return NULL;
}

/* What goes with a connection (its seeks, its seat) is let go while every
 * other connection is still there to be told of it. */
static void conn_leave(rb_server *sv, conn *c)
{
    if (c->kind == CONN_LOBBY) {
        rb_srv_lobby_closed(sv, c);
    } else if (c->kind == CONN_GAME) {
        rb_srv_game_detach(sv, c);
    }
    c->kind = CONN_NEW;
}

static void conn_free(rb_server *sv, conn *c)
{
    if (c->refused) {
        sv->refusing--;
    }
    conn_leave(sv, c);
    epoll_ctl(sv->epfd, EPOLL_CTL_DEL, c->fd, NULL);
    rb_tls_free(c->tls);
    close(c->fd);
    if (c->reader_on) {
        rb_linereader_free(&c->reader);
    }
    free(c->first);
    free(c->held);
    free(c->out);
    free(c);
}

/* A token bucket: lines_per_second a second, twice as many at once. */
static bool rate_ok(rb_server *sv, conn *c, int lines)
{
    double rate = sv->set.lines_per_second;
    c->bucket += (double)(sv->now - c->bucket_at) * rate / 1000.0;
    if (c->bucket > 2 * rate) {
        c->bucket = 2 * rate;
    }
    c->bucket_at = sv->now;
    c->bucket -= lines;
    return c->bucket >= 0;
}

static void lobby_line(const char *text, size_t len, bool overlong, void *user)
{
    void **ctx = user;
    rb_server *sv = ctx[0];
    conn *c = ctx[1];
    if (c->dead || c->kind != CONN_LOBBY) {
        return;
    }
    if (!rate_ok(sv, c, 1)) {
        rb_srv_send(c, "bye flood more than %d lines a second", sv->set.lines_per_second);
        c->closing = true;
        c->kind = CONN_LOBBY;
        return;
    }
    if (c->closing) {
        return;
    }
    if (c->hashing) {
        /* held, as the client sent it, until its password's answer is out */
        size_t cap = 4 * ((size_t)sv->set.line_max + 2);
        char *h = c->held_len + len + 2 <= cap ? realloc(c->held, c->held_len + len + 2) : NULL;
        if (h == NULL) {
            rb_srv_send(c, "bye flood more lines than the server holds while it checks a password");
            c->closing = true;
            return;
        }
        c->held = h;
        h[c->held_len++] = overlong ? 'L' : '.'; /* whether the line was cut */
        memcpy(h + c->held_len, text, len);
        c->held_len += len;
        h[c->held_len++] = '\n';
        return;
    }
    rb_srv_lobby_line(sv, c, text, len, overlong);
}

void rb_srv_lobby_resume(rb_server *sv, conn *c)
{
    size_t at = 0;
    while (at < c->held_len && !c->hashing && !c->dead && !c->closing) {
        const char *line = c->held + at + 1;
        const char *nl = memchr(line, '\n', c->held_len - at - 1);
        size_t len = (size_t)(nl - line);
        bool overlong = c->held[at] == 'L';
        at += len + 2;
        rb_srv_lobby_line(sv, c, line, len, overlong);
    }
    if (at > 0) {
        memmove(c->held, c->held + at, c->held_len - at);
        c->held_len -= at;
    }
}

static void lobby_feed(rb_server *sv, conn *c, const char *data, size_t n)
{
    void *ctx[2] = {sv, c};
    rb_linereader_feed(&c->reader, data, n, lobby_line, ctx);
}

/* The first line of a connection decides: a hello is a seat's, anything
 * else the lobby's. */
static void first_bytes(rb_server *sv, conn *c, const char *data, size_t n)
{
    size_t cap = (size_t)sv->set.line_max + 2;
    size_t take = n < cap - c->first_len ? n : cap - c->first_len;
    memcpy(c->first + c->first_len, data, take);
    c->first_len += take;
    char *nl = memchr(c->first, '\n', c->first_len);
    if (nl == NULL) {
        if (c->first_len >= cap) {
            rb_srv_send(c, "bye line the first line is longer than %d bytes", sv->set.line_max);
            c->closing = true;
        }
        return;
    }
    if (c->first_len >= 6 && strncmp(c->first, "hello ", 6) == 0) {
        size_t line_len = (size_t)(nl - c->first);
        char hello[RB_NET_LINE_MAX + 2];
        snprintf(hello, sizeof hello, "%.*s", (int)(line_len > RB_NET_LINE_MAX ? RB_NET_LINE_MAX : line_len), c->first);
        if (line_len > 0 && hello[strlen(hello) - 1] == '\r') {
            hello[strlen(hello) - 1] = '\0';
        }
        char why[200], again[RB_NET_LINE_MAX + 2];
        if (!rb_srv_game_attach(sv, c, hello, again, sizeof again, why, sizeof why)) {
            rb_srv_send(c, "bye game %s", why);
            c->closing = true;
            return;
        }
        rb_srv_game_feed(sv, c, again, strlen(again));
        if (c->game != NULL && c->first_len > line_len + 1) {
            rb_srv_game_feed(sv, c, c->first + line_len + 1, c->first_len - line_len - 1);
        }
        if (c->game != NULL && take < n) {
            rb_srv_game_feed(sv, c, data + take, n - take);
        }
    } else {
        c->kind = CONN_LOBBY;
        if (rb_linereader_init(&c->reader, (size_t)sv->set.line_max) != 0) {
            c->dead = true;
            return;
        }
        c->reader_on = true;
        lobby_feed(sv, c, c->first, c->first_len);
        if (take < n) {
            lobby_feed(sv, c, data + take, n - take);
        }
    }
    free(c->first);
    c->first = NULL;
}

static int count_lines(const char *data, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        k += data[i] == '\n';
    }
    return k;
}

/* Bytes from the client, through TLS when it is on: > 0, 0 when it closed,
 * RB_TLS_AGAIN when nothing more is there now, -1 on an error (closed). */
static ssize_t conn_recv(rb_server *sv, conn *c, char *buf, size_t size)
{
    char err[300];
    if (c->tls == NULL) {
        ssize_t r = recv(c->fd, buf, size, 0);
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            return RB_TLS_AGAIN;
        }
        if (r < 0) {
            rb_srv_close(sv, c, strerror(errno));
        }
        return r;
    }
    if (!c->secured) {
        int h = rb_tls_handshake(c->tls, err, sizeof err);
        if (h == RB_TLS_AGAIN) {
            watch(sv, c, rb_tls_wants_write(c->tls));
            return RB_TLS_AGAIN;
        }
        if (h < 0) {
            rb_srv_close(sv, c, err);
            return -1;
        }
        c->secured = true;
        watch(sv, c, false);
    }
    ssize_t r = rb_tls_read(c->tls, buf, size, err, sizeof err);
    if (r == -1) {
        rb_srv_close(sv, c, err);
    }
    return r;
}

static void conn_read(rb_server *sv, conn *c)
{
    char buf[READ_CHUNK];
    /* at most a few chunks a round, so one fast sender cannot starve the rest */
    for (int round = 0; round < 4 && !c->dead; round++) {
        ssize_t r = conn_recv(sv, c, buf, sizeof buf);
        if (r == 0) {
            rb_srv_close(sv, c, "closed by the client");
            return;
        }
        if (r < 0) {
            return;
        }
        c->last_heard = sv->now;
        if (c->closing) {
            continue; /* what a client sends after its goodbye is not read */
        }
        switch (c->kind) {
        case CONN_NEW: first_bytes(sv, c, buf, (size_t)r); break;
        case CONN_LOBBY: lobby_feed(sv, c, buf, (size_t)r); break;
        case CONN_GAME:
            if (!rate_ok(sv, c, count_lines(buf, (size_t)r))) {
                rb_srv_close(sv, c, "more lines a second than allowed");
                return;
            }
            rb_srv_game_feed(sv, c, buf, (size_t)r);
            break;
        }
    }
}

/* Writes what is waiting; drops a client that lets too much pile up. */
static void conn_flush(rb_server *sv, conn *c)
{
    if (c->dead) {
        return;
    }
    const char *data = c->out;
    size_t len = c->out_len;
    rb_net_peer *peer = NULL;
    if (c->kind == CONN_GAME && c->game != NULL) {
        peer = c->game->seat[c->color].peer;
        len = rb_net_peer_output(peer, &data);
    }
    if (len > (size_t)sv->set.out_max_kib * 1024) {
        rb_srv_close(sv, c, "it does not read what it is sent");
        return;
    }
    if (c->tls != NULL && !c->secured) {
        return; /* nothing is written before the handshake is through */
    }
    size_t sent = 0;
    while (sent < len) {
        ssize_t w;
        if (c->tls != NULL) {
            /* after a write had to wait, the same bytes are offered again */
            size_t offer = c->tls_try != 0 && c->tls_try <= len - sent ? c->tls_try : len - sent;
            char err[300];
            w = rb_tls_write(c->tls, data + sent, offer, err, sizeof err);
            if (w == RB_TLS_AGAIN) {
                c->tls_try = offer;
                break;
            }
            c->tls_try = 0;
            if (w < 0) {
                rb_srv_close(sv, c, err);
                return;
            }
        } else {
            w = send(c->fd, data + sent, len - sent, MSG_NOSIGNAL);
            if (w < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                    break;
                }
                rb_srv_close(sv, c, strerror(errno));
                return;
            }
        }
        sent += (size_t)w;
    }
    if (peer != NULL) {
        rb_net_peer_sent(peer, sent);
        if (rb_net_peer_wants_close(peer) && sent == len) {
            rb_srv_close(sv, c, "the game side asked to close");
        }
    } else {
        if (sent > 0) { /* nothing sent may mean nothing there yet (out NULL) */
            memmove(c->out, c->out + sent, len - sent);
            c->out_len -= sent;
        }
        if (c->closing && c->out_len == 0) {
            rb_srv_close(sv, c, "said goodbye");
        }
    }
    if ((sent < len) != c->epoll_out) {
        watch(sv, c, sent < len);
    }
}

static int address_count(rb_server *sv, const char *addr)
{
    int k = 0;
    for (int i = 0; i < sv->nconns; i++) {
        k += !sv->conns[i]->dead && !sv->conns[i]->refused && strcmp(sv->conns[i]->addr, addr) == 0;
    }
    return k;
}

static void accept_all(rb_server *sv)
{
    for (;;) {
        struct sockaddr_storage ss;
        socklen_t sl = sizeof ss;
        int fd = accept4(sv->listen_fd, (struct sockaddr *)&ss, &sl, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            return;
        }
        char addr[64] = "?";
        if (ss.ss_family == AF_INET) {
            inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, addr, sizeof addr);
        } else if (ss.ss_family == AF_INET6) {
            inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, addr, sizeof addr);
        }
        const char *refuse = NULL;
        if (sv->nconns - sv->refusing >= sv->set.max_connections) {
            refuse = "bye busy the server is full\n";
        } else if (address_count(sv, addr) >= sv->set.conn_per_address) {
            refuse = "bye busy too many connections from your address\n";
        }
        if (refuse != NULL) {
            rb_server_log(RB_LOG_WARNING, "connection from %s refused: %.*s", addr, (int)strlen(refuse) - 1, refuse);
            /* Over TLS the refusal must come through TLS too, or the client
             * hears a broken handshake instead of "busy": the connection
             * is taken in for its handshake and that one line. A few such
             * at once; past them it is closed bare, so refusing stays cheap. */
            if (sv->creds == NULL || sv->refusing >= REFUSALS_MAX) {
                if (sv->creds == NULL) {
                    ssize_t ignored = send(fd, refuse, strlen(refuse), MSG_NOSIGNAL);
                    (void)ignored;
                }
                close(fd);
                continue;
            }
        }
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        conn *c = calloc(1, sizeof *c);
        char *first = malloc((size_t)sv->set.line_max + 2);
        if (c == NULL || first == NULL || (sv->nconns == sv->capconns && sv->capconns > 1 << 20)) {
            free(c);
            free(first);
            close(fd);
            continue;
        }
        if (sv->nconns == sv->capconns) {
            int cap = sv->capconns ? sv->capconns * 2 : 64;
            conn **n = realloc(sv->conns, (size_t)cap * sizeof *n);
            if (n == NULL) {
                free(c);
                free(first);
                close(fd);
                continue;
            }
            sv->conns = n;
            sv->capconns = cap;
        }
        c->fd = fd;
        c->id = ++sv->next_conn;
        c->first = first;
        snprintf(c->addr, sizeof c->addr, "%s", addr);
        c->opened = c->last_heard = c->bucket_at = sv->now;
        c->bucket = 2.0 * sv->set.lines_per_second;
        if (sv->creds != NULL) {
            char err[300];
            c->tls = rb_tls_server_new(sv->creds, fd, err, sizeof err);
            if (c->tls == NULL) {
                rb_server_log(RB_LOG_ERR, "TLS for a connection from %s: %s", addr, err);
                free(c);
                free(first);
                close(fd);
                continue;
            }
        }
        if (refuse != NULL) {
            c->refused = true;
            sv->refusing++;
            rb_srv_send(c, "%.*s", (int)strlen(refuse) - 1, refuse); /* written once the handshake is through */
            c->closing = true;
        }
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
        epoll_ctl(sv->epfd, EPOLL_CTL_ADD, fd, &ev);
        sv->conns[sv->nconns++] = c;
    }
}

static int listen_on(const char *bind_addr, int port, int *bound, char *err, size_t errlen)
{
    bool v6 = strchr(bind_addr, ':') != NULL;
    int fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return rb_util_fail(err, errlen, "socket: %s", strerror(errno));
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    socklen_t sl;
    const char *a = strcmp(bind_addr, "localhost") == 0 ? "127.0.0.1" : bind_addr;
    if (v6) {
        struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
        s6->sin6_family = AF_INET6;
        s6->sin6_port = htons((uint16_t)port);
        sl = sizeof *s6;
        if (inet_pton(AF_INET6, a, &s6->sin6_addr) != 1) {
            close(fd);
            return rb_util_fail(err, errlen, "'%s' is not an IPv6 address", bind_addr);
        }
    } else {
        struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
        s4->sin_family = AF_INET;
        s4->sin_port = htons((uint16_t)port);
        sl = sizeof *s4;
        if (inet_pton(AF_INET, a, &s4->sin_addr) != 1) {
            close(fd);
            return rb_util_fail(err, errlen, "'%s' is not an IPv4 address", bind_addr);
        }
    }
    if (bind(fd, (struct sockaddr *)&ss, sl) != 0 || listen(fd, 128) != 0) {
        int e = errno;
        close(fd);
        return rb_util_fail(err, errlen, "listening on %s port %d: %s", bind_addr, port, strerror(e));
    }
    sl = sizeof ss;
    getsockname(fd, (struct sockaddr *)&ss, &sl);
    *bound = ntohs(v6 ? ((struct sockaddr_in6 *)&ss)->sin6_port : ((struct sockaddr_in *)&ss)->sin_port);
    return fd;
}

rb_server *rb_server_open(const char *dir, const rb_server_settings *s, char *err, size_t errlen)
{
    if (!rb_account_init()) {
        rb_util_fail(err, errlen, "libsodium cannot start");
        return NULL;
    }
    rb_server *sv = calloc(1, sizeof *sv);
    if (sv == NULL) {
        rb_util_fail(err, errlen, "out of memory");
        return NULL;
    }
    sv->set = *s;
    sv->epfd = sv->listen_fd = -1;
    sv->now = rb_util_now_ms();
    sv->rules = rb_net_rules_fingerprint();
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, RB_SERVER_DB);
    sv->store = rb_store_open(path, false, err, errlen);
    if (sv->store == NULL) {
        free(sv);
        return NULL;
    }
    /* the log goes back into the database on a thread, not in a round */
    sv->checkpointer = rb_checkpointer_new(path, CHECKPOINT_MS, err, errlen);
    if (sv->checkpointer == NULL || rb_store_autocheckpoint(sv->store, 0) != 0) {
        if (sv->checkpointer != NULL) {
            rb_util_fail(err, errlen, "%s: its own checkpoints could not be turned off", path);
        }
        rb_server_close(sv);
        return NULL;
    }
    sv->hasher = rb_hasher_new((unsigned long)s->pwhash_ops, (unsigned long)s->pwhash_mem_kib * 1024, err, errlen);
    if (sv->hasher == NULL) {
        rb_server_close(sv);
        return NULL;
    }
    if (!s->plain) {
        char cert[4200], key[4200];
        snprintf(cert, sizeof cert, "%s/%s", dir, RB_TLS_CERT_FILE);
        snprintf(key, sizeof key, "%s/%s", dir, RB_TLS_KEY_FILE);
        sv->creds = rb_tls_server_creds_load(cert, key, err, errlen);
        if (sv->creds == NULL) {
            rb_server_close(sv);
            return NULL;
        }
    }
    sv->listen_fd = listen_on(s->bind, s->port, &sv->port, err, errlen);
    sv->epfd = epoll_create1(EPOLL_CLOEXEC);
    if (sv->listen_fd < 0 || sv->epfd < 0) {
        if (sv->epfd < 0) {
            rb_util_fail(err, errlen, "epoll: %s", strerror(errno));
        }
        rb_server_close(sv);
        return NULL;
    }
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(sv->epfd, EPOLL_CTL_ADD, sv->listen_fd, &ev);
    struct epoll_event hev = {.events = EPOLLIN, .data.ptr = sv->hasher};
    epoll_ctl(sv->epfd, EPOLL_CTL_ADD, rb_hasher_fd(sv->hasher), &hev);
    int restored = rb_srv_games_restore(sv);
    rb_server_log(RB_LOG_INFO, "listening on %s port %d %s; %d game(s) resumed", s->bind, sv->port,
                  s->plain ? "without TLS" : "with TLS", restored);
    return sv;
}

int rb_server_port(const rb_server *sv)
{
    return sv->port;
}

unsigned long rb_server_passwords_hashed(const rb_server *sv)
{
    return sv->hashed;
}

/* The round's commit failed: nothing it answered may go out, as none of it
 * is on disk. A lobby connection that was answered is told so instead and
 * closed (what it did is in memory only: a login, a seek); the games the
 * round wrote go back to the database's state (rb_srv_games_committed). */
static void round_failed(rb_server *sv)
{
    for (int i = 0; i < sv->nconns; i++) {
        conn *c = sv->conns[i];
        if (c->kind == CONN_LOBBY && !c->dead && c->out_len > c->out_mark) {
            c->out_len = c->out_mark;
            rb_srv_send(c, "error the server could not save what this asked (%s): nothing of it was done",
                        rb_store_error(sv->store));
            c->closing = true;
        }
    }
    rb_srv_games_committed(sv, false);
}

void rb_server_fail_commits(rb_server *sv, int n)
{
    rb_store_fail_commits(sv->store, n);
}

void rb_server_step(rb_server *sv, int timeout_ms)
{
    struct epoll_event evs[256];
    int n = epoll_wait(sv->epfd, evs, 256, timeout_ms);
    sv->now = rb_util_now_ms();
    /* One transaction for the whole round: what every connection's lines
     * changed is committed together, once, before any answer is written
     * (the group commit), so the disk's pace is paid once a round rather
     * than once a move. Nothing waits on epoll with it open. */
    rb_store_begin(sv->store);
    for (int i = 0; i < sv->nconns; i++) {
        sv->conns[i]->out_mark = sv->conns[i]->out_len;
    }
    for (int i = 0; i < n; i++) {
        if (evs[i].data.ptr == sv->hasher) {
            rb_hash_job *job;
            while ((job = rb_hasher_take(sv->hasher)) != NULL) {
                rb_srv_lobby_hashed(sv, job);
            }
            continue;
        }
        conn *c = evs[i].data.ptr;
        if (c == NULL) {
            accept_all(sv);
            continue;
        }
        if ((evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) ||
            ((evs[i].events & EPOLLOUT) && c->tls != NULL && !c->secured)) {
            conn_read(sv, c); /* (a handshake waiting to write goes on from here too) */
        }
    }
    /* bytes TLS has decrypted already are not seen by epoll */
    for (int i = 0; i < sv->nconns; i++) {
        if (sv->conns[i]->tls != NULL && !sv->conns[i]->dead && rb_tls_pending(sv->conns[i]->tls)) {
            conn_read(sv, sv->conns[i]);
        }
    }
    if (sv->now - sv->ticked_at >= TICK_MS || sv->now < sv->ticked_at) {
        rb_srv_games_tick(sv);
        sv->ticked_at = sv->now;
    }
    if (rb_store_commit(sv->store) != 0) {
        rb_server_log(RB_LOG_ERR, "a round's changes were not committed: %s", rb_store_error(sv->store));
        round_failed(sv);
    } else {
        rb_srv_games_committed(sv, true);
    }
    for (int i = 0; i < sv->nconns; i++) {
        conn *c = sv->conns[i];
        if (c->kind == CONN_NEW && sv->now - c->opened > FIRST_LINE_MS) {
            rb_srv_close(sv, c, "said nothing");
        } else if (c->kind == CONN_LOBBY && sv->now - c->last_heard > (int64_t)sv->set.idle_seconds * 1000) {
            rb_srv_send(c, "bye idle silent for %d s", sv->set.idle_seconds);
            c->closing = true;
        }
        conn_flush(sv, c);
    }
    /* the dead go last, so nobody holds a pointer to one during the round;
     * all of them leave before any is freed, as leaving tells the others */
    for (int i = 0; i < sv->nconns; i++) {
        if (sv->conns[i]->dead) {
            conn_leave(sv, sv->conns[i]);
        }
    }
    int k = 0;
    for (int i = 0; i < sv->nconns; i++) {
        conn *c = sv->conns[i];
        if (c->dead) {
            conn_free(sv, c);
        } else {
            sv->conns[k++] = c;
        }
    }
    sv->nconns = k;
}

void rb_server_run(rb_server *sv, volatile int *stop)
{
    while (!*stop) {
        rb_server_step(sv, 50);
    }
}

static void server_free(rb_server *sv, bool orderly)
{
    if (sv == NULL) {
        return;
    }
    if (sv->store != NULL && orderly) {
        rb_srv_games_save_all(sv);
    }
    for (int i = 0; i < sv->nconns; i++) {
        conn *c = sv->conns[i];
        if (c->kind == CONN_LOBBY && orderly) {
            rb_srv_send(c, "bye quit the server is stopping");
            conn_flush(sv, c);
        }
        /* the seeks go with the server: nobody is told of each one */
        c->kind = c->kind == CONN_GAME ? CONN_GAME : CONN_NEW;
        conn_free(sv, c);
    }
    free(sv->conns);
    rb_hasher_free(sv->hasher);
    rb_checkpointer_free(sv->checkpointer);
    rb_srv_games_free(sv);
    free(sv->seeks);
    free(sv->bans);
    if (sv->listen_fd >= 0) {
        close(sv->listen_fd);
    }
    if (sv->epfd >= 0) {
        close(sv->epfd);
    }
    rb_store_close(sv->store);
    rb_tls_server_creds_free(sv->creds);
    rb_server_log(RB_LOG_INFO, orderly ? "stopped" : "dropped without saving");
    free(sv);
}

void rb_server_close(rb_server *sv)
{
    server_free(sv, true);
}

void rb_server_crash(rb_server *sv)
{
    server_free(sv, false);
}
