/*
 * load_play.c - the load tool's players: guests who meet in the lobby, then
 * one connection a player, every one of them in one epoll loop, each
 * thinking for a random time before its move as a person would and
 * reconnecting by itself when the server goes away.
 *
 * A move's delay runs from the moment its bytes are handed to the socket
 * to the moment the kernel had the opponent's copy (its receive stamp,
 * SO_TIMESTAMPNS), so that the tool's own work on the other players, and
 * its waits for a processor, stay out of the figure.
 */
#define _GNU_SOURCE

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "load.h"
#include "rb_net_invite.h"
#include "rb_net_text.h"
#include "rb_util_clock.h"

static int dial_blocking(int port)
{
    for (int i = 0; i < 100; i++) {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
        if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
            struct timeval tv = {.tv_sec = 10};
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv); /* a lobby that does not answer fails */
            return fd;
        }
        if (fd >= 0) {
            close(fd);
        }
        rb_util_sleep_ms(100);
    }
    return -1;
}

static bool say(int fd, const char *line)
{
    char b[1100];
    int n = snprintf(b, sizeof b, "%s\n", line);
    return send(fd, b, (size_t)n, MSG_NOSIGNAL) == n;
}

/* The next line starting with prefix, blocking. */
static bool wait_line(int fd, char *buf, size_t *len, const char *prefix, char *out, size_t size)
{
    for (;;) {
        char *nl;
        while ((nl = memchr(buf, '\n', *len)) != NULL) {
            size_t n = (size_t)(nl - buf);
            bool hit = strncmp(buf, prefix, strlen(prefix)) == 0;
            if (hit) {
                snprintf(out, size, "%.*s", (int)n, buf);
            }
            memmove(buf, nl + 1, *len - n - 1);
            *len -= n + 1;
            if (hit) {
                return true;
            }
        }
        ssize_t r = recv(fd, buf + *len, 8192 - *len, 0);
        if (r <= 0) {
            return false;
        }
        *len += (size_t)r;
    }
}

/* Two guests meet: the game's id and the seats' tokens, White's first. */
static bool meet(int port, int64_t *id, char tokens[2][64])
{
    int fd[2] = {dial_blocking(port), dial_blocking(port)};
    char buf[2][8192], line[1100], hello[100], hex[17];
    size_t len[2] = {0, 0};
    bool ok = false;
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    snprintf(hello, sizeof hello, "lobby proto=1 program=load rules=%s", hex);
    for (int k = 0; k < 2; k++) {
        if (fd[k] < 0 || !say(fd[k], hello) || !say(fd[k], "guest") ||
            !wait_line(fd[k], buf[k], &len[k], "ok guest", line, sizeof line)) {
            goto out;
        }
    }
    /* an hour each: the clocks never decide, the players' moves do */
    say(fd[0], "seek 60+0 casual");
    if (!wait_line(fd[0], buf[0], &len[0], "ok seek ", line, sizeof line)) {
        goto out;
    }
    char accept[64];
    snprintf(accept, sizeof accept, "accept %.40s", line + 8);
    say(fd[1], accept);
    for (int k = 0; k < 2; k++) {
        char token[64], color[16];
        long long gid;
        if (!wait_line(fd[k], buf[k], &len[k], "game ", line, sizeof line) ||
            sscanf(line, "game %lld %63s %15s", &gid, token, color) != 3) {
            goto out;
        }
        *id = gid;
        snprintf(tokens[strcmp(color, "white") == 0 ? 0 : 1], 64, "%s", token);
    }
    ok = true;
out:
    for (int k = 0; k < 2; k++) {
        if (fd[k] >= 0) {
            close(fd[k]);
        }
    }
    return ok;
}

