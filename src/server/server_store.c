/*
 * server_store.c - the database (see server_store.h).
 *
 * Each function prepares its statement, runs it and finalizes it: the
 * server writes a few rows a move, so caching statements would buy little
 * and cost a table of them. Migrations are a list: the schema at version N
 * is the result of the first N entries, each run in one transaction with
 * the version it reaches, so a crash mid-migration leaves the old version.
 */
#define _POSIX_C_SOURCE 200809L

#include "server_store.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rb_util_error.h"

struct rb_store {
    sqlite3 *db;
    int depth;        /* begins not yet matched by a commit: only the outermost pair talks to SQLite */
    int fail_commits; /* the test seam: this many outermost commits that write roll back instead */
    bool faulted;     /* the last commit was one of them */
    int changes_at_begin;
};

static const char *const MIGRATIONS[] = {
    /* 1: accounts, sessions, games, moves, ratings */
    "CREATE TABLE accounts(id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
    " hash TEXT NOT NULL, created INTEGER NOT NULL, rating REAL, rd REAL, volatility REAL);"
    "CREATE TABLE sessions(token TEXT PRIMARY KEY, account INTEGER NOT NULL REFERENCES accounts(id),"
    " created INTEGER NOT NULL, expires INTEGER NOT NULL);"
    "CREATE TABLE games(id INTEGER PRIMARY KEY, white INTEGER, black INTEGER, white_name TEXT NOT NULL,"
    " black_name TEXT NOT NULL, base_ms INTEGER NOT NULL, inc_ms INTEGER NOT NULL, rated INTEGER NOT NULL,"
    " token_white TEXT NOT NULL, token_black TEXT NOT NULL, started INTEGER NOT NULL, ended INTEGER,"
    " result TEXT, reason TEXT, pgn TEXT, state_white TEXT, state_black TEXT,"
    " white_elo INTEGER, black_elo INTEGER, white_diff INTEGER, black_diff INTEGER);"
    "CREATE TABLE moves(game INTEGER NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, move TEXT NOT NULL,"
    " clock_ms INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY(game, ply));"
    "CREATE TABLE ratings(account INTEGER NOT NULL REFERENCES accounts(id), game INTEGER REFERENCES games(id),"
    " rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL, at INTEGER NOT NULL);"
    "CREATE INDEX games_open ON games(ended);",
    /* 2: when each player's last rated game was, for the rating deviation's growth */
    "ALTER TABLE accounts ADD COLUMN last_rated INTEGER;",
};
#define NMIGRATIONS ((int)(sizeof MIGRATIONS / sizeof MIGRATIONS[0]))

int rb_store_schema_version(void)
{
    return NMIGRATIONS;
}

const char *rb_store_error(const rb_store *st)
{
    return st->faulted ? "a commit made to fail" : sqlite3_errmsg(st->db);
}

void rb_store_fail_commits(rb_store *st, int n)
{
    st->fail_commits = n;
}

static int user_version(sqlite3 *db)
{
    sqlite3_stmt *q;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW) {
        v = sqlite3_column_int(q, 0);
    }
    sqlite3_finalize(q);
    return v;
}

static int migrate(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    int v = user_version(db);
    if (v < 0) {
        return rb_util_fail(err, errlen, "%s: %s", path, sqlite3_errmsg(db));
    }
    if (v > NMIGRATIONS) {
        return rb_util_fail(err, errlen, "%s: the database's schema is version %d, newer than this program's %d", path,
                            v, NMIGRATIONS);
    }
    for (; v < NMIGRATIONS; v++) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d;", v + 1);
        char *msg = NULL;
        if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK ||
            sqlite3_exec(db, MIGRATIONS[v], NULL, NULL, &msg) != SQLITE_OK ||
            sqlite3_exec(db, pragma, NULL, NULL, &msg) != SQLITE_OK ||
            sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
            rb_util_fail(err, errlen, "%s: migrating to version %d: %s", path, v + 1, msg ? msg : "?");
            sqlite3_free(msg);
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return -1;
        }
    }
    return 0;
}

