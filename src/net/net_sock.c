/*
 * net_sock.c - the socket layer under a network game (see rb_net_sock.h).
 *
 * Everything is non-blocking but the joiner's connect, which waits with a
 * deadline. Nothing from the network reaches this layer's decisions: it
 * moves bytes, and the peer decides what they mean.
 */
#define _GNU_SOURCE

#include "rb_net_sock.h"

#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <unistd.h>

#include "rb_util_clock.h"
#include "rb_util_error.h"

static void set_nonblocking(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); /* moves are small and late is bad */
}

static void init(rb_net_session *s, rb_net_peer *peer, bool host)
{
    memset(s, 0, sizeof *s);
    s->peer = peer;
    s->host = host;
    s->listen_fd = -1;
    s->fd = -1;
    s->retry_ms = 1000;
    s->pending_fd = -1;
}

int rb_net_session_host(rb_net_session *s, rb_net_peer *peer, const char *bind_address, int port, char *err,
                        size_t errlen)
{
    init(s, peer, true);
    if (port < 0 || port > 65535) {
        return rb_util_fail(err, errlen, "the port %d is not from 0 to 65535", port);
    }
    int fd = -1;
    bool v6 = bind_address == NULL;
    if (v6) {
        fd = socket(AF_INET6, SOCK_STREAM, 0);
        if (fd >= 0) {
            int zero = 0, one = 1;
            setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero); /* IPv4 too */
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
            struct sockaddr_in6 a = {
                .sin6_family = AF_INET6, .sin6_port = htons((uint16_t)port), .sin6_addr = in6addr_any};
            if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0) {
                close(fd);
                fd = -1;
                if (errno == EADDRINUSE) {
                    return rb_util_fail(err, errlen, "the port %d is in use (choose another)", port);
                }
            }
        }
    }
    if (fd < 0) {
        fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0) {
            return rb_util_fail(err, errlen, "cannot make a socket: %s", strerror(errno));
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
        a.sin_addr.s_addr = htonl(INADDR_ANY);
        if (bind_address != NULL && inet_pton(AF_INET, bind_address, &a.sin_addr) != 1) {
            close(fd);
            return rb_util_fail(err, errlen, "'%s' is not an IPv4 address to listen on", bind_address);
        }
        if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0) {
            int e = errno;
            close(fd);
            return rb_util_fail(err, errlen, "cannot listen on port %d: %s", port, strerror(e));
        }
    }
    if (listen(fd, 4) != 0) {
        int e = errno;
        close(fd);
        return rb_util_fail(err, errlen, "cannot listen on port %d: %s", port, strerror(e));
    }
    set_nonblocking(fd);
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    getsockname(fd, (struct sockaddr *)&ss, &len);
    s->port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                             : ((struct sockaddr_in *)&ss)->sin_port);
    s->listen_fd = fd;
    return 0;
}

/* The host's addresses (for freeaddrinfo), both connect paths' first step;
 * NULL with s->error set when the name is not found. */
static struct addrinfo *host_addresses(rb_net_session *s)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res = NULL;
    char port[16];
    snprintf(port, sizeof port, "%d", s->port);
    int rc = getaddrinfo(s->address, port, &hints, &res);
    if (rc != 0) {
        snprintf(s->error, sizeof s->error, "cannot find the host '%s': %s", s->address, gai_strerror(rc));
        return NULL;
    }
    return res;
}

/* One connect attempt; the fd, or -1 with s->error set. */
static int connect_once(rb_net_session *s, int timeout_ms)
{
    struct addrinfo *res = host_addresses(s);
    if (res == NULL) {
        return -1;
    }
    int fd = -1;
    snprintf(s->error, sizeof s->error, "cannot connect to %s port %d", s->address, s->port);
    for (struct addrinfo *ai = res; ai != NULL && fd < 0; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0) {
            continue;
        }
        set_nonblocking(fd);
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
            int e = errno;
            if (e == EINPROGRESS) {
                struct pollfd pfd = {.fd = fd, .events = POLLOUT};
                int ready = poll(&pfd, 1, timeout_ms);
                socklen_t elen = sizeof e;
                e = ETIMEDOUT;
                if (ready > 0) {
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &elen);
                }
            }
            if (e != 0) {
                snprintf(s->error, sizeof s->error, "cannot connect to %s port %d: %s", s->address, s->port,
                         strerror(e));
                close(fd);
                fd = -1;
            }
        }
    }
    freeaddrinfo(res);
    return fd;
}

/* Starts a connection to one of the host's addresses (in turn, attempt by
 * attempt) without waiting: it completes in a later round of the poll. */
