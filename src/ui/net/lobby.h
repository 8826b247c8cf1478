/*
 * lobby.h - the window's side of a server's lobby (docs/network.md,
 * "Playing through a server"): connecting (TLS with the server's key
 * pinned on first contact, or plain text to a server in its development
 * mode), signing in, the live list of seeks, seeking, accepting,
 * challenging and answering a challenge, and the ratings the server tells.
 *
 * Shaped like link.h: the window calls rb_ui_lobby_poll() every round and
 * it never waits (the connection is made without blocking, the socket read
 * and written as far as it goes), then takes what happened one event at a
 * time. When the server names a game, the event carries the invite code of
 * the seat ("rb1:HOST:PORT:TOKEN"): the game itself is then played by the
 * link of direct play, as a joiner's (net_play.c), clocks, offers, chat and
 * reconnection included. No SDL and nothing of the window: a test drives it
 * against a real server as the window does.
 */
#ifndef RB_UI_NET_LOBBY_H
#define RB_UI_NET_LOBBY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RB_UI_LOBBY_NAME_MAX 40
#define RB_UI_LOBBY_TEXT_MAX 600
#define RB_UI_LOBBY_SEEKS_MAX 64
#define RB_UI_LOBBY_CODE_MAX 320

typedef struct rb_ui_lobby rb_ui_lobby;

/* Where the connection stands. */
typedef enum {
    RB_UI_LOBBY_CONNECTING, /* the connection and, with TLS, its handshake */
    RB_UI_LOBBY_GREETING,   /* connected: the versions are being compared */
    RB_UI_LOBBY_SIGNED_OUT, /* greeted: a login, a registration or a guest may be asked */
    RB_UI_LOBBY_SIGNING_IN, /* one is on its way */
    RB_UI_LOBBY_IN,         /* signed in: the seeks and the rest */
    RB_UI_LOBBY_CLOSED      /* for good: see the error */
} rb_ui_lobby_stage;

/* What went wrong, for the view to name it under the right field. */
typedef enum {
    RB_UI_LOBBY_OK = 0,
    RB_UI_LOBBY_ERR_ADDRESS,        /* the address is not HOST:PORT, or the host is unknown */
    RB_UI_LOBBY_ERR_UNREACHABLE,    /* nobody answers there */
    RB_UI_LOBBY_ERR_CERT_CHANGED,   /* the server's key is not the one pinned: refused */
    RB_UI_LOBBY_ERR_TLS,            /* TLS failed otherwise (a plain server, a bad certificate) */
    RB_UI_LOBBY_ERR_WRONG_PASSWORD, /* a wrong name or password */
    RB_UI_LOBBY_ERR_NAME_TAKEN,     /* registering a name somebody has */
    RB_UI_LOBBY_ERR_NAME,           /* the name is not one the server takes (its words say why) */
    RB_UI_LOBBY_ERR_PASSWORD,       /* the password is not one the server takes */
    RB_UI_LOBBY_ERR_SESSION,        /* a remembered session the server no longer knows */
    RB_UI_LOBBY_ERR_REFUSED,        /* any other refusal: the server's words */
    RB_UI_LOBBY_ERR_CLOSED          /* the server closed the connection */
} rb_ui_lobby_error;

typedef enum {
    RB_UI_LOBBY_EV_NONE = 0,
    RB_UI_LOBBY_EV_READY,          /* greeted: signing in may begin */
    RB_UI_LOBBY_EV_SIGNED_IN,      /* name (and session, "" for a guest) */
    RB_UI_LOBBY_EV_REFUSED,        /* a request refused: what, error, text (the server's words) */
    RB_UI_LOBBY_EV_SEEKS,          /* the list of seeks changed */
    RB_UI_LOBBY_EV_SEEKING,        /* my seek stands (id) */
    RB_UI_LOBBY_EV_UNSEEKED,       /* my seek or challenge is gone (id) */
    RB_UI_LOBBY_EV_CHALLENGE,      /* a challenge to me: id, name, tc, rated, color (theirs) */
    RB_UI_LOBBY_EV_CHALLENGE_GONE, /* that challenge was taken back (id) */
    RB_UI_LOBBY_EV_GAME,           /* a game: game, code, color (mine), name (theirs), tc, rated */
    RB_UI_LOBBY_EV_RATINGS,        /* a rated game's ratings: game, elo[2]; with diff at its end */
    RB_UI_LOBBY_EV_CLOSED          /* the connection is gone for good: error, text */
} rb_ui_lobby_event_type;

