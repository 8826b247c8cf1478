/*
 * rb_net_sock.h - the sockets under a network game, kept thin.
 *
 * A session owns at most one connection and the peer's state machine
 * (rb_net_peer.h) and moves bytes between them in a poll loop: the host
 * listens on the port the person chose and takes one connection at a time
 * (another is told the game is busy and closed), the joiner connects and,
 * when the connection drops before the game is settled, connects again
 * every second with the game's token, without blocking (the address is
 * looked up once, then each attempt completes in later rounds). rb_net_session_poll does one round
 * and returns within its timeout, so a window can call it each frame with
 * 0 or a thread can loop on it. An optional fault layer (rb_net_fault.h)
 * sits on the way out, for the tests.
 */
#ifndef RB_NET_SOCK_H
#define RB_NET_SOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "rb_net_fault.h"
#include "rb_net_invite.h"
#include "rb_net_peer.h"

typedef struct rb_net_chunk {
    int64_t due;
    char *data;
    size_t len, off;
    bool close; /* instead of data: close the connection here */
} rb_net_chunk;

/* A layer between the socket and the bytes (TLS, for a server): the
 * session calls it instead of recv and send once a connection is made.
 * recv and send answer as the system's do: > 0 bytes, recv 0 when the far
 * side closed, -1 with errno EAGAIN when it must wait (wants_write then
 * says for what) and -1 with another errno when the connection failed;
 * pending says bytes wait inside the layer, which poll cannot see. The
 * session owns nothing of it but the calls. */
typedef struct rb_net_transport {
    void *ctx;
    int (*open)(void *ctx, int fd); /* 0, or -1: the connection is dropped */
    ssize_t (*recv)(void *ctx, void *buf, size_t n);
    ssize_t (*send)(void *ctx, const void *buf, size_t n);
    bool (*wants_write)(void *ctx);
    bool (*pending)(void *ctx);
    void (*close)(void *ctx);
} rb_net_transport;

typedef struct rb_net_session {
    rb_net_peer *peer;
    bool host;
    int listen_fd;
    int port; /* the port listened on (host) or connected to (joiner) */
    char address[RB_NET_HOST_MAX + 1];
    int fd; /* the connection, or -1 */
    rb_net_fault *fault;
    rb_net_chunk *queue;
    int nqueue, capqueue;
    int64_t next_connect;
    int64_t retry_ms;
    int pending_fd; /* a connection being made without blocking, or -1 */
    int64_t pending_since;
    unsigned addr_turn; /* which of the host's addresses the next attempt takes */
    bool reconnect;     /* joiner: connect (again) whenever no connection is up */
    int connections;    /* made so far */
    int64_t bytes_in, bytes_out;
    char error[400];                   /* the last socket error, for people */
    const rb_net_transport *transport; /* NULL: the socket's bytes as they are */
} rb_net_session;

/* Listens on port (0: any free one) on every address, or on bind_address
 * when given ("127.0.0.1"). Returns 0, or -1 with err saying why. */
int rb_net_session_host(rb_net_session *s, rb_net_peer *peer, const char *bind_address, int port, char *err,
                        size_t errlen);
/* Connects to host:port, waiting at most timeout_ms. 0, or -1 with err.
 * With timeout_ms 0 it only starts connecting and returns 0 at once (a
 * window must not wait): rb_net_session_poll goes on trying, and error
 * says why while it fails. */
int rb_net_session_join(rb_net_session *s, rb_net_peer *peer, const char *host, int port, int timeout_ms, char *err,
                        size_t errlen);
/* The same over a transport (each connection, reconnections too). */
int rb_net_session_join_over(rb_net_session *s, rb_net_peer *peer, const char *host, int port, int timeout_ms,
                             const rb_net_transport *transport, char *err, size_t errlen);
/* One round of the loop: timers, reading, writing, accepting, reconnecting.
 * Waits at most timeout_ms for something to happen. */
void rb_net_session_poll(rb_net_session *s, int timeout_ms);
/* Whether every byte of the peer's has left (or no connection is up). */
bool rb_net_session_flushed(const rb_net_session *s);
/* Closes everything; the peer stays the caller's. */
void rb_net_session_close(rb_net_session *s);
/* Drops the connection at once, as a cable pulled out (tests). */
void rb_net_session_cut(rb_net_session *s);

/* Fills bytes from the system's random source; false when it failed. */
bool rb_net_random_bytes(void *bytes, size_t n);
/* The machine's addresses a friend might reach (not loopback), one per
 * entry of out (at most max); returns how many. */
int rb_net_local_addresses(char out[][64], int max);

#endif
