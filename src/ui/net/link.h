/*
 * link.h - the connection of a network game in the window: one peer (the
 * protocol's state machine, rb_net_peer.h) and its socket (rb_net_sock.h),
 * owned together.
 *
 * The window calls rb_ui_net_link_poll() every round of its loop; it never
 * waits (the socket is polled with timeout 0, the joiner connects without
 * blocking), so the board stays live whatever the network does. What the
 * peer reports comes out one event at a time for app/ to carry into the
 * game. No SDL here and no state of the window: it can be driven by a test
 * as it is by the window.
 */
#ifndef RB_UI_NET_LINK_H
#define RB_UI_NET_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_net_sock.h"

typedef struct rb_ui_net_link rb_ui_net_link;

/* What a host sets up: the port (0: any free one), the address to listen
 * on (NULL: every address), the name and the game's settings. */
typedef struct rb_ui_net_host_opts {
    int port;
    const char *bind;      /* NULL: every address */
    const char *advertise; /* the address put in the invite (NULL: the first found) */
    const char *name;
    const char *program;
    int color; /* the host's colour */
    int64_t base_ms, inc_ms;
    int64_t grace_ms; /* 0: the library's default */
} rb_ui_net_host_opts;

/* A link that hosts: listening, the invite code made. NULL with err. */
rb_ui_net_link *rb_ui_net_link_host(const rb_ui_net_host_opts *o, char *err, size_t errlen);
/* A link that joins the game of code ("rb1:HOST:PORT:TOKEN"), or knocks
 * at a bare address ("HOST[:PORT]", as a game of the local network's list
 * gives it): the connection is started and goes on in the polls. NULL
 * with err naming what is wrong with the code. */
rb_ui_net_link *rb_ui_net_link_join(const char *code, const char *name, const char *program, int64_t grace_ms,
                                    char *err, size_t errlen);
/* The same for a server's game: its seat's code from the lobby, over TLS
 * (the server's key pinned) unless the server is in its development mode. */
rb_ui_net_link *rb_ui_net_link_join_server(const char *code, const char *name, const char *program, int64_t grace_ms,
                                           bool tls, char *err, size_t errlen);
/* A saved link (rb_ui_net_link_save) taken up again: the host listens on
 * its port again, the joiner reconnects with the game's token. */
rb_ui_net_link *rb_ui_net_link_restore(const char *saved, int64_t now, char *err, size_t errlen);
/* Closes the socket and frees the link. With bye, the other side is told
 * the game is left for good; without, the connection only drops, as a
 * cable pulled out, so that a window started again can take the game up
 * (the other side waits the grace). */
void rb_ui_net_link_free(rb_ui_net_link *l, bool bye);

/* One round: sockets and timers, never waiting. Then the events. */
void rb_ui_net_link_poll(rb_ui_net_link *l, int64_t now);
bool rb_ui_net_link_next(rb_ui_net_link *l, rb_net_event *ev);

rb_net_peer *rb_ui_net_link_peer(rb_ui_net_link *l);
const rb_net_peer *rb_ui_net_link_cpeer(const rb_ui_net_link *l);
bool rb_ui_net_link_hosting(const rb_ui_net_link *l);
/* The invite code (the host's to give; the joiner's as given). */
const char *rb_ui_net_link_code(const rb_ui_net_link *l);
/* The port listened on or connected to. */
int rb_ui_net_link_port(const rb_ui_net_link *l);
/* The last socket error, for people ("" when none). */
const char *rb_ui_net_link_error(const rb_ui_net_link *l);
/* The state to take the game up again after a restart: the invite code
 * on the first line, then the peer's saved state. NULL when memory runs
 * out; the caller frees it. */
char *rb_ui_net_link_save(const rb_ui_net_link *l);

#endif
