/*
 * server_store.h - what the server keeps on disk, in one SQLite database:
 * accounts, sessions, games with their moves and clocks, the seats' state
 * for a restart, and the ratings' history.
 *
 * The database runs in write-ahead-log mode with synchronous commits, so a
 * commit is on disk when it returns and a reader (--export-pgn) never
 * waits for the server. The schema is versioned (PRAGMA user_version) and
 * brought up to date by numbered migrations when the server opens it; a
 * database newer than the program is refused rather than guessed at.
 */
#ifndef RB_SERVER_STORE_H
#define RB_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RB_STORE_HASH_MAX 128
#define RB_STORE_NAME_MAX 40

typedef struct rb_store rb_store;

/* The schema version this program writes. */
int rb_store_schema_version(void);

rb_store *rb_store_open(const char *path, bool readonly, char *err, size_t errlen);
void rb_store_close(rb_store *st);
/* A transaction; pairs nest, and only the outermost commit writes (the
 * loop's round is the outermost, so a round's changes are one commit).
 * 0, or -1 when what the transaction held is not on disk. */
int rb_store_begin(rb_store *st);
int rb_store_commit(rb_store *st);
/* SQLite's own checkpoint after a commit that finds the log this many pages
 * long; 0 turns it off (the server checkpoints on a thread of its own,
 * server_checkpoint.h). 0, or -1. */
int rb_store_autocheckpoint(rb_store *st, int pages);
/* The last error of the database, for the log. */
const char *rb_store_error(const rb_store *st);
/* A fault for the tests: the next n outermost commits that hold a change
 * roll back and fail, as on a full disk. */
void rb_store_fail_commits(rb_store *st, int n);

/* 0 added, 1 the name is taken (by its key, case folded), -1 an error. */
int rb_store_account_add(rb_store *st, const char *name, const char *key, const char *hash, int64_t *id);
/* 1 found, 0 not, -1 an error. */
int rb_store_account_find(rb_store *st, const char *key, int64_t *id, char name[RB_STORE_NAME_MAX + 1],
                          char hash[RB_STORE_HASH_MAX]);
int rb_store_session_add(rb_store *st, const char *token, int64_t account, int64_t lifetime_s);
int rb_store_session_find(rb_store *st, const char *token, int64_t *account, char name[RB_STORE_NAME_MAX + 1]);

typedef struct rb_store_game {
    int64_t id;
    int64_t account[2]; /* 0 for a guest */
    char name[2][RB_STORE_NAME_MAX + 1];
    int64_t base_ms, inc_ms;
    bool rated;
    char token[2][33];
    const char *state[2]; /* the seats' saved state (rb_net_peer_save); only while a callback runs */
} rb_store_game;

int rb_store_game_add(rb_store *st, rb_store_game *g);
/* The move at ply, and the mover's clock after it; a takeback's moves are
 * taken out again with rb_store_moves_cut. */
int rb_store_move_add(rb_store *st, int64_t game, int64_t ply, const char *move, int64_t clock_ms);
int rb_store_moves_cut(rb_store *st, int64_t game, int64_t from_ply);
int rb_store_game_state(rb_store *st, int64_t game, const char *state_white, const char *state_black);
int rb_store_game_end(rb_store *st, int64_t game, const char *result, const char *reason, const char *pgn);
/* Calls fn for every game not finished, oldest first; or for the one game
 * id, if it is not finished. */
int rb_store_games_open(rb_store *st, void (*fn)(void *user, const rb_store_game *g), void *user);
int rb_store_game_open(rb_store *st, int64_t id, void (*fn)(void *user, const rb_store_game *g), void *user);

/* A player's rating (Glicko-2: rating, deviation, volatility) and when
 * their last rated game was (wall clock, ms): 1, 0 for a player not yet
 * rated, -1 an error. */
int rb_store_rating_get(rb_store *st, int64_t account, double *rating, double *rd, double *vol, int64_t *last_ms);
/* The rating after game, into the account and the history. */
int rb_store_rating_set(rb_store *st, int64_t account, int64_t game, double rating, double rd, double vol,
                        int64_t now_ms);
/* The ratings before a rated game (as shown) and how they moved, for the export's tags. */
int rb_store_game_ratings(rb_store *st, int64_t game, int white_elo, int black_elo, int white_diff, int black_diff);

typedef struct rb_store_finished {
    int64_t id;
    bool rated;
    const char *pgn;
    bool has_ratings;
    int elo[2], diff[2];
} rb_store_finished;
/* Calls fn for every finished game, oldest first; returns how many, or -1. */
int rb_store_games_finished(rb_store *st, void (*fn)(void *user, const rb_store_finished *g), void *user);

#endif