rb_store *rb_store_open(const char *path, bool readonly, char *err, size_t errlen)
{
    rb_store *st = calloc(1, sizeof *st);
    if (st == NULL) {
        rb_util_fail(err, errlen, "out of memory");
        return NULL;
    }
    int flags = readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
        rb_util_fail(err, errlen, "%s: %s", path, st->db ? sqlite3_errmsg(st->db) : "cannot open");
        rb_store_close(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, 5000);
    if (!readonly) {
        char *msg = NULL;
        if (sqlite3_exec(st->db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;",
                         NULL, NULL, &msg) != SQLITE_OK) {
            rb_util_fail(err, errlen, "%s: %s", path, msg ? msg : "?");
            sqlite3_free(msg);
            rb_store_close(st);
            return NULL;
        }
        if (migrate(st->db, path, err, errlen) != 0) {
            rb_store_close(st);
            return NULL;
        }
    } else {
        int v = user_version(st->db);
        if (v != NMIGRATIONS) {
            rb_util_fail(err, errlen, "%s: the database's schema is version %d; this program reads %d", path, v,
                         NMIGRATIONS);
            rb_store_close(st);
            return NULL;
        }
    }
    return st;
}

void rb_store_close(rb_store *st)
{
    if (st != NULL) {
        sqlite3_close(st->db);
        free(st);
    }
}

/* The pairs nest: the loop holds one transaction around a whole round and
 * a game's own pair inside it only counts, so a round's moves cost one
 * commit (one fsync) however many games moved. */
int rb_store_begin(rb_store *st)
{
    if (st->depth++ > 0) {
        return 0;
    }
    st->faulted = false;
    st->changes_at_begin = sqlite3_total_changes(st->db);
    return sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

int rb_store_commit(rb_store *st)
{
    if (st->depth == 0 || --st->depth > 0) {
        return 0;
    }
    /* a failed statement may have ended the transaction already (SQLite
     * rolls back on a full disk, say); then there is nothing to commit and
     * what it held is not on disk, which the caller hears as a failure */
    if (sqlite3_get_autocommit(st->db)) {
        return -1;
    }
    if (st->fail_commits > 0 && sqlite3_total_changes(st->db) != st->changes_at_begin) {
        st->fail_commits--;
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
        st->faulted = true;
        return -1;
    }
    if (sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK) {
        return 0;
    }
    /* a commit that failed (busy, an I/O error) may leave the transaction
     * open; it is ended, so the next round begins afresh */
    if (!sqlite3_get_autocommit(st->db)) {
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    }
    return -1;
}

/* Prepares sql and binds the arguments described by types: 'i' int64_t,
 * 'd' double, 't' text (NULL binds NULL). */
static sqlite3_stmt *prepare(rb_store *st, const char *sql, const char *types, ...)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK) {
        return NULL;
    }
    va_list ap;
    va_start(ap, types);
    for (int i = 0; types[i] != '\0'; i++) {
        if (types[i] == 'i') {
            sqlite3_bind_int64(q, i + 1, va_arg(ap, int64_t));
        } else if (types[i] == 'd') {
            sqlite3_bind_double(q, i + 1, va_arg(ap, double));
        } else {
            const char *t = va_arg(ap, const char *);
            if (t == NULL) {
                sqlite3_bind_null(q, i + 1);
            } else {
                sqlite3_bind_text(q, i + 1, t, -1, SQLITE_TRANSIENT);
            }
        }
    }
    va_end(ap);
    return q;
}

