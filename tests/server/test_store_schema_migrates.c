/*
 * test_store_schema_migrates.c - the database's schema: a new database is
 * at this program's version, an older one is brought up to it keeping its
 * rows, and one newer than the program is refused with a message that
 * says so rather than guessed at.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server_store.h"

static char path[256];

static int setup(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "/tmp/rb-store-test.%d.db", (int)getpid());
    remove(path);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char side[300];
    remove(path);
    snprintf(side, sizeof side, "%s-wal", path);
    remove(side);
    snprintf(side, sizeof side, "%s-shm", path);
    remove(side);
    return 0;
}

static int version_of(const char *p)
{
    sqlite3 *db;
    sqlite3_stmt *q;
    int v = -1;
    sqlite3_open(p, &db);
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW) {
        v = sqlite3_column_int(q, 0);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return v;
}

static void a_new_database_is_at_the_programs_version(void **state)
{
    (void)state;
    char err[300];
    rb_store *st = rb_store_open(path, false, err, sizeof err);
    assert_non_null(st);
    int64_t id;
    assert_int_equal(rb_store_account_add(st, "Alice", "alice", "hash", &id), 0);
    assert_int_equal(rb_store_account_add(st, "ALICE", "alice", "hash", &id), 1); /* taken */
    rb_store_close(st);
    assert_int_equal(version_of(path), rb_store_schema_version());
    /* opened again, nothing is lost and nothing migrates twice */
    st = rb_store_open(path, false, err, sizeof err);
    assert_non_null(st);
    char name[RB_STORE_NAME_MAX + 1], hash[RB_STORE_HASH_MAX];
    assert_int_equal(rb_store_account_find(st, "alice", &id, name, hash), 1);
    assert_string_equal(name, "Alice");
    rb_store_close(st);
}

static void an_older_database_is_migrated_keeping_its_rows(void **state)
{
    (void)state;
    /* a database as version 1 left it (the tables used here): accounts without last_rated */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(db,
                     "CREATE TABLE accounts(id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT "
                     "NOT NULL UNIQUE, hash TEXT NOT NULL, created INTEGER NOT NULL, rating REAL, rd "
                     "REAL, volatility REAL);"
                     "CREATE TABLE ratings(account INTEGER NOT NULL, game INTEGER, rating REAL NOT NULL, rd REAL NOT "
                     "NULL, volatility REAL NOT NULL, at INTEGER NOT NULL);"
                     "INSERT INTO accounts(name, name_key, hash, created) VALUES('Bob', 'bob', 'h', 1);"
                     "PRAGMA user_version = 1;",
                     NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    char err[300];
    rb_store *st = rb_store_open(path, false, err, sizeof err);
    assert_non_null(st);
    assert_int_equal(version_of(path), rb_store_schema_version());
    int64_t id;
    char name[RB_STORE_NAME_MAX + 1], hash[RB_STORE_HASH_MAX];
    assert_int_equal(rb_store_account_find(st, "bob", &id, name, hash), 1);
    double r, rd, vol;
    int64_t last;
    assert_int_equal(rb_store_rating_get(st, id, &r, &rd, &vol, &last), 0); /* not rated yet */
    assert_int_equal(rb_store_rating_set(st, id, 0, 1600.0, 80.0, 0.06, 5000), 0);
    assert_int_equal(rb_store_rating_get(st, id, &r, &rd, &vol, &last), 1);
    assert_true(r == 1600.0 && last == 5000);
    rb_store_close(st);
}

static void a_newer_database_is_refused(void **state)
{
    (void)state;
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 99;", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    char err[300];
    assert_null(rb_store_open(path, false, err, sizeof err));
    assert_non_null(strstr(err, "version 99, newer than this program's"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_new_database_is_at_the_programs_version, setup, teardown),
        cmocka_unit_test_setup_teardown(an_older_database_is_migrated_keeping_its_rows, setup, teardown),
        cmocka_unit_test_setup_teardown(a_newer_database_is_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
