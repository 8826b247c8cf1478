/*
 * netplay_tls.h - rollerball-netplay's TLS to a server: a transport for
 * the socket layer (rb_net_transport) on the TLS library (src/tls), used
 * by the lobby's connection and the game's alike, each connection its own
 * session and every reconnection a new handshake.
 *
 * The server's certificate is checked as a browser checks a site, or, with
 * trust_first, its key is pinned in the known-servers file on first
 * contact and refused if it ever changes. What went wrong is kept for the
 * program to say (error), since the socket layer only sees a failed read.
 */
#ifndef RB_NETPLAY_TLS_H
#define RB_NETPLAY_TLS_H

#include <stdbool.h>

#include "rb_net_sock.h"
#include "rb_tls.h"

typedef struct rb_netplay_tls {
    rb_tls_client_opts opts;
    char host[256];
    rb_tls *tls;
    bool secured;
    char error[6000];
    bool pin_changed;           /* the last handshake was refused: the server's key is not the pinned one */
    rb_net_transport transport; /* ctx points back here */
} rb_netplay_tls;

void rb_netplay_tls_init(rb_netplay_tls *t, const char *host, int port, bool trust_first);

#endif
