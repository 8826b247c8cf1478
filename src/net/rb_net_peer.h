/*
 * rb_net_peer.h - one side of a network game, as a state machine without
 * sockets.
 *
 * Bytes from the other side go in (rb_net_peer_feed), bytes to send come
 * out (rb_net_peer_output), and what happened comes out as events
 * (rb_net_peer_poll); the caller passes the time on every call. The peer
 * owns the game record and checks every move with the rules library, so a
 * window can poll it each frame or a thread can run it, and a test or a
 * fuzzer can drive it with no network at all. The sockets are a thin layer
 * apart (rb_net_sock.h).
 *
 * What it guarantees whatever the other side sends: lines are bounded and
 * parsed strictly, and a bad one is answered with an error line naming what
 * was wrong and otherwise ignored; every numbered message is acknowledged
 * and resent until it is, so a duplicated or replayed one is harmless and a
 * lost one or a dropped connection loses nothing; a move that is illegal,
 * for the wrong ply or with a fingerprint that disagrees is refused, and the
 * joiner takes the host's record (sent as PGN); a peer that keeps sending
 * bad moves, or floods, is sent away with a reason. docs/network.md is the
 * protocol's reference.
 */
#ifndef RB_NET_PEER_H
#define RB_NET_PEER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_game.h"
#include "rb_net_clock.h"
#include "rb_net_wire.h"

typedef struct rb_net_config {
    bool host;
    char name[RB_NET_NAME_MAX + 1];
    char program[RB_NET_PROGRAM_MAX + 1]; /* e.g. "rollerball/1.1.0" */
    char token[RB_NET_TOKEN_LEN + 1];     /* the invite's token */
    /* the host's settings of the game (the joiner learns them) */
    uint64_t game_token;         /* random, names this game for a reconnect */
    char start[RB_POS_TEXT_MAX]; /* empty: the standard start */
    int host_color;
    int64_t base_ms, inc_ms; /* base 0: untimed */
    /* behaviour */
    int max_bad_moves;    /* refused moves before the peer is sent away */
    int64_t grace_ms;     /* how long an absent peer has to come back before a claim */
    int64_t ping_ms;      /* between pings */
    int64_t silence_ms;   /* nothing heard this long: the connection is dead */
    int64_t resend_ms;    /* unacknowledged this long: resend */
    int64_t handshake_ms; /* a new connection must be through the handshake within this */
    bool chat_in;         /* show the peer's chat from the start */
    /* host only: a referee (the server) stands in for the host's side, whose
     * player is across another connection: the host's own side is never
     * flagged by this peer (the other connection's peer decides, with that
     * player's lag credit) and a claim from the joiner is refused (the
     * referee decides abandonment itself) */
    bool referee;
    int chat_per_minute;
    /* for tests: speak another version or other rules (0: this build's) */
    int proto;
    uint64_t rules;
} rb_net_config;

void rb_net_config_defaults(rb_net_config *cfg, bool host);

typedef enum {
    RB_NET_EV_NONE = 0,
    RB_NET_EV_STARTED,     /* a game began (also a rematch): names and colours known */
    RB_NET_EV_RESUMED,     /* the peer is back; the game goes on where it was */
    RB_NET_EV_MOVE,        /* the peer moved: move, ply (before it) */
    RB_NET_EV_REFUSED,     /* a move was refused (mine: by them): text */
    RB_NET_EV_RESYNCED,    /* the game was replaced by the host's record */
    RB_NET_EV_OFFER,       /* the peer offers kind at ply */
    RB_NET_EV_ANSWER,      /* the peer answered my offer: kind, yes */
    RB_NET_EV_LAPSED,      /* an offer lapsed because a move was played: kind, mine */
    RB_NET_EV_AGREED,      /* an offer took effect: kind (takebacks: ply is the new ply) */
    RB_NET_EV_CHAT,        /* text */
    RB_NET_EV_CHAT_HIDDEN, /* a chat line came while incoming chat is off */
    RB_NET_EV_LAG,         /* value: the round trip in ms */
    RB_NET_EV_ENDED,       /* the game is over: text says how */
    RB_NET_EV_LOST,        /* the connection dropped; the clock runs */
    RB_NET_EV_GRACE_OVER,  /* the peer stayed away past the grace: a claim is allowed */
    RB_NET_EV_PEER_ERROR,  /* the peer found fault with a line of ours: text */
    RB_NET_EV_BYE,         /* the connection ends for good: code, text, mine */
    RB_NET_EV_COUNT
} rb_net_event_type;

typedef struct rb_net_event {
    rb_net_event_type type;
    int kind;
    bool yes;
    bool mine;
    int64_t ply;
    rb_move move;
    int64_t value;
    char code[16];
    char text[RB_NET_TEXT_MAX + 1];
} rb_net_event;

typedef struct rb_net_peer rb_net_peer;

/* NULL when memory runs out or the settings are wrong (err says which). */
rb_net_peer *rb_net_peer_new(const rb_net_config *cfg, char *err, size_t errlen);
void rb_net_peer_free(rb_net_peer *p);

