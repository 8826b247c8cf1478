/*
 * rb_server.h - the Rollerball server: a lobby where strangers meet, and
 * the referee of their games, in one process with one event loop.
 *
 * The server speaks the protocol of direct play (docs/network.md) on every
 * game connection, standing as the host towards each player, and a few
 * lobby messages besides. Everything it must not forget (accounts,
 * sessions, games and their moves) is in an SQLite database in the
 * server's folder, so a crash loses nothing that was acknowledged. This
 * header is what the program (server_main.c) and the tests use; the parts
 * are behind it in files of one concern each.
 */
#ifndef RB_SERVER_H
#define RB_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RB_SERVER_DEFAULT_PORT 47474
#define RB_SERVER_CONF "server.conf"
#define RB_SERVER_DB "server.db"

/* Every setting has a safe default; the configuration file overrides them. */
typedef struct rb_server_settings {
    char bind[64];        /* the address listened on */
    int port;             /* 0: any free port (tests) */
    char name[41];        /* the server's name, for the lobby's greeting */
    bool plain;           /* without TLS: allowed only on the loopback */
    int max_connections;  /* in all */
    int conn_per_address; /* connections at once from one address */
    int lines_per_second; /* a connection's steady rate; twice as many in a burst */
    int failed_logins;    /* from one address before it is banned */
    int ban_seconds;      /* how long that ban lasts */
    int line_max;         /* bytes of a lobby line */
    int seeks_per_player; /* seeks, challenges and invites standing at once */
    int grace_seconds;    /* a player away this long loses the game */
    int out_max_kib;      /* output waiting for a slow reader before it is dropped */
    int idle_seconds;     /* a lobby connection silent this long is closed */
    int pwhash_ops;       /* argon2id's passes (libsodium's interactive: 2) */
    int pwhash_mem_kib;   /* argon2id's memory (libsodium's interactive: 64 MiB) */
} rb_server_settings;

void rb_server_settings_defaults(rb_server_settings *s);
/* Reads "key = value" lines (# comments) over the defaults. 0, or -1 with
 * err naming the file, the line and what is wrong. */
int rb_server_settings_load(rb_server_settings *s, const char *path, char *err, size_t errlen);
/* Writes the defaults, commented, as a new configuration file. */
int rb_server_settings_write_default(const char *path, char *err, size_t errlen);

typedef struct rb_server rb_server;

/* Opens the database in dir (migrating it) and listens. NULL with err. */
rb_server *rb_server_open(const char *dir, const rb_server_settings *s, char *err, size_t errlen);
/* The port listened on. */
int rb_server_port(const rb_server *sv);
/* One round of the loop, waiting at most timeout_ms. */
void rb_server_step(rb_server *sv, int timeout_ms);
/* Runs until *stop turns true (a signal handler sets it). */
void rb_server_run(rb_server *sv, volatile int *stop);
/* How many passwords the hasher has answered for (registrations and
 * logins, an unknown name's too): a count for the tests and the log. */
unsigned long rb_server_passwords_hashed(const rb_server *sv);
/* A fault for the tests: the commits of the next n rounds that change
 * anything fail, as on a full disk (nothing of those rounds is answered;
 * see docs/server.md). */
void rb_server_fail_commits(rb_server *sv, int n);
/* Saves every game, says goodbye, closes everything. */
void rb_server_close(rb_server *sv);
/* For the tests: closes everything without saving or a goodbye, leaving
 * the database as a kill -9 would (what the last commit holds). */
void rb_server_crash(rb_server *sv);

/* --init: the folder, its configuration file and an empty database. */
int rb_server_init_dir(const char *dir, char *err, size_t errlen);
/* --export-pgn: every finished game as PGN to out; works while the server
 * runs (a reader of the write-ahead log). Returns the number of games, or
 * -1 with err. */
int rb_server_export_pgn(const char *dir, void *out_file, char *err, size_t errlen);

#endif
