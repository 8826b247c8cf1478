/*
 * net_state.h - what the window shows of a network game, as plain data.
 *
 * The connection itself (the peer's state machine and its socket) is not
 * state: it lives in the app (net/link.h) and app/net_play.c copies what a
 * person sees of it here after every event, so the panel draws a network
 * game from const state like any other. Offers are the protocol's kinds
 * (rb_net_offer: draw, take back one or two plies, rematch), -1 for none.
 */
#ifndef RB_UI_NET_STATE_H
#define RB_UI_NET_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "rb_net_lan.h"

#define RB_UI_NET_NAME_MAX 40
#define RB_UI_NET_CODE_MAX 320
#define RB_UI_NET_CHAT_LINES 4
#define RB_UI_NET_CHAT_MAX 560
#define RB_UI_NET_DRAFT_MAX 201 /* a chat line as typed: the protocol's limit (RB_NET_TEXT_MAX) and its NUL */
#define RB_UI_LAN_ROWS 6        /* games of the local network the Join view keeps */

/* The Join view's connection, made before the dialog closes. */
enum { RB_UI_JOIN_NONE = 0, RB_UI_JOIN_CONNECTING, RB_UI_JOIN_WAITING };

/* The protocol's numbers (rb_net_wire.h), for the views that cannot see it;
 * net_play.c checks they agree. */
enum { RB_UI_NET_OFFER_DRAW = 0, RB_UI_NET_OFFER_TAKEBACK = 1, RB_UI_NET_OFFER_REMATCH = 3 };
enum { RB_UI_NET_CLAIM_WIN = 0, RB_UI_NET_CLAIM_DRAW = 1 };

/* What an address of the host's is, for the waiting view to name it. */
typedef enum {
    RB_UI_NET_ADDR_LAN = 0,    /* a private network's (192.168.x, 10.x, 172.16-31.x): a friend at home or work */
    RB_UI_NET_ADDR_PUBLIC,     /* reachable from the Internet, as far as the address says */
    RB_UI_NET_ADDR_SHARED,     /* a carrier's or a VPN's shared range (100.64.0.0/10) */
    RB_UI_NET_ADDR_LINK_LOCAL, /* 169.254.x: a cable between two computers, no router */
    RB_UI_NET_ADDR_LOOPBACK    /* this computer only */
} rb_ui_net_addr_kind;

#define RB_UI_NET_ADDRS_MAX 4
#define RB_UI_NET_ADDR_TEXT 64

/* The host's waiting view (app/net_host.c fills it, dialogs/dlg_host.c
 * draws it): where the host listens, whether the game is announced on
 * the local network, the question of a knock, and the friend who joined. */
typedef struct rb_ui_net_hosting {
    char addrs[RB_UI_NET_ADDRS_MAX][RB_UI_NET_ADDR_TEXT]; /* the invite's address first */
    int addr_kinds[RB_UI_NET_ADDRS_MAX];                  /* rb_ui_net_addr_kind */
    int naddrs;
    int lan;        /* rb_net_lan_state; -1: not announced, listening on one address */
    bool announced; /* the daemon has the announcement */
    bool knocking;  /* someone without the code asks to join: */
    char knock_name[RB_UI_NET_NAME_MAX + 1];
    char knock_addr[RB_UI_NET_ADDR_TEXT];
    char note[400];                      /* what happened last (copied, turned away, gone), "" none */
    char joined[RB_UI_NET_NAME_MAX + 1]; /* the friend who joined: the view says so, then closes */
    uint32_t joined_at;                  /* the app's clock then */
} rb_ui_net_hosting;

typedef struct rb_ui_net_state {
    bool active;                           /* a network game is on: the link is open */
    bool host;                             /* this window hosts it */
    bool started;                          /* both sides are in: names and colours known */
    bool connected;                        /* the link is through the handshake now */
    bool lost;                             /* the connection dropped after the start: reconnecting */
    bool grace_over;                       /* ...and the other side stayed away past the grace: a claim may be made */
    bool over;                             /* the game ended (by the rules, an offer, the clock, an abort) */
    bool finished;                         /* the link ended for good (refused, sent away, goodbyes said) */
    int color;                             /* the person's colour here */
    char names[2][RB_UI_NET_NAME_MAX + 1]; /* per colour */
    char code[RB_UI_NET_CODE_MAX];         /* the invite code (the host's to give) */
    int port;
    int64_t lag_ms;                                      /* the last round trip, -1 before the first */
    int their_offer;                                     /* the other side's standing offer, -1 none */
    int my_offer;                                        /* mine, -1 none */
    bool chat_in;                                        /* the other side's chat is shown */
    int chat_hidden;                                     /* lines that came while it was off */
    char chat[RB_UI_NET_CHAT_LINES][RB_UI_NET_CHAT_MAX]; /* the last lines, oldest first */
    int nchat;
    char link_error[400]; /* why the joiner cannot reach the host yet (it keeps trying), "" none */
    bool server;          /* a game through a server: its lobby found it */
    bool rated;           /* ...a rated one: the ratings below are the server's */
    int elo[2];           /* per colour, before the game */
    int diff[2];          /* how they moved at its end */
    bool has_diff;
    bool waiting;       /* joiner: knocked, the host's person is asked */
    char bye_code[16];  /* the goodbye's code ("token", "refused"...), "" before one */
    char bye_text[204]; /* ...and its reason, in English (RB_NET_TEXT_MAX) */
    /* the chat line being typed (panel), kept across events */
    char draft[RB_UI_NET_DRAFT_MAX];
    int draft_caret, draft_anchor;
    bool typing;               /* the keys go to the chat field (Enter on the board, or a click on it; Escape leaves) */
    rb_ui_net_hosting hosting; /* the host's waiting view */
} rb_ui_net_state;

#endif
