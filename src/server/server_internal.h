/*
 * server_internal.h - the server's state, shared by its parts: the event
 * loop (server_loop.c), the lobby (server_lobby.c) and the referee
 * (server_game.c). Plain structs in one place, because the three work on
 * the same connections and games and each is easier to read knowing all
 * of them; nothing outside src/server sees this header.
 */
#ifndef RB_SERVER_INTERNAL_H
#define RB_SERVER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "linereader.h"
#include "rb_net_peer.h"
#include "rb_tls.h"
#include "rb_server.h"
#include "server_checkpoint.h"
#include "server_hasher.h"
#include "server_store.h"

typedef enum {
    CONN_NEW,   /* no line yet: the first one says what it is */
    CONN_LOBBY, /* lobby lines */
    CONN_GAME   /* a seat's connection: the protocol of direct play */
} conn_kind;

typedef struct sgame sgame;

typedef struct conn {
    int fd;
    uint64_t id;
    conn_kind kind;
    char addr[64];
    bool dead;    /* closed at the end of this round */
    bool closing; /* closed once its output has left */
    bool refused; /* taken in only to be told "bye busy" (over TLS) */
    bool epoll_out;
    rb_tls *tls;    /* NULL: plain (the development mode) */
    bool secured;   /* the TLS handshake is done */
    size_t tls_try; /* bytes offered to a write that must be offered again, or 0 */
    int64_t opened, last_heard;
    double bucket; /* lines it may still send now (the rate limit) */
    int64_t bucket_at;
    /* a new connection's first bytes, until the first newline */
    char *first;
    size_t first_len;
    /* the lobby */
    rb_linereader reader;
    bool reader_on;
    char *out;
    size_t out_len, out_cap;
    size_t out_mark; /* out_len when the round began: what a failed commit takes back */
    bool greeted, logged_in, guest, subscribed;
    /* a password is with the hasher: the lines after it wait here, in
     * order, so nothing is answered before the login it follows */
    bool hashing;
    char *held;
    size_t held_len;
    int64_t account;
    char name[RB_STORE_NAME_MAX + 1];
    int64_t watching; /* a game's id, or 0 */
    /* a seat's connection */
    sgame *game;
    int color;
} conn;

typedef struct seek {
    int64_t id;
    uint64_t owner; /* the lobby connection */
    char owner_name[RB_STORE_NAME_MAX + 1];
    int64_t owner_account; /* 0: a guest */
    int64_t base_ms, inc_ms;
    bool rated;
    char target[RB_STORE_NAME_MAX + 1]; /* a challenge: whom (lower case); else empty */
    char code[17];                      /* an invite: its code; else empty */
    int color;                          /* the colour its owner asked for, -1: drawn at random */
} seek;

typedef struct seat {
    rb_net_peer *peer; /* the host side towards this seat's player */
    conn *conn;
    int64_t away_since; /* no connection since then (the loop's clock), or 0 */
} seat;

struct sgame {
    rb_store_game row;
    seat seat[2];
    int64_t created; /* the loop's clock */
    bool stored_end; /* the result is in the database */
    int64_t ended_at;
    bool dirty;       /* a seat's state changed since it was written */
    bool abandoned;   /* ended because a player stayed away */
    bool touched;     /* written to the database in this round (taken back if its commit fails) */
    int rematch_wait; /* a rematch began on one seat: the seat still on the game before, or -1 */
};

typedef struct ban {
    char addr[64];
    int fails;
    int64_t first, until;
} ban;

struct rb_server {
    rb_server_settings set;
    rb_store *store;
    rb_hasher *hasher;
    rb_checkpointer *checkpointer;
    rb_tls_server_creds *creds; /* NULL without TLS */
    uint64_t rules;
    int epfd, listen_fd, port;
    conn **conns;
    int nconns, capconns;
    int refusing; /* of them, refused ones (conn.refused) */
    uint64_t next_conn;
    sgame **games;
    int ngames, capgames;
    seek *seeks;
    int nseeks, capseeks;
    int64_t next_seek;
    ban *bans;
    int nbans, capbans;
    int64_t now;          /* the loop's clock, ms */
    int64_t ticked_at;    /* when every game's timers were last looked at */
    unsigned long hashed; /* passwords the hasher answered (rb_server_passwords_hashed) */
};

/* the loop */
void rb_srv_send(conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rb_srv_close(rb_server *sv, conn *c, const char *why);
conn *rb_srv_conn_by_id(rb_server *sv, uint64_t id);
/* the lobby */
void rb_srv_lobby_line(rb_server *sv, conn *c, const char *line, size_t len, bool overlong);
void rb_srv_lobby_closed(rb_server *sv, conn *c);
/* A password's job came back from the hasher: its connection is answered. */
void rb_srv_lobby_hashed(rb_server *sv, rb_hash_job *job);
/* the loop: the lines c held while its password was with the hasher */
void rb_srv_lobby_resume(rb_server *sv, conn *c);
/* the referee */
sgame *rb_srv_game_new(rb_server *sv, const rb_store_game *row, char *err, size_t errlen);
int rb_srv_games_restore(rb_server *sv);
/* A hello on a new connection: the seat it names takes the connection. */
/* A hello on a new connection: the seat it names takes the connection, and
 * the hello is written again into out with the seat's player's own name
 * (a client does not choose the name the record and its opponent see). */
bool rb_srv_game_attach(rb_server *sv, conn *c, const char *hello, char *out, size_t outlen, char *why, size_t whylen);
void rb_srv_game_detach(rb_server *sv, conn *c);
void rb_srv_game_feed(rb_server *sv, conn *c, const char *data, size_t n);
void rb_srv_games_tick(rb_server *sv);
void rb_srv_games_save_all(rb_server *sv);
/* After the round's commit: ok, or the games it wrote go back to the disk's. */
void rb_srv_games_committed(rb_server *sv, bool ok);
void rb_srv_games_free(rb_server *sv);
/* Moves in a seat's record (0 before its player came). */
size_t rb_srv_record_length(const rb_net_peer *p);
/* the ratings of a rated game that ended with result (rb_result); both
 * players' lobby connections are told "rated GAME WHITE BLACK WDIFF BDIFF" */
void rb_srv_rate_game(rb_server *sv, const sgame *g, int result);
/* A player's rating as shown (the rating a new player starts with when
 * they have none yet). */
int rb_srv_shown_rating(rb_server *sv, int64_t account);
/* Sends a line to every lobby connection logged in as account. */
void rb_srv_tell_account(rb_server *sv, int64_t account, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* the watchers of a game are told of its moves and end */
void rb_srv_tell_watchers(rb_server *sv, int64_t game, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