static void connect_begin(rb_net_session *s, int64_t now)
{
    struct addrinfo *res = host_addresses(s);
    if (res == NULL) {
        return;
    }
    unsigned count = 0;
    for (struct addrinfo *ai = res; ai != NULL; ai = ai->ai_next) {
        count++;
    }
    struct addrinfo *ai = res;
    for (unsigned k = s->addr_turn++ % count; k > 0; k--) {
        ai = ai->ai_next;
    }
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd >= 0) {
        set_nonblocking(fd);
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 || errno == EINPROGRESS) {
            s->pending_fd = fd;
            s->pending_since = now;
        } else {
            snprintf(s->error, sizeof s->error, "cannot connect to %s port %d: %s", s->address, s->port,
                     strerror(errno));
            close(fd);
        }
    }
    freeaddrinfo(res);
}

static void take_connection(rb_net_session *s, int fd);

/* The connection being made: done, failed, or still on its way. */
static void connect_check(rb_net_session *s, bool writable, int64_t now)
{
    if (s->pending_fd < 0) {
        return;
    }
    int e = 0;
    if (writable) {
        socklen_t elen = sizeof e;
        getsockopt(s->pending_fd, SOL_SOCKET, SO_ERROR, &e, &elen);
    } else if (now - s->pending_since > 3000) {
        e = ETIMEDOUT;
    } else {
        return;
    }
    int fd = s->pending_fd;
    s->pending_fd = -1;
    if (e == 0) {
        s->error[0] = '\0';
        take_connection(s, fd);
        return;
    }
    snprintf(s->error, sizeof s->error, "cannot connect to %s port %d: %s", s->address, s->port, strerror(e));
    close(fd);
    s->next_connect = now + s->retry_ms;
}

static void take_connection(rb_net_session *s, int fd)
{
    if (s->transport != NULL && s->transport->open(s->transport->ctx, fd) != 0) {
        close(fd);
        s->next_connect = rb_util_now_ms() + s->retry_ms;
        return;
    }
    s->fd = fd;
    s->connections++;
    s->reconnect = !s->host;
    rb_net_peer_connected(s->peer, rb_util_now_ms());
}

int rb_net_session_join(rb_net_session *s, rb_net_peer *peer, const char *host, int port, int timeout_ms, char *err,
                        size_t errlen)
{
    return rb_net_session_join_over(s, peer, host, port, timeout_ms, NULL, err, errlen);
}

int rb_net_session_join_over(rb_net_session *s, rb_net_peer *peer, const char *host, int port, int timeout_ms,
                             const rb_net_transport *transport, char *err, size_t errlen)
{
    init(s, peer, false);
    s->transport = transport;
    snprintf(s->address, sizeof s->address, "%s", host);
    s->port = port;
    if (timeout_ms == 0) {
        s->error[0] = '\0';
        s->reconnect = true; /* the poll keeps trying until the first connection and after */
        connect_begin(s, rb_util_now_ms());
        s->next_connect = rb_util_now_ms() + s->retry_ms;
        return 0;
    }
    int fd = connect_once(s, timeout_ms);
    if (fd < 0) {
        return rb_util_fail(err, errlen, "%s", s->error);
    }
    take_connection(s, fd);
    if (s->fd < 0) {
        s->reconnect = true; /* the transport refused this one; the poll tries again */
    }
    return 0;
}

static void clear_queue(rb_net_session *s)
{
    for (int i = 0; i < s->nqueue; i++) {
        free(s->queue[i].data);
    }
    s->nqueue = 0;
}

static void drop_connection(rb_net_session *s)
{
    if (s->fd >= 0) {
        if (s->transport != NULL) {
            s->transport->close(s->transport->ctx);
        }
        close(s->fd);
        s->fd = -1;
    }
    clear_queue(s);
    rb_net_peer_disconnected(s->peer, rb_util_now_ms());
    s->next_connect = rb_util_now_ms() + (s->peer != NULL ? 200 : 0);
}

static bool enqueue(rb_net_session *s, const char *data, size_t len, int64_t due, bool close_here)
{
    if (s->nqueue == s->capqueue) {
        int cap = s->capqueue ? s->capqueue * 2 : 64;
        rb_net_chunk *grown = realloc(s->queue, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            return false;
        }
        s->queue = grown;
        s->capqueue = cap;
    }
    rb_net_chunk *c = &s->queue[s->nqueue];
    memset(c, 0, sizeof *c);
    c->due = due;
    c->close = close_here;
    if (!close_here) {
        c->data = malloc(len);
        if (c->data == NULL) {
            return false;
        }
        memcpy(c->data, data, len);
        c->len = len;
    }
    s->nqueue++;
    return true;
}