/* ---- the transport ---- */
/* A connection is up (the joiner greets at once; the host waits). */
void rb_net_peer_connected(rb_net_peer *p, int64_t now);
/* Bytes received. */
void rb_net_peer_feed(rb_net_peer *p, const char *data, size_t n, int64_t now);
/* The connection is gone. */
void rb_net_peer_disconnected(rb_net_peer *p, int64_t now);
/* Timers: pings, resends, the host's flag, the grace. Call often. */
void rb_net_peer_tick(rb_net_peer *p, int64_t now);
/* The bytes waiting to be sent, and how many were sent. */
size_t rb_net_peer_output(const rb_net_peer *p, const char **data);
void rb_net_peer_sent(rb_net_peer *p, size_t n);
/* The connection should be closed once the output is sent (a goodbye, a
 * stranger turned away, silence). */
bool rb_net_peer_wants_close(const rb_net_peer *p);
/* Nothing more will happen: refused, sent away, or both said goodbye. */
bool rb_net_peer_finished(const rb_net_peer *p);
/* The game is over and the peer has every message of ours. */
bool rb_net_peer_settled(const rb_net_peer *p);
/* The next event, false when none. */
bool rb_net_peer_poll(rb_net_peer *p, rb_net_event *ev);

/* ---- what the player does (0, or -1 with err saying why not) ---- */
int rb_net_peer_move(rb_net_peer *p, rb_move m, int64_t now, char *err, size_t errlen);
int rb_net_peer_offer(rb_net_peer *p, rb_net_offer kind, int64_t now, char *err, size_t errlen);
/* Answers the peer's standing offer. */
int rb_net_peer_answer(rb_net_peer *p, bool yes, int64_t now, char *err, size_t errlen);
int rb_net_peer_resign(rb_net_peer *p, int64_t now, char *err, size_t errlen);
/* Only before the second move of the game. */
int rb_net_peer_abort(rb_net_peer *p, int64_t now, char *err, size_t errlen);
/* After the grace, the one still there claims the win or a draw. */
int rb_net_peer_claim(rb_net_peer *p, rb_net_claim kind, int64_t now, char *err, size_t errlen);
int rb_net_peer_chat(rb_net_peer *p, const char *text, int64_t now, char *err, size_t errlen);
/* Incoming chat on or off (the mute button). */
void rb_net_peer_set_chat_in(rb_net_peer *p, bool on);
/* Says goodbye (code "done" or "quit") and asks for the connection to close. */
void rb_net_peer_bye(rb_net_peer *p, const char *code, const char *text);

/* ---- a referee standing in for the host's side (cfg.referee) ---- */
/* Plays the host side's move, made by a player on another connection whose
 * clock after it (lag credited by that connection's peer) is mover_clock_ms. */
int rb_net_peer_referee_move(rb_net_peer *p, rb_move m, int64_t mover_clock_ms, int64_t now, char *err, size_t errlen);
/* The host's side lost on time (another connection's peer flagged it). */
int rb_net_peer_referee_flag(rb_net_peer *p, int64_t now, char *err, size_t errlen);

/* ---- what the window shows ---- */
const rb_game *rb_net_peer_game(const rb_net_peer *p);
bool rb_net_peer_started(const rb_net_peer *p);
bool rb_net_peer_connected_now(const rb_net_peer *p); /* through the handshake */
bool rb_net_peer_over(const rb_net_peer *p);          /* the game ended (rules, offer, clock, abort) */
bool rb_net_peer_aborted(const rb_net_peer *p);
int rb_net_peer_color(const rb_net_peer *p); /* mine */
const char *rb_net_peer_name(const rb_net_peer *p, int color);
int64_t rb_net_peer_clock(const rb_net_peer *p, int color, int64_t now);
const rb_net_clock *rb_net_peer_clocks(const rb_net_peer *p);
int64_t rb_net_peer_lag(const rb_net_peer *p); /* the last round trip, ms; -1 before the first */
bool rb_net_peer_chat_in(const rb_net_peer *p);
/* The standing offer of the peer (false when none), and of mine. */
bool rb_net_peer_their_offer(const rb_net_peer *p, rb_net_offer *kind);
bool rb_net_peer_my_offer(const rb_net_peer *p, rb_net_offer *kind);
uint64_t rb_net_peer_game_token(const rb_net_peer *p);
int rb_net_peer_unacked(const rb_net_peer *p);
/* The result as "1-0 (checkmate)" for a finished game. */
size_t rb_net_peer_result_text(const rb_net_peer *p, char *buf, size_t size);

/* ---- saving, for the autosave and a resume after a restart ---- */
/* Everything needed to take the game up again (the record as PGN, the
 * clocks, the sequence numbers and the messages not yet acknowledged) as
 * text; NULL when memory runs out. The caller frees it. */
char *rb_net_peer_save(const rb_net_peer *p);
/* A peer from saved text, with cfg's behaviour (its host, names and tokens
 * are the saved ones), ready to resume: the joiner connects again and says
 * which game; the host takes only that game's joiner. The clocks start
 * again at now (the time the program was away is not counted here; the
 * host's clock decides). NULL with err saying what is wrong. */
rb_net_peer *rb_net_peer_restore(const rb_net_config *cfg, const char *text, int64_t now, char *err, size_t errlen);

#endif
