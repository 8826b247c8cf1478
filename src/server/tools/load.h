/*
 * load.h - the parts of rollerball-server-load: the server it runs as a
 * child process (load_server.c), the simulated players (load_play.c) and the
 * check of every game's record against the database (load_check.c).
 *
 * The players are all in the tool's one process, each a real connection
 * with its own rb_net_peer, so that the server sees what it sees from
 * people; the server is a separate process so that its processor time and
 * memory can be read from /proc apart from the tool's.
 */
#ifndef RB_SERVER_LOAD_H
#define RB_SERVER_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "rb_board.h"
#include "rb_net_peer.h"

typedef struct load_opts {
    int games, plies, port;
    int think_min_ms, think_max_ms; /* 0 and 0: each side moves the moment it is its turn */
    int kills;                      /* SIGKILLs of the server during play, each followed by a restart */
    int kill_min_ms, kill_max_ms;   /* the time from a (re)start to the next kill, drawn at random */
    unsigned seed;
    int limit_s;     /* play stops after this */
    int server_nice; /* the server's niceness (below 0: ahead of everything else on the machine) */
} load_opts;

/* One player: a connection, the client side of its game, and what the
 * server has acknowledged of the game (its own moves acknowledged, the
 * opponent's passed on: both are on the server's disk). */
typedef struct load_side {
    int fd;
    bool connecting;
    rb_net_peer *peer;
    int64_t move_at_us; /* when this side plays, 0 when it is not its turn */
    int64_t sent_us;    /* when its last move left, 0 when none is on its way */
    int64_t redial_ms;  /* when to connect again, 0 when connected */
    rb_move *committed; /* the record as far as the server has it on disk */
    size_t ncommitted;
    int resyncs; /* times the server replaced this side's record */
} load_side;

typedef struct load_game {
    int64_t id; /* the server's GameId */
    load_side side[2];
} load_game;

/* The server's process. */
typedef struct load_server {
    char dir[64];
    int port, max_conns, nice;
    pid_t pid;
} load_server;

int64_t load_now_us(void);
/* The wall clock (µs), which the kernel's receive stamps are on. */
int64_t load_wall_us(void);
/* recv, with the kernel's stamp of when the bytes came (SO_TIMESTAMPNS on
 * the socket) in *rx_us, 0 when it gave none. */
ssize_t load_recv_stamped(int fd, char *buf, size_t size, int64_t *rx_us);
/* Starts the server in its folder (made by the caller); 0, or -1. */
int load_server_start(load_server *s);
void load_server_kill(load_server *s, int sig);
/* The server's resident memory (KiB) and processor time (ms), from /proc. */
long load_server_rss_kib(const load_server *s);
long load_server_cpu_ms(const load_server *s);
/* The median and 99th percentile (µs) of a bare round trip over the
 * loopback: what a move's delay costs without any server. */
void load_echo_baseline(int64_t *median_us, int64_t *p99_us);

/* What a run measured. */
typedef struct load_result {
    int moves, drops, reconnects, kills, games_over;
    int64_t *delays_us;
    int ndelays;
    long rss_peak_kib;
    int64_t play_ms;
} load_result;

/* Makes opts->games games in the lobby (two guests meeting for each). */
int load_lobby(const load_opts *o, load_game *games, char *err, size_t errlen);
void load_games_free(load_game *games, int n);
/* Plays every game to its end: opts->plies plies, then the side to move
 * resigns (once every kill asked for is done); kills and restarts the server as asked. 0 when every game
 * ended on both sides, -1 otherwise (err says what). */
int load_play(const load_opts *o, load_server *sv, load_game *games, load_result *r, char *err, size_t errlen);

typedef struct load_check_result {
    int games, moves, disagreements, lost;
    int acknowledged; /* moves the players had been told were stored, each side counted */
} load_check_result;
/* Compares the database's finished games (the server stopped) with both
 * players' records. 0 when the export could be read. */
int load_check(const load_opts *o, const char *dir, const load_game *games, load_check_result *c, char *err,
               size_t errlen);

#endif