static int run(sqlite3_stmt *q)
{
    if (q == NULL) {
        return -1;
    }
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* A query for one row: 1 it is there (its columns ready), 0 not, -1 an error. */
static int step_one(sqlite3_stmt *q)
{
    int rc = sqlite3_step(q);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

static void copy_text(sqlite3_stmt *q, int col, char *out, size_t size)
{
    const unsigned char *t = sqlite3_column_text(q, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

static int64_t now_s(void)
{
    return (int64_t)time(NULL);
}

int rb_store_account_add(rb_store *st, const char *name, const char *key, const char *hash, int64_t *id)
{
    sqlite3_stmt *q = prepare(st, "INSERT INTO accounts(name, name_key, hash, created) VALUES(?, ?, ?, ?)", "ttti",
                              name, key, hash, now_s());
    if (q == NULL) {
        return -1;
    }
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    if (rc == SQLITE_CONSTRAINT) {
        return 1;
    }
    if (rc != SQLITE_DONE) {
        return -1;
    }
    *id = sqlite3_last_insert_rowid(st->db);
    return 0;
}

int rb_store_account_find(rb_store *st, const char *key, int64_t *id, char name[RB_STORE_NAME_MAX + 1],
                          char hash[RB_STORE_HASH_MAX])
{
    sqlite3_stmt *q = prepare(st, "SELECT id, name, hash FROM accounts WHERE name_key = ?", "t", key);
    if (q == NULL) {
        return -1;
    }
    int found = step_one(q);
    if (found == 1) {
        *id = sqlite3_column_int64(q, 0);
        copy_text(q, 1, name, RB_STORE_NAME_MAX + 1);
        copy_text(q, 2, hash, RB_STORE_HASH_MAX);
    }
    sqlite3_finalize(q);
    return found;
}

int rb_store_session_add(rb_store *st, const char *token, int64_t account, int64_t lifetime_s)
{
    int64_t now = now_s();
    return run(prepare(st, "INSERT INTO sessions(token, account, created, expires) VALUES(?, ?, ?, ?)", "tiii", token,
                       account, now, now + lifetime_s));
}

int rb_store_session_find(rb_store *st, const char *token, int64_t *account, char name[RB_STORE_NAME_MAX + 1])
{
    sqlite3_stmt *q = prepare(st,
                              "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account"
                              " WHERE s.token = ? AND s.expires > ?",
                              "ti", token, now_s());
    if (q == NULL) {
        return -1;
    }
    int found = step_one(q);
    if (found == 1) {
        *account = sqlite3_column_int64(q, 0);
        copy_text(q, 1, name, RB_STORE_NAME_MAX + 1);
    }
    sqlite3_finalize(q);
    return found;
}

int rb_store_game_add(rb_store *st, rb_store_game *g)
{
    sqlite3_stmt *q = prepare(st,
                              "INSERT INTO games(white, black, white_name, black_name, base_ms, inc_ms, rated,"
                              " token_white, token_black, started) VALUES(NULLIF(?, 0), NULLIF(?, 0), ?, ?, ?, ?, ?,"
                              " ?, ?, ?)",
                              "iittiiitti", g->account[0], g->account[1], g->name[0], g->name[1], g->base_ms, g->inc_ms,
                              (int64_t)g->rated, g->token[0], g->token[1], now_s());
    if (run(q) != 0) {
        return -1;
    }
    g->id = sqlite3_last_insert_rowid(st->db);
    return 0;
}

int rb_store_move_add(rb_store *st, int64_t game, int64_t ply, const char *move, int64_t clock_ms)
{
    return run(prepare(st, "INSERT OR REPLACE INTO moves(game, ply, move, clock_ms, at) VALUES(?, ?, ?, ?, ?)", "iitii",
                       game, ply, move, clock_ms, now_s()));
}

int rb_store_moves_cut(rb_store *st, int64_t game, int64_t from_ply)
{
    return run(prepare(st, "DELETE FROM moves WHERE game = ? AND ply >= ?", "ii", game, from_ply));
}

int rb_store_game_state(rb_store *st, int64_t game, const char *state_white, const char *state_black)
{
    return run(prepare(st, "UPDATE games SET state_white = ?, state_black = ? WHERE id = ?", "tti", state_white,
                       state_black, game));
}

int rb_store_game_end(rb_store *st, int64_t game, const char *result, const char *reason, const char *pgn)
{
    return run(prepare(st, "UPDATE games SET ended = ?, result = ?, reason = ?, pgn = ? WHERE id = ?", "itttii",
                       now_s(), result, reason, pgn, game));
}

/* The games not finished, or only the one with id when id is not 0. */
static int games_open(rb_store *st, int64_t id, void (*fn)(void *user, const rb_store_game *g), void *user)
{
    sqlite3_stmt *q = prepare(st,
                              "SELECT id, IFNULL(white, 0), IFNULL(black, 0), white_name, black_name, base_ms, inc_ms,"
                              " rated, token_white, token_black, state_white, state_black FROM games"
                              " WHERE ended IS NULL AND (?1 = 0 OR id = ?1) ORDER BY id",
                              "i", id);
    if (q == NULL) {
        return -1;
    }
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        rb_store_game g;
        memset(&g, 0, sizeof g);
        g.id = sqlite3_column_int64(q, 0);
        for (int c = 0; c < 2; c++) {
            g.account[c] = sqlite3_column_int64(q, 1 + c);
            copy_text(q, 3 + c, g.name[c], sizeof g.name[c]);
            copy_text(q, 8 + c, g.token[c], sizeof g.token[c]);
            g.state[c] = (const char *)sqlite3_column_text(q, 10 + c);
        }
        g.base_ms = sqlite3_column_int64(q, 5);
        g.inc_ms = sqlite3_column_int64(q, 6);
        g.rated = sqlite3_column_int(q, 7) != 0;
        fn(user, &g);
    }
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

int rb_store_games_open(rb_store *st, void (*fn)(void *user, const rb_store_game *g), void *user)
{
    return games_open(st, 0, fn, user);
}

int rb_store_game_open(rb_store *st, int64_t id, void (*fn)(void *user, const rb_store_game *g), void *user)
{
    return games_open(st, id, fn, user);
}

int rb_store_games_finished(rb_store *st, void (*fn)(void *user, const rb_store_finished *g), void *user)
{
    sqlite3_stmt *q = prepare(st,
                              "SELECT id, rated, pgn, white_elo, black_elo, white_diff, black_diff FROM games"
                              " WHERE ended IS NOT NULL AND pgn IS NOT NULL ORDER BY id",
                              "");
    if (q == NULL) {
        return -1;
    }
    int rc, n = 0;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        rb_store_finished f;
        memset(&f, 0, sizeof f);
        f.id = sqlite3_column_int64(q, 0);
        f.rated = sqlite3_column_int(q, 1) != 0;
        f.pgn = (const char *)sqlite3_column_text(q, 2);
        f.has_ratings = sqlite3_column_type(q, 3) != SQLITE_NULL;
        for (int c = 0; c < 2; c++) {
            f.elo[c] = sqlite3_column_int(q, 3 + c);
            f.diff[c] = sqlite3_column_int(q, 5 + c);
        }
        fn(user, &f);
        n++;
    }
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? n : -1;
}

int rb_store_rating_get(rb_store *st, int64_t account, double *rating, double *rd, double *vol, int64_t *last_ms)
{
    sqlite3_stmt *q = prepare(st,
                              "SELECT rating, rd, volatility, IFNULL(last_rated, 0) FROM accounts"
                              " WHERE id = ? AND rating IS NOT NULL",
                              "i", account);
    if (q == NULL) {
        return -1;
    }
    int found = step_one(q);
    if (found == 1) {
        *rating = sqlite3_column_double(q, 0);
        *rd = sqlite3_column_double(q, 1);
        *vol = sqlite3_column_double(q, 2);
        *last_ms = sqlite3_column_int64(q, 3);
    }
    sqlite3_finalize(q);
    return found;
}

int rb_store_rating_set(rb_store *st, int64_t account, int64_t game, double rating, double rd, double vol,
                        int64_t now_ms)
{
    if (run(prepare(
            st, "INSERT INTO ratings(account, rating, rd, volatility, game, at) VALUES(?, ?, ?, ?, NULLIF(?, 0), ?)",
            "idddii", account, rating, rd, vol, game, now_ms / 1000)) != 0) {
        return -1;
    }
    return run(prepare(st, "UPDATE accounts SET rating = ?, rd = ?, volatility = ?, last_rated = ? WHERE id = ?",
                       "dddii", rating, rd, vol, now_ms, account));
}

int rb_store_game_ratings(rb_store *st, int64_t game, int white_elo, int black_elo, int white_diff, int black_diff)
{
    return run(prepare(st, "UPDATE games SET white_elo = ?, black_elo = ?, white_diff = ?, black_diff = ? WHERE id = ?",
                       "iiiii", (int64_t)white_elo, (int64_t)black_elo, (int64_t)white_diff, (int64_t)black_diff,
                       game));
}

int rb_store_autocheckpoint(rb_store *st, int pages)
{
    return sqlite3_wal_autocheckpoint(st->db, pages) == SQLITE_OK ? 0 : -1;
}