/* Takes the peer's output into the queue, line by line through the faults. */
static void take_output(rb_net_session *s, int64_t now)
{
    const char *data;
    size_t n = rb_net_peer_output(s->peer, &data);
    if (n == 0 || s->fd < 0) {
        return;
    }
    if (s->fault == NULL) {
        if (enqueue(s, data, n, now, false)) {
            rb_net_peer_sent(s->peer, n);
        }
        return;
    }
    size_t used = 0;
    int64_t after = s->nqueue > 0 ? s->queue[s->nqueue - 1].due : now;
    after = after > now ? after : now;
    while (used < n) {
        const char *nl = memchr(data + used, '\n', n - used);
        if (nl == NULL) {
            break;
        }
        size_t len = (size_t)(nl - (data + used)) + 1;
        const char *line = data + used;
        int arg;
        switch (rb_net_fault_next(s->fault, &arg)) {
        case RB_FAULT_DROP: break;
        case RB_FAULT_DELAY:
            after += arg;
            enqueue(s, line, len, after, false);
            break;
        case RB_FAULT_DUP:
            enqueue(s, line, len, after, false);
            enqueue(s, line, len, after, false);
            break;
        case RB_FAULT_SPLIT:
            enqueue(s, line, len / 2, after, false);
            after += arg;
            enqueue(s, line + len / 2, len - len / 2, after, false);
            break;
        case RB_FAULT_CLOSE: enqueue(s, NULL, 0, after, true); break;
        default: enqueue(s, line, len, after, false); break;
        }
        used += len;
    }
    rb_net_peer_sent(s->peer, used);
}

/* Writes what is due; false when the connection went. */
static bool write_due(rb_net_session *s, int64_t now)
{
    while (s->nqueue > 0 && s->fd >= 0) {
        rb_net_chunk *c = &s->queue[0];
        if (c->due > now) {
            return true;
        }
        if (c->close) {
            drop_connection(s);
            return false;
        }
        ssize_t w = s->transport != NULL ? s->transport->send(s->transport->ctx, c->data + c->off, c->len - c->off)
                                         : send(s->fd, c->data + c->off, c->len - c->off, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                return true;
            }
            drop_connection(s);
            return false;
        }
        s->bytes_out += w;
        c->off += (size_t)w;
        if (c->off < c->len) {
            return true;
        }
        free(c->data);
        memmove(s->queue, s->queue + 1, (size_t)(s->nqueue - 1) * sizeof *s->queue);
        s->nqueue--;
    }
    return true;
}

/* A connection past the one there is: told why, closed. While the one
 * there knocks, the host's person is being asked about them, and the
 * newcomer is told to come back once that is answered. */