int load_lobby(const load_opts *o, load_game *games, char *err, size_t errlen)
{
    for (int g = 0; g < o->games; g++) {
        char tokens[2][64];
        if (!meet(o->port, &games[g].id, tokens)) {
            snprintf(err, errlen, "game %d could not be made in the lobby", g + 1);
            return -1;
        }
        for (int c = 0; c < 2; c++) {
            load_side *sd = &games[g].side[c];
            rb_net_config cfg;
            rb_net_config_defaults(&cfg, false);
            snprintf(cfg.token, sizeof cfg.token, "%.32s", tokens[c]);
            sd->peer = rb_net_peer_new(&cfg, err, errlen);
            sd->committed = calloc((size_t)o->plies + 8, sizeof *sd->committed);
            sd->fd = -1;
            if (sd->peer == NULL || sd->committed == NULL) {
                return -1;
            }
        }
    }
    return 0;
}

void load_games_free(load_game *games, int n)
{
    for (int g = 0; games != NULL && g < n; g++) {
        for (int c = 0; c < 2; c++) {
            if (games[g].side[c].fd >= 0) {
                close(games[g].side[c].fd);
            }
            rb_net_peer_free(games[g].side[c].peer);
            free(games[g].side[c].committed);
        }
    }
    free(games);
}

typedef struct play {
    const load_opts *o;
    load_server *sv;
    load_game *games;
    load_result *r;
    int n, ep;
    uint64_t rng;
    int64_t now_us, now_ms;
} play;

static uint64_t rnd(play *p)
{
    p->rng ^= p->rng << 13;
    p->rng ^= p->rng >> 7;
    p->rng ^= p->rng << 17;
    return p->rng;
}

static int64_t between(play *p, int lo, int hi)
{
    return lo + (int64_t)(rnd(p) % (uint64_t)(hi - lo + 1));
}

static load_side *side_at(play *p, int i)
{
    return &p->games[i / 2].side[i % 2];
}

static void drop(play *p, int i, bool was_up)
{
    load_side *sd = side_at(p, i);
    if (sd->fd >= 0) {
        close(sd->fd); /* (which takes it out of the epoll set) */
    }
    sd->fd = -1;
    sd->connecting = false;
    if (rb_net_peer_settled(sd->peer)) {
        sd->redial_ms = 0; /* the game is over and stored: the server lets it go */
        return;
    }
    if (was_up) {
        rb_net_peer_disconnected(sd->peer, p->now_ms);
        p->r->drops++;
    }
    /* a delay across a reconnection is the outage's, not a move's */
    p->games[i / 2].side[0].sent_us = p->games[i / 2].side[1].sent_us = 0;
    sd->redial_ms = p->now_ms + between(p, 50, 250);
}

static void flush(play *p, int i)
{
    load_side *sd = side_at(p, i);
    if (sd->fd < 0 || sd->connecting) {
        return;
    }
    const char *out;
    size_t len = rb_net_peer_output(sd->peer, &out);
    if (len == 0) {
        return;
    }
    ssize_t w = send(sd->fd, out, len, MSG_NOSIGNAL);
    if (w > 0) {
        rb_net_peer_sent(sd->peer, (size_t)w);
    } else if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        drop(p, i, true);
    }
}

static void up(play *p, int i)
{
    load_side *sd = side_at(p, i);
    sd->connecting = false;
    sd->redial_ms = 0;
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
    epoll_ctl(p->ep, EPOLL_CTL_MOD, sd->fd, &ev);
    rb_net_peer_connected(sd->peer, p->now_ms);
    flush(p, i);
}

static void dial(play *p, int i)
{
    load_side *sd = side_at(p, i);
    sd->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (sd->fd < 0) {
        drop(p, i, false);
        return;
    }
    int one = 1;
    setsockopt(sd->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(sd->fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)p->o->port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.u32 = (uint32_t)i};
    epoll_ctl(p->ep, EPOLL_CTL_ADD, sd->fd, &ev);
    sd->connecting = true;
    if (connect(sd->fd, (struct sockaddr *)&a, sizeof a) == 0) {
        up(p, i);
    } else if (errno != EINPROGRESS) {
        drop(p, i, false);
    }
}

/* What the server has on disk of this side's game: when nothing of ours
 * waits for its acknowledgement, every move of the record is there (ours
 * acknowledged, the opponent's passed on only after their commit). */
