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
    bool waiting;         /* joiner: knocked, the host's person is asked */
    char bye_code[16];    /* the goodbye's code ("token", "refused"...), "" before one */
    char bye_text[204];   /* ...and its reason, in English (RB_NET_TEXT_MAX) */
    /* the chat line being typed (panel), kept across events */
    char draft[RB_UI_NET_DRAFT_MAX];
    int draft_caret, draft_anchor;
    bool typing; /* the keys go to the chat field (Enter on the board, or a click on it; Escape leaves) */
} rb_ui_net_state;

#endif