static void turn_away(int fd, bool knocking)
{
    static const char game[] = "bye busy a game is already being played here\n";
    static const char asked[] = "bye busy the host is answering someone else who asked to join: try again in a "
                                "minute\n";
    const char *busy = knocking ? asked : game;
    if (send(fd, busy, strlen(busy), MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
        /* nothing to do: it is being closed anyway */
    }
    close(fd);
}

void rb_net_session_poll(rb_net_session *s, int timeout_ms)
{
    int64_t now = rb_util_now_ms();
    rb_net_peer_tick(s->peer, now);
    connect_check(s, false, now);
    if (!s->host && s->fd < 0 && s->pending_fd < 0 && !rb_net_peer_finished(s->peer) && s->reconnect &&
        now >= s->next_connect) {
        connect_begin(s, now);
        s->next_connect = now + s->retry_ms;
    }
    take_output(s, now);
    write_due(s, now);
    if (s->fd >= 0 && rb_net_peer_wants_close(s->peer) && s->nqueue == 0) {
        shutdown(s->fd, SHUT_WR);
        drop_connection(s);
    }
    struct pollfd pfd[2];
    int n = 0, conn = -1, lst = -1;
    if (s->fd >= 0) {
        conn = n;
        bool out = (s->nqueue > 0 && s->queue[0].due <= now) ||
                   (s->transport != NULL && s->transport->wants_write(s->transport->ctx));
        pfd[n++] = (struct pollfd){.fd = s->fd, .events = (short)(POLLIN | (out ? POLLOUT : 0))};
    }
    if (s->listen_fd >= 0) {
        lst = n;
        pfd[n++] = (struct pollfd){.fd = s->listen_fd, .events = POLLIN};
    }
    int pend = -1;
    if (s->pending_fd >= 0) {
        pend = n;
        pfd[n++] = (struct pollfd){.fd = s->pending_fd, .events = POLLOUT};
    }
    int wait = timeout_ms;
    if (s->nqueue > 0 && s->queue[0].due > now) {
        int64_t d = s->queue[0].due - now;
        wait = d < wait ? (int)d : wait;
    }
    if (rb_net_peer_wants_close(s->peer) && wait > 10) {
        wait = 10;
    }
    if (n == 0) {
        if (wait > 0) {
            rb_util_sleep_ms(wait);
        }
        return;
    }
    bool inside = s->fd >= 0 && s->transport != NULL && s->transport->pending(s->transport->ctx);
    int ready = poll(pfd, (nfds_t)n, inside ? 0 : wait);
    if (inside && conn >= 0) {
        pfd[conn].revents |= POLLIN; /* bytes the transport holds already */
        ready++;
    }
    if (ready <= 0) {
        return;
    }
    now = rb_util_now_ms();
    if (pend >= 0 && (pfd[pend].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
        connect_check(s, true, now);
    }
    if (conn >= 0 && (pfd[conn].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        char buf[65536];
        ssize_t r = s->transport != NULL ? s->transport->recv(s->transport->ctx, buf, sizeof buf)
                                         : recv(s->fd, buf, sizeof buf, 0);
        if (r > 0) {
            s->bytes_in += r;
            rb_net_peer_feed(s->peer, buf, (size_t)r, now);
        } else if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
            drop_connection(s);
        }
    }
    if (s->fd >= 0 && conn >= 0 && (pfd[conn].revents & POLLOUT) != 0) {
        if (s->transport != NULL && s->nqueue == 0) {
            char none;
            s->transport->recv(s->transport->ctx, &none, 0); /* a handshake waiting to write goes on */
        }
        write_due(s, now);
    }
    if (lst >= 0 && (pfd[lst].revents & POLLIN) != 0) {
        struct sockaddr_storage from;
        socklen_t fromlen = sizeof from;
        int fd = accept(s->listen_fd, (struct sockaddr *)&from, &fromlen);
        if (fd >= 0) {
            if (s->fd >= 0 || rb_net_peer_finished(s->peer)) {
                turn_away(fd, rb_net_peer_knocking(s->peer, NULL, 0, NULL, 0)); /* at most one peer */
            } else {
                /* where it comes from, for the host's person to see a knock */
                char addr[NI_MAXHOST] = "";
                if (getnameinfo((struct sockaddr *)&from, fromlen, addr, sizeof addr, NULL, 0, NI_NUMERICHOST) != 0) {
                    addr[0] = '\0';
                } else if (strncmp(addr, "::ffff:", 7) == 0 && strchr(addr + 7, ':') == NULL) {
                    memmove(addr, addr + 7, strlen(addr + 7) + 1); /* IPv4 as a person knows it */
                }
                set_nonblocking(fd);
                rb_net_peer_set_remote(s->peer, addr);
                take_connection(s, fd);
            }
        }
    }
    take_output(s, now);
    write_due(s, now);
}

bool rb_net_session_flushed(const rb_net_session *s)
{
    const char *data;
    return s->fd < 0 || (s->nqueue == 0 && rb_net_peer_output(s->peer, &data) == 0);
}

void rb_net_session_cut(rb_net_session *s)
{
    if (s->fd >= 0) {
        drop_connection(s);
    }
}

void rb_net_session_close(rb_net_session *s)
{
    if (s->pending_fd >= 0) {
        close(s->pending_fd);
        s->pending_fd = -1;
    }
    if (s->fd >= 0) {
        if (s->transport != NULL) {
            s->transport->close(s->transport->ctx);
        }
        close(s->fd);
        s->fd = -1;
    }
    if (s->listen_fd >= 0) {
        close(s->listen_fd);
        s->listen_fd = -1;
    }
    clear_queue(s);
    free(s->queue);
    s->queue = NULL;
    s->capqueue = 0;
}

bool rb_net_random_bytes(void *bytes, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom((char *)bytes + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        got += (size_t)r;
    }
    return true;
}

int rb_net_local_addresses(char out[][64], int max)
{
    struct ifaddrs *list = NULL;
    int n = 0;
    if (getifaddrs(&list) != 0) {
        return 0;
    }
    for (struct ifaddrs *i = list; i != NULL && n < max; i = i->ifa_next) {
        if (i->ifa_addr == NULL || i->ifa_addr->sa_family != AF_INET) {
            continue; /* IPv4 first: what home networks hand out */
        }
        struct sockaddr_in *a = (struct sockaddr_in *)i->ifa_addr;
        if ((ntohl(a->sin_addr.s_addr) >> 24) == 127) {
            continue;
        }
        inet_ntop(AF_INET, &a->sin_addr, out[n], 64);
        n++;
    }
    freeifaddrs(list);
    return n;
}