typedef struct rb_ui_lobby_event {
    rb_ui_lobby_event_type type;
    rb_ui_lobby_error error;
    char what[16]; /* the request refused ("login", "seek"...) */
    char text[RB_UI_LOBBY_TEXT_MAX];
    int64_t id;   /* a seek's or a challenge's */
    int64_t game; /* the server's game */
    char name[RB_UI_LOBBY_NAME_MAX + 1];
    char session[40];
    char code[RB_UI_LOBBY_CODE_MAX]; /* the seat's invite code */
    char tc[16];                     /* "M+S" */
    bool rated;
    int color; /* 0 White, 1 Black, -1 drawn at random */
    int elo[2];
    int diff[2];
    bool has_diff;
} rb_ui_lobby_event;

/* One seek of the list, as the server announced it. */
typedef struct rb_ui_lobby_offer {
    int64_t id;
    char name[RB_UI_LOBBY_NAME_MAX + 1];
    char tc[16];
    bool rated;
    int color; /* the seeker's: 0 White, 1 Black, -1 random */
    bool mine;
} rb_ui_lobby_offer;

typedef struct rb_ui_lobby_opts {
    const char *address;       /* "HOST:PORT" ("HOST" alone: the default port) */
    bool plain;                /* no TLS: a server in its development mode (the loopback only) */
    const char *known_servers; /* the pins (NULL: the user's known-servers file) */
    const char *program;       /* "rollerball/1.2" */
} rb_ui_lobby_opts;

/* The port a server listens on unless told otherwise. */
#define RB_UI_LOBBY_DEFAULT_PORT 47474

/* Starts connecting; NULL with err (and *why) when the address is not one. */
rb_ui_lobby *rb_ui_lobby_open(const rb_ui_lobby_opts *o, rb_ui_lobby_error *why, char *err, size_t errlen);
/* Says goodbye (when connected) and frees everything. */
void rb_ui_lobby_free(rb_ui_lobby *l);

/* One round: connecting, reading, writing, keeping the connection alive,
 * never waiting. Then the events. */
void rb_ui_lobby_poll(rb_ui_lobby *l, int64_t now);
bool rb_ui_lobby_next(rb_ui_lobby *l, rb_ui_lobby_event *ev);

rb_ui_lobby_stage rb_ui_lobby_stage_now(const rb_ui_lobby *l);
/* The reason of the last failure ("" none) and its kind. */
const char *rb_ui_lobby_error_text(const rb_ui_lobby *l);
rb_ui_lobby_error rb_ui_lobby_error_kind(const rb_ui_lobby *l);
/* Signed in as (""), and whether as a guest. */
const char *rb_ui_lobby_name(const rb_ui_lobby *l);
bool rb_ui_lobby_guest(const rb_ui_lobby *l);
/* The server's name from its greeting, and its address as "HOST:PORT". */
const char *rb_ui_lobby_server_name(const rb_ui_lobby *l);
const char *rb_ui_lobby_address(const rb_ui_lobby *l);
bool rb_ui_lobby_plain(const rb_ui_lobby *l);
/* The seeks standing (mine among them), oldest first. */
int rb_ui_lobby_seeks(const rb_ui_lobby *l, const rb_ui_lobby_offer **out);

/* The requests; each is answered by events. 0 when sent, -1 with err when
 * it cannot be (not yet signed in, a name too long...). */
int rb_ui_lobby_login(rb_ui_lobby *l, const char *name, const char *password, bool do_register, char *err,
                      size_t errlen);
int rb_ui_lobby_session(rb_ui_lobby *l, const char *token, char *err, size_t errlen);
int rb_ui_lobby_as_guest(rb_ui_lobby *l, char *err, size_t errlen);
/* color: the seeker's, 0 White, 1 Black, -1 random. */
int rb_ui_lobby_seek(rb_ui_lobby *l, int minutes, int seconds, bool rated, int color, char *err, size_t errlen);
int rb_ui_lobby_unseek(rb_ui_lobby *l, int64_t id, char *err, size_t errlen);
int rb_ui_lobby_accept(rb_ui_lobby *l, int64_t id, char *err, size_t errlen);
int rb_ui_lobby_challenge(rb_ui_lobby *l, const char *name, int minutes, int seconds, bool rated, int color, char *err,
                          size_t errlen);
int rb_ui_lobby_decline(rb_ui_lobby *l, int64_t id, char *err, size_t errlen);

#endif