static void note_committed(play *p, load_side *sd)
{
    const rb_game *g = rb_net_peer_game(sd->peer);
    if (g == NULL || !rb_net_peer_connected_now(sd->peer) || rb_net_peer_unacked(sd->peer) != 0 ||
        g->length <= sd->ncommitted || g->length > (size_t)p->o->plies + 8) {
        return;
    }
    memcpy(sd->committed, g->moves, g->length * sizeof *g->moves);
    sd->ncommitted = g->length;
}

/* rx_us: when the kernel had the bytes just fed, 0 for none. */
static void pump(play *p, int i, int64_t rx_us)
{
    load_side *sd = side_at(p, i);
    load_side *other = &p->games[i / 2].side[(i % 2) ^ 1];
    rb_net_event ev;
    while (rb_net_peer_poll(sd->peer, &ev)) {
        if (ev.type == RB_NET_EV_MOVE && other->sent_us != 0 && rx_us != 0) {
            p->r->delays_us[p->r->ndelays++] = rx_us - other->sent_us;
            other->sent_us = 0;
        } else if (ev.type == RB_NET_EV_RESYNCED) {
            sd->resyncs++;
        }
    }
    note_committed(p, sd);
    const rb_game *g = rb_net_peer_game(sd->peer);
    if (g != NULL && rb_net_peer_started(sd->peer) && !rb_net_peer_over(sd->peer) &&
        rb_game_pos(g)->side == rb_net_peer_color(sd->peer) && sd->move_at_us == 0) {
        int64_t think = p->o->think_max_ms > 0 ? between(p, p->o->think_min_ms, p->o->think_max_ms) : 0;
        sd->move_at_us = p->now_us + think * 1000 + 1;
    }
    flush(p, i);
}

/* Its think time is over: the side plays (a legal move picked at random),
 * or resigns once the game has its plies and the kills asked for are done. */
static void play_move(play *p, int i)
{
    load_side *sd = side_at(p, i);
    sd->move_at_us = 0;
    const rb_game *g = rb_net_peer_game(sd->peer);
    if (g == NULL || rb_net_peer_over(sd->peer) || rb_game_pos(g)->side != rb_net_peer_color(sd->peer)) {
        return;
    }
    if (!rb_net_peer_connected_now(sd->peer)) {
        sd->move_at_us = p->now_us + 50000; /* a person waits for the line to come back */
        return;
    }
    char err[200];
    if (g->length >= (size_t)p->o->plies && p->r->kills < p->o->kills) {
        sd->move_at_us = p->now_us + 50000; /* every kill asked for falls while the games are on */
        return;
    }
    if (g->length >= (size_t)p->o->plies) {
        rb_net_peer_resign(sd->peer, p->now_ms, err, sizeof err);
    } else {
        rb_movelist list;
        rb_gen_legal(rb_game_pos(g), &list);
        if (list.count == 0 ||
            rb_net_peer_move(sd->peer, list.moves[rnd(p) % (uint64_t)list.count], p->now_ms, err, sizeof err) != 0) {
            return;
        }
        p->r->moves++;
        sd->sent_us = load_wall_us();
    }
    flush(p, i);
}

static void handle(play *p, int i, uint32_t events)
{
    load_side *sd = side_at(p, i);
    if (sd->fd < 0) {
        return;
    }
    if (sd->connecting) {
        int e = 0;
        socklen_t el = sizeof e;
        getsockopt(sd->fd, SOL_SOCKET, SO_ERROR, &e, &el);
        if (e != 0 || (events & (EPOLLERR | EPOLLHUP))) {
            drop(p, i, false);
        } else if (events & EPOLLOUT) {
            up(p, i);
        }
        return;
    }
    for (;;) {
        char b[16384];
        int64_t rx_us = 0;
        ssize_t r = load_recv_stamped(sd->fd, b, sizeof b, &rx_us);
        if (r > 0) {
            rb_net_peer_feed(sd->peer, b, (size_t)r, p->now_ms);
            pump(p, i, rx_us);
            if (sd->fd < 0) {
                return;
            }
            continue;
        }
        if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
            drop(p, i, true);
        }
        break;
    }
}

static bool all_settled(play *p)
{
    int over = 0;
    bool settled = true;
    for (int i = 0; i < p->n; i++) {
        rb_net_peer *peer = side_at(p, i)->peer;
        over += i % 2 == 0 && rb_net_peer_over(peer);
        settled = settled && rb_net_peer_settled(peer);
    }
    p->r->games_over = over;
    return settled;
}

int load_play(const load_opts *o, load_server *sv, load_game *games, load_result *r, char *err, size_t errlen)
{
    play p = {.o = o, .sv = sv, .games = games, .r = r, .n = 2 * o->games, .rng = o->seed * 2654435761u + 1};
    p.ep = epoll_create1(EPOLL_CLOEXEC);
    r->delays_us = calloc((size_t)o->games * ((size_t)o->plies + 8), sizeof *r->delays_us);
    if (p.ep < 0 || r->delays_us == NULL) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    p.now_us = load_now_us();
    p.now_ms = p.now_us / 1000;
    int64_t start = p.now_ms, deadline = start + (int64_t)o->limit_s * 1000, next_tick = 0, next_rss = 0;
    int64_t kill_at = o->kills > 0 ? start + between(&p, o->kill_min_ms, o->kill_max_ms) : 0;
    for (int i = 0; i < p.n; i++) {
        dial(&p, i);
    }
    struct epoll_event evs[512];
    bool done = false;
    while (!done && p.now_ms < deadline) {
        int64_t wake = p.now_us + 10000;
        for (int i = 0; i < p.n; i++) {
            int64_t at = side_at(&p, i)->move_at_us;
            if (at != 0 && at < wake) {
                wake = at;
            }
        }
        int timeout = wake > p.now_us ? (int)((wake - p.now_us + 999) / 1000) : 0;
        int k = epoll_wait(p.ep, evs, 512, timeout);
        p.now_us = load_now_us();
        p.now_ms = p.now_us / 1000;
        for (int e = 0; e < k; e++) {
            handle(&p, (int)evs[e].data.u32, evs[e].events);
        }
        for (int i = 0; i < p.n; i++) {
            load_side *sd = side_at(&p, i);
            if (sd->move_at_us != 0 && sd->move_at_us <= p.now_us) {
                play_move(&p, i);
            }
            if (sd->fd < 0 && sd->redial_ms != 0 && p.now_ms >= sd->redial_ms) {
                r->reconnects++;
                dial(&p, i);
            }
        }
        if (p.now_ms >= next_tick) {
            for (int i = 0; i < p.n; i++) {
                rb_net_peer_tick(side_at(&p, i)->peer, p.now_ms);
                pump(&p, i, 0);
            }
            next_tick = p.now_ms + 20;
            done = all_settled(&p);
        }
        if (p.now_ms >= next_rss) {
            long kib = load_server_rss_kib(sv);
            r->rss_peak_kib = kib > r->rss_peak_kib ? kib : r->rss_peak_kib;
            next_rss = p.now_ms + 250;
        }
        if (kill_at != 0 && p.now_ms >= kill_at && r->kills < o->kills) {
            load_server_kill(sv, SIGKILL);
            r->kills++;
            if (load_server_start(sv) != 0) {
                snprintf(err, errlen, "the server could not be started again");
                return -1;
            }
            kill_at = p.now_ms + between(&p, o->kill_min_ms, o->kill_max_ms);
        }
    }
    r->play_ms = p.now_ms - start;
    close(p.ep);
    if (!done) {
        snprintf(err, errlen, "%d of %d games ended on both sides within %d s", r->games_over, o->games, o->limit_s);
        return -1;
    }
    if (r->kills < o->kills) {
        snprintf(err, errlen, "the games ended after %d of the %d kills: more plies, or kills closer together",
                 r->kills, o->kills);
        return -1;
    }
    return 0;
}
